"""Chapter 7: zones — slots, piles, the void, the extra deck, control changes, tokens and zone changes."""

from __future__ import annotations

import pytest

from engine.athernum import ActivateAbility, PlayCard, UseCommand
from engine.athernum.errors import ZoneFull
from engine.athernum.invariants import violations
from engine.athernum.state import Zone
from tests.engine.engine_helpers import TEST_CARDS, day, find, library_fixture, pass_all, setup

CARDS = TEST_CARDS + [
    {
        "name": "Exiler",
        "type": "character",
        "cost": 0,
        "ofv": 0,
        "dfv": 2,
        "abilities": [
            {
                "type": "activated",
                "name": "Exile",
                "targets": [{"kind": "card", "zone": "discard"}],
                "effect": {"kind": "move_to_void", "what": "target 0"},
            },
            {
                "type": "activated",
                "name": "Unmake",
                "targets": [{"kind": "permanent", "filter": {"token": True}}],
                "effect": {"kind": "move_to_void", "what": "target 0"},
            },
        ],
    },
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
                "effect": {"kind": "search", "zone": "extra_deck", "count": 1},
            }
        ],
    },
    {
        "name": "Conjurer",
        "type": "character",
        "cost": 0,
        "ofv": 0,
        "dfv": 2,
        "abilities": [
            {
                "type": "activated",
                "name": "Conjure",
                "effect": {
                    "kind": "create_token",
                    "token": {"type": "character", "subtypes": ["Imp"], "ofv": 1, "dfv": 1},
                },
            }
        ],
    },
]


zlib = library_fixture(CARDS)


def test_five_character_slots(zlib):
    """Each player has exactly 5 character slots; a sixth character cannot be played (7.1.2a, 7.1.2c)."""
    s = setup(zlib)
    for _ in range(5):
        s.character("p1", "Guard")
    (soldier,) = s.hand("p1", "Soldier")
    s.resource_pool("p1", {"ember": 1})
    g = day(s)
    with pytest.raises(ZoneFull) as err:
        g.apply(PlayCard("p1", soldier, ("ember",)))
    assert err.value.rules == ("7.1.2c",)


def test_no_character_token_without_a_free_slot(zlib):
    """With all character slots occupied, character tokens cannot be created (7.1.2c)."""
    s = setup(zlib)
    s.character("p1", "Conjurer")
    for _ in range(4):
        s.character("p1", "Guard")
    g = day(s)
    conj = find(g, "p1", "Conjurer")
    g.apply(ActivateAbility("p1", conj, 0))
    pass_all(g)
    assert not any(g.objects[o].is_token for o in g.board_ids("p1"))
    assert any(e.rule == "7.1.2c" and e.kind == "token_not_created" for e in g.log)


def test_cards_are_drawn_from_the_top_of_the_deck(zlib):
    """Drawing takes the top card of the deck into its owner's hand (7.2.3d, 7.4.1c)."""
    s = setup(zlib)
    top = s.deck("p1", "Soldier")[0]
    g = day(s)
    deck = g.players["p1"].deck
    deck.remove(top)
    deck.insert(0, top)
    g.apply(UseCommand("p1", "Acquisition"))
    pass_all(g)
    assert g.players["p1"].hand[-1] == top and g.objects[top].zone is Zone.HAND


def test_discard_pile_keeps_order(zlib):
    """The discard pile is ordered: the most recently discarded card is on top (7.2.1c)."""
    s = setup(zlib)
    first = s.discard("p1", "Guard")[0]
    (potion,) = s.hand("p1", "Potion")
    g = day(s)
    g.apply(PlayCard("p1", potion))
    assert g.players["p1"].discard == [first, potion]


def test_cards_can_be_moved_to_the_void(zlib):
    """An effect can move a card from a discard pile to the void, where it stays visible (7.2.2b)."""
    s = setup(zlib)
    exiler = s.character("p1", "Exiler")
    (dead,) = s.discard("p2", "Soldier")
    g = day(s)
    g.apply(ActivateAbility("p1", exiler, 0, ((dead,),)))
    pass_all(g)
    assert g.players["p2"].void == [dead] and g.objects[dead].zone is Zone.VOID


