"""Ranking patterns judges rely on: a limit-independent order, game sense, definitions first, rare words."""

from __future__ import annotations

from pathlib import Path

import pytest

from kb.search.quality import load_questions

HERE = Path(__file__).parent


@pytest.fixture(scope="module")
def sample_questions():
    """Every fourth question of both judge question sets (sealed ones left out): all groups, all phrasings."""
    questions = load_questions(HERE / "judge_questions.yaml") + [
        q for q in load_questions(HERE / "judge_questions_independent.yaml") if not q.sealed
    ]
    return [q.question for q in questions[::4]]


def asked(engine, project_kb, question: str, limit: int):
    """`rulekb ask`'s answer to ``question`` over the shared test index, without rulings or results."""
    from kb.search.ask import ask
    from kb.verify.results import VerifyResults

    return ask(
        question, engine, project_kb.graph, [], VerifyResults(""), project_kb.curated.defined_by, limit=limit
    )


def test_top_results_do_not_depend_on_the_limit(engine, sample_questions):
    """The first hits are the same whether one, three, ten or thirty hits are asked for."""
    changed = []
    for question in sample_questions:
        ranked = {
            limit: [h.id for h in engine.search(question, limit=limit).hits] for limit in (1, 3, 10, 30)
        }
        if not all(ranked[limit] == ranked[30][:limit] for limit in (1, 3, 10)):
            changed.append(question)
    assert changed == []


def test_a_game_named_in_the_question_keeps_results_in_that_game(engine):
    """ "in Altered" or "atnia's" keeps every hit in that game, and the word itself is not searched for."""
    for question, game in (
        ("in altered how many phases does a day have", "altered"),
        ("atnia's starting life total", "atnia"),
    ):
        result = engine.search(question, limit=10)
        assert result.game == game and {h.game for h in result.hits} == {game}


def test_a_game_named_as_its_german_rulebook_spells_it_keeps_results_in_that_game(engine):
    """ "in Athenum", as the German rulebook spells Athernum, names that game too: every hit is Athernum's, where the
    question's words alone lead to Atnia's rounds."""
    result = engine.search("in athenum what happens at the end of the round", limit=10)
    assert result.game == "athernum" and {h.game for h in result.hits} == {"athernum"}


def test_vocabulary_only_one_game_uses_keeps_results_in_that_game(engine):
    """Words only one game uses (Noon, horizon, Contingency) keep the results in that game, said in a note."""
    for question, game in (
        ("what happens at noon", "altered"),
        ("what is the horizon", "atnia"),
        ("who may use contingency", "athernum"),
    ):
        result = engine.search(question, limit=10)
        assert result.game == game and {h.game for h in result.hits} == {game}
        assert any(game in note for note in result.notes)


def test_a_word_naming_one_games_glossary_entry_keeps_results_in_that_game(engine):
    """A word common in one game that names a glossary entry of that game alone (Altered's "Step", "stats" for
    its Statistics) keeps the search there, though the other games use it too, less; a word that names entries
    of two games ("initiative") does not."""
    for question in (
        "how many steps does paying a cost take",
        "where are the stats printed on a character card",
    ):
        result = engine.search(question, limit=10)
        assert result.game == "altered" and {h.game for h in result.hits} == {"altered"}
    assert engine.search("how is initiative decided", limit=10).game is None


def test_game_all_undoes_the_game_the_question_suggests(engine):
    """``game="all"`` (the site's "All games" chip, ``--game all``) searches every game even where the question's
    vocabulary or a game's name would keep it to one: the judge can undo the detected game."""
    for question in ("who may use contingency", "atnia damage"):
        assert engine.search(question, limit=30).game is not None
        result = engine.search(question, game="all", limit=30)
        assert result.game is None and not any("kept to" in note for note in result.notes)
        assert len({h.game for h in result.hits}) > 1
    assert engine.search("who may use contingency", game="ALL").game is None


