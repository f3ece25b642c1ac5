"""Chapter 1: card elements — name, faction, type line, Victory Token Field, values."""

from __future__ import annotations

import pytest

from engine.athernum import ActivateAbility, ChooseTargets, ExhaustResource, PlayCard, load_library
from engine.athernum.errors import UniquenessViolation
from engine.athernum.values import types_of, value
from tests.engine.engine_helpers import TEST_CARDS, day, find, library_fixture, pass_all, setup

TYPE_CARDS = TEST_CARDS + [
    {"name": "Shapeshifter", "type": "character", "cost": 0, "ofv": 1, "dfv": 2, "subtypes": ["Human"]},
    {
        "name": "Curse of Frogs",
        "type": "item",
        "abilities": [
            {
                "type": "static",
                "targets": [{"kind": "permanent", "filter": {"types": ["character"], "main": False}}],
                "effect": {
                    "kind": "set_types",
                    "what": "target 0",
                    "types": ["character", "Frog"],
                    "duration": "end_of_turn",
                },
            }
        ],
    },
    {
        "name": "Gift of Wings",
        "type": "item",
        "abilities": [
            {
                "type": "static",
                "targets": [{"kind": "permanent", "filter": {"types": ["character"], "main": False}}],
                "effect": {
                    "kind": "add_types",
                    "what": "target 0",
                    "types": ["Bird"],
                    "duration": "end_of_turn",
                },
            }
        ],
    },
    {
        "name": "Weaken",
        "type": "item",
        "abilities": [
            {
                "type": "static",
                "targets": [{"kind": "permanent", "filter": {"types": ["character"]}}],
                "effect": {
                    "kind": "modify_value",
                    "what": "target 0",
                    "property": "ofv",
                    "add": -5,
                    "duration": "end_of_turn",
                },
            }
        ],
    },
    {
        "name": "Regent",
        "type": "character",
        "cost": 0,
        "ofv": 0,
        "dfv": 3,
        "abilities": [
            {
                "type": "activated",
                "name": "Seize",
                "targets": [
                    {
                        "kind": "permanent",
                        "filter": {"types": ["character"], "controller": "opponent", "main": False},
                    }
                ],
                "effect": {"kind": "gain_control", "what": "target 0"},
            }
        ],
    },
]


tlib = library_fixture(TYPE_CARDS)


def test_same_name_is_same_card_for_semi_uniqueness(lib):
    """Two cards with the same printed name are copies (1.1.1): a second Champion cannot be played (2.2.7b)."""
    s = setup(lib)
    s.character("p1", "Champion")
    s.resources("p1", "ember", 2)
    (champ,) = s.hand("p1", "Champion")
    g = day(s)
    for t in list(g.players["p1"].resources):
        g.apply(ExhaustResource("p1", t))
    with pytest.raises(UniquenessViolation) as err:
        g.apply(PlayCard("p1", champ, ("ember", "ember")))
    assert "2.2.7b" in err.value.rules


@pytest.mark.parametrize(
    ("item", "subtypes", "rule"),
    [
        pytest.param("Curse of Frogs", {"Frog"}, "1.4.6", id="becomes-replaces-all-types"),
        pytest.param(
            "Gift of Wings", {"Human", "Bird"}, "1.4.7", id="gaining-a-type-keeps-the-original-ones"
        ),
    ],
)
def test_becoming_a_type_replaces_the_types_and_gaining_one_keeps_them(tlib, item, subtypes, rule):
    """A card that 'becomes' a type loses its previous types (1.4.6); one that gains a type without 'becomes' keeps its original types (1.4.7)."""
    s = setup(tlib)
    target = s.character("p2", "Shapeshifter")  # a Human
    (card,) = s.hand("p1", item)
    g = day(s)
    g.apply(PlayCard("p1", card))
    pass_all(g)
    supers, subs = types_of(g, g.objects[target])
    assert supers == {"character"} and subs == subtypes
    assert any(e.rule == rule for e in g.log)


def test_offensive_value_is_never_below_zero(tlib):
    """An OFV lowered below 0 is treated as 0 (2.2.3f)."""
    s = setup(tlib)
    target = s.character("p2", "Shapeshifter")
    (weaken,) = s.hand("p1", "Weaken")
    g = day(s)
    g.apply(PlayCard("p1", weaken))
    assert g.pending is not None and g.pending.kind == "targets"
    g.apply(ChooseTargets("p1", ((target,),)))
    pass_all(g)
    assert value(g, g.objects[target], "ofv") == 0


