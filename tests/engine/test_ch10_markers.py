"""Chapter 10: markers — Victory Tokens and the pool, command tokens, damage, exhaustion and custom counters."""

from __future__ import annotations

import pytest

from engine.athernum import ActivateAbility, PlayCard, UseCommand, load_library
from engine.athernum.errors import WrongTiming
from engine.athernum.invariants import violations
from engine.athernum.state import Zone
from tests.engine.engine_helpers import TEST_CARDS, day, find, library_fixture, pass_all, setup

CARDS = TEST_CARDS + [
    {
        "name": "Collector",
        "type": "character",
        "cost": 0,
        "ofv": 0,
        "dfv": 2,
        "abilities": [
            {
                "type": "activated",
                "name": "Take",
                "targets": [{"kind": "permanent"}],
                "effect": {"kind": "place_victory_tokens", "what": "target 0", "amount": 3},
            },
            {
                "type": "activated",
                "name": "Return",
                "targets": [{"kind": "permanent"}],
                "effect": {"kind": "remove_victory_tokens", "what": "target 0"},
            },
            {
                "type": "activated",
                "name": "Burn",
                "targets": [{"kind": "permanent"}],
                "effect": {"kind": "lose_victory_tokens", "what": "target 0"},
            },
            {
                "type": "activated",
                "name": "Poison",
                "targets": [{"kind": "permanent"}],
                "effect": {"kind": "place_counters", "what": "target 0", "counter": "poison", "amount": 2},
            },
            {
                "type": "activated",
                "name": "Wound",
                "targets": [{"kind": "permanent"}],
                "effect": {"kind": "place_counters", "what": "target 0", "counter": "damage", "amount": 1},
            },
        ],
    },
    {
        "name": "Slayer",
        "type": "character",
        "cost": 0,
        "ofv": 0,
        "dfv": 2,
        "abilities": [
            {
                "type": "activated",
                "name": "Slay",
                "targets": [{"kind": "permanent", "filter": {"types": ["character"], "main": False}}],
                "effect": {"kind": "discard", "what": "target 0"},
            }
        ],
    },
]


mlib = library_fixture(CARDS)


#: The Collector's abilities, by index.
TAKE, RETURN, BURN, POISON, WOUND = range(5)


def _collector_uses(s, ability, target):
    """p1 gets a Collector, which uses ``ability`` on ``target`` in p1's day; returns the game once the stack has resolved."""
    collector = s.character("p1", "Collector")
    g = day(s)
    g.apply(ActivateAbility("p1", collector, ability, ((target,),)))
    pass_all(g)
    return g


def test_victory_tokens_move_from_the_pool(mlib):
    """Placing a Victory Token removes it from the global pool (10.1.4); the total is conserved."""
    s = setup(mlib, pool=6)
    hero = s.game.players["p1"].main_character
    g = _collector_uses(s, TAKE, hero)
    assert g.objects[hero].victory_tokens == 3 and g.victory_pool == 3
    assert violations(g) == []


def test_victory_tokens_only_on_a_victory_token_field(mlib):
    """Victory Tokens may only be placed on a permanent with a Victory Token Field (10.1.3)."""
    s = setup(mlib, pool=6)
    soldier = s.character("p1", "Soldier")
    g = _collector_uses(s, TAKE, soldier)
    assert g.objects[soldier].victory_tokens == 0 and g.victory_pool == 6
    assert any(e.rule == "10.1.3" for e in g.log)


def test_no_more_victory_tokens_than_the_pool_holds(mlib):
    """Players may not place more Victory Tokens than are in the pool (10.1.7)."""
    s = setup(mlib, pool=2)
    hero = s.game.players["p1"].main_character
    g = _collector_uses(s, TAKE, hero)
    assert g.objects[hero].victory_tokens == 2 and g.victory_pool == 0
    assert any(e.rule == "10.1.7" for e in g.log)


def test_removed_victory_tokens_return_to_the_pool(mlib):
    """A Victory Token removed from a permanent returns to the global pool (10.1.5)."""
    s = setup(mlib, pool=4, p2_main_state={"victory_tokens": 2})
    rival = s.game.players["p2"].main_character
    g = _collector_uses(s, RETURN, rival)
    assert g.objects[rival].victory_tokens == 1 and g.victory_pool == 5


