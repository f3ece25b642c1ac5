"""German questions: compounds, verb forms, typos and translations reach the CR rules; German passages lead."""

from __future__ import annotations

from kb.search.query import split_query
from kb.search.schema import TEXT_FIELDS


def ids(result) -> list[str]:
    return [hit.id for hit in result.hits]


def built(engine, typed: str):
    return engine.builder.build(split_query(typed, engine.games), engine.cache)


def translations(parsed) -> set[str]:
    return {alternative for rule in parsed.expansions for alternative in rule.alternatives}


def test_unknown_compound_is_searched_and_translated_as_its_parts(engine):
    """``Siegpunktmarker`` (in no text) is read as Siegpunkt + Marker, so it reaches victory tokens in the CR."""
    parsed = built(engine, "Siegpunktmarker entfernen")
    assert parsed.compounds == {"Siegpunktmarker": ("siegpunkt", "marker")}
    assert "victory token" in translations(parsed)
    assert "Siegpunktmarker" not in parsed.unknown


def test_compound_is_also_read_as_one_english_phrase(engine):
    """``Objective-Fähigkeit`` (English and German parts) is searched as "objective ability", and the split
    ``Unterstützerfähigkeiten`` as "support ability", the CR's names for them, not as each part apart."""
    phrases = {
        clause.stems
        for clause in built(engine, "Objective-Fähigkeit erklärung").clauses
        if len(clause.stems) > 1
    }
    assert ("object", "abil") in phrases
    parsed = built(engine, "zwei Unterstützerfähigkeiten aktivieren")
    assert ("support", "abil") in {clause.stems for clause in parsed.clauses}
    assert "athernum:term/objective-ability" in ids(engine.search("Objective-Fähigkeit erklärung"))[:3]


def test_english_synonyms_read_the_questions_english_reading(engine):
    """A German question read in English meets the English synonyms: ``gleicher Initiative`` (same initiative)
    searches "tie", ``ohne … anzulegen`` (without attaching) "played directly"; an English entry whose
    stopwords leave one common word (``in play``) does not fire on every "play"."""
    assert engine.builder.synonyms.gloss("bei gleicher Initiative") == "same initiative"
    stems = {clause.stems for clause in built(engine, "was passiert bei gleicher Initiative").clauses}
    assert ("tie",) in stems
    stems = {clause.stems for clause in built(engine, "Gegenstand ausspielen ohne ihn anzulegen").clauses}
    assert ("play", "direct") in stems
    assert ("game", "board") not in stems


def test_compound_parts_keep_the_typed_word_for_coordination(engine):
    """The parts of a split compound count as the one word typed: a question of two words has two groups."""
    parsed = built(engine, "Siegpunktmarker entfernen")
    assert {clause.group for clause in parsed.clauses} == {0, 1}


def test_verb_form_is_translated_as_its_infinitive(engine):
    """``gehört`` reaches the translation listed for ``gehören`` (owned): who owns a token is answered by 2.1.3a."""
    parsed = built(engine, "Wem gehört ein Spielstein?")
    assert "gehören" in parsed.infinitives["gehört"] and "owned" in translations(parsed)
    assert "athernum:2.1.3a" in ids(engine.search("Wem gehört ein Spielstein?"))[:3]


def test_separable_verb_is_read_with_its_particle_at_the_end(engine):
    """``fängt … an`` is read as ``anfangen`` (begin), so "Wer fängt das Spiel an?" finds who goes first."""
    parsed = built(engine, "Wer fängt das Spiel an?")
    assert "anfängen" in parsed.infinitives["fängt"]
    assert {"athernum:8.0.6a", "athernum:11.1.2", "athernum:3.0.2c"} & set(
        ids(engine.search("Wer fängt das Spiel an?"))[:5]
    )
    assert "fängt" not in built(engine, "Wer fängt das Spiel?").infinitives


def test_separable_verb_is_read_with_its_particle_before_an_infinitive_with_zu(engine):
    """``hört … auf zu wirken`` is read as ``aufhören`` (no longer): when a static ability stops applying."""
    parsed = built(engine, "wann hört eine statische Fähigkeit auf zu wirken")
    assert "aufhören" in parsed.infinitives["hört"]
    assert "no longer" in translations(parsed)
    assert "hört" not in built(engine, "wann hört eine statische Fähigkeit zu wirken").infinitives


def test_corrected_german_typo_is_translated_too(engine):
    """``Ablagestappel`` is corrected to Ablagestapel and, like it, searched as discard pile in the CR."""
    result = engine.search("Reihenfolge im Ablagestappel")
    assert "Ablagestappel" in result.corrections
    assert "athernum:7.2.1c" in ids(result)[:3]


