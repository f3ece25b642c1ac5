"""Location questions: "where on the card is X", "wo ist X auf der Karte" find the rule that places the part."""

from __future__ import annotations

import pytest

from tests.search.shaped import subjects_as


@pytest.mark.parametrize(
    "question, parts",
    [
        ("where is the faction symbol on the card?", ("faction symbol",)),
        ("Where on the card do I find the type line", ("type line",)),
        ("where are the sub-types printed on an altered card", ("sub-types",)),
        ("where are the statistics on a character card and what colour are they", ("statistics",)),
        ("Wo ist auf der Karte das Siegpunktfeld?", ("Siegpunktfeld",)),
        ("wo steht die Typzeile auf der Karte", ("Typzeile",)),
        ("wo finde ich die Gegenstandsplätze", ("Gegenstandsplätze",)),
    ],
)
def test_a_question_about_where_a_part_of_a_card_is_is_recognised(question, parts):
    """The part asked about, without its article and the card it is on, in English and German."""
    assert subjects_as("location", question) == parts


#: Look-alikes: where a card or token goes or lies asks for a zone; other questions name no part of a card.
NOT_ABOUT_A_PART = (
    "where do my cards go when I channel them",
    "where does a victory token go when it is removed",
    "Wo liegt mein Hauptcharakter?",
    "wo kommen meine Ressourcenmarken hin",
    "when does the night phase end",
    "what is the faction symbol",
)


def test_where_something_goes_is_not_a_location_question():
    """Asking where a card or token goes (a zone) or anything else names no part of a card."""
    assert {q: subjects_as("location", q) for q in NOT_ABOUT_A_PART} == dict.fromkeys(NOT_ABOUT_A_PART, ())


@pytest.mark.parametrize(
    "question, first",
    [
        ("where is the victory token field on a location card", "athernum:1.5.2"),
        ("where are the item slots of a location", "athernum:2.4.5a"),
        ("Wo steht die Typzeile auf der Karte?", "athernum:1.4.2"),
        ("in altered, where on a character card are its statistics", "altered:2.2.9.d"),
    ],
)
def test_the_rule_that_places_a_part_of_a_card_comes_first(engine, question, first):
    """The rule that says where the part is (located at the bottom edge, on the left) heads the results, above
    the rules that merely name the part."""
    hits = engine.search(question, limit=3).hits
    assert (hits[0].id, hits[0].via) == (first, "location")


def test_a_part_named_only_in_another_clause_is_not_placed(engine):
    """A rule places what the clause that says the place names: "when a permanent with a Victory Token Field
    enters, the pool increases by the number printed on …" (10.1.2) does not place the field."""
    hits = engine.search("where is the victory token field printed", limit=10).hits
    assert "athernum:10.1.2" not in [h.id for h in hits if h.via == "location"]


def test_no_rule_is_lifted_where_no_rule_says_the_place(engine):
    """Atnia's parts of a card name the energy cost and speed but say nowhere where they are: nothing is lifted
    as their place."""
    hits = engine.search("where are the energy cost and the speed on an atnia card", limit=5).hits
    assert "location" not in [h.via for h in hits]
