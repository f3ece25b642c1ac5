"""Text analysis: the stemmers and stopwords a judge's words meet the rule text with."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kb.search.analysis import analyse


def test_english_inflections_share_a_stem():
    """``activated``, ``activate`` and ``activating`` meet (porter2; the old porter leaves ``activat``)."""
    assert len({analyse(w)[0] for w in ("activated", "activate", "activating")}) == 1


def test_face_down_keeps_its_direction():
    """``down`` and ``up`` are not stopwords: face-down and face-up stay distinguishable."""
    assert analyse("face-down") == ("face", "down") and analyse("face-up") == ("face", "up")


def test_contractions_with_or_without_apostrophe_are_function_words():
    """``doesn't``, ``doesnt``, ``dont`` and ``whats`` count as little as ``does not`` and ``what is``; ``won``
    (the past of win) stays searchable."""
    for typed in ("doesn't exist", "doesnt exist", "dont exist", "whats exist", "isnt exist", "it's exist"):
        assert analyse(typed) == ("exist",), typed
    assert analyse("who won") == ("won",)


def test_rule_numbers_are_single_tokens():
    """A rule number in text is one token, not split at its dots."""
    assert "4.2.2a" in analyse("see rule 4.2.2a")


def test_german_plural_and_umlaut_forms_meet():
    """``Karten``/``Karte`` and ``Fähigkeiten``/``Fähigkeit`` share stems (snowball German)."""
    assert analyse("Karten", "de") == analyse("Karte", "de")
    assert analyse("Fähigkeiten", "de") == analyse("Fähigkeit", "de")


def test_german_separable_participles_meet_their_infinitives():
    """``abgelegt``/``ablegen``, ``aufgedeckt``/``aufdecken``, ``angesehen``/``ansehen`` share stems."""
    for participle, infinitive in (
        ("abgelegt", "ablegen"),
        ("aufgedeckt", "aufdecken"),
        ("angesehen", "ansehen"),
    ):
        assert analyse(participle, "de") == analyse(infinitive, "de")


def test_german_separable_participles_before_a_noun_meet_their_infinitives():
    """A participle inflected before a noun (``abgelegte Karte``, ``den angelegten Gegenstand``) shares the stem of
    its infinitive, as the participle does."""
    for participle, infinitive in (
        ("abgelegte", "ablegen"),
        ("angelegten", "anlegen"),
        ("aufgedeckter", "aufdecken"),
        ("angesehenen", "ansehen"),
    ):
        assert analyse(participle, "de") == analyse(infinitive, "de")


def test_german_separable_infinitives_with_zu_meet_their_infinitives():
    """``abzulegen``/``ablegen``, ``aufzudecken``/``aufdecken``, ``hinzuzufügen``/``hinzufügen`` share stems; a verb
    whose own prefix ends in ``zu`` (``hinzufügen``) or a noun (``Abzug``) is not read as one."""
    for with_zu, infinitive in (
        ("abzulegen", "ablegen"),
        ("aufzudecken", "aufdecken"),
        ("anzugreifen", "angreifen"),
        ("abzuwickeln", "abwickeln"),
        ("zurückzugeben", "zurückgeben"),
        ("hinzuzufügen", "hinzufügen"),
    ):
        assert analyse(with_zu, "de") == analyse(infinitive, "de")
    assert analyse("hinzufügen", "de") != analyse("hinfügen", "de")
    assert analyse("Abzug", "de") == ("abzug",)


def test_umlauts_typed_as_two_letters_meet_real_umlauts():
    """``erschoepft``/``Faehigkeiten`` typed on a keyboard without umlauts find ``erschöpft``/``Fähigkeiten``."""
    assert analyse("erschoepft", "de") == analyse("erschöpft", "de")
    assert analyse("Faehigkeiten", "de") == analyse("Fähigkeiten", "de")
    assert analyse("koennen", "de") == ()  # folded before stopwords: können is one


def test_umlaut_folding_leaves_real_vowel_pairs_alone():
    """``neue``, ``Quelle``, ``Feuer`` and ``Bauer`` keep their ``ue``: only a typed umlaut is folded."""
    from kb.search.analysis import fold_german

    assert [fold_german(w) for w in ("neue", "quelle", "feuer", "bauer")] == [
        "neue",
        "quelle",
        "feuer",
        "bauer",
    ]
    assert fold_german("zurueck") == "zurück"


def test_german_question_words_and_modal_verbs_do_not_count():
    """``Wie viele … darf ich`` adds nothing to ``Karten ziehen``: question words and modal verbs are stopwords."""
    assert analyse("Wie viele Karten darf ich ziehen?", "de") == analyse("Karten ziehen", "de")
    assert analyse("wieviele Karten muss man ziehen", "de") == analyse("Karten ziehen", "de")


def test_participles_of_el_verbs_and_et_endings_meet_their_infinitives():
    """``abgearbeitet``/``abarbeiten``, ``abgewickelt``/``abwickeln`` and ``abgespielt``/``abspielen`` share stems."""
    assert analyse("abgearbeitet", "de") == analyse("abarbeiten", "de")
    assert analyse("abgewickelt", "de") == analyse("abwickeln", "de")
    assert analyse("abgespielt", "de") == analyse("abspielen", "de")


def test_finite_verb_forms_lead_to_their_infinitives():
    """``gehört``, ``beginnt``, ``wechselt``, ``gespielt`` are also read as ``gehören``, ``beginnen``, ``wechseln``,
    ``spielen``."""
    from kb.search.analysis import infinitives

    assert "gehören" in infinitives("gehört")
    assert "beginnen" in infinitives("beginnt")
    assert "wechseln" in infinitives("wechselt")
    assert "spielen" in infinitives("gespielt")
    assert infinitives("Karte") == ()


def test_strong_verbs_present_forms_lead_to_their_infinitives():
    """``stirbt``, ``sieht``, ``gilt``, ``trifft`` are also read as ``sterben``, ``sehen``, ``gelten``, ``treffen``; a verb
    whose ``ie`` or ``ei`` is its own (``liegt``, ``bleibt``) is not read as another verb (``legen``)."""
    from kb.search.analysis import infinitives

    for form, infinitive in (
        ("stirbt", "sterben"),
        ("sieht", "sehen"),
        ("gilt", "gelten"),
        ("trifft", "treffen"),
    ):
        assert infinitive in infinitives(form)
    assert infinitives("liegt") == ("liegen",)
    assert infinitives("bleibt") == ("bleiben",)


def test_participles_before_a_noun_lead_to_their_infinitives():
    """``registrierte Karten``, ``die gewählten Ziele`` are also read as ``registrieren``, ``wählen``; a noun ending
    like one (``Karte``, ``Punkte``) is not read as a verb."""
    from kb.search.analysis import infinitives

    assert "registrieren" in infinitives("registrierte")
    assert "wählen" in infinitives("gewählten")
    assert "aktivieren" in infinitives("aktivierten")
    assert infinitives("Punkte") == infinitives("Karten") == ()


def test_forms_keep_the_typed_word_beside_its_stem():
    """``Spieler`` and ``Spiel`` share a stem, but the typed forms that tell them apart are kept beside it."""
    from kb.search.analysis import analyse_forms

    assert analyse_forms("Spieler Spiel", "de") == (("spiel", "spieler"), ("spiel", "spiel"))


FREQUENCY = {
    "siegpunkt": 20,
    "mark": 5,
    "angriff": 3,
    "ziel": 12,
    "regel": 4,
    "spiel": 50,
    "zug": 20,
    "end": 9,
    "spielzug": 1,
}


def known(stem: str) -> int:
    return FREQUENCY.get(stem, 0)


@pytest.mark.parametrize(
    "compound, parts",
    [
        ("Siegpunktmarker", ("siegpunkt", "mark")),
        ("Angriffsziel", ("angriff", "ziel")),  # the linking s
        ("Spielzugende", ("spiel", "zug", "end")),  # three frequent parts beat a rare two-part cut
    ],
)
def test_compound_is_split_into_the_words_it_is_made_of(compound, parts):
    """A compound the index lacks is cut into known words, the linking ``s`` dropped, the most frequent cut chosen."""
    from kb.search.analysis import split_compound

    split = split_compound(compound, known)
    assert split is not None and tuple(analyse(p, "de")[0] for p in split) == parts


def test_compound_with_an_unknown_part_is_not_split():
    """``Regelverstoß`` stays whole when ``Verstoß`` is no known word: a split is only made of known words."""
    from kb.search.analysis import split_compound

    assert split_compound("Regelverstoß", known) is None
    assert split_compound("Ziel", known) is None


def test_word_spans_for_snippets_are_the_analyzers_terms():
    """The words a snippet marks are exactly the analyzer's terms, at the right places in the text."""
    from kb.search.analysis import token_spans
    from kb.search.analyzers import english_analyzer, german_analyzer

    text = "Erschoepfte Karten werden abgelegt; the attacker's OFV (rule 9.3.9a) is dealt face-down."
    for lang, analyzer in (("en", english_analyzer()), ("de", german_analyzer())):
        expected = [(t.text, t.startchar, t.endchar) for t in analyzer(text, chars=True, mode="index")]
        assert token_spans(text, lang) == expected


