"""Benchmark: cold start of `rulekb search` and `rulekb ask` (targets: 0.12 s and 0.25 s on a 2-core machine).

Each command runs as a judge runs it, in a fresh process on the project's built search index; the figures are
medians, printed as ratios to a baseline measured in the same run (a bare `python -c pass`), so that a busy
machine slows both alike. Run `rulekb build` (or `rulekb index`) first.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RULEKB = Path(sys.executable).with_name("rulekb")
RUNS = 9
COMMANDS = {
    "search": ["search", "defender"],
    "ask": ["ask", "does the defender deal damage to the attacker"],
}


def timed(cmd: list[str], env: dict) -> float:
    start = time.perf_counter()
    done = subprocess.run(cmd, env=env, capture_output=True, text=True, check=False)
    seconds = time.perf_counter() - start
    if done.returncode != 0:
        sys.exit(f"{' '.join(cmd)} failed: {done.stderr.strip()}")
    return seconds


def median_of(cmd: list[str], env: dict) -> float:
    timed(cmd, env)  # warm-up: the OS file cache and Python's bytecode cache
    return statistics.median(timed(cmd, env) for _ in range(RUNS))


def main() -> None:
    env = {**os.environ, "RULEKB_ROOT": str(ROOT), "COLUMNS": "120"}
    baseline = median_of([sys.executable, "-c", "pass"], env)
    print(f"baseline  python -c pass: {baseline * 1000:.0f} ms (median of {RUNS})")
    for name, args in COMMANDS.items():
        seconds = median_of([str(RULEKB), *args], env)
        print(f"{name:8}  {seconds * 1000:.0f} ms = {seconds / baseline:.1f} x baseline")


if __name__ == "__main__":
    main()
