"""Chapter 3: the main character — selection, initiative, entering exhausted, never leaving, lethal damage."""

from __future__ import annotations

import pytest

from engine.athernum import (
    ActivateAbility,
    ChooseMainCharacter,
    ChooseTargets,
    PlayCard,
    load_library,
    new_game,
)
from engine.athernum.errors import InvalidChoice
from engine.athernum.state import Phase, Zone
from tests.engine.engine_helpers import TEST_CARDS, day, deck_library, find, legal_deck, pass_all, setup

REMOVAL = TEST_CARDS + [
    {
        "name": "Exile",
        "type": "item",
        "abilities": [
            {
                "type": "static",
                "targets": [{"kind": "permanent", "filter": {"types": ["character"]}}],
                "effect": {"kind": "discard", "what": "target 0"},
            }
        ],
    },
    {
        "name": "Bounce",
        "type": "item",
        "abilities": [
            {
                "type": "static",
                "targets": [{"kind": "permanent", "filter": {"types": ["character"]}}],
                "effect": {"kind": "return_to_hand", "what": "target 0"},
            }
        ],
    },
    {
        "name": "Thief",
        "type": "character",
        "cost": 0,
        "ofv": 0,
        "dfv": 1,
        "abilities": [
            {
                "type": "activated",
                "name": "Steal",
                "targets": [{"kind": "permanent", "filter": {"controller": "opponent"}}],
                "effect": {"kind": "gain_control", "what": "target 0"},
            }
        ],
    },
    {
        "name": "Blast",
        "type": "item",
        "abilities": [
            {
                "type": "static",
                "targets": [{"kind": "permanent", "filter": {"types": ["character"]}}],
                "effect": {"kind": "deal_damage", "what": "target 0", "amount": 5},
            }
        ],
    },
]


def _start(lib, d1, d2, seed=3):
    return new_game({"p1": d1, "p2": d2}, lib, seed=seed)


def _choose(game, p1_card_name, p2_card_name):
    for pid, name in (("p1", p1_card_name), ("p2", p2_card_name)):
        card = next(o for o in game.players[pid].deck if game.objects[o].name == name)
        game.apply(ChooseMainCharacter(pid, card))


def test_each_player_selects_a_main_character_from_their_deck():
    """Setup waits for each player to select a Victory-Token-Field card from their deck (3.0.2, 8.0.1a)."""
    lib = deck_library()
    g = _start(lib, legal_deck("Hero", "Champion"), legal_deck("Rival"))
    assert g.pending.kind == "main_character" and g.pending.player == "p1"
    names = {g.objects[o].name for o in g.pending.options}
    assert names == {"Hero", "Champion"}


def test_a_card_without_victory_token_field_cannot_be_main():
    """Only a card with a Victory Token Field may be selected (8.0.1a, 8.0.1e)."""
    lib = deck_library()
    g = _start(lib, legal_deck("Hero"), legal_deck("Rival"))
    filler = next(o for o in g.players["p1"].deck if g.objects[o].name.startswith("Filler"))
    with pytest.raises(InvalidChoice) as err:
        g.apply(ChooseMainCharacter("p1", filler))
    assert "8.0.1a" in err.value.rules


def test_lower_acquisition_cost_has_initiative():
    """The main character with the lower acquisition cost starts the game (3.0.2c, 8.0.2a)."""
    lib = deck_library()
    g = _start(lib, legal_deck("Rival"), legal_deck("Hero"))  # Rival costs 3, Hero 2
    _choose(g, "Rival", "Hero")
    assert g.active == "p2" and g.turn == 1
    assert any(e.rule == "8.0.2a" and e.player == "p2" for e in g.log)


def test_no_cost_counts_as_highest_initiative():
    """A main character without acquisition cost has initiative 0, read as cost 0: it goes first (3.0.2c.II, D-INITIATIVE)."""
    lib = deck_library()
    g = _start(lib, legal_deck("Hero"), legal_deck("Keep"))
    _choose(g, "Hero", "Keep")
    assert g.active == "p2"


def test_initiative_tie_is_random_but_seeded():
    """A tie in initiative is broken at random from the game's seed (3.0.2c.IV, 8.0.2d)."""
    lib = deck_library()
    starters = set()
    for seed in range(12):
        g = _start(lib, legal_deck("Hero"), legal_deck("Hero"), seed=seed)
        _choose(g, "Hero", "Hero")
        starters.add(g.active)
        again = _start(lib, legal_deck("Hero"), legal_deck("Hero"), seed=seed)
        _choose(again, "Hero", "Hero")
        assert again.active == g.active
    assert starters == {"p1", "p2"}