def test_plain_analysis_gives_the_index_analyzers_terms(graph):
    """A query's words meet the rule texts as the index stored them: every text of the knowledge base gives the
    same terms (and the same typed forms) through the plain analysis as through the index's Whoosh analyzers."""
    from kb.search.analysis import analyse_forms
    from kb.search.analyzers import english_analyzer, german_analyzer

    texts = sorted({data["text"] for _, data in graph.nodes(data=True) if data.get("text")})
    for lang, analyzer in (("en", english_analyzer()), ("de", german_analyzer())):
        for text in texts:
            terms = tuple(t.text for t in analyzer(text))
            assert analyse(text, lang) == terms, text
            assert tuple(stem for stem, _ in analyse_forms(text, lang)) == terms, text


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet="abcdefghijklmnopqrstuvwxyzäöüß", max_size=18))
def test_german_stems_are_those_of_the_snowball_port_search_js_follows(word):
    """A German word's stem is the stem of Whoosh's Snowball port (NLTK's, which the site's search.js follows), so
    that the CLI and the site find the same German words."""
    from whoosh.lang.snowball.german import GermanStemmer

    from kb.search.analysis import GERMAN_STEMMER

    assert GERMAN_STEMMER.stemWord(word) == GermanStemmer().stem(word)


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet="abcdefghijklmnopqrstuvwxyz'", max_size=18))
def test_english_stems_are_whooshs_porter2(word):
    """An English word's stem is the stem of Whoosh's porter2 (which the site's search.js follows), so that the
    CLI and the site find the same English words."""
    from whoosh.lang.porter2 import stem

    from kb.search.analysis import stem_en

    assert stem_en(word) == stem(word)