def test_playing_a_victory_token_field_card_grows_the_pool(lib):
    """Playing a card with a Victory Token Field adds its number to the global pool (1.5.3, via 4.2.2g)."""
    s = setup(lib, pool=6)
    s.resources("p1", "ember", 2)
    (champ,) = s.hand("p1", "Champion")
    g = day(s)
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
    g = day(s)
    g.apply(PlayCard("p1", potion))
    pass_all(g)
    assert g.objects[champ].zone.value == "discard"
    assert g.victory_pool == 8


def test_cannot_gain_control_of_a_second_copy(tlib):
    """Gaining control of a second copy of a Victory-Token-Field card is ignored (1.5.7)."""
    cards = TYPE_CARDS + [
        {"name": "Twin", "type": "character", "cost": 1, "ofv": 1, "dfv": 2, "victory_token_field": 1}
    ]
    lib2 = load_library(cards)
    s = setup(lib2)
    s.character("p1", "Regent")
    s.character("p1", "Twin")
    theirs = s.character("p2", "Twin")
    g = day(s)
    regent = find(g, "p1", "Regent")
    g.apply(ActivateAbility("p1", regent, 0, ((theirs,),)))
    pass_all(g)
    assert g.objects[theirs].controller == "p2"
    assert any(e.rule == "1.5.7" for e in g.log)


def test_gain_control_of_an_ordinary_character(tlib):
    """Gaining control moves a permanent to the new controller's slot without a zone change (7.5.7b)."""
    s = setup(tlib)
    s.character("p1", "Regent")
    theirs = s.character("p2", "Shapeshifter", damage=1)
    g = day(s)
    regent = find(g, "p1", "Regent")
    inc = g.objects[theirs].incarnation
    g.apply(ActivateAbility("p1", regent, 0, ((theirs,),)))
    pass_all(g)
    o = g.objects[theirs]
    assert o.controller == "p1" and theirs in g.players["p1"].character_slots
    assert o.incarnation == inc and o.counters["damage"] == 1


def test_token_named_by_its_characteristics(lib):
    """A token created without a name is named by its characteristics followed by 'Token' (1.1.6)."""
    from engine.athernum.abilities import parse_token

    spec = parse_token(
        {"type": "character", "subtypes": ["Mechanical", "Construct"], "ofv": 1, "dfv": 1}, "token"
    )
    assert spec.display_name() == "Mechanical Construct Token"


IDOLS = TEST_CARDS + [
    {"name": "Idol", "type": "item", "victory_token_field": 2},
    {
        "name": "Idol Maker",
        "type": "character",
        "cost": 0,
        "ofv": 0,
        "dfv": 2,
        "item_slots": 1,
        "abilities": [
            {
                "type": "activated",
                "name": "Shape",
                "effect": {
                    "kind": "create_token",
                    "attach_to": "this",
                    "token": {"name": "Idol", "type": "item", "victory_token_field": 2},
                },
            }
        ],
    },
]


ilib = library_fixture(IDOLS)


def test_second_victory_field_item_cannot_be_attached(ilib):
    """An attached item with a Victory Token Field counts as controlled: a second copy cannot be attached (1.5.5, 1.5.6)."""
    from engine.athernum import AttachItem

    s = setup(ilib)
    main = s.game.players["p1"].main_character
    assert main is not None
    s.attach(main, "Idol")
    soldier = s.character("p1", "Soldier")
    (idol,) = s.hand("p1", "Idol")
    g = day(s)
    with pytest.raises(UniquenessViolation) as err:
        g.apply(AttachItem("p1", idol, soldier))
    assert {"1.5.6", "1.5.5"} <= set(err.value.rules)
    assert AttachItem("p1", idol, soldier) not in g.legal_actions()


def test_second_victory_field_item_cannot_be_played_directly(ilib):
    """A player who controls a copy of a Victory-Token-Field item may not play another, even directly (1.5.6)."""
    s = setup(ilib)
    main = s.game.players["p1"].main_character
    assert main is not None
    s.attach(main, "Idol")
    (idol,) = s.hand("p1", "Idol")
    g = day(s)
    with pytest.raises(UniquenessViolation):
        g.apply(PlayCard("p1", idol))


