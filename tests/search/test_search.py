"""Search as a judge uses it: rule numbers, words, abbreviations, typos, German, filters."""

from __future__ import annotations

import pytest

from kb.core.errors import RulekbError


def ids(result) -> list[str]:
    return [hit.id for hit in result.hits]


@pytest.mark.parametrize(
    "typed",
    [
        "4.2.2a",
        "rule 4.2.2a",
        "Rule 4.2.2A.",
        "athernum:4.2.2a",
        "ATHERNUM:4.2.2a",
        "4.2.2a.",
        "regel 4.2.2a",
    ],
)
def test_rule_number_jumps_to_the_rule_in_every_typed_form(engine, typed):
    """Every way a judge types a rule number puts that rule first."""
    result = engine.search(typed)
    assert result.hits[0].id == "athernum:4.2.2a"
    assert result.hits[0].via == "rule number"


def test_scanned_roman_numeral_form_finds_the_repaired_rule(engine):
    """The CR scan's ``3.0.2c.l`` (an l for the numeral I) finds rule 3.0.2c.I."""
    assert engine.search("3.0.2c.l").hits[0].id == "athernum:3.0.2c.I"


def test_rule_number_is_followed_by_its_subrules_in_order(engine):
    """``4.2.2`` lists 4.2.2 and then 4.2.2a … 4.2.2h, in the CR's order."""
    result = engine.search("4.2.2", limit=9)
    assert ids(result) == ["athernum:4.2.2"] + [f"athernum:4.2.2{c}" for c in "abcdefgh"]


def test_number_of_another_game_is_found_without_its_prefix(engine):
    """A dotted number that only the Altered excerpt has (1.4.6.b) is found without typing ``altered:``."""
    assert engine.search("1.4.6.b").hits[0].id == "altered:1.4.6.b"


def test_rule_number_inside_a_question_comes_first_then_text_matches(engine):
    """``what does 9.3.9b say about damage`` shows 9.3.9b first and text matches after it."""
    result = engine.search("what does 9.3.9b say about damage")
    assert result.hits[0].id == "athernum:9.3.9b"
    assert any(hit.via == "text" for hit in result.hits[1:])


def test_unknown_rule_number_says_so_and_suggests_neighbours(engine):
    """A number that names no rule produces a note with the rules it was probably meant to be."""
    result = engine.search("4.2.2z")
    assert result.hits == []
    assert "no rule '4.2.2z'" in result.notes[0] and "athernum:4.2.2a" in result.notes[0]


def test_a_number_with_more_parts_than_any_rule_suggests_the_rules_its_first_parts_name(engine):
    """``4.2.2.9.9.9…`` (more parts than any id has) is suggested the rules under 4.2.2, as ``4.2.2.9`` is."""
    assert engine.suggest("athernum:4.2.2" + ".9" * 500) == engine.suggest("athernum:4.2.2.9")
    assert "athernum:4.2.2a" in engine.suggest("athernum:4.2.2" + ".9" * 500)


def test_glossary_term_ranks_first_for_its_own_name(engine):
    """Term names are boosted over body text: searching ``exhausted`` shows the glossary entry first."""
    assert engine.search("exhausted").hits[0].id == "athernum:term/exhausted"


def test_abbreviation_finds_rules_that_spell_it_out(engine):
    """``DFV`` also finds rules that only say "defensive value" (synonyms file)."""
    found = ids(engine.search("DFV", limit=30))
    assert (
        "athernum:2.2.4c" in found
    )  # "A character without a defensive value is treated as having 0 defense"


def test_mulligan_finds_the_no_redraw_rules(engine):
    """A judge's ``mulligan`` finds the rules saying there is no redraw, though the CR never says mulligan."""
    found = ids(engine.search("mulligan", limit=5))
    assert {"athernum:8.0.5b", "athernum:11.1.1"} <= set(found)


def test_typo_is_corrected_and_reported(engine):
    """``exhuasted`` (a typo) still finds the exhausted rules, and the note says what was searched instead."""
    result = engine.search("exhuasted permanent loses abilities")
    assert {"athernum:6.2.3", "athernum:10.4.2"} & set(ids(result)[:5])
    assert result.corrections["exhuasted"][0] == "exhaust"