def test_one_odd_word_of_a_big_game_does_not_decide_the_game(engine):
    """A word only the biggest game happens to use ("keyword") beside the question's key term of another game
    ("guardian", Atnia's) does not keep the search to the big game: the other game's rule (or its glossary
    entry, which quotes it) is among the hits."""
    result = engine.search("what is the guardian keyword", limit=10)
    assert result.game is None
    assert {"atnia:rules/combat-phase-outline/p8", "atnia:term/guardian"} & {h.id for h in result.hits}


def test_a_word_typed_twice_counts_once_with_its_first_readings(engine):
    """A word typed twice ("mana … the mana") is read as the first time, synonyms and all: the game the question
    keeps to is the one it keeps to with the word typed once, not the one whose entries spell the bare repeat."""
    for once, twice in (
        ("where does the mana go when it is spent", "where does the mana go when the mana is spent"),
        ("who holds the sword when it moves", "who holds the sword when the sword moves"),
    ):
        assert engine.search(twice, limit=10).game == engine.search(once, limit=10).game


def test_the_event_game_keeps_the_search_unless_the_query_or_the_judge_names_another(engine):
    """The event's game (``RULEKB_GAME``, the site's remembered chip) keeps the hits to it, said in a note, over the
    game the question's words suggest; a game the query names, or one the judge chooses (``all`` too), wins."""
    result = engine.search("location", default_game="Atnia")
    assert result.game == "atnia" and {h.game for h in result.hits} == {"atnia"}
    assert "kept to atnia: the game set for the event" in result.notes
    assert engine.search("who may use contingency", default_game="altered").game == "altered"
    assert engine.search("in altered how many phases does a day have", default_game="atnia").game == "altered"
    assert engine.search("damage", game="athernum", default_game="atnia").game == "athernum"
    assert engine.search("damage", game="all", default_game="atnia").game is None
    assert engine.search("damage", default_game="all").notes == engine.search("damage").notes


def test_words_every_game_uses_keep_all_games(engine):
    """A question in words all games share (or with an odd word one game happens to use once) is not
    kept to one game."""
    for question in ("how many cards do I draw", "in combat does the target hit back at the attacker"):
        assert engine.search(question, limit=10).game is None


def test_ask_ranks_rules_as_search_does(engine, project_kb):
    """`ask` answers with the rules of search's hits in search's order, so the CLI and the site agree."""
    from kb.search.ask import ask, rules_for_hit
    from kb.search.documents import companion_documents
    from kb.verify.results import VerifyResults

    graph, defined_by = project_kb.graph, project_kb.curated.defined_by
    companions = companion_documents(graph)
    for question in (
        "Can a token be shuffled into a deck?",
        "Wer darf verdeckte Karten ansehen?",
        "how many times can I attack per round",
    ):
        expected: list[str] = []
        for hit in engine.search(question, limit=25).hits:
            expected += [r for r in rules_for_hit(graph, hit, defined_by, companions) if r not in expected]
        answer = ask(question, engine, graph, [], VerifyResults(""), defined_by, limit=5)
        assert [r.id for r in answer.rules] == expected[:5]


def test_companion_documents_are_those_of_the_graph_asked_about(project_kb):
    """Rulebooks are told apart per graph: the plain view of a graph names the same companion documents as the
    graph itself, asked again the answer is the same, and a graph without rulebooks names none."""
    from kb.core.graph_view import GraphView
    from kb.core.typed_graph import Graph
    from kb.search.documents import companion_documents

    graph = project_kb.graph
    companions = companion_documents(graph)
    assert {("athernum", "rulebook-en"), ("athernum", "rulebook-de")} <= companions
    assert companion_documents(GraphView.of(graph).as_graph()) == companions
    assert companion_documents(graph) == companions
    assert companion_documents(Graph()) == frozenset()


def test_an_unnumbered_rules_text_answers_with_its_paragraphs(engine, project_kb):
    """Atnia's rules have no numbers: `ask` answers with its paragraphs, not with nothing."""
    answer = asked(engine, project_kb, "atnia how many times can I attack per round", limit=5)
    assert answer.rules and all(r.id.startswith("atnia:rules/") for r in answer.rules)


