"""The synonyms file: abbreviations and synonyms as data, matched on stems, checked when loaded."""

from __future__ import annotations

import pytest

from kb.search.synonyms import SYNONYMS_FILE, Synonyms, SynonymsError, load_synonyms, parse_synonyms


def alternatives(synonyms: Synonyms, text: str, lang: str = "en") -> set[str]:
    return {a for rule in synonyms.expand(text, lang) for a in rule.alternatives}


@pytest.mark.parametrize(
    "text, alternative",
    [
        ("OFV of a token", "offensive value"),
        ("dfv", "defensive value"),
        ("VTF", "victory token field"),
        ("when is an SBC done", "state-based check"),
        ("mulligan", "redraw"),
        ("my character got buffed", "modifier"),
        ("the character is killed", "discarded"),
        ("what is its toughness", "defensive value"),
        ("pay half a resource", "fractional"),
        ("a friend watching the game", "spectators"),
    ],
)
def test_packaged_file_covers_the_words_judges_use(text, alternative):
    """Abbreviations (OFV, DFV, VTF, SBC), other games' words (mulligan, toughness) and everyday ones (buffed,
    killed, half, watching) reach the CR's terms; "buffed" stems apart from "buff", so it is listed itself."""
    assert alternative in alternatives(load_synonyms(SYNONYMS_FILE), text)


def test_packaged_file_reads_start_as_begin():
    """A judge asks what a player starts with; Atnia's rules say what players begin the game with."""
    synonyms = load_synonyms(SYNONYMS_FILE)
    assert "begin" in alternatives(synonyms, "how much life do you start with")
    assert "start" in alternatives(synonyms, "players begin the game")


def test_packaged_file_reads_printed_as_written():
    """A judge asks where something is printed on a card; Altered's rules say where it is written."""
    synonyms = load_synonyms(SYNONYMS_FILE)
    assert "written" in alternatives(synonyms, "where are the sub-types printed on a card")


def test_groups_work_both_ways_and_one_way_entries_do_not():
    """A group's phrases find each other; a one-way entry does not find its source from its target."""
    synonyms = parse_synonyms({"groups": [["OFV", "offensive value"]], "one_way": {"mulligan": ["redraw"]}})
    assert alternatives(synonyms, "offensive values") == {"OFV"}
    assert alternatives(synonyms, "OFV") == {"offensive value"}
    assert alternatives(synonyms, "redraw") == set()


def test_german_translation_matches_inflected_forms():
    """A translation keyed ``Schadensmarke`` also matches ``Schadensmarken`` (German stems)."""
    synonyms = parse_synonyms({"translations": {"Schadensmarke": ["damage counter"]}})
    assert alternatives(synonyms, "Wie viele Schadensmarken?", "de") == {"damage counter"}


def test_german_idiom_with_a_stopword_matches_only_as_typed():
    """``vor Ort`` (in person) and ``ohne`` (without) are found with their stopwords, not in any ``Ort``; the
    idiom's words then mean the idiom, not themselves (``vor Ort`` is no location)."""
    synonyms = parse_synonyms(
        {"translations": {"vor Ort": ["in-person events"], "ohne": ["without"], "Ort": ["location"]}}
    )
    assert alternatives(synonyms, "Turnier vor Ort", "de") == {"in-person events"}
    assert alternatives(synonyms, "Ort vor Ort", "de") == {"in-person events", "location"}
    assert alternatives(synonyms, "Welcher Ort ist vor mir?", "de") == {"location"}
    assert alternatives(synonyms, "ohne Kosten", "de") == {"without"}
    assert alternatives(synonyms, "Kosten", "de") == set()


def test_json_snapshot_round_trips():
    """The snapshot stored with an index reads back to the same rules."""
    synonyms = load_synonyms(SYNONYMS_FILE)
    assert Synonyms.from_json(synonyms.to_json()).rules == synonyms.rules


