"""Benchmark: cold start of `rulekb search` and `rulekb ask` (budgets: 0.12 s and 0.25 s on a quiet 2-core machine).

Each command runs as a judge runs it, in a fresh process on the project's built search index and memos, its output
piped; the figures are medians of fresh processes, printed in seconds and as ratios to a baseline measured in the
same run (a bare `python -c pass` of the same Python), so that a busy machine slows both alike: the runs of the
baseline and of each command take turns. The budgets are ratios too: on this machine, quiet, `python -c pass` takes
about 0.025 s, so 0.12 s is 4.8 x python and 0.25 s is 10 x. Wall time is what a judge waits; CPU time (user +
system, the process's own) is what a loaded machine disturbs least. Bytecode caches are written and used, as for an
installed package. Run `rulekb build` first.

`--installed` also times the package as a user installs it (`pip install .`, not editable: no editable finder at
start-up) in a scratch virtual environment made for the run (a few minutes), against the same baseline.
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RUNS = 11
#: Quiet-machine `python -c pass`, and each command's budget in seconds: the ratios the budgets stand for.
QUIET_PYTHON = 0.025
COMMANDS = {
    "search": (["search", "defender"], 0.12),
    "ask": (["ask", "does the defender deal damage to the attacker"], 0.25),
}
#: What a copy of the checkout for `pip install .` leaves out: generated and local folders.
NOT_PACKAGED = (".git", ".venv", "site", ".rulekb", "node_modules", "build", "*.egg-info", "__pycache__")


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


def measure(bin_dir: Path, env: dict, label: str) -> None:
    """Time each command with the `rulekb` of ``bin_dir`` and the baseline, `python -c pass` of this benchmark's
    Python (the reference of the budgets' ratios, whichever install is timed), taking turns."""
    cmds = {"baseline": [sys.executable, "-c", "pass"]}
    cmds |= {name: [str(bin_dir / "rulekb"), *args] for name, (args, _) in COMMANDS.items()}
    for cmd in cmds.values():
        timed(cmd, env)  # warm-up: the OS file cache, Python's bytecode cache, the memos
    runs: dict[str, list[tuple[float, float]]] = {name: [] for name in cmds}
    for _ in range(RUNS):
        for name, cmd in cmds.items():
            runs[name].append(timed(cmd, env))
    wall = {name: statistics.median(w for w, _ in r) for name, r in runs.items()}
    cpu = {name: statistics.median(c for _, c in r) for name, r in runs.items()}
    print(
        f"{label}: load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores; medians of {RUNS} processes"
    )
    print(f"  {'baseline':8}  python -c pass: {wall['baseline']:.3f} s wall, {cpu['baseline']:.3f} s CPU")
    for name, (_, budget) in COMMANDS.items():
        ratio = budget / QUIET_PYTHON
        verdict = "within" if wall[name] / wall["baseline"] <= ratio else "over"
        print(
            f"  {name:8}  {wall[name]:.3f} s wall = {wall[name] / wall['baseline']:.1f} x python, "
            f"{cpu[name]:.3f} s CPU = {cpu[name] / cpu['baseline']:.1f} x python"
            f"  (budget {budget} s = {ratio:.1f} x python: {verdict})"
        )


def installed(scratch: Path) -> Path:
    """A virtual environment with this checkout installed as a user installs it (not editable); its bin folder."""
    source = scratch / "source"
    shutil.copytree(ROOT, source, ignore=shutil.ignore_patterns(*NOT_PACKAGED))
    venv = scratch / "venv"
    print("installing the package into a scratch virtual environment…", flush=True)
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    pip = [str(venv / "bin" / "pip"), "install", "--quiet", "-c", str(ROOT / "constraints.txt"), str(source)]
    done = subprocess.run(pip, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        sys.exit(f"pip install failed:\n{done.stderr}")
    return venv / "bin"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--installed", action="store_true", help="also time a non-editable install in a scratch virtualenv"
    )
    args = parser.parse_args()
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env |= {"RULEKB_ROOT": str(ROOT), "COLUMNS": "120"}
    measure(Path(sys.executable).parent, env, "editable install (make setup)")
    if args.installed:
        with tempfile.TemporaryDirectory(prefix="rulekb-cold-") as scratch:
            bin_dir = installed(Path(scratch))
            measure(bin_dir, env, "installed package (pip install .)")


if __name__ == "__main__":
    main()
