"""Chapter 5: resources — resource tokens, the pool, factions, paying, Solvency."""

from __future__ import annotations

import pytest

from engine.athernum import ExhaustResource, NextPhase, PlayCard, UseCommand, load_library
from engine.athernum.errors import CannotPay, InvalidTarget, LimitReached, NotInZone
from engine.athernum.state import Phase, Zone
from tests.engine.engine_helpers import TEST_CARDS, advance, day, pass_all, setup

CARDS = TEST_CARDS + [
    {
        "name": "Banker",
        "type": "character",
        "cost": 0,
        "ofv": 0,
        "dfv": 2,
        "abilities": [
            {
                "type": "activated",
                "name": "Tithe",
                "cost": {"resources": {"tide": 1}},
                "effect": {"kind": "draw"},
            }
        ],
    },
]


def test_exhausting_a_resource_token_adds_one_resource_of_its_faction(lib):
    """Exhausting a resource token adds one resource of its faction to its controller's pool (5.0.1c, 5.0.3b)."""
    s = setup(lib)
    (tok,) = s.resources("p1", "tide", 1)
    g = day(s)
    g.apply(ExhaustResource("p1", tok))
    assert g.players["p1"].pool == {"tide": 1}
    assert g.objects[tok].exhausted and g.objects[tok].counters["exhaustion"] == 1


def test_exhausting_a_resource_uses_no_stack(lib):
    """Exhausting a resource token is not an effect and uses no stack (5.0.1e)."""
    s = setup(lib)
    (tok,) = s.resources("p1", "ember", 1)
    g = day(s)
    g.apply(ExhaustResource("p1", tok))
    assert g.stack is None and g.priority == "p1"


def test_an_exhausted_resource_token_cannot_be_exhausted_again(lib):
    """A resource token that is already exhausted cannot generate another resource (6.2.9a)."""
    s = setup(lib)
    (tok,) = s.resources("p1", "ember", 1, exhausted=True)
    g = day(s)
    with pytest.raises(InvalidTarget) as err:
        g.apply(ExhaustResource("p1", tok))
    assert err.value.rules == ("6.2.9a",)


def test_only_your_own_resource_tokens(lib):
    """A player exhausts resource tokens under their own control (5.0.1d)."""
    s = setup(lib)
    (tok,) = s.resources("p2", "tide", 1)
    g = day(s)
    with pytest.raises(NotInZone) as err:  # not in p1's resource zone
        g.apply(ExhaustResource("p1", tok))
    assert "5.0.1d" in err.value.rules


def test_pool_empties_at_the_end_of_the_phase(lib):
    """Unspent resources are lost when the phase ends (5.0.4a)."""
    s = setup(lib)
    (tok,) = s.resources("p1", "ember", 1)
    g = day(s)
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
    g = day(s)
    from engine.athernum import ActivateAbility

    with pytest.raises(CannotPay) as err:
        g.apply(ActivateAbility("p1", banker, 0, (), ("ember",)))
    assert err.value.rules == ("5.0.3e",)


def test_payment_must_be_exact(lib):
    """Costs are paid in whole units, exactly (5.0.3f)."""
    s = setup(lib)
    s.resource_pool("p1", {"ember": 3})
    (soldier,) = s.hand("p1", "Soldier")
    g = day(s)
    with pytest.raises(CannotPay) as err:
        g.apply(PlayCard("p1", soldier, ("ember", "ember")))
    assert "5.0.3f" in err.value.rules
    g.apply(PlayCard("p1", soldier, ("ember",)))
    assert g.players["p1"].pool == {"ember": 2}


def test_solvency_creates_a_resource_token_once_per_turn(lib):
    """Solvency creates a face-up resource token of your faction, once per turn (5.0.2a, 5.0.2c, 9.2.3)."""
    s = setup(lib)
    g = day(s)
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
    g = day(s)
    g.apply(ExhaustResource("p1", tok))
    advance(g, lambda g: g.active == "p2" and g.phase is Phase.DAY)
    assert g.objects[tok].exhausted
    advance(g, lambda g: g.active == "p1" and g.phase is Phase.DAY)
    assert not g.objects[tok].exhausted and not g.objects[tok].face_down


RESTRICT = TEST_CARDS + [
    {
        "name": "Embargo Agent",
        "type": "character",
        "cost": 0,
        "ofv": 0,
        "dfv": 2,
        "abilities": [
            {
                "type": "activated",
                "name": "Embargo",
                "effect": {
                    "kind": "restrict_resources",
                    "restrict": "generation",
                    "player": "opponent",
                    "duration": "your_next_turn",
                },
            },
            {
                "type": "activated",
                "name": "Freeze",
                "effect": {
                    "kind": "restrict_resources",
                    "restrict": "usage",
                    "player": "opponent",
                    "duration": "your_next_turn",
                },
            },
        ],
    },
    {
        "name": "Brazier",
        "type": "location",
        "abilities": [
            {"type": "activated", "name": "Stoke", "effect": {"kind": "add_resources", "amount": 1}}
        ],
    },
]


def _restricted(ability):
    """p1 restricts p2's resources until p1's next turn; the game is then in p2's day phase."""
    from engine.athernum import ActivateAbility

    s = setup(load_library(RESTRICT))
    agent = s.character("p1", "Embargo Agent")
    s.resources("p2", "tide", 2)
    s.location("p2", "Brazier")
    s.hand("p2", "Brute")
    g = day(s)
    g.apply(ActivateAbility("p1", agent, ability))
    pass_all(g)
    advance(g, lambda g: g.active == "p2" and g.phase is Phase.DAY)
    return g


def test_an_effect_can_stop_a_player_generating_resources():
    """While restricted, a player may not exhaust resource tokens for resources and effects add none (5.0.3h)."""
    from engine.athernum import ActivateAbility

    g = _restricted(0)
    tok = g.players["p2"].resources[0]
    with pytest.raises(CannotPay) as err:
        g.apply(ExhaustResource("p2", tok))
    assert err.value.rules == ("5.0.3h",)
    assert ExhaustResource("p2", tok) not in g.legal_actions()
    g.apply(ActivateAbility("p2", g.players["p2"].locations[0], 0))
    pass_all(g)
    assert g.players["p2"].pool == {}
    assert any(e.rule == "5.0.3h" and e.kind == "resources_not_added" for e in g.log)


def test_a_resource_restriction_ends_with_its_duration():
    """A restriction 'until your next turn' ends when that turn begins (5.0.3h, 4.2.1a)."""
    g = _restricted(0)
    advance(g, lambda g: g.active == "p1" and g.phase is Phase.DAY)
    assert not g.restrictions
    assert any(e.rule == "4.2.1a" and "restriction" in e.message for e in g.log)


def test_an_effect_can_stop_a_player_spending_resources():
    """While resource usage is restricted, no cost with resources can be paid, though resources are generated (5.0.3h)."""
    g = _restricted(1)
    g.apply(ExhaustResource("p2", g.players["p2"].resources[0]))
    assert g.players["p2"].pool == {"tide": 1}
    brute = g.players["p2"].hand[-1]
    assert g.objects[brute].name == "Brute"
    with pytest.raises(CannotPay) as err:
        g.apply(PlayCard("p2", brute, ("tide", "tide")))
    assert err.value.rules == ("5.0.3h",)
    assert not any(isinstance(a, PlayCard) and a.card == brute for a in g.legal_actions())
