"""Benchmark of the Athernum reference engine: actions per second and complete games per second.

A plain script (not a test). Absolute figures depend on the machine, so each is also given as a
ratio against baselines measured in the same run: a trivial Python loop, and ``copy.deepcopy``
of a mid-game state.

    .venv/bin/python bench/bench_engine.py [--games N]
"""

from __future__ import annotations

import argparse
import copy
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.athernum.card_pool import library
from engine.athernum.random_player import RandomPlayer, play_random_game, random_game


def _rate(count: int, seconds: float) -> float:
    return count / seconds if seconds > 0 else float("inf")


def baseline_loop(n: int = 2_000_000) -> float:
    """Iterations per second of a trivial loop (the machine's raw Python speed)."""
    start = time.perf_counter()
    total = 0
    for i in range(n):
        total += i & 7
    return _rate(n, time.perf_counter() - start)


def baseline_deepcopy(repeat: int = 200) -> float:
    """Deep copies per second of a mid-game state (the cost of cloning a position)."""
    game = random_game(3)
    player = RandomPlayer(3)
    for _ in range(80):
        if game.over:
            break
        game.apply(player.choose(game))
    start = time.perf_counter()
    for _ in range(repeat):
        copy.deepcopy(game)
    return _rate(repeat, time.perf_counter() - start)


def engine(games: int) -> tuple[float, float, float]:
    """(actions per second, games per second, mean actions per game) over ``games`` random games."""
    lib = library()
    actions = 0

    def count(_game, _action) -> None:
        nonlocal actions
        actions += 1

    start = time.perf_counter()
    for seed in range(games):
        play_random_game(seed, lib, after_action=count)
    elapsed = time.perf_counter() - start
    return _rate(actions, elapsed), _rate(games, elapsed), actions / games


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="random games to play (default 200)")
    args = parser.parse_args(argv)
    loop = baseline_loop()
    clone = baseline_deepcopy()
    aps, gps, per_game = engine(args.games)
    print("Athernum engine benchmark")
    print(f"  baseline: trivial loop        {loop:14,.0f} iterations/s")
    print(f"  baseline: deepcopy of a state {clone:14,.1f} copies/s")
    print(f"  engine:   actions             {aps:14,.1f} actions/s   ({per_game:.0f} actions per game)")
    print(f"  engine:   complete games      {gps:14,.2f} games/s")
    print("  ratios (machine-independent):")
    print(f"    one action   = {loop / aps:10,.0f} loop iterations = {clone / aps:6.3f} state deep copies")
    print(f"    one game     = {loop / gps:10,.0f} loop iterations = {clone / gps:6.1f} state deep copies")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