def test_a_single_misspelt_word_is_corrected_too(engine):
    """``exhuasted`` alone, a word the index does not hold, still finds the exhausted rules through the typo pass."""
    result = engine.search("exhuasted")
    assert "athernum:term/exhausted" in ids(result)[:3]
    assert result.corrections["exhuasted"][0] == "exhaust"
    assert ids(engine.search("xqzwvk")) == []


def test_a_real_word_is_not_corrected_into_an_index_word(engine):
    """``talk`` (English) and ``Schlägt`` (German) are words, not typos: nothing is searched in their place
    ("task", "schatt"), while a typo in the same question still is corrected."""
    for question, word in (
        ("can players talk to each other during a match", "talk"),
        ("Schlägt das Ziel beim Angriff zurück?", "Schlägt"),
    ):
        result = engine.search(question)
        assert word not in result.corrections, result.corrections
    assert "exhuasted" in engine.search("can players talk about exhuasted cards").corrections


def test_a_contraction_typed_without_its_apostrophe_is_no_typo(engine):
    """``I dont have a hero`` searches as ``I don't have a hero``, with no "similar words" correction to ``done``."""
    typed, written = engine.search("I dont have a hero"), engine.search("I don't have a hero")
    assert ids(typed) == ids(written) and ids(typed)
    assert not typed.corrections


def test_a_compound_word_finds_the_texts_that_hyphenate_it_or_write_it_as_one(engine):
    """ "subtype" (the Athernum CR's spelling) also reads as Altered's "sub-type", and "sub-type" as "subtype":
    a judge's spelling of a compound does not decide which game's rules answer."""
    from kb.search.query import _spellings

    assert ("sub", "type") in _spellings("subtype") and _spellings("sub-type") == [("subtyp",)]
    assert _spellings("card") == [] and _spellings("it's") == [] and _spellings("x" * 10_000) == []
    assert "altered:2.2.2.d" in ids(engine.search("is dragon a character subtype"))[:3]


def test_german_question_finds_the_cr_rule_then_its_german_passage(engine):
    """A German question finds the CR rule first (the definitive text) and, right after it, the German
    rulebook passage that explains it, through which the rule is shown as found."""
    result = engine.search("Was passiert, wenn der Hauptcharakter zu viel Schaden erleidet?")
    first, second = result.hits[:2]
    assert first.id in {"athernum:3.0.7e", "athernum:3.0.7e.I", "athernum:3.0.7e.II"}
    assert second.document == "rulebook-de" and "Hauptcharakter" in second.text
    assert first.via == f"explained by {second.label}"


def test_german_participle_meets_its_infinitive(engine):
    """``abgelegt`` in a question finds passages saying ``ablegen`` (separable verbs' participles are folded)."""
    hits = engine.search("Gegenstand abgelegt", document="rulebook-de", limit=20).hits
    assert any("ablegen" in h.text for h in hits)


def test_filters_restrict_game_document_and_kind(engine):
    """``--game``, ``--doc`` and ``--kind`` keep only matching entries, linked CR rules included."""
    assert {h.game for h in engine.search("damage", game="altered", limit=20).hits} <= {"altered"}
    assert {h.document for h in engine.search("Schaden Angreifer", document="rulebook-de").hits} == {
        "rulebook-de"
    }
    assert {h.kind for h in engine.search("damage", kind="term").hits} == {"term"}
    assert {h.document for h in engine.search("damage", document="athernum:cr").hits} == {"cr"}


def test_rulebook_kind_keeps_the_rulebooks_passages(engine):
    """``--kind rulebook`` keeps the passages of the English and German rulebooks, in the question's language first."""
    english = engine.search("damage attacker", kind="rulebook", limit=20).hits
    assert english and {h.document for h in english} <= {"rulebook-en", "rulebook-de"}
    assert english[0].document == "rulebook-en"
    assert engine.search("Schaden Angreifer", kind="rulebook").hits[0].document == "rulebook-de"


def test_inline_filter_in_the_query_works_like_the_option(engine):
    """``game:altered initiative`` searches only Altered, as ``--game altered`` would."""
    hits = engine.search("game:altered initiative").hits
    assert hits and {h.game for h in hits} == {"altered"}


