"""Chapter 2: card types — permanents, attachments, tokens, characters, items, locations."""

from __future__ import annotations

import pytest

from engine.athernum import (
    ActivateAbility,
    AttachItem,
    DiscardAttachment,
    ExhaustResource,
    PlayCard,
    TurnFaceUp,
    load_library,
)
from engine.athernum.errors import CannotPay, InvalidTarget, LimitReached, ZoneFull
from engine.athernum.state import Zone
from engine.athernum.values import value
from tests.engine.engine_helpers import TEST_CARDS, day, find, library_fixture, pass_all, setup

MORE = TEST_CARDS + [
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
            },
            {
                "type": "activated",
                "name": "Banish",
                "targets": [{"kind": "permanent", "filter": {"token": True}}],
                "effect": {"kind": "return_to_hand", "what": "target 0"},
            },
            {
                "type": "activated",
                "name": "Echo",
                "effect": {
                    "kind": "create_token",
                    "token": {
                        "name": "Champion",
                        "type": "character",
                        "ofv": 1,
                        "dfv": 1,
                        "victory_token_field": 2,
                    },
                },
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


mlib = library_fixture(MORE)


def _pay(g, pid, n):
    toks = [t for t in g.players[pid].resources if not g.objects[t].exhausted][:n]
    for t in toks:
        g.apply(ExhaustResource(pid, t))


def test_character_needs_its_acquisition_cost(lib):
    """A character is played by paying its acquisition cost from the resource pool (2.2.1b, 9.2.5)."""
    s = setup(lib)
    s.resources("p1", "ember", 2)
    (brute,) = s.hand("p1", "Brute")
    g = day(s)
    with pytest.raises(CannotPay) as err:
        g.apply(PlayCard("p1", brute, ("tide", "ember")))
    assert "5.0.3d" in err.value.rules


def test_faction_character_needs_one_matching_resource(lib):
    """At least one resource paid for a faction character must be of its faction (2.2.1c)."""
    s = setup(lib)
    s.resources("p1", "ember", 2)
    (brute,) = s.hand("p1", "Brute")  # a tide character
    g = day(s)
    _pay(g, "p1", 2)
    with pytest.raises(CannotPay) as err:
        g.apply(PlayCard("p1", brute, ("ember", "ember")))
    assert err.value.rules == ("2.2.1c",)


def test_factionless_character_accepts_any_resources(lib):
    """A factionless character may be paid with resources of any faction (2.2.1c)."""
    s = setup(lib)
    s.resources("p1", "tide", 1)
    (guard,) = s.hand("p1", "Guard")
    g = day(s)
    _pay(g, "p1", 1)
    g.apply(PlayCard("p1", guard, ("tide",)))
    assert g.objects[guard].zone is Zone.CHARACTERS
    assert g.players["p1"].pool == {}


def test_played_character_is_on_the_board_while_the_stack_is_open(lib):
    """Cards are never on the stack: a played character is on the board at once (4.1.0, 4.1.3)."""
    s = setup(lib)
    s.resources("p1", "ember", 1)
    (soldier,) = s.hand("p1", "Soldier")
    g = day(s)
    _pay(g, "p1", 1)
    g.apply(PlayCard("p1", soldier, ("ember",)))
    assert g.stack == [] and g.objects[soldier].zone is Zone.CHARACTERS


def test_item_attached_face_up_applies_its_equip_effect(lib):
    """An item attached face-up puts its static effects on the stack; once resolved they apply to the linked target (2.3.2d, 4.3.5g)."""
    s = setup(lib)
    (sword,) = s.hand("p1", "Sword")
    g = day(s)
    hero = g.players["p1"].main_character
    assert hero is not None
    g.apply(AttachItem("p1", sword, hero))
    assert value(g, g.objects[hero], "ofv") == 2  # still on the stack
    pass_all(g)
    assert value(g, g.objects[hero], "ofv") == 4


def test_item_attached_face_down_does_nothing_until_turned_face_up(lib):
    """A face-down attachment has no effect; turning it face-up puts its statics on the stack (2.3.2e, 2.1.2d)."""
    s = setup(lib)
    (sword,) = s.hand("p1", "Sword")
    g = day(s)
    hero = g.players["p1"].main_character
    assert hero is not None
    g.apply(AttachItem("p1", sword, hero, face_down=True))
    pass_all(g)
    assert value(g, g.objects[hero], "ofv") == 2
    g.apply(TurnFaceUp("p1", sword))
    assert g.stack is not None
    assert [e.label for e in g.stack] == ["Sword: Equip ability"]
    pass_all(g)
    assert value(g, g.objects[hero], "ofv") == 4


def test_item_slots_limit_attachments(lib):
    """An item may only be placed into an available item slot (2.3.2c, 2.2.2b)."""
    s = setup(lib)
    hero_sword = s.hand("p1", "Sword", "Sword")
    g = day(s)
    hero = g.players["p1"].main_character
    assert hero is not None
    g.apply(AttachItem("p1", hero_sword[0], hero))
    pass_all(g)
    with pytest.raises(ZoneFull) as err:
        g.apply(AttachItem("p1", hero_sword[1], hero))
    assert "2.3.2c" in err.value.rules


def test_items_attach_only_to_own_permanents(lib):
    """Items attach to a permanent controlled by the item's owner (2.3.2a)."""
    s = setup(lib)
    (sword,) = s.hand("p1", "Sword")
    g = day(s)
    with pytest.raises(InvalidTarget) as err:
        assert g.players["p2"].main_character is not None
        g.apply(AttachItem("p1", sword, g.players["p2"].main_character))
    assert err.value.rules == ("2.3.2a",)


def test_item_played_directly_resolves_and_is_discarded(lib):
    """An item played directly puts its static effects on the stack and is discarded (2.3.1b)."""
    s = setup(lib)
    (potion,) = s.hand("p1", "Potion")
    g = day(s)
    g.apply(PlayCard("p1", potion))
    assert g.stack is not None
    assert g.objects[potion].zone is Zone.DISCARD and len(g.stack) == 1
    before = len(g.players["p1"].hand)
    pass_all(g)
    assert len(g.players["p1"].hand) == before + 1


def test_attachments_are_discarded_when_their_host_leaves(mlib):
    """Attachments of a permanent that leaves the board are discarded (2.2.6, 7.3.4)."""
    s = setup(mlib)
    s.character("p1", "Slayer")
    victim = s.character("p2", "Soldier")
    blade = s.attach(victim, "Sword")
    g = day(s)
    slayer = find(g, "p1", "Slayer")
    g.apply(ActivateAbility("p1", slayer, 0, ((victim,),)))
    pass_all(g)
    assert g.objects[victim].zone is Zone.DISCARD
    assert g.objects[blade].zone is Zone.DISCARD and g.objects[blade].owner == "p2"
    assert any(e.rule == "7.3.4" for e in g.log)


def test_face_up_attachment_may_be_discarded_by_its_hosts_controller(lib):
    """A face-up attachment may be discarded by the controller of its linked target, without a stack (2.1.2g)."""
    s = setup(lib)
    assert s.game.players["p1"].main_character is not None
    blade = s.attach(s.game.players["p1"].main_character, "Sword")
    g = day(s)
    g.apply(DiscardAttachment("p1", blade))
    assert g.objects[blade].zone is Zone.DISCARD
    assert g.stack is None
    assert g.log[-1].rule == "2.1.2g"


def test_face_down_attachment_cannot_be_discarded_this_way(lib):
    """Only face-up attachments may be discarded by choice (2.1.2g)."""
    s = setup(lib)
    assert s.game.players["p1"].main_character is not None
    blade = s.attach(s.game.players["p1"].main_character, "Sword", face_down=True)
    g = day(s)
    with pytest.raises(InvalidTarget) as err:
        g.apply(DiscardAttachment("p1", blade))
    assert err.value.rules == ("2.1.2g",)


def test_tokens_cease_to_exist_when_leaving_their_zone(mlib):
    """A token that would go to a hand ceases to exist instead (2.1.3e, 2.5.4, 7.5.2b)."""
    s = setup(mlib)
    s.character("p1", "Conjurer")
    g = day(s)
    conj = find(g, "p1", "Conjurer")
    g.apply(ActivateAbility("p1", conj, 0))
    pass_all(g)
    imp = next(
        o for o in g.board_ids("p1") if g.objects[o].is_token and g.objects[o].definition.type == "character"
    )
    assert g.objects[imp].name == "Imp Token" and g.objects[imp].owner == "p1"
    g.apply(ActivateAbility("p1", conj, 1, ((imp,),)))
    pass_all(g)
    assert imp not in g.objects
    assert all(not g.objects[h].is_token for h in g.players["p1"].hand)
    assert any(e.rule == "7.5.2b" and e.kind == "token_ceases" for e in g.log)


def test_token_violating_semi_uniqueness_is_not_created(mlib):
    """A token that would be a second copy of a Victory-Token-Field card is not created (2.2.7e)."""
    s = setup(mlib)
    s.character("p1", "Conjurer")
    s.character("p1", "Champion")
    g = day(s)
    conj = find(g, "p1", "Conjurer")
    n = len(g.board_ids("p1"))
    g.apply(ActivateAbility("p1", conj, 2))
    pass_all(g)
    assert len(g.board_ids("p1")) == n
    assert any(e.rule == "2.2.7e" for e in g.log)


def test_only_one_location_per_turn(lib):
    """Only one location may be played per turn (2.4.2, 9.2.6)."""
    s = setup(lib)
    tower, fort = s.hand("p1", "Tower", "Fort")
    g = day(s)
    g.apply(PlayCard("p1", tower))
    pass_all(g)
    with pytest.raises(LimitReached) as err:
        g.apply(PlayCard("p1", fort))
    assert "2.4.2" in err.value.rules


def test_only_the_most_recent_location_remains(lib):
    """A second location replaces the first at the next state-based check (2.4.4a, 4.2.2c)."""
    s = setup(lib)
    old = s.location("p1", "Tower")
    (fort,) = s.hand("p1", "Fort")
    g = day(s)
    g.apply(PlayCard("p1", fort))
    assert set(g.players["p1"].locations) == {old, fort}
    pass_all(g)
    assert g.players["p1"].locations == [fort]
    assert g.objects[old].zone is Zone.DISCARD
    assert any(e.rule == "4.2.2c" for e in g.log)


def test_locations_are_free(lib):
    """Locations are played without costs (2.4.1)."""
    s = setup(lib)
    s.resource_pool("p1", {"ember": 1})
    (tower,) = s.hand("p1", "Tower")
    g = day(s)
    with pytest.raises(CannotPay) as err:
        g.apply(PlayCard("p1", tower, ("ember",)))
    assert err.value.rules == ("2.4.1",)


def test_lethal_damage_discards_a_character(lib):
    """A face-up permanent with damage counters equal to its DFV is discarded at the next check (2.2.4f, 4.2.2a)."""
    s = setup(lib)
    soldier = s.character("p2", "Soldier", damage=2)
    (potion,) = s.hand("p1", "Potion")
    g = day(s)
    g.apply(PlayCard("p1", potion))
    pass_all(g)
    assert g.objects[soldier].zone is Zone.DISCARD
    entry = next(e for e in g.log if e.rule == "4.2.2a")
    assert soldier in entry.objects


def test_semi_unique_duplicates_are_resolved_by_the_controllers_choice(lib):
    """With two copies of a Victory-Token-Field card, the controller chooses the one that stays (2.2.7c, 4.2.2b)."""
    from engine.athernum import ChooseCards

    s = setup(lib)
    a = s.character("p1", "Champion")
    b = s.character("p1", "Champion")
    (potion,) = s.hand("p1", "Potion")
    g = day(s)
    g.apply(PlayCard("p1", potion))
    pass_all(g)
    assert g.pending is not None and g.pending.kind == "keep"
    assert set(g.pending.options) == {a, b}
    g.apply(ChooseCards("p1", (b,)))
    assert g.objects[a].zone is Zone.DISCARD and g.objects[b].zone is Zone.CHARACTERS


TOKENS = TEST_CARDS + [
    {
        "name": "Herald Maker",
        "type": "character",
        "cost": 0,
        "ofv": 0,
        "dfv": 2,
        "abilities": [
            {
                "type": "activated",
                "name": "Proclaim",
                "effect": {
                    "kind": "create_token",
                    "token": {
                        "type": "character",
                        "subtypes": ["Herald"],
                        "ofv": 0,
                        "dfv": 1,
                        "abilities": [
                            {
                                "type": "static",
                                "effect": {
                                    "kind": "modify_value",
                                    "what": {
                                        "all": {"types": ["character"], "controller": "you", "other": True}
                                    },
                                    "property": "ofv",
                                    "add": 1,
                                },
                            }
                        ],
                    },
                },
            }
        ],
    },
    {
        "name": "Rune Carver",
        "type": "character",
        "cost": 0,
        "ofv": 0,
        "dfv": 2,
        "item_slots": 1,
        "abilities": [
            {
                "type": "activated",
                "name": "Carve",
                "effect": {
                    "kind": "create_token",
                    "attach_to": "this",
                    "token": {
                        "name": "Rune",
                        "type": "item",
                        "abilities": [
                            {
                                "type": "static",
                                "keyword": "equip",
                                "effect": {
                                    "kind": "modify_value",
                                    "what": "linked",
                                    "property": "ofv",
                                    "add": 1,
                                },
                            }
                        ],
                    },
                },
            }
        ],
    },
]


toklib = library_fixture(TOKENS)


def test_token_static_ability_goes_on_the_stack_as_it_enters(toklib):
    """A character token's static ability is put on the stack as the token enters and then applies (2.5.2, 4.3.5a.I)."""
    s = setup(toklib)
    maker = s.character("p1", "Herald Maker")
    soldier = s.character("p1", "Soldier")
    g = day(s)
    g.apply(ActivateAbility("p1", maker, 0))
    pass_all(g)
    assert value(g, g.objects[soldier], "ofv") == 3
    assert any(e.rule == "4.3.5a.I" and e.kind == "stack_push" and "Herald Token" in e.message for e in g.log)
    assert any(e.rule == "2.5.2" for e in g.log)


def test_item_token_equip_static_applies_to_its_linked_target(toklib):
    """An item token created in an item slot puts its equip static on the stack; it applies to the linked target (4.3.5g.III)."""
    s = setup(toklib)
    carver = s.character("p1", "Rune Carver")
    g = day(s)
    g.apply(ActivateAbility("p1", carver, 0))
    pass_all(g)
    assert value(g, g.objects[carver], "ofv") == 1
    assert any(e.rule == "4.3.5g.III" and e.kind == "stack_push" for e in g.log)


SHUFFLE = TEST_CARDS + [
    {
        "name": "Tide Binder",
        "type": "character",
        "cost": 0,
        "ofv": 0,
        "dfv": 2,
        "abilities": [
            {
                "type": "activated",
                "name": "Undertow",
                "targets": [{"kind": "permanent", "filter": {"main": False}}],
                "effect": {"kind": "shuffle_into_deck", "what": "target 0"},
            }
        ],
    },
]


def test_a_token_is_never_shuffled_into_a_deck():
    """A token that an effect would shuffle into a deck is removed from the game instead; a card goes into the deck (2.5.6)."""
    s = setup(load_library(SHUFFLE))
    binder = s.character("p1", "Tide Binder")
    tok = s.token("p2", {"type": "character", "ofv": 1, "dfv": 1})
    brute = s.character("p2", "Brute")
    g = day(s)
    g.apply(ActivateAbility("p1", binder, 0, ((tok,),)))
    pass_all(g)
    assert tok not in g.objects and len(g.players["p2"].deck) == 5
    assert any(e.rule == "2.5.6" for e in g.log)
    g.apply(ActivateAbility("p1", binder, 0, ((brute,),)))
    pass_all(g)
    assert g.objects[brute].zone is Zone.DECK and len(g.players["p2"].deck) == 6
    assert any(e.kind == "shuffle" and e.player == "p2" for e in g.log)


REASSIGN = TEST_CARDS + [
    {
        "name": "Gear Smith",
        "type": "character",
        "cost": 0,
        "ofv": 0,
        "dfv": 2,
        "item_slots": 1,
        "abilities": [
            {
                "type": "activated",
                "name": "Refit",
                "targets": [{"kind": "attachment"}, {"kind": "permanent", "filter": {"controller": "you"}}],
                "effect": {"kind": "reattach", "what": "target 0", "onto": "target 1"},
            }
        ],
    },
]


def test_an_attachment_reassigned_to_a_new_linked_target_brings_its_effect():
    """An attachment moved to another permanent stays on the board; its effect now applies to the new target (4.2.1b, 2.1.2e)."""
    s = setup(load_library(REASSIGN))
    smith = s.character("p1", "Gear Smith")
    soldier = s.character("p1", "Soldier")
    sword = s.attach(smith, "Sword")
    g = day(s)
    assert value(g, g.objects[smith], "ofv") == 2
    g.apply(ActivateAbility("p1", smith, 0, ((sword,), (soldier,))))
    pass_all(g)
    o = g.objects[sword]
    assert o.zone is Zone.ITEM_SLOT and o.attached_to == soldier and o.incarnation == 0
    assert value(g, g.objects[soldier], "ofv") == 4 and value(g, g.objects[smith], "ofv") == 0
    assert [e.rule for e in g.log if e.kind in ("reassigned", "relinked")] == ["2.1.2e", "4.2.1b"]


def test_an_attachment_that_cannot_be_reassigned_is_discarded():
    """Unattached by an effect, an attachment with no available item slot to go to is discarded (2.1.2e, 2.3.2g)."""
    s = setup(load_library(REASSIGN))
    smith = s.character("p1", "Gear Smith")
    soldier = s.character("p1", "Soldier")
    sword = s.attach(smith, "Sword")
    s.attach(soldier, "Potion")  # Soldier's one slot is taken
    g = day(s)
    g.apply(ActivateAbility("p1", smith, 0, ((sword,), (soldier,))))
    pass_all(g)
    assert g.objects[sword].zone is Zone.DISCARD
    assert any(e.rule == "2.1.2e" and "cannot be reassigned" in e.message for e in g.log)
