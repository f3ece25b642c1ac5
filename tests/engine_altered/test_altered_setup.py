"""Starting a game (4.1) and building positions; snapshots and the action vocabulary as plain data."""

from __future__ import annotations

import pytest

from engine.altered import Decide, Setup, SetupError, action_from_dict, new_game
from engine.altered.actions import PlayCard, PlayReaction
from engine.altered.state import Phase
from tests.engine_altered.altered_helpers import library, position, rules_logged

DECK = [
    "Plain Guard",
    "Bog Lurker",
    "Forest Scout",
    "Mountain Guard",
    "River Sprite",
    "Meadow Sprout",
    "Loyal Hound",
    "Tinker",
]


def _game(seed=1, **p2):
    return new_game(
        {"p1": {"deck": DECK, "hero": "Kojo & Booda"}, "p2": {"deck": DECK, "hero": "Subhash & Marmo", **p2}},
        library(),
        seed=seed,
    )


def test_setup_follows_4_1_in_order():
    """4.1.a to 4.1.j are logged in the order of the excerpt."""
    game = _game()
    order = [r for r in rules_logged(game) if r.startswith("4.1.")]
    assert list(dict.fromkeys(order)) == [
        "4.1.a",
        "4.1.b",
        "4.1.c",
        "4.1.d",
        "4.1.e",
        "4.1.g",
        "4.1.h",
        "4.1.i",
        "4.1.j",
    ]


def test_the_adventure_and_the_counters():
    """Hero and Companion Regions at the ends, three different face-down Tumult cards between (4.1.b-d)."""
    game = _game()
    regions = [game.objects[r] for r in game.adventure]
    assert regions[0].name == "Hero Region" and regions[-1].name == "Companion Region"
    assert all(r.face_down for r in regions[1:4]) and len({r.name for r in regions[1:4]}) == 3
    assert all(game.players[p].positions == {"hero": 0, "companion": 4} for p in game.order)


def test_the_first_player_is_random_and_decides_first():
    """Different seeds give both first players (4.1.g); the first player chooses Mana first (D-FIRST-MORNING)."""
    firsts = {_game(seed).first_player for seed in range(8)}
    assert firsts == {"p1", "p2"}
    game = _game(1)
    assert game.pending.player == game.first_player and game.pending.min == game.pending.max == 3


def test_the_first_day_starts_at_noon_after_the_replacement_setup():
    """Six cards drawn, three to Mana, then Noon of day 1 with no Morning (4.1.j)."""
    game = _game(1)
    for _ in range(2):
        c = game.pending
        game.apply(Decide(c.player, c.options[:3]))
    assert (game.day, game.phase) == (1, Phase.NOON)
    assert all(len(game.players[p].hand) == 3 and len(game.players[p].mana) == 3 for p in game.order)
    assert not [e for e in game.log if e.kind == "phase" and "Morning" in e.message]


def test_a_disguise_is_removed_when_heroes_are_revealed():
    """A player without a Hero presents a card from outside the game; it is removed at 4.1.h (4.1.f)."""
    game = new_game(
        {
            "p1": {"deck": DECK, "hero": "Kojo & Booda"},
            "p2": {"deck": DECK, "hero": None, "disguise": "Plain Guard"},
        },
        library(),
        seed=2,
    )
    assert game.players["p2"].hero is None and len(game.removed) == 1
    assert "4.1.f" in rules_logged(game)


def test_the_tumult_cards_must_be_different():
    """Two copies of a Tumult card are refused citing 4.1.c."""
    with pytest.raises(SetupError) as info:
        new_game(
            {"p1": {"deck": DECK}, "p2": {"deck": DECK}},
            library(),
            tumult=["Tumult: Delta", "Tumult: Delta", "Tumult: High Pass"],
        )
    assert info.value.rules == ("4.1.c",)


def test_setup_refuses_impossible_positions():
    """A Spell in an expedition or a turn outside the Afternoon is refused."""
    with pytest.raises(SetupError):
        position(p1={"expeditions": {"hero": ["Spy Craft"]}})
    with pytest.raises(SetupError):
        position(phase="noon", turn_player="p2")


def test_a_mid_afternoon_position_starts_with_the_given_turn():
    """turn_player and passed put the game in the middle of an Afternoon."""
    game = position(first_player="p1", turn_player="p2", passed=["p1"])
    assert game.turn_player == "p2" and game.players["p1"].passed and game.initiative() == "p2"


def test_snapshot_and_actions_are_plain_data():
    """to_dict describes zones, emblems and the pending decision; actions round-trip through dicts."""
    game = position(phase="noon", p1={"expeditions": {"hero": ["Aloe Vera"]}, "deck": ["Plain Guard"]})
    snap = game.to_dict()
    assert snap["phase"] == "noon" and snap["acting"] == "p1"
    assert next(iter(snap["emblems"].values()))["subtypes"] == ["Reaction"]
    assert snap["objects"]["p1:Aloe Vera#1"]["stats"] == {"forest": 1, "mountain": 0, "water": 1}
    for action in (
        PlayCard("p1", "x", "companion", ("p1:hero", None), ("y",)),
        PlayReaction("p2", "E1"),
        Decide("p1", ("yes",)),
    ):
        assert action_from_dict(action.to_dict()) == action


def test_unknown_setup_fields_are_refused():
    """A misspelt field is an error, not silently ignored."""
    with pytest.raises(SetupError):
        Setup.from_dict({"phase": "noon", "p3": {}}, library())