@pytest.mark.parametrize("option", [{"game": "chess"}, {"document": "rulebook-fr"}, {"kind": "card"}])
def test_unknown_filter_is_a_user_error_naming_the_choices(engine, option):
    """A filter naming nothing in the index is reported as a user error listing what exists."""
    with pytest.raises(RulekbError) as excinfo:
        engine.search("damage", **option)
    assert "(" in str(excinfo.value)


def test_hit_carries_breadcrumb_url_and_highlighted_snippet(engine):
    """A hit has the qualified id, its parent chain, its site link and the matched words marked."""
    hit = next(
        h for h in engine.search("damage counters equal defensive value").hits if h.id == "athernum:4.2.2a"
    )
    assert hit.breadcrumb[-2:] == ["4.2.0 State-Based Checks", "4.2.2"]
    assert hit.url == "athernum/cr/4.html#4.2.2a"
    marked = [text for text, matched in hit.snippet if matched]
    assert "damage" in marked and "counters" in marked


def test_json_form_has_the_documented_keys(engine):
    """Each hit's JSON object has at least id, game, document, kind, title, text, score and url."""
    data = engine.search("initiative").hits[0].to_dict()
    assert {"id", "game", "document", "kind", "title", "text", "score", "url"} <= set(data)
    assert isinstance(data["score"], float) and "**" in data["snippet"]


def test_scores_of_the_fast_path_equal_whooshs_own(engine, whoosh_searcher):
    """Plain questions' words are scored from the postings with exactly the BM25F scores of Whoosh's own index,
    and their phrases (neighbouring words, synonyms) match the same documents as Whoosh's phrase queries (the
    postings score a phrase as one term, with the phrase's own frequency; Whoosh sums its words' scores)."""
    from kb.search.query import split_query, to_whoosh

    parsed = engine.builder.build(
        split_query("permanent damage counters discarded", engine.games), engine.cache
    )
    terms = [c for c in parsed.clauses if len(c.stems) == 1]
    ours = engine.cache.score(terms, coordinate=False)
    theirs = {hit.docnum: hit.score for hit in whoosh_searcher.search(to_whoosh(terms), limit=None)}
    assert set(ours) == set(theirs)
    assert all(abs(ours[d] - theirs[d]) < 1e-4 * max(1.0, theirs[d]) for d in theirs)
    phrases = [c for c in parsed.clauses if len(c.stems) > 1]
    assert phrases
    for phrase in phrases:
        matched = {hit.docnum for hit in whoosh_searcher.search(to_whoosh([phrase]), limit=None)}
        assert set(engine.cache.score([phrase], coordinate=False)) == matched


def test_whoosh_query_language_still_works(engine):
    """Operators and phrases go through Whoosh's parser: ``"face down" AND exhausted`` needs both."""
    hits = engine.search('"face down" AND exhausted').hits
    assert hits and all("face-down" in h.text.lower() and "exhaust" in h.text.lower() for h in hits[:5])


@pytest.mark.parametrize(
    "typed",
    [
        '"face down" AND exhausted',
        "(counter OR marker) AND damage",
        "damage ANDNOT combat",
        "exhaust*",
        "NOT damage",
        "NOT damage NOT heal",
    ],
)
def test_query_language_matches_the_same_documents_as_whoosh(engine, whoosh_searcher, typed):
    """AND, OR, NOT, ANDNOT, phrases and prefixes evaluated from the postings match Whoosh's own result set."""
    from kb.search.matching import evaluate

    query = engine.builder.parser.parse(typed)
    ours = evaluate(engine.cache, query)
    theirs = {hit.docnum for hit in whoosh_searcher.search(query, limit=None)}
    assert set(ours) == theirs


def test_not_inside_a_plain_query_excludes(engine):
    """``damage NOT combat`` finds damage rules that do not mention combat (not everything without combat)."""
    hits = engine.search("damage NOT combat", limit=20).hits
    assert hits and all(
        "combat" not in h.text.lower() and "damage" in (h.title + h.text).lower() for h in hits
    )
