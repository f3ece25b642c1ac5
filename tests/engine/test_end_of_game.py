"""The end of the game: majority of Victory Tokens, objectives, empty decks, effects that win or lose, the turn limit."""

from __future__ import annotations

from engine.athernum import ActivateAbility, load_library
from engine.athernum.state import Phase
from tests.engine.engine_helpers import TEST_CARDS, advance, pass_all, setup

CARDS = TEST_CARDS + [
    {"name": "Collector", "type": "character", "cost": 0, "ofv": 0, "dfv": 2,
     "abilities": [{"type": "activated", "name": "Take", "targets": [{"kind": "permanent"}], "effect": {"kind": "place_victory_tokens", "what": "target 0"}}]},
    {"name": "Sage", "type": "character", "cost": 0, "ofv": 0, "dfv": 2,
     "abilities": [{"type": "activated", "name": "Study", "effect": {"kind": "draw", "count": 10}}]},
    {"name": "Oracle", "type": "character", "cost": 0, "ofv": 0, "dfv": 2,
     "abilities": [{"type": "activated", "name": "Ascend", "effect": {"kind": "win", "player": "you"}},
                   {"type": "activated", "name": "Doom", "effect": {"kind": "lose", "player": "opponent"}},
                   {"type": "activated", "name": "Folly", "effect": {"kind": "lose", "player": "you"}}]},
]


def _day(pool=6, **kw):
    s = setup(load_library(CARDS), pool=pool, **kw)
    return s


def test_majority_of_all_victory_tokens_wins():
    """More than half of all Victory Tokens in the game (pool plus on permanents) wins (4.2.3c, D-MAJORITY)."""
    s = _day(pool=5, p1_main_state={"victory_tokens": 2})
    s.character("p1", "Collector")
    s.at(turn=3, active="p1", phase="day")
    g = s.build()
    assert g.result is None  # 2 of 7 tokens
    collector = next(o for o in g.board_ids("p1") if g.objects[o].name == "Collector")
    hero = g.players["p1"].main_character
    g.apply(ActivateAbility("p1", collector, 0, ((hero,),)))
    pass_all(g)
    assert g.result is None  # 3 of 7: not yet a majority
    advance(g, lambda g: g.turn == 5 and g.phase is Phase.DAY)
    g.apply(ActivateAbility("p1", collector, 0, ((hero,),)))
    pass_all(g)
    assert g.result.winner == "p1" and g.result.rule == "4.2.3c"  # 4 of 7


def test_exactly_half_is_not_a_majority():
    """Holding exactly half of all Victory Tokens is not a majority (4.2.3c)."""
    s = _day(pool=2, p1_main_state={"victory_tokens": 2})
    s.at(turn=3, active="p1", phase="day")
    g = s.build()
    advance(g, lambda g: g.turn == 4)
    assert g.result is None


def test_drawing_from_an_empty_deck_loses():
    """A player who attempted to draw from an empty deck loses at the next check (4.2.4b)."""
    s = _day()
    s.character("p1", "Sage")
    s.at(turn=3, active="p1", phase="day")
    g = s.build()
    sage = next(o for o in g.board_ids("p1") if g.objects[o].name == "Sage")
    g.apply(ActivateAbility("p1", sage, 0))
    pass_all(g)
    assert g.result.winner == "p2" and g.result.rule == "4.2.4b"


def test_an_effect_can_make_a_player_win():
    """An effect that makes a player win takes effect at the next check (4.2.3b)."""
    s = _day()
    s.character("p1", "Oracle")
    s.at(turn=3, active="p1", phase="day")
    g = s.build()
    oracle = next(o for o in g.board_ids("p1") if g.objects[o].name == "Oracle")
    g.apply(ActivateAbility("p1", oracle, 0))
    pass_all(g)
    assert g.result.winner == "p1" and g.result.rule == "4.2.3b"


def test_an_effect_can_make_a_player_lose():
    """A player made to lose by an effect loses; the remaining player wins (4.2.3a, 4.2.4a)."""
    s = _day()
    s.character("p1", "Oracle")
    s.at(turn=3, active="p1", phase="day")
    g = s.build()
    oracle = next(o for o in g.board_ids("p1") if g.objects[o].name == "Oracle")
    g.apply(ActivateAbility("p1", oracle, 1))
    pass_all(g)
    assert g.result.winner == "p1" and g.result.rule == "4.2.4a"
    assert any(e.rule == "4.2.3a" and e.player == "p2" for e in g.log)


def test_defeat_overrides_victory():
    """A player made both to win and to lose loses: 4.2.3a is checked before 4.2.3b (D-SIMULTANEOUS-RESULTS)."""
    s = _day()
    s.character("p1", "Oracle")
    s.at(turn=3, active="p1", phase="day")
    g = s.build()
    oracle = next(o for o in g.board_ids("p1") if g.objects[o].name == "Oracle")
    g.apply(ActivateAbility("p1", oracle, 0))
    g.apply(ActivateAbility("p1", oracle, 2))
    pass_all(g)
    assert g.result.winner == "p2"


def test_turn_limit_ends_with_most_victory_tokens():
    """At the engine's turn limit each player gets one more turn, then most Victory Tokens wins (11.1.5, 11.1.6)."""
    s = setup(load_library(CARDS), pool=6, p2_main_state={"victory_tokens": 1})
    s.game.turn_limit = 4
    s.at(turn=3, active="p1", phase="day")
    g = s.build()
    advance(g, lambda g: g.over, limit=200)
    assert g.result.winner == "p2" and g.result.rule == "11.1.6"
    assert g.turn == 6