def test_victory_field_item_token_not_created_over_a_copy(ilib):
    """An effect creating an item token with a Victory Token Field does nothing while its controller has a copy (1.5.5)."""
    s = setup(ilib)
    maker = s.character("p1", "Idol Maker")
    s.attach(maker, "Idol")
    g = day(s)
    g.apply(ActivateAbility("p1", maker, 0))
    pass_all(g)
    assert [g.objects[a].is_token for a in g.objects[maker].attachments] == [False]
    assert any(e.rule == "1.5.5" and e.kind == "token_not_created" for e in g.log)


def test_victory_field_item_played_directly_grows_the_pool(ilib):
    """Playing an item card with a Victory Token Field grows the pool by its printed number, at the next check (1.5.3)."""
    s = setup(ilib, pool=6)
    (idol,) = s.hand("p1", "Idol")
    g = day(s)
    g.apply(PlayCard("p1", idol))
    assert g.victory_pool == 6
    pass_all(g)
    assert g.victory_pool == 8 and g.objects[idol].zone.value == "discard"
    assert any(e.rule == "1.5.3" and e.kind == "pool_grows" for e in g.log)


def test_victory_field_item_attached_grows_the_pool(ilib):
    """Attaching an item card with a Victory Token Field is playing it: the pool grows by its number (1.5.3)."""
    from engine.athernum import AttachItem

    s = setup(ilib, pool=6)
    (idol,) = s.hand("p1", "Idol")
    g = day(s)
    main = g.players["p1"].main_character
    assert main is not None
    g.apply(AttachItem("p1", idol, main))
    pass_all(g)
    assert g.victory_pool == 8


NAMING = TEST_CARDS + [
    {
        "name": "Seer",
        "type": "character",
        "cost": 0,
        "ofv": 0,
        "dfv": 2,
        "abilities": [
            {
                "type": "activated",
                "name": "Divine",
                "effects": [{"kind": "name_card"}, {"kind": "search", "filter": {"named": True}}],
            },
            {
                "type": "activated",
                "name": "Purge",
                "effects": [
                    {"kind": "name_card"},
                    {"kind": "discard", "what": {"all": {"named": True, "controller": "opponent"}}},
                ],
            },
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
                    "token": {"name": "Imp", "type": "character", "ofv": 1, "dfv": 1},
                },
            }
        ],
    },
]


nlib = library_fixture(NAMING)


def test_naming_a_card_uses_the_card_database(nlib):
    """A player asked to name a card names one from the card database; the ability then finds cards by that name (1.1.5, 1.1.3)."""
    from engine.athernum import NameCard

    s = setup(nlib)
    seer = s.character("p1", "Seer")
    s.deck("p1", "Brute")
    g = day(s)
    g.apply(ActivateAbility("p1", seer, 0))
    pass_all(g)
    assert g.pending.kind == "name" and g.pending.rule == "1.1.5"
    assert set(g.pending.options) == set(nlib)
    assert NameCard("p1", "Brute") in g.legal_actions()
    g.apply(NameCard("p1", "Brute"))
    assert g.pending.kind == "cards"
    (brute,) = g.pending.options
    assert g.objects[brute].name == "Brute"
    assert any(e.rule == "1.1.5" and "names Brute" in e.message for e in g.log)


def test_only_names_of_the_card_database_may_be_named(nlib):
    """An invented name or a token's name is not the name of a card in the database and is refused (1.1.5)."""
    from engine.athernum import NameCard
    from engine.athernum.errors import InvalidChoice

    s = setup(nlib)
    seer = s.character("p1", "Seer")
    conj = s.character("p1", "Conjurer")
    g = day(s)
    g.apply(ActivateAbility("p1", conj, 0))
    pass_all(g)
    g.apply(ActivateAbility("p1", seer, 1))
    pass_all(g)
    for bad in ("Imp", "Dragon of Nowhere"):
        with pytest.raises(InvalidChoice) as err:
            g.apply(NameCard("p1", bad))
        assert err.value.rules == ("1.1.5",)


def test_a_named_card_is_found_on_the_board(nlib):
    """'Discard each permanent an opponent controls with the named name' discards exactly those (1.1.5, 1.1.7)."""
    from engine.athernum import NameCard

    s = setup(nlib)
    seer = s.character("p1", "Seer")
    b1, b2 = s.character("p2", "Brute"), s.character("p2", "Brute")
    guard = s.character("p2", "Guard")
    g = day(s)
    g.apply(ActivateAbility("p1", seer, 1))
    pass_all(g)
    g.apply(NameCard("p1", "Brute"))
    assert g.objects[b1].zone.value == "discard" and g.objects[b2].zone.value == "discard"
    assert g.objects[guard].zone.value == "character_slots"
