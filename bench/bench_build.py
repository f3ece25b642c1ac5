"""Benchmark: `rulekb build` with nothing changed and after a one-rule edit, as ratios to a cold build measured in
the same run (issue 15's targets on a 2-core machine: no change ≤ 1 s, one rule edit ≤ 3 s, of a 7 s cold build: as ratios,
≤ 0.14 and ≤ 0.43).

Copies the project (rules, scenarios, docs, mkdocs.yml; the site theme linked) into a scratch folder and times the
command as a user runs it, a fresh process each time.
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
RUNS = 3


def timed(cmd: list[str], env: dict) -> float:
    start = time.perf_counter()
    done = subprocess.run(cmd, env=env, capture_output=True, check=False)
    if done.returncode:
        sys.exit(f"{' '.join(cmd)} failed:\n{done.stdout.decode()}{done.stderr.decode()}")
    return time.perf_counter() - start


def main() -> None:
    with tempfile.TemporaryDirectory(prefix="bench-build-") as tmp:
        project = Path(tmp)
        for name in ("rules", "scenarios", "docs"):
            shutil.copytree(ROOT / name, project / name)
        shutil.copy(ROOT / "mkdocs.yml", project / "mkdocs.yml")
        (project / "kb").symlink_to(ROOT / "kb")  # the theme, which mkdocs.yml names by path
        env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
        env["RULEKB_ROOT"] = str(project)
        build = [str(RULEKB), "build"]
        python = statistics.median(timed([sys.executable, "-c", "pass"], env) for _ in range(RUNS))
        cold = timed(build, env)
        unchanged = statistics.median(timed(build, env) for _ in range(RUNS))
        cr = project / "rules" / "athernum" / "cr.md"
        text = cr.read_text(encoding="utf-8")
        edits = []
        for i in range(RUNS):
            cr.write_text(
                text.replace(
                    "Only one location may be played per turn",
                    f"Only one location may be played per turn{' indeed' * (i + 1)}",
                ),
                encoding="utf-8",
            )
            edits.append(timed(build, env))
        one_edit = statistics.median(edits)
    print(f"rulekb build (fresh processes; median of {RUNS} for the rebuilds)")
    print(f"{'measure':<36}{'seconds':>10}{'× cold':>10}")
    for name, value in [
        ("python -c pass", python),
        ("cold build (baseline)", cold),
        ("rebuild, nothing changed", unchanged),
        ("rebuild after one rule edit", one_edit),
    ]:
        print(f"{name:<36}{value:>10.2f}{value / cold:>10.2f}")
    # The targets (1 s and 3 s of a 7 s cold build) as ratios, which a busy machine does not distort.
    print(
        f"targets: nothing changed ≤ 0.14 × cold → {'met' if unchanged / cold <= 1 / 7 else 'NOT met'}; "
        f"one rule edit ≤ 0.43 × cold → {'met' if one_edit / cold <= 3 / 7 else 'NOT met'}"
    )


if __name__ == "__main__":
    main()