@pytest.mark.parametrize(
    "question, first",
    [
        ("what does linked target mean", "athernum:term/linked-target"),
        ("whats a resource pool", "athernum:term/resource-pool"),
        ("meaning of objective ability", "athernum:term/objective-ability"),
        ("Was ist ein Spielstein?", "athernum:term/token"),
    ],
)
def test_a_definition_question_puts_the_glossary_entry_first(engine, question, first):
    """ "what does X mean", "what is X", "meaning of X", "was ist X" show X's glossary entry first."""
    assert engine.search(question, limit=5).hits[0].id == first


def test_a_defined_term_is_followed_by_the_rule_that_defines_it(engine):
    """A glossary entry defined inside a numbered rule (Offensive Value, in 2.2.3) comes with that rule."""
    assert [h.id for h in engine.search("what does offensive value mean", limit=2).hits] == [
        "athernum:term/offensive-value",
        "athernum:2.2.3",
    ]


@pytest.mark.parametrize(
    "question, first, defining",
    [
        ("what does burst speed mean", "atnia:term/burst-speed", "atnia:rules/speed/p4"),
        ("what's the channel zone", "atnia:term/channel-zone", "atnia:rules/zones/p7"),
        ("what is a daily effect", "altered:term/daily-effect", "altered:4.2.c"),
    ],
)
def test_definitions_come_first_in_every_game(engine, question, first, defining):
    """Atnia's and Altered's terms (rules/<game>/terms.yaml) head a definition question as Athernum's do, followed
    by the passage or rule that defines them (a passage, in a rules text without numbers)."""
    assert [h.id for h in engine.search(question, limit=2).hits] == [first, defining]


def test_ask_answers_an_atnia_definition_with_its_defining_passage(engine, project_kb):
    """In Atnia, whose passages are its rules, `ask` answers "what does X mean" with the passage defining X."""
    answer = asked(engine, project_kb, "what does burst speed mean", limit=3)
    assert answer.rules[0].id == "atnia:rules/speed/p4"


def test_a_difference_question_puts_both_definitions_first(engine):
    """ "difference between X and Y" shows the glossary entries of X and of Y at the top, in that order."""
    top = [
        h.id
        for h in engine.search("difference between discard pile and the void", limit=4).hits
        if h.kind == "term"
    ]
    assert top == ["athernum:term/discard-pile", "athernum:term/the-void"]


def test_a_question_about_a_value_is_not_a_definition_question():
    """ "what is its DFV" asks for a value, and "how many cards" asks nothing about a word's meaning."""
    from kb.search.definitions import definition_subjects

    assert definition_subjects("character has no printed defense value, what is its DFV") == []
    assert definition_subjects("how many cards do I draw") == []
    assert definition_subjects("Unterschied zwischen statischer und ausgelöster Fähigkeit?") == [
        "statischer",
        "ausgelöster Fähigkeit",
    ]


def test_asking_to_explain_a_word_is_a_definition_question():
    """ "X Erklärung", "erklär mir X", "was versteht man unter X" and "explain X" ask what X means."""
    from kb.search.definitions import definition_subjects

    assert definition_subjects("Objective-Fähigkeit erklärung") == ["Objective-Fähigkeit"]
    assert definition_subjects("erklär mir die Leere") == ["Leere"]
    assert definition_subjects("Was versteht man unter einem Permanent?") == ["Permanent"]
    assert definition_subjects("explain linked target") == ["linked target"]
    assert definition_subjects("wie erklärt sich der Schaden im Kampf") == []


def test_asking_what_a_thing_does_is_a_definition_question():
    """ "was macht eine Befehlsfähigkeit" and "what does a command ability do" ask what it is; "was macht mein
    Angreifer" asks about one card."""
    from kb.search.definitions import definition_subjects

    assert definition_subjects("was macht eine Befehlsfähigkeit") == ["Befehlsfähigkeit"]
    assert definition_subjects("what does a command ability do") == ["a command ability"]
    assert definition_subjects("was macht mein Angreifer") == []


