"""Hidden information: what each player may see (``game.view(pid)``, ``game.can_see``) — 6.1.4, 6.2.5, 7.2.1c,
7.2.2b, 7.2.3a, 7.2.3c, 7.4.1a, 7.4.2b, 2.1.2c, 3.0.2a, 10.0.7."""

from __future__ import annotations

import json

import pytest

from engine.athernum import ChooseMainCharacter, load_library, new_game
from engine.athernum.visibility import aliases, seen_by
from tests.engine.engine_helpers import TEST_CARDS, day, deck_library, legal_deck, library_fixture, setup

CARDS = TEST_CARDS + [
    {
        "name": "Seeker",
        "type": "character",
        "cost": 0,
        "ofv": 0,
        "dfv": 2,
        "abilities": [
            {
                "type": "activated",
                "name": "Seek",
                "effect": {"kind": "search", "filter": {"types": ["character"]}},
            }
        ],
    },
]


vlib = library_fixture(CARDS)


def test_hand_is_hidden_from_the_opponent(vlib):
    """The opponent cannot look at a hand; its owner can (7.4.1a)."""
    s = setup(vlib)
    (sword,) = s.hand("p1", "Sword")
    g = day(s)
    assert g.can_see("p1", sword) and not g.can_see("p2", sword)
    assert seen_by(g, "p2", g.objects[sword]) == (False, "7.4.1a")
    v = g.view("p2")
    assert sword not in v["objects"] and v["players"]["p1"]["hand"] == ["p1:hand#1"]
    assert v["objects"]["p1:hand#1"] == {
        "hidden": True,
        "name": None,
        "owner": "p1",
        "controller": "p1",
        "zone": "hand",
        "token": False,
    }


def test_deck_is_hidden_from_every_player(vlib):
    """A deck is face-down and no player may look at it, its owner included (7.2.3a, 7.2.3c)."""
    s = setup(vlib)
    g = day(s)
    top = g.players["p1"].deck[0]
    assert not g.can_see("p1", top) and not g.can_see("p2", top)
    assert len(g.view("p1")["players"]["p1"]["deck"]) == 5


def test_extra_deck_is_seen_only_by_its_owner(vlib):
    """Only its owner may look at the cards of an extra deck (7.4.2b)."""
    s = setup(vlib)
    (extra,) = s.extra_deck("p1", "Brute")
    g = day(s)
    assert g.can_see("p1", extra) and not g.can_see("p2", extra)
    assert seen_by(g, "p2", g.objects[extra])[1] == "7.4.2b"


def test_discard_pile_and_void_are_public(vlib):
    """Discard piles and voids are visible to both players (7.2.1c, 7.2.2b)."""
    s = setup(vlib)
    (d,) = s.discard("p1", "Brute")
    (v,) = s.void("p1", "Guard")
    g = day(s)
    assert g.can_see("p2", d) and g.can_see("p2", v)
    assert g.view("p2")["objects"][d]["name"] == "Brute"


def test_face_down_permanent_is_seen_by_its_controller_only(vlib):
    """Only the controller may look at a face-down permanent; others see its zone's supertype and its state (6.1.4, 6.1.3)."""
    s = setup(vlib)
    k = s.character("p1", "Soldier", face_down=True)
    g = day(s)
    assert g.can_see("p1", k) and not g.can_see("p2", k)
    [(_alias, data)] = [(a, d) for a, d in g.view("p2")["objects"].items() if a == aliases(g, "p2")[k]]
    assert data["types"] == ["character"] and data["face_down"] and data["name"] is None and "ofv" not in data


def test_exhausted_permanent_is_seen_by_all(vlib):
    """Exhausted cards may be looked at by all players (6.2.5)."""
    s = setup(vlib)
    k = s.character("p1", "Soldier", exhausted=True)
    g = day(s)
    assert g.can_see("p2", k) and seen_by(g, "p2", g.objects[k]) == (True, "6.2.5")
    assert g.view("p2")["objects"][k]["name"] == "Soldier"


