"""Random play: complete random two-player games and games of three and four players, with every invariant checked
after every action. CI plays 1,000 and 300 (``RULEKB_FULL_RANDOM_PLAY=1``, set by .ci/run); a local ``make test``
plays 20 and 16, with the same assertions."""

from __future__ import annotations

import concurrent.futures
import multiprocessing
import os
from collections import Counter

import pytest

from engine.athernum.invariants import violations
from engine.athernum.random_player import play_random_game
from tests.engine.engine_fuzz import FULL, check_game, check_games, check_multiplayer_games

#: Locally, enough games to meet both main ways a game ends (seed 4 is the first to end by 4.2.2h).
GAMES = 1000 if FULL else 20
#: The multiplayer seeds: locally a window holding games where a player leaves and others play on (210), the first
#: one ending by 4.2.4a (204), games of three and four players and with short decks, so that the local run meets
#: what the full one checks.
MULTIPLAYER_SEEDS = range(300) if FULL else range(198, 214)
MULTIPLAYER_GAMES = len(MULTIPLAYER_SEEDS)


def _played(check, seed_range: range) -> list[dict]:
    """``check`` for each seed, in parallel on the available cores; the reports. Under pytest-xdist the cores are
    already the test workers', so each worker plays its games itself: a pool there only adds forks."""
    seeds = list(seed_range)
    workers = 1 if "PYTEST_XDIST_WORKER" in os.environ else max(1, min(4, os.cpu_count() or 1))
    chunks = [seeds[i :: workers * 4] for i in range(workers * 4)]
    if workers == 1:
        return [r for c in chunks for r in check(c)]
    ctx = multiprocessing.get_context(
        "fork" if "fork" in multiprocessing.get_all_start_methods() else "spawn"
    )
    with concurrent.futures.ProcessPoolExecutor(workers, mp_context=ctx) as pool:
        return [r for part in pool.map(check, chunks) for r in part]


@pytest.fixture(scope="module")
def results():
    """Play GAMES random two-player games and collect their reports."""
    return _played(check_games, range(GAMES))


@pytest.fixture(scope="module")
def multiplayer_results():
    """Play MULTIPLAYER_GAMES random games of three and four players (some with short decks) and collect their reports."""
    return _played(check_multiplayer_games, MULTIPLAYER_SEEDS)


def test_random_games_keep_every_invariant(results):
    """Each card in one zone, tokens only on the board, Victory Tokens conserved, nothing negative, command
    tokens within the maximum, pools empty at each phase start; offered actions accepted, others rejected with rules."""
    assert len(results) == GAMES
    failures = [f for r in results for f in r["failures"]]
    assert failures == [], "\n".join(failures[:20])


def test_every_random_game_ends(results):
    """Every game ends with a result: a winner or a draw, by a rule of the CR (the turn limit uses 11.1.5-11.1.7)."""
    assert all(r["result"] is not None for r in results)


def test_random_games_end_in_many_ways(results):
    """Random games reach the main ways a game ends: objectives (4.2.2h) and the Victory Token majority (4.2.3c)."""
    ends = Counter(r["result"] for r in results)
    assert ends["4.2.2h"] > 0 and ends["4.2.3c"] > 0
    assert sum(ends.values()) == GAMES


def test_random_games_of_three_and_four_players_keep_every_invariant(multiplayer_results):
    """Three- and four-player games keep every invariant, offered actions are accepted and others rejected with
    rules, and every game ends (chapter 0 'your opponent', 4.1.7, 4.2.3c, D-TURN-ORDER)."""
    assert len(multiplayer_results) == MULTIPLAYER_GAMES
    failures = [f for r in multiplayer_results for f in r["failures"]]
    assert failures == [], "\n".join(failures[:20])
    assert all(r["result"] is not None for r in multiplayer_results)
    assert {r["players"] for r in multiplayer_results} == {3, 4}


def test_random_multiplayer_games_see_players_leave_and_the_game_go_on(multiplayer_results):
    """Some random games see a player lose and leave while others play on, and end by 4.2.4a or otherwise (D-LEFT-GAME)."""
    left = [r for r in multiplayer_results if r["left"]]
    assert left and any(r["result"] != "4.2.4a" for r in left) and any(r["result"] == "4.2.4a" for r in left)


def test_the_same_seed_plays_the_same_game():
    """Games are deterministic: the same seed gives the same log."""
    a = play_random_game(42)
    b = play_random_game(42)
    assert [e.message for e in a.log] == [e.message for e in b.log]


def test_the_invariant_checker_finds_broken_states():
    """The invariant checker itself reports a card in two zones, a token in hand and lost Victory Tokens."""
    g = play_random_game(7)
    ps = g.players["p1"]
    ps.hand.append(ps.deck[0])
    assert any("more than one zone" in v for v in violations(g))
    ps.hand.pop()
    g.victory_pool += 1
    assert any("not conserved" in v for v in violations(g))


def test_a_single_checked_game():
    """One game checked in this process too, trying offered actions on copies of the game."""
    report = check_game(5, illegal_every=3, try_legal=True)
    assert report["failures"] == []


def test_the_checker_notices_a_pool_that_is_not_emptied(monkeypatch):
    """With the end-of-phase emptying switched off (5.0.4a), the random-play checker reports it."""
    from engine.athernum import turns

    monkeypatch.setattr(turns, "empty_pools", lambda game: None)
    failures = (f for seed in range(10) for f in check_game(seed)["failures"])  # played until one is found
    assert any("resource pool" in f and "not empty" in f for f in failures)