def test_a_subject_named_before_the_question_or_after_what_it_means_to_is_a_definition_question():
    """ "command ability, what's that", "what does it mean to exhaust a card" (the verb, not its object) and
    "what counts as a permanent" ask what a word means; "what does it mean" alone names nothing."""
    from kb.search.definitions import definition_subjects

    assert definition_subjects("command ability, what's that?") == ["command ability"]
    assert definition_subjects("linked target - what is it") == ["linked target"]
    assert definition_subjects("what does it mean to exhaust a card") == ["exhaust"]
    assert definition_subjects("what does it mean to be exhausted?") == ["exhausted"]
    assert definition_subjects("what counts as a permanent") == ["a permanent"]
    assert definition_subjects("what does it mean") == []


def test_an_abbreviation_or_a_word_asked_about_with_filler_words_is_a_definition_question(engine):
    """ "what does VTF stand for", "what exactly is a linked target", "what is an attachment exactly" and "what does
    the term X mean" ask what a word means: the filler words are not part of the word looked up."""
    from kb.search.definitions import definition_subjects

    assert definition_subjects("what does VTF stand for?") == ["VTF"]
    assert definition_subjects("what exactly is a linked target") == ["a linked target"]
    assert definition_subjects("what is an attachment exactly") == ["an attachment"]
    assert definition_subjects("what does the term linked target mean") == ["linked target"]
    assert engine.search("what does VTF stand for", limit=3).hits[0].id == "athernum:term/victory-token-field"
    assert engine.search("what is an attachment exactly", limit=3).hits[0].id == "athernum:term/attachment"


@pytest.mark.parametrize(
    "question, first",
    [
        ("command ability, what is that?", "athernum:term/command-ability"),
        ("what does it mean to be exhausted", "athernum:term/exhausted"),
        ("what counts as an attachment", "athernum:term/attachment"),
    ],
)
def test_the_new_definition_shapes_put_the_glossary_entry_first(engine, question, first):
    """A definition asked as "X, what is that", "what does it mean to be X" or "what counts as X" heads with X's
    glossary entry, as "what is X" does."""
    assert engine.search(question, limit=3).hits[0].id == first


def test_a_definition_subject_finds_its_own_entry_before_a_synonyms(engine):
    """ "support ability" is a synonym of "activation fee" (the fee a support ability costs): a definition of
    support ability shows the Support Ability entry, not the shorter-named entry its synonym leads to."""
    for question in ("support ability, what's that", "what is a support ability"):
        assert engine.search(question, limit=3).hits[0].id == "athernum:term/support-ability"


def test_a_judges_everyday_word_finds_the_rule_in_the_crs_words(engine):
    """Someone "watching" a match is a spectator, and a character's "toughness" its defensive value: the rules
    that say so lead."""
    assert (
        engine.search("someone watching our match gives me advice", limit=3).hits[0].id == "athernum:11.3.4"
    )
    assert engine.search("what is the toughness of a character", limit=3).hits[0].id == "athernum:2.2.4"


def test_asking_what_happens_in_a_phase_is_a_definition_question(engine):
    """ "what happens in the morning phase" / "was passiert in der Morgenphase" ask what the phase is: its glossary
    entry leads, followed by the rule that defines it, not a passage that only carries the phase's name."""
    from kb.search.definitions import definition_subjects

    assert definition_subjects("what happens during dusk") == ["dusk"]
    assert definition_subjects("Was passiert in der Morgenphase?") == ["Morgenphase"]
    ranking = [hit.id for hit in engine.search("what happens in the altered morning phase", limit=3).hits]
    assert ranking[:2] == ["altered:term/morning", "altered:1.3.2.b"]


def test_asking_what_counts_as_a_thing_is_a_definition_question(engine):
    """ "what counts as an action" / "was zählt als Aktion" ask what an action is: the glossary entry leads, not
    another game's rules that use the word."""
    from kb.search.definitions import definition_subjects

    assert definition_subjects("was zählt als Aktion?") == ["Aktion"]
    assert engine.search("what counts as an action", limit=3).hits[0].id == "athernum:term/action"


