"""Chapter 6: states and visibility — face-down, exhausted permanents, copies of face-down permanents."""

from __future__ import annotations

import pytest

from engine.athernum import ActivateAbility, PlayCard, load_library
from engine.athernum.state import Phase
from engine.athernum.values import types_of, value
from tests.engine.engine_helpers import (
    TEST_CARDS,
    advance,
    day,
    library_fixture,
    pass_all,
    play_item_on,
    setup,
)

CARDS = TEST_CARDS + [
    {
        "name": "Knight",
        "type": "character",
        "subtypes": ["Human", "Knight"],
        "faction": "ember",
        "cost": 0,
        "ofv": 3,
        "dfv": 3,
        "item_slots": 2,
        "victory_token_field": 2,
        "extra_rules": ["Unique"],
    },
    {
        "name": "Mimic",
        "type": "character",
        "cost": 0,
        "ofv": 0,
        "dfv": 1,
        "abilities": [
            {
                "type": "activated",
                "name": "Copy",
                "targets": [{"kind": "permanent", "filter": {"types": ["character"], "other": True}}],
                "effect": {"kind": "copy", "what": "target 0"},
            }
        ],
    },
    {
        "name": "Timewarp",
        "type": "item",
        "abilities": [
            {
                "type": "static",
                "targets": [{"kind": "permanent", "filter": {"types": ["character"]}}],
                "effect": {
                    "kind": "place_counters",
                    "what": "target 0",
                    "counter": "exhaustion",
                    "amount": 1,
                },
            }
        ],
    },
    {
        "name": "Rouse",
        "type": "item",
        "abilities": [
            {
                "type": "static",
                "targets": [{"kind": "permanent", "filter": {"exhausted": True}}],
                "effect": {
                    "kind": "remove_counters",
                    "what": "target 0",
                    "counter": "exhaustion",
                    "amount": 5,
                },
            }
        ],
    },
    {
        "name": "Phoenix",
        "type": "character",
        "cost": 0,
        "ofv": 1,
        "dfv": 2,
        "abilities": [{"type": "static", "effect": {"kind": "heal", "what": "this"}}],
    },
    {
        "name": "Lantern",
        "type": "item",
        "abilities": [
            {
                "type": "static",
                "targets": [{"kind": "permanent", "filter": {"face_up": False}}],
                "effect": {"kind": "turn_face_up", "what": "target 0"},
            }
        ],
    },
    {
        "name": "Drowse",
        "type": "item",
        "abilities": [
            {
                "type": "static",
                "targets": [{"kind": "permanent", "filter": {"types": ["character"]}}],
                "effect": {"kind": "exhaust", "what": "target 0"},
            }
        ],
    },
]


slib = library_fixture(CARDS)


def test_exhausted_permanent_loses_values_and_subtypes_but_keeps_the_rest(slib):
    """An exhausted permanent loses abilities, OFV, DFV and subtypes; keeps name, item slots, field and counters (6.2.3, 6.2.4)."""
    s = setup(slib)
    k = s.character("p1", "Knight", exhausted=True, damage=1, victory_tokens=1)
    g = day(s)
    o = g.objects[k]
    assert value(g, o, "ofv") is None and value(g, o, "dfv") is None
    supers, subs = types_of(g, o)
    assert supers == {"character"} and subs == set()
    assert o.name == "Knight" and value(g, o, "item_slots") == 2 and value(g, o, "victory_token_field") == 2
    assert o.counters == {"damage": 1, "exhaustion": 1} and o.victory_tokens == 1


@pytest.mark.parametrize(
    ("already_exhausted", "item", "exhausted", "exhaustion_counters", "logged"),
    [
        pytest.param(
            False,
            "Drowse",
            True,
            1,
            ("exhausted", "6.2.2"),
            id="exhausting-turns-it-face-down-with-one-counter",
        ),
        pytest.param(
            False, "Timewarp", False, 1, ("counters_placed", "10.4.4"), id="a-counter-alone-does-not-exhaust"
        ),
        pytest.param(
            True, "Drowse", True, 2, ("exhausted_again", "6.2.9"), id="exhausting-it-again-adds-a-counter"
        ),
    ],
)
def test_exhausting_a_permanent_and_placing_exhaustion_counters(
    slib, already_exhausted, item, exhausted, exhaustion_counters, logged
):
    """An effect exhausting a permanent turns it face-down with one exhaustion counter (6.2.2, 10.4.1), one more if it was exhausted already (6.2.9), while an exhaustion counter placed directly does not by itself exhaust it (10.4.3, 10.4.4)."""
    s = setup(slib)
    k = s.character("p2", "Knight", exhausted=already_exhausted)
    (card,) = s.hand("p1", item)
    g = day(s)
    play_item_on(g, card, k)
    o = g.objects[k]
    assert o.exhausted == exhausted and o.face_down == exhausted
    assert o.counters == {"exhaustion": exhaustion_counters}
    assert any((e.kind, e.rule) == logged for e in g.log)


