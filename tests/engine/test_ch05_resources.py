"""Chapter 5: resources — resource tokens, the pool, factions, paying, Solvency."""

from __future__ import annotations

import pytest

from engine.athernum import ExhaustResource, NextPhase, PlayCard, UseCommand, load_library
from engine.athernum.errors import CannotPay, InvalidTarget, LimitReached
from engine.athernum.state import Phase, Zone
from tests.engine.engine_helpers import TEST_CARDS, advance, pass_all, setup

CARDS = TEST_CARDS + [
    {"name": "Banker", "type": "character", "cost": 0, "ofv": 0, "dfv": 2,
     "abilities": [{"type": "activated", "name": "Tithe", "cost": {"resources": {"tide": 1}}, "effect": {"kind": "draw"}}]},
]


def _day(s, turn=3):
    s.at(turn=turn, active="p1", phase="day")
    return s.build()


def test_exhausting_a_resource_token_adds_one_resource_of_its_faction(lib):
    """Exhausting a resource token adds one resource of its faction to its controller's pool (5.0.1c, 5.0.3b)."""
    s = setup(lib)
    (tok,) = s.resources("p1", "tide", 1)
    g = _day(s)
    g.apply(ExhaustResource("p1", tok))
    assert g.players["p1"].pool == {"tide": 1}
    assert g.objects[tok].exhausted and g.objects[tok].counters["exhaustion"] == 1


def test_exhausting_a_resource_uses_no_stack(lib):
    """Exhausting a resource token is not an effect and uses no stack (5.0.1e)."""
    s = setup(lib)
    (tok,) = s.resources("p1", "ember", 1)
    g = _day(s)
    g.apply(ExhaustResource("p1", tok))
    assert g.stack is None and g.priority == "p1"


def test_an_exhausted_resource_token_cannot_be_exhausted_again(lib):
    """A resource token that is already exhausted cannot generate another resource (6.2.9a)."""
    s = setup(lib)
    (tok,) = s.resources("p1", "ember", 1, exhausted=True)
    g = _day(s)
    with pytest.raises(InvalidTarget) as err:
        g.apply(ExhaustResource("p1", tok))
    assert err.value.rules == ("6.2.9a",)


def test_only_your_own_resource_tokens(lib):
    """A player exhausts resource tokens under their own control (5.0.1d)."""
    s = setup(lib)
    (tok,) = s.resources("p2", "tide", 1)
    g = _day(s)
    with pytest.raises(Exception) as err:
        g.apply(ExhaustResource("p1", tok))
    assert "5.0.1d" in err.value.rules


def test_pool_empties_at_the_end_of_the_phase(lib):
    """Unspent resources are lost when the phase ends (5.0.4a)."""
    s = setup(lib)
    (tok,) = s.resources("p1", "ember", 1)
    g = _day(s)
    g.apply(ExhaustResource("p1", tok))
    g.apply(NextPhase("p1"))
    pass_all(g)
    assert g.players["p1"].pool == {}
    assert any(e.rule == "5.0.4a" and e.player == "p1" for e in g.log)


def test_specific_faction_costs_must_be_matched(lib):
    """A cost that names a faction must be paid with that faction (5.0.3e)."""
    lib2 = load_library(CARDS)
    s = setup(lib2)
    banker = s.character("p1", "Banker")
    s.resource_pool("p1", {"ember": 1})
    g = _day(s)
    from engine.athernum import ActivateAbility

    with pytest.raises(CannotPay) as err:
        g.apply(ActivateAbility("p1", banker, 0, (), ("ember",)))
    assert err.value.rules == ("5.0.3e",)


def test_payment_must_be_exact(lib):
    """Costs are paid in whole units, exactly (5.0.3f)."""
    s = setup(lib)
    s.resource_pool("p1", {"ember": 3})
    (soldier,) = s.hand("p1", "Soldier")
    g = _day(s)
    with pytest.raises(CannotPay) as err:
        g.apply(PlayCard("p1", soldier, ("ember", "ember")))
    assert "5.0.3f" in err.value.rules
    g.apply(PlayCard("p1", soldier, ("ember",)))
    assert g.players["p1"].pool == {"ember": 2}


def test_solvency_creates_a_resource_token_once_per_turn(lib):
    """Solvency creates a face-up resource token of your faction, once per turn (5.0.2a, 5.0.2c, 9.2.3)."""
    s = setup(lib)
    g = _day(s)
    g.apply(UseCommand("p1", "Solvency"))
    assert g.stack and g.stack[0].label == "Solvency"
    pass_all(g)
    (tok,) = g.players["p1"].resources
    o = g.objects[tok]
    assert o.is_token and not o.face_down and o.definition.faction == "ember" and o.zone is Zone.RESOURCES
    with pytest.raises(LimitReached) as err:
        g.apply(UseCommand("p1", "Solvency"))
    assert "9.2.3" in err.value.rules


def test_resource_token_recovers_in_its_controllers_morning(lib):
    """An exhausted resource token loses its exhaustion counter and turns face-up in the next own morning (6.2.6, 6.2.7)."""
    s = setup(lib)
    (tok,) = s.resources("p1", "ember", 1)
    g = _day(s)
    g.apply(ExhaustResource("p1", tok))
    advance(g, lambda g: g.active == "p2" and g.phase is Phase.DAY)
    assert g.objects[tok].exhausted
    advance(g, lambda g: g.active == "p1" and g.phase is Phase.DAY)
    assert not g.objects[tok].exhausted and not g.objects[tok].face_down
