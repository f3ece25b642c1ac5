"""Benchmark: cold start of `rulekb search` and `rulekb ask` (budgets: 0.12 s and 0.25 s on a quiet 2-core machine).

Each command runs as a judge runs it, in a fresh process on the project's built search index and memos; the
figures are medians of fresh processes, printed in seconds and as ratios to a baseline measured in the same run
(a bare `python -c pass`), so that a busy machine slows both alike. The budgets are ratios too: on this machine,
quiet, `python -c pass` takes about 0.025 s, so 0.12 s is 4.8 x python and 0.25 s is 10 x. Wall time is what a
judge waits; CPU time (user + system, the process's own) is what a loaded machine disturbs least. Bytecode caches
are written and used, as for an installed package. Run `rulekb build` first.
"""

from __future__ import annotations

import os
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RULEKB = Path(sys.executable).with_name("rulekb")
RUNS = 11
#: Quiet-machine `python -c pass`, and each command's budget in seconds: the ratios the budgets stand for.
QUIET_PYTHON = 0.025
COMMANDS = {
    "search": (["search", "defender"], 0.12),
    "ask": (["ask", "does the defender deal damage to the attacker"], 0.25),
}


def timed(cmd: list[str], env: dict) -> tuple[float, float]:
    """One fresh process: its wall time and its CPU time (user + system), in seconds."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(cmd, env=env, capture_output=True, text=True, check=False)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        sys.exit(f"{' '.join(cmd)} failed: {done.stderr.strip()}")
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def medians(cmd: list[str], env: dict) -> tuple[float, float]:
    timed(cmd, env)  # warm-up: the OS file cache, Python's bytecode cache, the memos
    runs = [timed(cmd, env) for _ in range(RUNS)]
    return statistics.median(w for w, _ in runs), statistics.median(c for _, c in runs)


def main() -> None:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env |= {"RULEKB_ROOT": str(ROOT), "COLUMNS": "120"}
    load = os.getloadavg()[0]
    wall0, cpu0 = medians([sys.executable, "-c", "pass"], env)
    print(f"load average {load:.1f} on {os.cpu_count()} cores; medians of {RUNS} fresh processes")
    print(f"{'baseline':8}  python -c pass: {wall0:.3f} s wall, {cpu0:.3f} s CPU")
    for name, (args, budget) in COMMANDS.items():
        wall, cpu = medians([str(RULEKB), *args], env)
        ratio = budget / QUIET_PYTHON
        verdict = "within" if wall / wall0 <= ratio else "over"
        print(
            f"{name:8}  {wall:.3f} s wall = {wall / wall0:.1f} x python, {cpu:.3f} s CPU = {cpu / cpu0:.1f} x python"
            f"  (budget {budget} s = {ratio:.1f} x python: {verdict})"
        )


if __name__ == "__main__":
    main()
