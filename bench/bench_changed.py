"""Benchmark: `rulekb verify --changed` after a one-rule edit (target: within 1 s on a 2-core machine).

Copies the project's rules and scenarios into a scratch git repository, edits rule 2.4.2, and times
the command as a user runs it (a fresh process), beside a baseline measured in the same run: the
start-up of a bare Python process and of `rulekb --version`.
"""

from __future__ import annotations

import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RULEKB = Path(sys.executable).with_name("rulekb")
RUNS = 7


def timed(cmd: list[str], env: dict) -> float:
    start = time.perf_counter()
    subprocess.run(cmd, env=env, capture_output=True, check=False)
    return time.perf_counter() - start


def median_of(cmd: list[str], env: dict, runs: int = RUNS) -> float:
    timed(cmd, env)  # warm-up: caches (.rulekb) and the OS file cache
    return statistics.median(timed(cmd, env) for _ in range(runs))


def main() -> None:
    with tempfile.TemporaryDirectory(prefix="bench-changed-") as tmp:
        repo = Path(tmp)
        shutil.copytree(ROOT / "rules", repo / "rules")
        shutil.copytree(ROOT / "scenarios", repo / "scenarios")
        (repo / "pyproject.toml").write_text("")
        git = ["git", "-C", str(repo), "-c", "user.email=b@b", "-c", "user.name=b"]
        subprocess.run([*git, "init", "-q"], check=True)
        subprocess.run([*git, "add", "-A"], check=True)
        subprocess.run([*git, "commit", "-qm", "rules"], check=True)
        cr = repo / "rules" / "athernum" / "cr.md"
        cr.write_text(
            cr.read_text().replace(
                "Only one location may be played per turn", "Only two locations may be played per turn"
            )
        )
        # A user's Python caches compiled modules; a sandbox that forbids it would time recompilation.
        env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
        env["RULEKB_ROOT"] = str(repo)
        python = median_of([sys.executable, "-c", "pass"], env)
        version = median_of([str(RULEKB), "--version"], env)
        changed = median_of([str(RULEKB), "verify", "--changed"], env)
        full = median_of([str(RULEKB), "verify"], env, runs=2)
    print(f"verify --changed after a one-rule edit (median of {RUNS} fresh processes)")
    print(f"{'measure':<34}{'seconds':>10}{'× python':>10}")
    for name, value in [
        ("python -c pass (baseline)", python),
        ("rulekb --version", version),
        ("rulekb verify --changed", changed),
        ("rulekb verify (all scenarios)", full),
    ]:
        print(f"{name:<34}{value:>10.3f}{value / python:>10.1f}")
    print(
        f"target: verify --changed ≤ 1.0 s → {'met' if changed <= 1.0 else 'NOT met'}; "
        f"{full / changed:.1f}× faster than verifying everything"
    )


if __name__ == "__main__":
    main()
