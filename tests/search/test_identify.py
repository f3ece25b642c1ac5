"""Identification questions: "how do I tell whether X is Y", "woran erkenne ich X" find the rule that says how X is
recognised."""

from __future__ import annotations

import pytest

from tests.search.shaped import subjects_as


@pytest.mark.parametrize(
    "question, subjects",
    [
        ("how is an exhausted permanent marked?", ("exhausted permanent",)),
        (
            "how can I tell whether a face-down card is an item or a location",
            ("face-down card", "item", "location"),
        ),
        ("How do you know which faction a card belongs to", ("faction a card",)),
        ("how to tell a triggered ability from an activated one", ("triggered ability",)),
        ("Woran erkenne ich auf der Karte eine Befehlsfähigkeit?", ("Befehlsfähigkeit",)),
        ("wie erkennt man, ob eine Karte erschöpft ist", ("Karte erschöpft",)),
        ("Wie ist eine Ausrüstungsfähigkeit gekennzeichnet?", ("Ausrüstungsfähigkeit",)),
    ],
)
def test_a_question_about_how_to_recognise_a_thing_is_recognised(question, subjects):
    """The thing asked about (and what it is asked to be), without its article or the card it is on, in English and
    German."""
    assert subjects_as("identify", question) == subjects


@pytest.mark.parametrize(
    "question",
    [
        "how do I play a location",
        "how many cards do I draw",
        "Wie spiele ich einen Ort aus?",
        "what is a symbol",
    ],
)
def test_other_how_questions_are_not_identification_questions(question):
    """Asking how to do something, or what something is, asks nothing about recognising it."""
    assert subjects_as("identify", question) == ()


@pytest.mark.parametrize(
    "question, first",
    [
        ("how is an exhausted permanent marked", "athernum:6.2.2"),
        ("how do I tell if an ability is an equipment ability", "athernum:4.3.5g.I"),
        ("wie erkenne ich eine Befehlsfähigkeit", "athernum:4.3.5e.I"),
        ("how do I know the sub-types of a face-up tumult region in altered", "altered:2.2.2.l"),
        ("how do you tell what speed a card has in atnia", "atnia:rules/speed/p1"),
    ],
)
def test_the_rule_that_says_how_a_thing_is_recognised_comes_first(engine, question, first):
    """In every game the rule that says how the thing is recognised (it is marked with, begins with, is indicated
    by) heads the results, above the rules that merely name it."""
    hits = engine.search(question, limit=3).hits
    assert (hits[0].id, hits[0].via) == (first, "identify")


def test_a_rule_that_identifies_something_else_is_not_lifted(engine):
    """ "An ability identified to trigger" (4.2.3d.I) says when an ability triggers, not how one is recognised: the
    rule that says what a triggered ability starts with answers."""
    hits = engine.search("wie erkenne ich eine ausgelöste Fähigkeit", limit=3).hits
    assert (hits[0].id, hits[0].via) == ("athernum:4.3.5b", "identify")


def test_the_german_rulebook_says_how_a_thing_is_recognised_in_german(engine):
    """Kept to the German rulebook, the passage that says in German how the thing is recognised ("Objective-Fähigkeiten
    … beginnen stets mit dem Wort „Objective“") heads the results: its German words name the thing asked about."""
    hits = engine.search("Woran erkenne ich eine Objective-Fähigkeit?", document="rulebook-de", limit=3).hits
    assert (hits[0].id, hits[0].via) == ("athernum:rulebook-de/karteneffekte-und-aktivierung/p5", "identify")