def test_face_down_attachment_is_seen_by_the_linked_targets_controller(vlib):
    """Only the controller of the linked target may look at a face-down attachment (2.1.2c)."""
    s = setup(vlib)
    k = s.character("p1", "Soldier")
    blade = s.attach(k, "Sword", face_down=True)
    g = day(s)
    assert g.can_see("p1", blade) and not g.can_see("p2", blade)
    v = g.view("p2")
    assert v["objects"][k]["attachments"] == [aliases(g, "p2")[blade]]
    assert v["objects"][aliases(g, "p2")[blade]]["attached_to"] == k


def test_markers_stay_visible_on_hidden_permanents(vlib):
    """Counters and Victory Tokens on a face-down permanent stay visible to everyone (10.0.7)."""
    s = setup(vlib)
    k = s.character("p1", "Champion", face_down=True, damage=1, counters={"poison": 2}, victory_tokens=1)
    g = day(s)
    data = g.view("p2")["objects"][aliases(g, "p2")[k]]
    assert data["counters"] == {"damage": 1, "poison": 2} and data["victory_tokens"] == 1


def test_a_view_names_no_hidden_card(vlib):
    """Nothing in a player's view (ids, zones, the stack, choices) gives away the name of a card they may not see."""
    s = setup(vlib)
    s.hand("p1", "Brute", "Medic")
    s.extra_deck("p1", "Bolt")
    s.character("p1", "Guard", face_down=True)
    g = day(s)
    text = json.dumps(g.view("p2"))
    for name in ("Brute", "Medic", "Bolt", "Guard", "Filler"):
        assert name not in text, name


def test_the_searching_player_sees_the_cards_they_choose_from(vlib):
    """During a search its player looks at the matching cards of their deck; the opponent does not (7.2.3b, 7.2.3c)."""
    from engine.athernum import ActivateAbility, PassPriority

    s = setup(vlib)
    seeker = s.character("p1", "Seeker")
    g = day(s)
    g.apply(ActivateAbility("p1", seeker, 0))
    g.apply(PassPriority("p1"))
    g.apply(PassPriority("p2"))
    assert g.pending_choice is not None and g.pending_choice.kind == "cards"
    opt = g.pending_choice.options[0]
    assert g.can_see("p1", opt) and not g.can_see("p2", opt)
    assert all(not o.startswith("p1:Filler") for o in g.view("p2")["pending_choice"]["options"])


def test_a_selected_main_character_is_hidden_until_the_reveal():
    """The selected card waits face-down; only its player may look at it until both are revealed (3.0.2a, 6.1.4)."""
    lib = deck_library()
    g = new_game({"p1": legal_deck("Hero"), "p2": legal_deck("Rival")}, lib, seed=5)
    assert g.pending_choice is not None
    hero = next(o for o in g.pending_choice.options if g.objects[o].name == "Hero")
    g.apply(ChooseMainCharacter("p1", hero))
    assert g.can_see("p1", hero) and not g.can_see("p2", hero)
    assert "Hero" not in json.dumps(g.view("p2"))
    assert g.pending_choice is not None
    g.apply(ChooseMainCharacter("p2", g.pending_choice.options[0]))
    assert g.can_see("p2", hero)


def test_view_of_an_unknown_player_is_an_error(vlib):
    """Asking for the view of a player who is not in the game raises KeyError."""
    g = day(setup(vlib))
    with pytest.raises(KeyError):
        g.view("p9")


def test_the_stack_does_not_name_a_hidden_source():
    """An ability of a face-down permanent (granted, 4.3.2b) is on the stack without the card's name for the opponent (6.1.4)."""
    from engine.athernum import ActivateAbility
    from engine.athernum.abilities import parse_ability
    from engine.athernum.state import Grant, Phase

    s = setup(load_library(CARDS))
    k = s.character("p1", "Soldier", face_down=True)
    g = day(s)
    wind = parse_ability({"type": "activated", "name": "Second Wind", "effect": {"kind": "draw"}}, "ability")
    g.grants.append(
        Grant(
            timestamp=g.stamp(),
            target=(k, g.objects[k].incarnation),
            ability=wind,
            duration="end_of_turn",
            turn=3,
            phase=Phase.DAY,
            controller="p1",
        )
    )
    g.apply(ActivateAbility("p1", k, 0))
    [entry] = g.view("p2")["stack"]
    assert "Soldier" not in entry["label"] and entry["label"].endswith("Second Wind") and entry["source"] != k
    assert g.view("p1")["stack"][0]["label"] == "Soldier's Second Wind"
