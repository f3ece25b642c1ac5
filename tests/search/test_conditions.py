"""The conditions a question asks about, searched in the words the rules use: how many, impossible, still."""

from __future__ import annotations

from kb.search.conditions import asked

#: Situations the rules' texts govern, asked in a judge's words (altered 1.4.1.c, athernum 6.1.8a).
NOTHING_TO_SABOTAGE = (
    "the effect wants me to sabotage but my opponent has nothing to sabotage, is the rest of it lost"
)
STILL_FACE_DOWN = "a face-down card moves to my hand, is it still face-down"


def names(question: str) -> list[str]:
    return [condition.name for condition in asked(question)]


def test_a_question_whose_situation_cannot_be_met_asks_about_the_impossible():
    """ "Nothing to sabotage", "I don't have one", "isn't a valid one", "kein gültiges Ziel" ask what happens when an
    action cannot be done."""
    for question in (
        NOTHING_TO_SABOTAGE,
        "the cost says sacrifice a character but I don't have one",
        "what if the card I chose isn't a valid main character",
        "Die Fähigkeit hat kein gültiges Ziel mehr",
    ):
        assert "impossible" in names(question), question


def test_a_question_asking_whether_something_still_holds_asks_about_what_continues():
    """ "Still", "anyway" and "trotzdem" ask whether a thing continues after a change; German "noch" alone does not."""
    assert names(STILL_FACE_DOWN) == ["still"]
    assert names("wird der Effekt trotzdem abgehandelt") == ["still"]
    assert names("habe ich noch Befehlsmarken") == []


def test_a_plain_question_asks_about_no_condition():
    """A question naming no count, no impossibility and nothing that continues searches only its own words."""
    assert names("can I attack with a face-down character") == []
    assert names("how many cards do I draw") == ["quantity"]


def test_the_rule_on_impossible_effects_answers_a_question_with_nothing_to_act_on(engine):
    """ "Nothing to sabotage, is the rest lost" is answered by "An impossible effect cannot be performed … the rest
    of the effect resolves normally", above the rules that merely name effects' steps."""
    assert engine.search(NOTHING_TO_SABOTAGE, limit=5).hits[0].id == "altered:1.4.1.c"


def test_the_rule_on_what_no_longer_holds_answers_a_still_question(engine):
    """ "Is it still face-down" after a zone change finds "it is no longer considered face-down" among the first
    three."""
    assert "athernum:6.1.8a" in [h.id for h in engine.search(STILL_FACE_DOWN, limit=3).hits]
