"""Timing questions: "when does the X phase end", "card says 'at X', when is that" find the rule that says so."""

from __future__ import annotations

import pytest

from kb.search.timing import ENDS, REFERS, STARTS
from tests.search.shaped import read_as


@pytest.mark.parametrize(
    "question, asked",
    [
        ("when does the night phase end?", (("night phase",), ENDS)),
        ("When exactly does the morning phase begin", (("morning phase",), STARTS)),
        ("card reads 'at the evening phase', when is that", (("evening phase",), REFERS)),
        ("text says at noon or at dusk, when does it happen", (("noon", "at dusk"), REFERS)),
        ("Wann endet die Nachtphase?", (("Nachtphase",), ENDS)),
        ("wann genau beginnt der Kampf", (("Kampf",), STARTS)),
        ("Wann ist die Kampfphase vorbei?", (("Kampfphase",), ENDS)),
        ("Auf der Karte steht „Am Morgen“, wann ist das?", (("Morgen",), REFERS)),
    ],
)
def test_a_question_about_when_a_phase_begins_or_ends_is_recognised(question, asked):
    """The phase asked about (without its article) and the boundary asked for, in English and German."""
    read = read_as("timing", question)
    assert read is not None and (read.subjects, read.answer.says) == asked


@pytest.mark.parametrize(
    "question",
    [
        "when does a triggered ability go on the stack",
        "an until end of turn effect, when does it stop applying",
        "what happens at the end of the turn",
        "Wann darf ich angreifen?",
    ],
)
def test_other_when_questions_are_not_timing_questions(question):
    """Asking when something else happens, or what happens at a boundary, names no phase's beginning or end."""
    assert read_as("timing", question) is None


@pytest.mark.parametrize(
    "question, first",
    [
        ("when does the night phase end", "athernum:9.5.0/p1"),
        ("card says 'at the evening phase', when does it resolve", "athernum:9.4.1a"),
        ("Wann endet die Nachtphase?", "athernum:9.5.0/p1"),
        ("Auf der Karte steht „Am Abend“, wann passiert das?", "athernum:9.4.1a"),
        ("when does the draw phase end in atnia", "atnia:rules/round-phases/p5.4"),
        ("when does the combat phase end in atnia", "atnia:rules/combat-phase-outline/p4"),
        ("card says 'at noon', when does that happen in altered", "altered:1.3.2.c"),
    ],
)
def test_the_rule_that_ends_or_starts_a_phase_comes_first(engine, question, first):
    """In every game the rule that says when the phase ends (or when effects "at" it happen) heads the results,
    above the rules that merely name the phase."""
    hits = engine.search(question, limit=3).hits
    assert (hits[0].id, hits[0].via) == (first, "timing")


def test_a_phase_named_only_after_a_rule_says_until_is_not_its_scope(engine):
    """A rule in no section is about the phase it names before it says the boundary: "players alternate turns until
    both have passed; … no more turns this day" does not say when the day ends."""
    hits = engine.search("when does the day end in altered", limit=5).hits
    assert "timing" not in [h.via for h in hits]