def test_morning_removes_one_counter_per_exhausted_permanent(slib):
    """In its controller's morning an exhausted permanent loses one exhaustion counter (6.2.6, 9.1.1)."""
    s = setup(slib)
    k = s.character("p1", "Knight", exhausted=True, exhaustion_counters=2)
    s.at(turn=3, active="p1", phase="morning")
    g = s.build()
    o = g.objects[k]
    assert o.exhausted and o.counters["exhaustion"] == 1
    advance(g, lambda g: g.turn == 5 and g.phase is Phase.DAY)
    assert not o.exhausted and not o.face_down and "exhaustion" not in o.counters
    assert any(e.rule == "9.1.2" and k in e.objects for e in g.log)


def test_opponents_exhausted_permanents_do_not_recover_in_your_morning(slib):
    """Only the active player's exhausted permanents lose counters in the morning (6.2.6)."""
    s = setup(slib)
    k = s.character("p2", "Knight", exhausted=True)
    s.at(turn=3, active="p1", phase="morning")
    g = s.build()
    assert g.objects[k].counters["exhaustion"] == 1 and g.objects[k].exhausted


def test_removing_the_last_exhaustion_counter_ends_exhaustion(slib):
    """An effect removing all exhaustion counters ends exhaustion and turns the permanent face-up (10.4.5, 6.2.7)."""
    s = setup(slib)
    k = s.character("p1", "Knight", exhausted=True, exhaustion_counters=3)
    (rouse,) = s.hand("p1", "Rouse")
    g = day(s)
    play_item_on(g, rouse, k)
    o = g.objects[k]
    assert not o.exhausted and not o.face_down and "exhaustion" not in o.counters


def test_face_down_permanent_has_no_abilities(slib):
    """A face-down permanent has no abilities (6.1.5): its activated abilities cannot be used."""
    s = setup(slib)
    m = s.character("p1", "Mimic", face_down=True)
    s.character("p2", "Knight")
    g = day(s)
    assert not any(isinstance(a, ActivateAbility) and a.source == m for a in g.legal_actions())


def test_copy_of_a_face_down_permanent_keeps_only_visible_information(slib):
    """A copy of a face-down permanent is face-down with only its visible information (6.3.1-6.3.3)."""
    s = setup(slib)
    mimic = s.character("p1", "Mimic")
    k = s.character("p2", "Knight", exhausted=True)
    g = day(s)
    g.apply(ActivateAbility("p1", mimic, 0, ((k,),)))
    pass_all(g)
    copy_id = next(o for o in g.board_ids("p1") if g.objects[o].is_token)
    c = g.objects[copy_id]
    assert c.face_down and c.name == "Knight"
    d = c.definition
    assert (
        d.abilities == ()
        and d.ofv is None
        and d.subtypes == ()
        and d.item_slots == 2
        and d.victory_token_field == 2
    )
    assert d.extra_rules == ("Unique",)
    assert any(e.rule == "6.3.1" for e in g.log)


def test_copy_of_a_face_up_permanent_copies_its_characteristics(slib):
    """A copy of a face-up permanent is a token with the same characteristics (7.5.1)."""
    s = setup(slib)
    mimic = s.character("p1", "Mimic")
    target = s.character("p2", "Soldier")
    g = day(s)
    g.apply(ActivateAbility("p1", mimic, 0, ((target,),)))
    pass_all(g)
    copy_id = next(o for o in g.board_ids("p1") if g.objects[o].is_token)
    assert g.objects[copy_id].name == "Soldier" and value(g, g.objects[copy_id], "ofv") == 2