def test_english_word_in_a_german_question_counts_once(engine):
    """``Zone`` (German and English alike) and its translation zone make one clause per field, not two."""
    parsed = built(engine, "Was passiert mit einem Spielstein, der seine Zone verlässt?")
    keys = [(c.field, c.stems, c.group) for c in parsed.clauses]
    assert len(keys) == len(set(keys)) and ("body_en", ("zone",), parsed.words.index("Zone")) in keys


def test_german_question_lists_the_german_rulebook_not_its_english_original(engine):
    """A German question shows the German rulebook's passages, not the English ones they translate."""
    documents = {h.document for h in engine.search("Wer darf verdeckte Karten ansehen?", limit=30).hits}
    assert "rulebook-de" in documents and "rulebook-en" not in documents


def test_asking_for_the_other_language_document_still_finds_it(engine):
    """``--doc rulebook-en`` with a German question searches the English rulebook, as asked."""
    hits = engine.search("Wer darf verdeckte Karten ansehen?", document="rulebook-en").hits
    assert hits and {h.document for h in hits} == {"rulebook-en"}


def test_rule_reached_by_a_matching_passage_ranks_above_its_twin(tmp_path):
    """Of two rules the question matches alike, the one a matching passage also leads to ranks first."""
    from kb.search.documents import IndexDoc
    from tests.search.entries import rule_entry, small_engine

    text = "tokens cease to exist outside their zone"
    passage = IndexDoc(
        id="g:book/p1",
        game="g",
        document="book",
        kind="paragraph",
        title="",
        url="/p1",
        text="a token that leaves its zone is gone",
        keys=["g:book/p1"],
        related=["g:1.2"],
        order=2,
    )
    with small_engine(tmp_path, [rule_entry("1.1", text, 0), rule_entry("1.2", text, 1), passage]) as engine:
        ranking = ids(engine.search("tokens zone exist"))
    assert ranking.index("g:1.2") < ranking.index("g:1.1")


def test_everyday_words_of_a_question_are_translated(engine):
    """Everyday words a judge types (``unter null``, ``schauen``, ``deutsch``) reach the CR's own words (less
    than 0, look at, German), so a German question finds the English rule that answers it."""
    assert {"less than 0", "look at", "German"} <= translations(built(engine, "unter null schauen deutsch"))
    assert ids(engine.search("Kann der Defensivwert unter null sinken?"))[0] == "athernum:2.2.4g"
    assert (
        "athernum:term/ownership"
        in ids(engine.search("Wem gehört die Karte, wenn der Gegner sie kontrolliert?"))[:3]
    )


def test_question_words_of_every_chapter_are_translated(engine):
    """A judge's words beyond the rulebook's (``nachziehen``, ``Schlüsselwort``, ``geheim``, ``Startspieler``)
    are read in the CR's English (draw, keyword, hidden, initiative), as the rulebook's own words are."""
    found = translations(built(engine, "nachziehen Schlüsselwort geheim Startspieler"))
    assert {"draw", "keyword", "hidden", "initiative"} <= found


def test_idioms_of_a_question_are_translated_as_a_whole(engine):
    """``am Zug`` (whose turn it is) and ``aus dem Spiel`` are read as the CR's phrases (active player, removed
    from the game), not as their words apart ("Zug" alone is a turn)."""
    found = translations(built(engine, "wer ist am Zug wenn eine Karte aus dem Spiel entfernt wird"))
    assert {"active player", "removed from the game"} <= found


def test_separable_verb_written_as_one_word_is_read_as_its_infinitive(engine):
    """``wenn er zurückgeht`` (the particle joined to the verb at the end of a clause) is read as ``zurückgehen``
    as well as its parts, so the translation listed for the verb (return, a zone change) is searched: the
    counters a card loses when it goes back to the hand are found."""
    parsed = built(engine, "wenn mein Charakter zurückgeht")
    assert "zurückgehen" in parsed.readings()["zurückgeht"]
    assert "changes zones" in translations(parsed)
    question = "Behält ein Charakter seine Schadensmarken, wenn er auf die Hand zurückgeht?"
    assert {"athernum:10.0.4", "athernum:10.0.5"} & set(ids(engine.search(question))[:5])