def test_a_german_definition_finds_the_glossary_entry_through_its_english_reading(engine):
    """A compound nobody lists (``Befehlsfähigkeit``) is read in English (command ability) to find its entry,
    and a subject qualified by what it applies to ("Aktivierungsgebühr bei Unterstützern") falls back to its
    head: the glossary entry leads."""
    from kb.search.definitions import subject_heads

    assert subject_heads("Aktivierungsgebühr bei Unterstützern") == [
        "Aktivierungsgebühr bei Unterstützern",
        "Aktivierungsgebühr",
    ]
    assert subject_heads("Siegpunkte-Feld") == ["Siegpunkte-Feld"]
    first = engine.search("Was ist eine Befehlsfähigkeit?", limit=3).hits[0]
    assert first.id == "athernum:term/command-ability"
    first = engine.search("Was ist die Aktivierungsgebühr bei Unterstützern?", limit=3).hits[0]
    assert first.id == "athernum:term/activation-fee"


def test_a_definition_of_a_kind_of_card_finds_the_thing_the_cards_are(engine):
    """ "What do see beyond cards do" asks what See Beyond is: when no glossary entry names "see beyond cards",
    the subject is looked up without its last word "cards" and the glossary entry leads; "a card" after an
    article is what the question is about, not a kind of card, and stays."""
    from kb.search.definitions import subject_heads

    assert subject_heads("see beyond cards", "en") == ["see beyond cards", "see beyond"]
    assert subject_heads("channeling a card", "en") == ["channeling a card"]
    first = engine.search("what do see beyond cards do", limit=3).hits[0]
    assert first.id == "atnia:term/see-beyond"


def test_a_rule_ranks_above_a_subrule_that_matches_the_question_only_through_it(engine):
    """ "Schlägt das Ziel beim Angriff zurück?" is answered by 9.3.9b (the target deals damage back), not by
    its subrule 9.3.9b.I, which a scenario leads to but which matches the question mostly by 9.3.9b's words."""
    ranking = [hit.id for hit in engine.search("Schlägt das Ziel beim Angriff zurück?", limit=5).hits]
    assert ranking.index("athernum:9.3.9b") < ranking.index("athernum:9.3.9b.I")
    from kb.search.searcher import _Ranking

    rule, subrule = engine.cache.docnum("athernum:9.3.9b"), engine.cache.docnum("athernum:9.3.9b.i")
    for own_rule, expected in ((20.0, [rule, subrule]), (8.0, [subrule, rule])):
        ranked = _Ranking(engine.cache, engine.filters())
        ranked.add(subrule, 30.0, ("shown by", -1))  # a scenario leads to the subrule
        ranked.add(rule, 25.0, ("cited by", -1))
        engine._scores = {rule: own_rule, subrule: 5.0}  # the question's own match of each
        engine._rules_above_weaker_subrules(ranked)
        assert [d for d, _, _ in ranked.best(2)] == expected


def test_a_word_given_two_names_asks_for_both_definitions():
    """ "Was ist eine Ausrüstung bzw. ein Attachment?" names one thing twice: both names are looked up (without
    their German articles, since "Attachment" is looked up in English too)."""
    from kb.search.definitions import definition_subjects

    assert definition_subjects("Was ist eine Ausrüstung bzw. ein Attachment?") == ["Ausrüstung", "Attachment"]


def test_a_how_many_question_finds_the_rule_that_gives_the_number(engine):
    """ "wie viele Charakterplätze hab ich" leads with 7.1.2a ("exactly 5 character slots"): a question for a
    quantity also searches the words rules give numbers with, as a word of its own; other questions do not."""
    from kb.search.query import split_query

    def quantity_searched(typed: str) -> bool:
        parsed = engine.builder.build(split_query(typed, engine.games), engine.cache)
        return {c.group for c in parsed.clauses} - set(range(len(parsed.words))) == {len(parsed.words)}

    assert quantity_searched("wie viele Charakterplätze hab ich")
    assert quantity_searched("how many character slots do I have")
    assert not quantity_searched("which character slots do I have")
    assert [h.id for h in engine.search("wie viele charakterplätze hab ich").hits][:1] == ["athernum:7.1.2a"]