def test_cards_lose_their_state_when_changing_zones(slib):
    """A card leaving the board is no longer face-down or exhausted, and loses its counters (6.1.8a, 7.5.3, 10.0.5)."""
    s = setup(slib)
    soldier = s.character("p2", "Soldier", exhausted=True, counters={"poison": 2})
    s.character("p1", "Knight")
    g = day(s)
    from engine.athernum.state import Zone
    from engine.athernum.zones import move_card

    move_card(g, g.objects[soldier], Zone.HAND, "7.5.3")
    o = g.objects[soldier]
    assert not o.face_down and not o.exhausted and o.counters == {}


def test_statics_of_a_card_turned_face_up_resolve_before_the_check(slib):
    """A permanent turned face-up by an effect puts its statics on the stack at once; they resolve before the check (4.3.5a.I, D-STATICS-AGAIN)."""
    s = setup(slib)
    phoenix = s.character("p1", "Phoenix", face_down=True, damage=2)  # lethal once face-up
    (lantern,) = s.hand("p1", "Lantern")
    g = day(s)
    play_item_on(g, lantern, phoenix)
    o = g.objects[phoenix]
    assert not o.face_down and o.zone.value == "character_slots" and "damage" not in o.counters


def test_a_player_cannot_turn_a_face_down_permanent_face_up(slib):
    """Only an effect may turn a face-down permanent face-up; the player's attempt is refused citing 6.1.6."""
    from engine.athernum import TurnFaceUp
    from engine.athernum.errors import InvalidTarget

    s = setup(slib)
    k = s.character("p1", "Knight", face_down=True)
    g = day(s)
    with pytest.raises(InvalidTarget) as err:
        g.apply(TurnFaceUp("p1", k))
    assert "6.1.6" in err.value.rules
    assert g.objects[k].face_down


def test_an_exhausted_permanent_is_not_exhausted_again_for_a_cost(slib):
    """Exhausting as a cost or a rule's requirement never applies to an exhausted permanent (6.2.9a)."""
    from engine.athernum.markers import exhaust

    s = setup(slib)
    k = s.character("p1", "Knight", exhausted=True)
    g = day(s)
    assert exhaust(g, g.objects[k], "9.3.11") is False
    assert g.objects[k].counters["exhaustion"] == 1


RULED = CARDS + [
    {
        "name": "Oathkeeper",
        "type": "character",
        "subtypes": ["Knight"],
        "cost": 0,
        "ofv": 1,
        "dfv": 3,
        "extra_rules": ["Sworn"],
    },
    {
        "name": "Oath Reckoner",
        "type": "item",
        "abilities": [
            {
                "type": "static",
                "effect": {
                    "kind": "place_counters",
                    "what": {"all": {"extra_rule": "Sworn"}},
                    "counter": "oath",
                    "amount": 1,
                },
            }
        ],
    },
    {
        "name": "Knight Reckoner",
        "type": "item",
        "abilities": [
            {
                "type": "static",
                "effect": {
                    "kind": "place_counters",
                    "what": {"all": {"subtypes": ["Knight"]}},
                    "counter": "oath",
                    "amount": 1,
                },
            }
        ],
    },
]


def test_an_exhausted_permanent_keeps_its_extra_rules():
    """An effect naming an extra rule still finds an exhausted permanent with it; one naming a subtype does not (6.2.4b, 1.6.4)."""
    s = setup(load_library(RULED))
    ready = s.character("p1", "Oathkeeper", label="ready")
    tired = s.character("p1", "Oathkeeper", label="tired", exhausted=True)
    oath, knight = s.hand("p1", "Oath Reckoner", "Knight Reckoner")
    g = day(s)
    for item in (oath, knight):
        g.apply(PlayCard("p1", item))
        pass_all(g)
    assert g.objects[ready].counters == {"oath": 2}
    assert g.objects[tired].counters == {"exhaustion": 1, "oath": 1}


def test_an_exhausted_token_keeps_no_status_when_it_would_change_zones(slib):
    """A face-down, exhausted token that would change zones ceases to exist; its status ends with it (6.1.8b, 7.5.2b)."""
    from engine.athernum.state import Zone
    from engine.athernum.zones import move_card

    s = setup(slib)
    tok = s.token("p1", {"type": "character", "ofv": 1, "dfv": 1}, exhausted=True)
    g = day(s)
    move_card(g, g.objects[tok], Zone.HAND, "7.5.3")
    assert tok not in g.objects
    assert [e.rule for e in g.log[-2:]] == ["7.5.2b", "6.1.8b"]