def test_main_characters_enter_exhausted_without_counter():
    """Main characters enter exhausted but without an exhaustion counter (3.0.4); the first player's recovers in their morning."""
    lib = deck_library()
    g = _start(lib, legal_deck("Hero"), legal_deck("Rival"))
    _choose(g, "Hero", "Rival")
    hero = g.objects[g.players["p1"].main_character]
    rival = g.objects[g.players["p2"].main_character]
    assert g.phase is Phase.DAY and g.active == "p1"
    assert not hero.exhausted and not hero.face_down  # recovered in p1's first morning (9.1.2)
    assert rival.exhausted and rival.face_down and rival.counters.get("exhaustion", 0) == 0
    assert hero.zone is Zone.MAIN


def test_location_main_character_goes_to_the_location_slot():
    """A selected card that is not a character goes to its own zone; the main character slot stays empty (3.0.3, 8.0.1d)."""
    lib = deck_library()
    g = _start(lib, legal_deck("Hero"), legal_deck("Keep"))
    _choose(g, "Hero", "Keep")
    keep = g.players["p2"].main_character
    assert keep is not None
    assert g.players["p2"].locations == [keep] and g.players["p2"].main_slot is None


@pytest.mark.parametrize(
    ("item", "owner", "rule"),
    [
        pytest.param("Exile", "p2", "3.0.7b", id="discard-the-opponents"),
        pytest.param("Bounce", "p1", "3.0.7a", id="return-your-own-to-hand"),
    ],
)
def test_main_character_cannot_be_discarded_or_returned_to_hand(item, owner, rule):
    """An effect that would discard the main character (3.0.7b) or move it to the hand (3.0.7a) does nothing to it."""
    s = setup(load_library(REMOVAL))
    (card,) = s.hand("p1", item)
    g = day(s)
    main = g.players[owner].main_character
    assert main is not None
    g.apply(PlayCard("p1", card))
    g.apply(ChooseTargets("p1", ((main,),)))
    pass_all(g)
    assert g.objects[main].zone is Zone.MAIN
    assert any(e.rule == rule for e in g.log)


def test_control_of_main_character_cannot_change():
    """Control of the main character cannot be changed by any effect (3.0.7d)."""
    lib = load_library(REMOVAL)
    s = setup(lib)
    s.character("p1", "Thief")
    g = day(s)
    thief = find(g, "p1", "Thief")
    rival = g.players["p2"].main_character
    assert rival is not None
    g.apply(ActivateAbility("p1", thief, 0, ((rival,),)))
    pass_all(g)
    assert g.objects[rival].controller == "p2"
    assert any(e.rule == "3.0.7d" for e in g.log)


def test_lethal_damage_exhausts_main_character_and_removes_damage():
    """A main character with lethal damage is exhausted and its damage removed instead of being discarded (3.0.7e)."""
    lib = load_library(REMOVAL)
    s = setup(lib)
    assert s.game.players["p2"].main_character is not None
    rival_sword = s.attach(s.game.players["p2"].main_character, "Sword")
    (blast,) = s.hand("p1", "Blast")
    g = day(s)
    rival = g.players["p2"].main_character
    assert rival is not None
    g.apply(PlayCard("p1", blast))
    g.apply(ChooseTargets("p1", ((rival,),)))
    pass_all(g)
    r = g.objects[rival]
    assert r.zone is Zone.MAIN
    assert r.exhausted and r.face_down and r.counters.get("damage", 0) == 0
    assert r.counters.get("exhaustion") == 1
    assert g.objects[rival_sword].attached_to == rival  # attachments remain (3.0.7e.III)
    rules = [e.rule for e in g.log]
    assert (
        rules.index("3.0.7e") < rules.index("3.0.7e.I") < rules.index("3.0.7e.II") < rules.index("3.0.7e.III")
    )


def test_main_character_determines_faction():
    """A player's faction is their main character's faction (3.0.6); Solvency creates resources of it (3.0.6d)."""
    from engine.athernum import UseCommand

    lib = load_library(TEST_CARDS)
    s = setup(lib)
    s.at(turn=3, active="p2", phase="day")
    g = s.build()
    g.apply(UseCommand("p2", "Solvency"))
    pass_all(g)
    (tok,) = g.players["p2"].resources
    assert g.objects[tok].definition.faction == "tide"


def test_location_main_character_stays_when_another_location_is_played():
    """A location main character is never discarded; another location played beside it is (3.0.7b, 4.2.2c, D-MAIN-LOCATION)."""
    lib = load_library(TEST_CARDS)
    s = setup(lib, p1_main="Keep")
    (tower,) = s.hand("p1", "Tower")
    g = day(s)
    keep = g.players["p1"].main_character
    assert keep is not None
    g.apply(PlayCard("p1", tower))
    pass_all(g)
    assert g.players["p1"].locations == [keep]
    assert g.objects[tower].zone is Zone.DISCARD