@pytest.mark.parametrize(
    "data, fragment",
    [
        (["OFV"], "expected a mapping"),
        ({"groups": [["OFV"]]}, "groups[0]"),
        ({"one_way": {"mulligan": [{"x": 1}]}}, "one_way.mulligan"),
        ({"one_way": ["mulligan"]}, "one_way must map"),
    ],
)
def test_malformed_entries_are_named(data, fragment):
    """A malformed synonyms file is a user error naming the entry at fault."""
    with pytest.raises(SynonymsError) as excinfo:
        parse_synonyms(data, "synonyms.yaml")
    assert fragment in str(excinfo.value)


def test_invalid_yaml_names_file_and_line(tmp_path):
    """Broken YAML is reported with the file and line, not a traceback."""
    path = tmp_path / "synonyms.yaml"
    path.write_text("groups:\n  - [OFV, offensive value\n", encoding="utf-8")
    with pytest.raises(SynonymsError) as excinfo:
        load_synonyms(path)
    assert str(path) in str(excinfo.value) and "invalid YAML" in str(excinfo.value)


def test_translation_follows_the_typed_word_where_the_stemmer_merges_entries():
    """``Spieler`` is translated as player and ``Spiel`` as game, although the German stemmer makes both ``spiel``."""
    synonyms = parse_synonyms(
        {"translations": {"Spiel": ["game"], "Spieler": ["player"], "Leere": ["void"], "leer": ["empty"]}}
    )
    assert alternatives(synonyms, "Wer ist der aktive Spieler?", "de") == {"player"}
    assert alternatives(synonyms, "Wer beginnt das Spiel?", "de") == {"game"}
    assert alternatives(synonyms, "Karten in der Leere", "de") == {"void"}
    assert alternatives(synonyms, "Deck ist leer", "de") == {"empty"}


def test_german_word_that_is_its_own_translation_is_kept():
    """``Pool`` translates to pool, so ``Siegpunkte-Pool`` also searches the English word pool."""
    synonyms = parse_synonyms({"translations": {"Pool": ["pool"], "Siegpunkt": ["victory token"]}})
    assert alternatives(synonyms, "Siegpunkte-Pool", "de") == {"pool", "victory token"}
    assert alternatives(parse_synonyms({"groups": [["pool", "Pool"]]}), "pool") == set()


@pytest.mark.parametrize(
    "german, english",
    [
        ("Spieler", "player"),
        ("Zug", "turn"),
        ("Ablagestapel", "discard pile"),
        ("Zuschauer", "spectators"),
        ("Befehlsmarken", "command token"),
        ("Spielstein", "token"),
        ("verlassen", "leave"),
        ("Reihenfolge", "order"),
    ],
)
def test_packaged_translations_cover_the_game_vocabulary(german, english):
    """Everyday German game words reach the English terms of the Comprehensive Rules."""
    assert english in alternatives(load_synonyms(SYNONYMS_FILE), german, "de")


@pytest.mark.parametrize(
    "german, english",
    [
        ("Diese Regel gilt für alle Karten, unabhängig vom Typ.", "regardless"),
        ("Sie kehren stattdessen ins Extradock zurück", "instead"),
        ("Dieses Deck enthält spezielle Karten mit besonderen Regeln", "contain"),
        ("ein sogenanntes Extradock", "so-called"),
    ],
)
def test_german_rulebook_sentences_read_in_the_english_rulebooks_words(german, english):
    """A German rulebook sentence read in English says what its English counterpart says ("Building Your Deck")."""
    assert english in load_synonyms(SYNONYMS_FILE).gloss(german).split(" ")


@pytest.mark.parametrize(
    "german, english",
    [
        ("Hast du dich für einen Ort als Startkarte entschieden, bleibt dieser Platz leer", "remain"),
        ("weil sein Deck leer ist, verliert dieser das Spiel", "lose"),
        ("Sobald der Schaden den Verteidigungswert übersteigt, wird die Karte abgelegt", "exceeds"),
        ("Bei einem Gleichstand entscheidet ein Münzwurf", "choose"),
        ("Wann fängt die Runde an", "beginning"),
    ],
)
def test_german_verb_forms_are_glossed_as_their_infinitives(german, english):
    """A German rulebook sentence's verb form (bleibt, verliert, fängt … an) reads as its infinitive's translation,
    as the query reads a question's verbs, not as the untranslated word."""
    assert english in load_synonyms(SYNONYMS_FILE).gloss(german).split(" ")