def test_lost_victory_tokens_leave_the_game(mlib):
    """A Victory Token that is lost is removed from the game, not returned to the pool (10.1.6)."""
    s = setup(mlib, pool=4, p2_main_state={"victory_tokens": 2})
    rival = s.game.players["p2"].main_character
    g = _collector_uses(s, BURN, rival)
    assert g.objects[rival].victory_tokens == 1 and g.victory_pool == 4 and g.victory_lost == 1
    assert violations(g) == []


def test_victory_tokens_return_to_the_pool_when_their_permanent_leaves(mlib):
    """Markers leave with their permanent (10.0.5); its Victory Tokens return to the pool (D-VT-LEAVING)."""
    s = setup(mlib, pool=4)
    s.character("p1", "Slayer")
    champ = s.character("p2", "Champion", victory_tokens=1)
    g = day(s)
    slayer = find(g, "p1", "Slayer")
    g.apply(ActivateAbility("p1", slayer, 0, ((champ,),)))
    pass_all(g)
    assert g.objects[champ].zone is Zone.DISCARD and g.objects[champ].victory_tokens == 0
    assert g.victory_pool == 5


def test_damage_counters_need_a_defensive_value(mlib):
    """Damage counters may only be placed on permanents with a DFV (10.3.2)."""
    s = setup(mlib)
    tower = s.location("p2", "Tower")
    g = _collector_uses(s, WOUND, tower)
    assert "damage" not in g.objects[tower].counters
    assert any(e.rule == "10.3.2" for e in g.log)


def test_custom_markers_exist_without_effect(mlib):
    """A custom marker type can be placed on a permanent and has no game effect of its own (10.5.1)."""
    s = setup(mlib)
    rival = s.game.players["p2"].main_character
    g = _collector_uses(s, POISON, rival)
    assert g.objects[rival].counters == {"poison": 2}
    assert any(e.rule == "10.5.1" for e in g.log)


@pytest.mark.parametrize(
    ("pool", "rival_tokens", "rule"),
    [
        pytest.param(6, 0, "9.2.4a", id="not-fewer-victory-tokens-than-the-opponent"),
        pytest.param(0, 1, "10.1.7", id="empty-pool"),
    ],
)
def test_contingency_needs_fewer_victory_tokens_and_a_token_in_the_pool(mlib, pool, rival_tokens, rule):
    """Contingency is usable only with fewer Victory Tokens than each other player (9.2.4a) and a pool to place one from (10.1.7, D-CONTINGENCY)."""
    s = setup(mlib, pool=pool, p2_main_state={"victory_tokens": rival_tokens})
    g = day(s)
    hero = g.players["p1"].main_character
    assert hero is not None
    with pytest.raises(WrongTiming) as err:
        g.apply(UseCommand("p1", "Contingency", ((hero,),)))
    assert err.value.rules == (rule,)


def test_contingency_places_a_victory_token_once_per_turn(mlib):
    """Contingency places a pool Victory Token on a permanent you own and control, once per turn, for one command token (9.2.4)."""
    from engine.athernum.errors import LimitReached

    s = setup(mlib, pool=6, p2_main_state={"victory_tokens": 2})
    g = day(s)
    hero = g.players["p1"].main_character
    assert hero is not None
    g.apply(UseCommand("p1", "Contingency", ((hero,),)))
    pass_all(g)
    assert g.objects[hero].victory_tokens == 1 and g.players["p1"].command_tokens == 1 and g.victory_pool == 5
    with pytest.raises(LimitReached) as err:
        g.apply(UseCommand("p1", "Contingency", ((hero,),)))
    assert err.value.rules == ("9.2.4",)


def test_command_tokens_never_exceed_the_maximum(mlib):
    """Command tokens are replenished up to the maximum of two, never beyond (10.2.2, 10.2.3)."""
    s = setup(mlib)
    s.command_tokens("p1", 2)
    s.at(turn=3, active="p1", phase="morning")
    g = s.build()
    assert g.players["p1"].command_tokens == 2
    assert not any(e.kind == "command_tokens" for e in g.log)


def test_counters_never_go_negative(mlib):
    """Removing more counters than a permanent has leaves zero, never a negative count (10.3.4)."""
    from engine.athernum.markers import remove_counters

    s = setup(mlib)
    soldier = s.character("p1", "Soldier", damage=1)
    g = day(s)
    assert remove_counters(g, g.objects[soldier], "damage", 5, "10.3.4") == 1
    assert "damage" not in g.objects[soldier].counters


