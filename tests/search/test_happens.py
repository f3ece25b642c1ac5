"""Questions about when a thing goes: "when are X removed", "does X go away at …", "wann werden X entfernt" find the
rule that says both that it goes and when."""

from __future__ import annotations

import pytest

from tests.search.shaped import subjects_as


@pytest.mark.parametrize(
    "question, subjects",
    [
        ("when are exhaustion counters removed?", ("exhaustion counters",)),
        ("when do damage counters on my character get taken off", ("damage counters",)),
        ("does the resource pool get emptied at the end of the phase", ("resource pool",)),
        ("Wann werden Erschöpfungsmarken entfernt?", ("Erschöpfungsmarken",)),
        ("wann verfallen die Ressourcen im Pool", ("Ressourcen",)),
        ("Gehen Schadensmarken am Ende des Zuges weg?", ("Schadensmarken",)),
    ],
)
def test_a_question_about_when_a_thing_goes_is_recognised(question, subjects):
    """The thing asked about, without its article or what it is on, in English and German."""
    assert subjects_as("happens", question) == subjects


@pytest.mark.parametrize(
    "question",
    [
        "is a permanent discarded when its damage counters equal its DFV",
        "when does the night phase end",
        "where does a victory token go when it is removed",
    ],
)
def test_other_questions_about_removal_are_not_about_when(question):
    """A condition ("discarded when …"), a phase's end or where a thing goes asks nothing about when a thing goes."""
    assert subjects_as("happens", question) == ()


@pytest.mark.parametrize(
    "question, first",
    [
        ("when are exhaustion counters removed", "athernum:10.4.5"),
        ("wann verfallen die Ressourcen im Pool", "athernum:5.0.4a"),
        ("when are attachments discarded", "athernum:2.3.2b"),
        ("when are channeled cards lost in atnia", "atnia:rules/channel-system/p3"),
    ],
)
def test_the_rule_that_says_when_a_thing_goes_comes_first(engine, question, first):
    """The rule that says the thing goes and when (during the Morning Phase, at the end of each phase, until)
    heads the results, above the rules that merely name it."""
    hits = engine.search(question, limit=3).hits
    assert (hits[0].id, hits[0].via) == (first, "happens")


def test_a_rule_that_says_something_else_goes_is_not_lifted(engine):
    """ "A character with too many damage counters may be discarded" says when the character goes, not the
    counters; "damage counters may be removed by effects" says no time: neither is lifted for the counters."""
    hits = engine.search("when do damage counters get removed", limit=5).hits
    assert "happens" not in [h.via for h in hits]