def test_neighbouring_words_are_also_searched_as_a_phrase(engine):
    """Two words typed side by side ("same name") also count as a phrase in rule bodies, at a lower weight."""
    from kb.search.query import PAIR_WEIGHT, _pairs
    from kb.search.schema import BOOSTS

    pairs = _pairs(["cards", "with", "the", "same", "name"], "en", engine.cache, {"en": 1.0, "de": 1.0})
    assert any(
        c.field == "body_en"
        and c.stems == ("same", "name")
        and c.group == 3
        and c.boost == BOOSTS["body_en"] * PAIR_WEIGHT
        for c in pairs
    )
    assert engine.search("are cards with the same name the same card", limit=1).hits[0].id == "athernum:1.1.1"


def test_a_word_weighs_by_its_rarity_in_the_whole_index(engine):
    """A word counts by how rare it is among all entries, the same in titles, bodies and context, not by its
    rarity in one field: "counter", rare in headings but common in rule texts, no longer outweighs
    "poison", which one rule's text holds."""
    from math import log

    from kb.search.query import split_query
    from kb.search.schema import BOOSTS

    cache = engine.cache
    parsed = engine.builder.build(split_query("poison counters", engine.games), cache)
    for stem in ("poison", "counter"):
        weights = {
            round(
                c.boost / BOOSTS[c.field] * (log(cache.count / (cache.doc_frequency(c.field, stem) + 1)) + 1),
                6,
            )
            for c in parsed.clauses
            if c.stems == (stem,) and c.field != "terms"
        }
        assert len(weights) == 1
    assert "athernum:10.5.0" in [h.id for h in engine.search("poison counters", limit=5).hits]


def test_a_rare_word_counts_for_more_of_the_question_than_frequent_ones(engine):
    """Coordination weighs each typed word by its rarity: the rule holding the one rare, decisive word
    ("Contingency") is not outranked by entries holding only the frequent ones ("player", "activate")."""
    hits = [h.id for h in engine.search("When is a player allowed to activate Contingency?", limit=5).hits]
    assert {"athernum:9.2.4", "athernum:9.2.4a"} & set(hits)


@pytest.mark.parametrize(
    "question, rule, term",
    [
        ("In what order does the stack resolve?", "athernum:4.1.7", "athernum:term/stack"),
        (
            "How many command tokens does a player get each turn?",
            "athernum:9.1.3",
            "athernum:term/command-token-supply",
        ),
    ],
)
def test_a_question_other_than_a_definition_puts_the_rule_above_the_glossary_entry(
    engine, question, rule, term
):
    """For a question that is not about what a term means, the rule that answers ranks above the glossary
    entry of the term it names."""
    hits = [h.id for h in engine.search(question, limit=5).hits]
    assert hits[0] == rule and term in hits


def test_a_glossary_entry_follows_the_best_matching_rule_of_its_defining_rule(engine):
    """For a question that is not a definition, a glossary entry ("Stack", defined by 4.1.0) comes right after
    the rule of its defining rule's family that best matches the question: the entry only restates it."""
    hits = [h.id for h in engine.search("In what order does the stack resolve?", limit=10).hits]
    term = hits.index("athernum:term/stack")
    assert term > 0 and hits[term - 1] in ("athernum:4.1.0", "athernum:4.1.7")


def test_a_german_question_keeps_to_the_game_with_german_texts(engine):
    """Only Athernum has German texts, so a German question is answered from Athernum alone."""
    result = engine.search("Wie viele Karten ziehe ich zu Beginn des Spiels?", limit=10)
    assert result.game == "athernum" and {h.game for h in result.hits} == {"athernum"}


def test_a_matching_example_brings_its_rule_just_above_it(engine):
    """When a rule's worked example matches best ("Brassbug 2/2/2"), the rule itself is shown right above it."""
    hits = engine.search("Brassbug robot token sub-type", limit=10).hits
    example = next(n for n, h in enumerate(hits) if h.id == "altered:2.2.2.j/example-1")
    assert example > 0 and hits[example - 1].id == "altered:2.2.2.j"


