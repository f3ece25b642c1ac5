"""A judge can name a rule in every form they type."""

from __future__ import annotations

import pytest

from kb.core.ids import cr_parent_number, normalise_lookup, repair_scanned_number


@pytest.mark.parametrize(
    "typed,expected",
    [
        ("4.2.2a", "athernum:4.2.2a"),
        ("rule 4.2.2a", "athernum:4.2.2a"),
        ("Rule 4.2.2a.", "athernum:4.2.2a"),
        ("athernum:4.2.2a", "athernum:4.2.2a"),
        ("ATHERNUM:4.2.2A", "athernum:4.2.2a"),
        ("4.2.2a.", "athernum:4.2.2a"),
        ("  4.2.2a  ", "athernum:4.2.2a"),
        ("3.0.2c.l", "athernum:3.0.2c.I"),
        ("3.0.2c.i", "athernum:3.0.2c.I"),
        ("4.3.5c.Ilb", "athernum:4.3.5c.IIb"),
        ("4.3.5C.IIB", "athernum:4.3.5c.IIb"),
        ("3.0.7e.II", "athernum:3.0.7e.II"),
        ("3.0.7E.iii", "athernum:3.0.7e.III"),
        ("12.2.Ab", "athernum:12.2.Ab"),
        ("12.2.ab", "athernum:12.2.Ab"),
        ("12.2.A", "athernum:12.2.A"),
        ("4.2.0", "athernum:4.2.0"),
        ("4", "athernum:4"),
        ("altered:1.4.6.b", "altered:1.4.6.b"),
        ("Altered:1.4.6.B.", "altered:1.4.6.b"),
        ("altered:2.2.2.l", "altered:2.2.2.l"),
        ("rule altered:1.4.5.a", "altered:1.4.5.a"),
        ("permanent", "athernum:term/permanent"),
        ("OFV", "athernum:term/offensive-value"),
        ("athernum:rulebook-en/combat-phase", "athernum:rulebook-en/combat-phase"),
        ("atnia:rules/round-phases/p1.2", "atnia:rules/round-phases/p1.2"),
    ],
)
def test_every_accepted_form_resolves(project_kb, typed, expected):
    """Lookup accepts the scan's forms, a trailing period, a 'rule' prefix, a game prefix and any case."""
    assert project_kb.lookup.resolve(typed) == expected


@pytest.mark.parametrize("typed", ["", "   ", "rule", "9.9.9z", "athernum:", "nosuchgame:1.1.1", "4.2.2aa"])
def test_unknown_forms_resolve_to_nothing(project_kb, typed):
    """What names no rule resolves to None instead of raising."""
    assert project_kb.lookup.resolve(typed) is None


def test_suggestions_for_a_near_miss(project_kb):
    """A number that is not a rule gets suggestions of rules that start like it."""
    hints = project_kb.lookup.suggest("4.2.2z", project_kb.graph)
    assert any(h.startswith("athernum:4.2.2") for h in hints)


def test_suggestions_for_a_typo_that_starts_like_no_rule(project_kb):
    """A mistyped number that no rule starts like (9.3.77) gets the rules spelt closest to it, of its game."""
    hints = project_kb.lookup.suggest("athernum:9.3.77", project_kb.graph, limit=3)
    assert hints and hints[0].startswith("athernum:9.3.7 ")
    assert all(h.startswith("athernum:") for h in hints)


@pytest.mark.parametrize(
    "number,parent",
    [
        ("4.2.2a", "4.2.2"),
        ("4.2.2", "4.2.0"),
        ("4.2.0", "4"),
        ("3.0.7e.II", "3.0.7e"),
        ("4.3.5c.IIb", "4.3.5c.II"),
        ("12.2.Ab", "12.2.A"),
        ("12.2.A", "12.2.0"),
    ],
)
def test_cr_parent_numbers(number, parent):
    """A CR number's parent follows from the number alone."""
    assert cr_parent_number(number) == parent


def test_repair_leaves_sound_numbers_alone():
    """Only numerals with a misread l are changed."""
    assert repair_scanned_number("4.3.5c.IIb") == "4.3.5c.IIb"
    assert repair_scanned_number("1.1.1") == "1.1.1"
    assert normalise_lookup("rule 1.1.1.").key == "athernum:1.1.1"