def test_tokens_never_reach_the_void(zlib):
    """A token that would be moved to the void is removed from the game instead (2.5.4, 7.5.2b)."""
    s = setup(zlib)
    exiler = s.character("p1", "Exiler")
    tok = s.token("p2", {"type": "character", "subtypes": ["Imp"], "ofv": 1, "dfv": 1})
    g = day(s)
    g.apply(ActivateAbility("p1", exiler, 1, ((tok,),)))
    pass_all(g)
    assert tok not in g.objects and g.players["p2"].void == []
    assert violations(g) == []


def test_extra_deck_cards_leave_only_through_effects(zlib):
    """Extra-deck cards can be searched by an effect (7.4.2c); they are never drawn."""
    s = setup(zlib)
    seeker = s.character("p1", "Seeker")
    (extra,) = s.extra_deck("p1", "Brute")
    g = day(s)
    g.apply(UseCommand("p1", "Acquisition"))
    pass_all(g)
    assert g.objects[extra].zone is Zone.EXTRA_DECK
    g.apply(ActivateAbility("p1", seeker, 0))
    pass_all(g)
    assert g.pending.kind == "cards" and g.pending.options == (extra,)
    from engine.athernum import ChooseCards

    g.apply(ChooseCards("p1", (extra,)))
    assert g.objects[extra].zone is Zone.HAND


def test_every_card_is_in_exactly_one_zone(zlib):
    """A built position satisfies the zone invariants: each card in one zone, tokens only on the board (7.5.4)."""
    s = setup(zlib)
    k = s.character("p1", "Soldier")
    s.attach(k, "Sword", face_down=True)
    s.location("p2", "Tower")
    s.resources("p2", "tide", 2)
    s.hand("p1", "Guard")
    s.discard("p2", "Brute")
    g = day(s)
    assert violations(g) == []
    seen: dict[str, int] = {}
    for pid in g.order:
        ps = g.players[pid]
        for zone_ids in (
            ps.hand,
            ps.deck,
            ps.discard,
            ps.void,
            ps.extra_deck,
            ps.locations,
            ps.resources,
            ps.characters(),
        ):
            for oid in zone_ids:
                seen[oid] = seen.get(oid, 0) + 1
    assert all(n == 1 for n in seen.values())


BLINK = TEST_CARDS + [
    {
        "name": "Tide Binder",
        "type": "character",
        "cost": 0,
        "ofv": 0,
        "dfv": 2,
        "abilities": [
            {
                "type": "activated",
                "name": "Ebb",
                "targets": [{"kind": "permanent", "filter": {"main": False}}],
                "effect": {"kind": "move_to_void", "what": "target 0", "then_return": True},
            },
            {
                "type": "activated",
                "name": "Ebb Gear",
                "targets": [{"kind": "attachment"}],
                "effect": {"kind": "move_to_void", "what": "target 0", "then_return": True},
            },
        ],
    },
    {
        "name": "Watch Post",
        "type": "location",
        "victory_token_field": 2,
        "abilities": [{"type": "static", "effect": {"kind": "draw"}}],
    },
    {
        "name": "Cull Priest",
        "type": "character",
        "cost": 0,
        "ofv": 0,
        "dfv": 2,
        "abilities": [
            {
                "type": "activated",
                "name": "Cull",
                "targets": [{"kind": "permanent", "filter": {"types": ["character"], "main": False}}],
                "effect": {"kind": "discard", "what": "target 0"},
            }
        ],
    },
    {
        "name": "Dormant Titan",
        "type": "character",
        "cost": 4,
        "ofv": 4,
        "dfv": 4,
        "extra_rules": ["Awaken"],
        "abilities": [
            {
                "type": "triggered",
                "zone": "extra_deck",
                "trigger": {"whenever": "discarded", "filter": {"types": ["character"], "controller": "you"}},
                "effect": {"kind": "put_onto_board", "what": "this"},
            }
        ],
    },
]


blib = library_fixture(BLINK)


