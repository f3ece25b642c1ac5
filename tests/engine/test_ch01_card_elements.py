"""Chapter 1: card elements — name, faction, type line, Victory Token Field, values."""

from __future__ import annotations

import pytest

from engine.athernum import ActivateAbility, ChooseTargets, ExhaustResource, PlayCard, load_library
from engine.athernum.errors import UniquenessViolation
from engine.athernum.values import types_of, value

from tests.engine.engine_helpers import TEST_CARDS, pass_all, setup

TYPE_CARDS = TEST_CARDS + [
    {"name": "Shapeshifter", "type": "character", "cost": 0, "ofv": 1, "dfv": 2, "subtypes": ["Human"]},
    {"name": "Curse of Frogs", "type": "item", "abilities": [{"type": "static", "targets": [{"kind": "permanent", "filter": {"types": ["character"], "main": False}}],
        "effect": {"kind": "set_types", "what": "target 0", "types": ["character", "Frog"], "duration": "end_of_turn"}}]},
    {"name": "Gift of Wings", "type": "item", "abilities": [{"type": "static", "targets": [{"kind": "permanent", "filter": {"types": ["character"], "main": False}}],
        "effect": {"kind": "add_types", "what": "target 0", "types": ["Bird"], "duration": "end_of_turn"}}]},
    {"name": "Weaken", "type": "item", "abilities": [{"type": "static", "targets": [{"kind": "permanent", "filter": {"types": ["character"]}}],
        "effect": {"kind": "modify_value", "what": "target 0", "property": "ofv", "add": -5, "duration": "end_of_turn"}}]},
    {"name": "Regent", "type": "character", "cost": 0, "ofv": 0, "dfv": 3,
     "abilities": [{"type": "activated", "name": "Seize", "targets": [{"kind": "permanent", "filter": {"types": ["character"], "controller": "opponent", "main": False}}],
                    "effect": {"kind": "gain_control", "what": "target 0"}}]},
]


@pytest.fixture
def tlib():
    return load_library(TYPE_CARDS)


def _day(s, turn=3):
    s.at(turn=turn, active="p1", phase="day")
    return s.build()


def test_same_name_is_same_card_for_semi_uniqueness(lib):
    """Two cards with the same printed name are copies (1.1.1): a second Champion cannot be played (2.2.7b)."""
    s = setup(lib)
    s.character("p1", "Champion")
    s.resources("p1", "ember", 2)
    (champ,) = s.hand("p1", "Champion")
    g = _day(s)
    for t in list(g.players["p1"].resources):
        g.apply(ExhaustResource("p1", t))
    with pytest.raises(UniquenessViolation) as err:
        g.apply(PlayCard("p1", champ, ("ember", "ember")))
    assert "2.2.7b" in err.value.rules


def test_becomes_replaces_all_types(tlib):
    """A card that 'becomes' a type loses its previous types (1.4.6)."""
    s = setup(tlib)
    target = s.character("p2", "Shapeshifter")
    (curse,) = s.hand("p1", "Curse of Frogs")
    g = _day(s)
    g.apply(PlayCard("p1", curse))
    pass_all(g)
    supers, subs = types_of(g, g.objects[target])
    assert subs == {"Frog"} and "Human" not in subs
    assert any(e.rule == "1.4.6" for e in g.log)


def test_gaining_a_type_keeps_the_original_ones(tlib):
    """A card that gains a type without 'becomes' keeps its original types (1.4.7)."""
    s = setup(tlib)
    target = s.character("p2", "Shapeshifter")
    (gift,) = s.hand("p1", "Gift of Wings")
    g = _day(s)
    g.apply(PlayCard("p1", gift))
    pass_all(g)
    supers, subs = types_of(g, g.objects[target])
    assert subs == {"Human", "Bird"} and supers == {"character"}


def test_offensive_value_is_never_below_zero(tlib):
    """An OFV lowered below 0 is treated as 0 (2.2.3f)."""
    s = setup(tlib)
    target = s.character("p2", "Shapeshifter")
    (weaken,) = s.hand("p1", "Weaken")
    g = _day(s)
    g.apply(PlayCard("p1", weaken))
    assert g.pending_choice is not None and g.pending_choice.kind == "targets"
    g.apply(ChooseTargets("p1", ((target,),)))
    pass_all(g)
    assert value(g, g.objects[target], "ofv") == 0


def test_playing_a_victory_token_field_card_grows_the_pool(lib):
    """Playing a card with a Victory Token Field adds its number to the global pool (1.5.3, via 4.2.2g)."""
    s = setup(lib, pool=6)
    s.resources("p1", "ember", 2)
    (champ,) = s.hand("p1", "Champion")
    g = _day(s)
    for t in list(g.players["p1"].resources):
        g.apply(ExhaustResource("p1", t))
    g.apply(PlayCard("p1", champ, ("ember", "ember")))
    assert g.victory_pool == 6  # not yet: the pool grows in the next state-based check
    pass_all(g)
    assert g.victory_pool == 8
    assert any(e.rule == "4.2.2g" and e.kind == "pool_grows" for e in g.log)


def test_removing_the_card_does_not_shrink_the_pool(lib):
    """A Victory-Token-Field permanent leaving play does not reduce the pool (1.5.4)."""
    s = setup(lib, pool=8)
    champ = s.character("p2", "Champion", damage=5)  # lethal damage: discarded at the next check
    s.resources("p1", "ember", 1)
    (potion,) = s.hand("p1", "Potion")
    g = _day(s)
    g.apply(PlayCard("p1", potion))
    pass_all(g)
    assert g.objects[champ].zone.value == "discard"
    assert g.victory_pool == 8


def test_cannot_gain_control_of_a_second_copy(tlib):
    """Gaining control of a second copy of a Victory-Token-Field card is ignored (1.5.7)."""
    cards = TYPE_CARDS + [{"name": "Twin", "type": "character", "cost": 1, "ofv": 1, "dfv": 2, "victory_token_field": 1}]
    lib2 = load_library(cards)
    s = setup(lib2)
    s.character("p1", "Regent")
    s.character("p1", "Twin")
    theirs = s.character("p2", "Twin")
    g = _day(s)
    regent = next(o for o in g.board_ids("p1") if g.objects[o].name == "Regent")
    g.apply(ActivateAbility("p1", regent, 0, ((theirs,),)))
    pass_all(g)
    assert g.objects[theirs].controller == "p2"
    assert any(e.rule == "1.5.7" for e in g.log)


def test_gain_control_of_an_ordinary_character(tlib):
    """Gaining control moves a permanent to the new controller's slot without a zone change (7.5.7b)."""
    s = setup(tlib)
    s.character("p1", "Regent")
    theirs = s.character("p2", "Shapeshifter", damage=1)
    g = _day(s)
    regent = next(o for o in g.board_ids("p1") if g.objects[o].name == "Regent")
    inc = g.objects[theirs].incarnation
    g.apply(ActivateAbility("p1", regent, 0, ((theirs,),)))
    pass_all(g)
    o = g.objects[theirs]
    assert o.controller == "p1" and theirs in g.players["p1"].character_slots
    assert o.incarnation == inc and o.counters["damage"] == 1


def test_token_named_by_its_characteristics(lib):
    """A token created without a name is named by its characteristics followed by 'Token' (1.1.6)."""
    from engine.athernum.abilities import parse_token

    spec = parse_token({"type": "character", "subtypes": ["Mechanical", "Construct"], "ofv": 1, "dfv": 1}, "token")
    assert spec.display_name() == "Mechanical Construct Token"