def test_playing_a_card_with_field_grows_pool_once(mlib):
    """The pool grows once per entering permanent with a Victory Token Field (10.1.2)."""
    s = setup(mlib, pool=6)
    s.resource_pool("p1", {"ember": 2})
    (champ,) = s.hand("p1", "Champion")
    g = day(s)
    g.apply(PlayCard("p1", champ, ("ember", "ember")))
    pass_all(g)
    assert g.victory_pool == 8 and g.victory_added == 8
    assert sum(1 for e in g.log if e.kind == "pool_grows") == 1


MOVERS = TEST_CARDS + [
    {
        "name": "Leech",
        "type": "character",
        "cost": 0,
        "ofv": 0,
        "dfv": 3,
        "abilities": [
            {
                "type": "activated",
                "name": "Siphon",
                "targets": [{"kind": "permanent"}, {"kind": "permanent"}],
                "effect": {
                    "kind": "move_counters",
                    "what": "target 0",
                    "onto": "target 1",
                    "counter": "poison",
                    "amount": 2,
                },
            }
        ],
    },
    {
        "name": "Plague Rat",
        "type": "character",
        "cost": 0,
        "ofv": 0,
        "dfv": 3,
        "abilities": [
            {
                "type": "static",
                "effect": {
                    "kind": "modify_value",
                    "what": {"all": {"types": ["character"]}},
                    "property": "dfv",
                    "add": -3,
                    "condition": {"it_has_counters": "poison", "at_least": 3},
                },
            },
            {
                "type": "activated",
                "name": "Purge",
                "effects": [{"kind": "draw", "if": {"this_has_counters": "poison", "at_least": 2}}],
            },
        ],
    },
    {"name": "Bog", "type": "location", "dfv": 4},
]


@pytest.mark.parametrize(
    ("place", "card", "leech_after", "target_after", "logged"),
    [
        pytest.param(
            "character",
            "Brute",
            {},
            {"poison": 2},
            ("counters_placed", "10.5.1"),
            id="onto-a-character-they-move",
        ),
        pytest.param(
            "location",
            "Bog",
            {"poison": 2},
            {},
            ("markers_not_moved", "10.0.6"),
            id="onto-a-location-nothing-moves",
        ),
    ],
)
def test_counters_move_only_between_permanents_of_one_zone(place, card, leech_after, target_after, logged):
    """An effect may move counters from one character to another, both in character slots (10.0.6, 7.5.7b), but not from a character to a location: the effect fails and nothing moves (10.0.6)."""
    s = setup(load_library(MOVERS))
    leech = s.character("p1", "Leech", counters={"poison": 2})
    target = s.character("p2", card) if place == "character" else s.location("p2", card)
    g = day(s)
    g.apply(ActivateAbility("p1", leech, 0, ((leech,), (target,))))
    pass_all(g)
    assert g.objects[leech].counters == leech_after and g.objects[target].counters == target_after
    assert any((e.kind, e.rule) == logged for e in g.log)


def test_a_custom_marker_threshold_changes_a_value():
    """A condition counting custom markers applies once the threshold is reached: 3 poison counters, -3 DFV (10.5.4)."""
    from engine.athernum.values import value

    s = setup(load_library(MOVERS))
    rat = s.character("p1", "Plague Rat")
    two = s.character("p2", "Guard", label="two", counters={"poison": 2})
    three = s.character("p2", "Guard", label="three", counters={"poison": 3})
    g = day(s)
    assert value(g, g.objects[two], "dfv") == 3 and value(g, g.objects[three], "dfv") == 0
    g.apply(ActivateAbility("p1", rat, 1))
    pass_all(g)
    assert (
        g.objects[three].zone is Zone.DISCARD and g.objects[two].zone is Zone.CHARACTERS
    )  # DFV 0: discarded (4.2.2a)


def test_an_effect_can_be_gated_on_custom_markers_of_its_source():
    """'If this has 2 or more poison counters' counts the custom markers on the ability's own card (10.5.4)."""
    s = setup(load_library(MOVERS))
    rat = s.character("p1", "Plague Rat", counters={"poison": 1})
    g = day(s)
    hand = len(g.players["p1"].hand)
    g.apply(ActivateAbility("p1", rat, 1))
    pass_all(g)
    assert len(g.players["p1"].hand) == hand
    g.objects[rat].counters["poison"] = 2
    g.apply(ActivateAbility("p1", rat, 1))
    pass_all(g)
    assert len(g.players["p1"].hand) == hand + 1