def test_moved_to_the_void_then_returned_to_the_zone_it_came_from(blib):
    """'Move to the void, then return it': it comes back to the zone it last occupied as a new object (7.5.6, 7.5.3)."""
    s = setup(blib)
    binder = s.character("p1", "Tide Binder")
    soldier = s.character("p2", "Soldier", damage=1, exhausted=True)
    s.attach(soldier, "Sword")
    g = day(s)
    g.apply(ActivateAbility("p1", binder, 0, ((soldier,),)))
    pass_all(g)
    o = g.objects[soldier]
    assert o.zone is Zone.CHARACTERS and soldier in g.players["p2"].character_slots and o.controller == "p2"
    assert not o.face_down and not o.exhausted and o.counters == {} and o.attachments == []
    assert any(e.rule == "7.5.6" and e.kind == "enters" for e in g.log)
    assert violations(g) == []


def test_a_returned_location_puts_its_statics_on_the_stack_and_grows_the_pool(blib):
    """A location returned from the void enters the board again: its statics go on the stack, its field grows the pool (7.5.6, 4.2.2g)."""
    s = setup(blib, pool=6)
    binder = s.character("p1", "Tide Binder")
    post = s.location("p1", "Watch Post")
    g = day(s)
    hand = len(g.players["p1"].hand)
    g.apply(ActivateAbility("p1", binder, 0, ((post,),)))
    pass_all(g)
    assert g.objects[post].zone is Zone.LOCATION and len(g.players["p1"].hand) == hand + 1
    assert g.victory_pool == 8


def test_a_returned_attachment_goes_back_to_its_linked_target(blib):
    """An attachment moved to the void and returned comes back into an item slot of the permanent it left (7.5.6)."""
    s = setup(blib)
    binder = s.character("p1", "Tide Binder")
    soldier = s.character("p1", "Soldier")
    sword = s.attach(soldier, "Sword", face_down=True)
    g = day(s)
    g.apply(ActivateAbility("p1", binder, 1, ((sword,),)))
    pass_all(g)
    o = g.objects[sword]
    assert o.zone is Zone.ITEM_SLOT and o.attached_to == soldier and not o.face_down
    from engine.athernum.values import value

    assert value(g, g.objects[soldier], "ofv") == 4


def test_a_token_moved_to_the_void_does_not_return(blib):
    """A token ceases to exist when it leaves its zone, so it cannot be returned (7.5.2b, 7.5.6)."""
    s = setup(blib)
    binder = s.character("p1", "Tide Binder")
    tok = s.token("p1", {"type": "character", "ofv": 1, "dfv": 1})
    g = day(s)
    g.apply(ActivateAbility("p1", binder, 0, ((tok,),)))
    pass_all(g)
    assert tok not in g.objects and not any(e.rule == "7.5.6" for e in g.log)


def test_an_extra_rule_moves_a_card_directly_out_of_the_extra_deck(blib):
    """A card's extra rule puts it from the extra deck directly onto the board when its condition is met (7.4.2d)."""
    s = setup(blib)
    (titan,) = s.extra_deck("p1", "Dormant Titan")
    priest = s.character("p1", "Cull Priest")
    soldier = s.character("p1", "Soldier")
    g = day(s)
    g.apply(ActivateAbility("p1", priest, 0, ((soldier,),)))
    pass_all(g)
    assert g.objects[titan].zone is Zone.CHARACTERS and titan not in g.players["p1"].extra_deck
    assert any(e.rule == "7.4.2d" and e.kind == "enters" for e in g.log)
    assert violations(g) == []


def test_only_extra_rules_act_from_the_extra_deck():
    """A card without an extra rule cannot carry an ability that works from the extra deck (7.4.2c, 7.4.2d)."""
    from engine.athernum import load_card
    from engine.athernum.errors import CardDefinitionError

    with pytest.raises(CardDefinitionError, match="extra rule"):
        load_card(
            {
                "name": "Sneak",
                "type": "character",
                "abilities": [
                    {
                        "type": "triggered",
                        "zone": "extra_deck",
                        "trigger": {"at": "morning"},
                        "effect": {"kind": "put_onto_board", "what": "this"},
                    }
                ],
            }
        )
