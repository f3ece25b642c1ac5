"""Triggered abilities and their order (rules/advanced-notes-on-timing-rules-and-the-horizon/p1-p4)."""

from __future__ import annotations

from engine.atnia import Setup
from engine.atnia.actions import Commit, Item, PlayCard
from tests.engine_atnia.helpers import card, library, names, pass_, position


def test_discard_pile_triggers_smaller_on_top():
    """Two cards destroyed at once trigger from the discard pile with the smaller one on top."""
    game = position({"hand": ["Quake"]}, {"battlefield": ["Shade", "Bones"]})
    game.apply(PlayCard("p1", card(game, "Quake")))
    pass_(game)
    assert [game.card(e.source).name for e in game.horizon if e.source] == ["Bones", "Shade"]  # bottom to top


def test_first_players_triggers_above():
    """Round-start triggers of both players go onto the horizon with the first player's on top."""
    data = {
        "round": 2,
        "phase": "round_start",
        "first": "p2",
        "players": {
            "p1": {"battlefield": ["Crier"], "deck": ["Runner"]},
            "p2": {"battlefield": ["Crier"], "deck": ["Runner"]},
        },
    }
    game = Setup.from_dict(data, library()).build()
    assert [e.controller for e in game.horizon] == ["p1", "p2"]
    assert game.active == "p1"
    assert any(e.rule == "rules/round-phases/p7" for e in game.log)


def test_new_fast_entry_stops_resolution():
    """A fast trigger appearing while the horizon resolves stops it; the other player becomes active."""
    game = position(
        {"battlefield": ["Shade"], "hand": ["Wall", "Spark"], "locations": ["Shrine"], "energy": 5}
    )
    game.apply(Commit("p1", (Item(card(game, "Wall")), Item(card(game, "Spark"), (card(game, "Shade"),)))))
    pass_(game)  # Spark destroys the Shade, whose fast ability then stops the resolution before the Wall
    assert [e.label.split(":")[0] for e in game.horizon] == ["Wall", "Shade"]
    assert game.active == "p2"
    assert any(e.rule == "rules/advanced-notes-on-timing-rules-and-the-horizon/p1" for e in game.log)


def test_arrive_targets_chosen_on_play():
    """The target of an arrive ability is the one chosen when the card was played."""
    game = position({"hand": ["Adept"]}, {"battlefield": ["Runner", "Wall"]})
    game.apply(PlayCard("p1", card(game, "Adept"), (card(game, "Wall"),)))
    pass_(game)
    assert game.card(card(game, "Wall")).damage == 1
    assert game.card(card(game, "Runner")).zone.value == "battlefield"


def test_summoned_units_enter_largest_on_the_left():
    """Units summoned at once arrive ordered by offense, then health: largest on the left."""
    game = position({"hand": ["Pair"], "battlefield": ["Recruit"]})
    game.apply(PlayCard("p1", card(game, "Pair")))
    pass_(game)
    assert names(game, game.players["p1"].battlefield) == ["Recruit", "Hound", "Wall", "Runner"]