def test_a_heading_without_text_ranks_below_its_matching_subrule(engine):
    """A heading that is only a title ("8.0.2 Initiative Determination") comes right after the best of its
    subrules the question matches, never above it: the subrule holds the answer."""
    hits = [h.id for h in engine.search("How is initiative determined?", limit=10).hits]
    heading = hits.index("athernum:8.0.2")
    assert heading > 0 and hits[heading - 1] == "athernum:8.0.2a"


def test_a_passage_under_an_unnumbered_heading_ranks_where_its_heading_would(engine):
    """In a rules text without numbers (Atnia's rules page) a heading ("Highlander") is the only name its
    passages have: "highlander format rules" finds the passage under it first, the heading right after, above
    the Athernum CR's rules about formats."""
    hits = [h.id for h in engine.search("highlander format rules", limit=5).hits]
    assert hits[:2] == ["atnia:rules/highlander/p1", "atnia:rules/highlander"]


def test_a_chapter_ranks_below_its_matching_rule(engine):
    """A chapter's text only introduces it ("3 Main Character"): it never ranks above the best of its rules the
    question matches, which states the answer."""
    hits = [h.id for h in engine.search("main character selection").hits]
    rule = next(n for n, hit in enumerate(hits) if hit.startswith("athernum:3."))
    assert rule < hits.index("athernum:3")


def test_ask_answers_a_definition_with_the_glossary_entry_when_no_rule_defines_it(engine, project_kb):
    """ "what does reveal mean": Reveal is defined in the glossary alone, so `ask` answers with that entry."""
    answer = asked(engine, project_kb, "what does reveal mean", limit=3)
    assert answer.rules[0].id == "athernum:term/reveal"


def test_a_negated_question_ranks_the_rule_that_negates_the_same_word_higher(engine, monkeypatch):
    """A judge asking about what is missing ("I don't have a hero") gets the rule that says it is missing
    ("If a player has no Hero") ranked ``NEGATION_BONUS`` times higher than negations counting for nothing
    would rank it; its neighbour that shares the words but not the negation ("Each player present their deck
    and their Hero") keeps its score."""
    import kb.search.searcher as searcher

    def scores(question: str) -> dict[str, float]:
        return {h.id: h.score for h in engine.search(question, limit=10).hits}

    question = "I don't have a hero, what do I present at setup"
    bonus = searcher.NEGATION_BONUS
    with_negation = scores(question)
    monkeypatch.setattr(searcher, "NEGATION_BONUS", 1.0)
    without = scores(question)
    assert with_negation["altered:4.1.f"] == pytest.approx(without["altered:4.1.f"] * bonus)
    assert with_negation["altered:4.1.f"] > without["altered:4.1.f"]
    assert with_negation["altered:4.1.e"] == pytest.approx(without["altered:4.1.e"])


def test_a_ruling_lifts_the_rule_it_asks_about_above_the_others_it_cites(tmp_path):
    """Of two rules a matching ruling cites, the one it asks about (its first) ranks above the other, even
    where the other matches the question a little better itself: the ruling is evidence for its subject."""
    from kb.core.rulings import Ruling
    from kb.search.documents import ruling_documents
    from tests.search.entries import rule_entry, small_engine

    ruling = Ruling(
        id="R-1",
        game="g",
        question="Does a token leaving its zone cease to exist?",
        answer="Yes: a token that leaves its zone ceases to exist at once.",
        rules=["g:1.1", "g:1.2"],
    )
    docs = [
        rule_entry("1.1", "tokens cease to exist outside their zone at once", 0),
        rule_entry("1.2", "tokens cease to exist outside their zone", 1),  # shorter: a little better itself
        *ruling_documents([ruling], start=2),
    ]
    with small_engine(tmp_path, docs) as engine:
        ranking = [h.id for h in engine.search("does a token leaving its zone cease to exist").hits]
    assert ranking.index("g:1.1") < ranking.index("g:1.2")