def test_card_parts_named_by_look_and_place_reach_the_cr(engine):
    """The German rulebook's words for what a judge sees on a card (``Doppelpunkt``, ``kursiv``, ``befindet
    sich``) are read as its English edition puts them (colon, italic, located), so a question about the colon
    finds the activated-ability format and one about where a card part is finds the rule placing it."""
    found = translations(built(engine, "Doppelpunkt kursiv gedruckt befindet"))
    assert {"colon", "italic", "printed", "located"} <= found
    assert ids(engine.search("Was bedeutet der Doppelpunkt in einer Fähigkeit?"))[0] == "athernum:4.3.5c.IIb"
    assert "athernum:1.2.2" in ids(engine.search("Wo befindet sich das Fraktionssymbol?"))[:2]


def test_idiom_does_not_take_a_compounds_part_for_a_word(engine):
    """``am Zugende`` (at the end of the turn) is the end of a turn, not ``am Zug`` (the active player): the idiom's
    stopword stands before the typed compound, not before its first part."""
    found = translations(built(engine, "Was passiert am Zugende mit Schadensmarken"))
    assert {"turn", "end", "damage counter"} <= found
    assert "active player" not in found


def test_present_participle_of_a_translated_verb_is_no_compound(engine):
    """``der kämpfende Charakter`` is a character in combat (``kämpfen``), not Kampf + Ende (end)."""
    parsed = built(engine, "Wer ist der kämpfende Charakter")
    assert "kämpfende" not in parsed.compounds
    assert "end" not in translations(parsed)
    assert "combat" in translations(parsed)


def test_noun_after_a_preposition_is_no_verb_form(engine):
    """``Nacht`` is not read as a verb ``nachen`` (``nach`` is a preposition), whose stem would translate
    ``nächste`` (next): "in der Nacht" searches the night phase only."""
    parsed = built(engine, "Darf in der Nacht jemand aktivieren")
    assert "Nacht" not in parsed.infinitives
    assert "next" not in translations(parsed)
    assert "night phase" in translations(parsed)


def test_how_often_does_not_search_up_of_face_up(engine):
    """A question "wie oft" asks for a number: the words rules give numbers with are searched, but not "up" (what "up to"
    leaves once the index drops "to"), which is face-up's word and was marked in every face-up rule."""
    stems = {clause.stems for clause in built(engine, "Wie oft darf ich angreifen").clauses}
    assert ("maximum",) in stems
    assert ("up",) not in stems


def test_word_the_translations_know_is_no_typo(engine):
    """``Ressourcenmarken`` (in no German text, but translated: resource tokens) is searched as what it is, not
    corrected into another compound one letter away (``Ressourcenkarten``, resource cards); typed alone, it is
    read as German, so its translation finds the glossary entry."""
    result = engine.search("Wo kommen meine Ressourcenmarken hin?")
    assert "Ressourcenmarken" not in result.corrections
    assert "athernum:term/resource-token" in ids(engine.search("Ressourcenmarken", limit=5))


def test_separable_verb_typed_as_its_infinitive_is_read_with_its_particle(engine):
    """``Gehen … weg?`` (the plural's verb is spelled as the infinitive, its particle ends the question) is read as
    ``weggehen``, so its translation (removed) is searched, not only "gehen"."""
    parsed = built(engine, "Gehen Schadensmarken am Ende des Zuges weg?")
    assert "weggehen" in parsed.readings()["Gehen"]
    assert "removed" in translations(parsed)


def test_definition_question_with_a_particle_finds_the_entry_named_so(engine):
    """ "Was genau ist ein Ziel?" and "Was macht Solvency genau?" ask what a word means: the particle is no part of
    the word looked up; and a target is the entry named Target, not "Linked Target", which holds the word too."""
    from kb.search.definitions import definition_subjects

    assert definition_subjects("Was genau ist ein Ziel?") == ["Ziel"]
    assert definition_subjects("Was macht Solvency genau?") == ["Solvency"]
    assert ids(engine.search("Was genau ist ein Ziel?", limit=3))[0] == "athernum:term/target-targeting"
    assert ids(engine.search("what is a target", limit=3))[0] == "athernum:term/target-targeting"


def test_loanword_of_a_hyphenated_german_word_is_searched_in_the_english_texts(engine):
    """The English part of a German hyphenated word (Online-Turnier, Objective-Fähigkeit) is searched alone in the
    English texts, though none holds the whole word: the rule about online tournaments comes first."""
    assert engine.search("Sind für ein Online-Turnier registrierte Karten nötig?", limit=1).hits[0].id == (
        "athernum:11.4.5"
    )
    parsed = built(engine, "Woran erkennt man eine Objective-Fähigkeit?")
    assert any(c.stems == ("object",) and c.field in TEXT_FIELDS["en"] for c in parsed.clauses)