def test_a_negation_bears_on_the_words_right_after_it():
    """ "has no Hero", "without a defensive value", "can't move" and "dont have a hero" name what they negate: the
    few words after the negating word (stopwords skipped), not the rest of the sentence."""
    from kb.search.analysis import NEGATION_SCOPE, negated_stems, stem_en

    assert stem_en("hero") in negated_stems("If a player has no Hero, they may present a card")
    assert stem_en("hero") in negated_stems("I dont have a hero, what do I present")
    assert stem_en("defensive") in negated_stems("A character without a defensive value")
    assert stem_en("move") in negated_stems("Expeditions can't move forward this Day")
    far = "no " + " ".join(["cost"] * NEGATION_SCOPE) + " poison"
    assert stem_en("poison") not in negated_stems(far)
    assert negated_stems("Each player presents their deck and their Hero, face-down") == frozenset()


def test_verb_readings_keep_the_known_infinitives_and_a_closing_particle():
    """A sentence's verb forms read as the infinitives the caller knows, a separable verb's closing particle with
    its verb (``fängt … an`` → ``anfangen``), so the query and the gloss read German verbs alike."""
    from kb.search.analysis import verb_readings

    stems = {analyse(verb, "de")[0] for verb in ("anfangen", "bleiben", "weggehen")}

    def known(form: str) -> bool:
        return analyse(form, "de")[0] in stems

    assert verb_readings(["Wann", "fängt", "die", "Runde", "an"], known) == {"fängt": ("anfängen",)}
    assert verb_readings(["die", "Karte", "bleibt", "liegen"], known) == {"bleibt": ("bleiben",)}
    assert verb_readings(["wann", "gehen", "sie", "weg"], known, {"weggehen"}) == {"gehen": ("weggehen",)}
    assert verb_readings(["die", "Zeit"], lambda form: True) == {"Zeit": ("zeien",)}
