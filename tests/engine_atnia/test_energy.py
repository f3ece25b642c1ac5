"""Energy counters and the energy pool (rules/energy-system/p1, rules/round-phases/p1.2-p1.3)."""

from __future__ import annotations

from engine.atnia import Setup
from engine.atnia.state import Game
from tests.engine_atnia.helpers import game_from_decks, library, pass_, position


def _pre_round(round_: int, **players) -> Game:
    data = {"round": round_, "phase": "pre_round", "ended_by": "p2", "players": players}
    return Setup.from_dict(data, library()).build()


def test_first_round_has_two_counters_and_two_energy():
    """A new game gives each player 2 counters and 2 energy in round 1, adding no counter (decision D-FIRST-ROUND)."""
    game = game_from_decks(3)
    assert [(p.counters, p.energy) for p in game.players.values()] == [(2, 2), (2, 2)]


def test_each_round_adds_a_counter_and_refills():
    """After a round each player has one more counter and energy equal to the counters."""
    game = position({"energy": 0}, {"energy": 0})
    pass_(game, 2)
    assert game.round == 2
    assert (game.players["p1"].counters, game.players["p1"].energy) == (3, 3)


def test_counters_never_exceed_ten():
    """A player with 10 counters gets no eleventh."""
    game = _pre_round(5, p1={"counters": 10})
    assert game.players["p1"].counters == 10


def test_unspent_energy_is_lost_but_gives_one_more():
    """Leftover energy does not stay: the pool becomes counters + 1 whatever was left (decision D-CARRY-OVER)."""
    game = _pre_round(4, p1={"counters": 3, "energy": 5}, p2={"counters": 3, "energy": 0})
    assert game.players["p1"].energy == 5  # 4 counters + 1, not 4 + 5
    assert game.players["p2"].energy == 4


def test_bonus_can_exceed_ten():
    """With 10 counters and energy left over, a player gets 11 energy."""
    game = _pre_round(10, p1={"counters": 10, "energy": 2})
    assert game.players["p1"].energy == 11
