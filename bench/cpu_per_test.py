"""Where the test suite's CPU goes: runs pytest (``-n auto --dist loadscope`` as ``make test``, or the arguments
given) with this module as a plugin and prints the CPU seconds of each test file, its share spent in Chromium, and
the costliest tests, so that work on ``make test``'s cost (issue 18) starts from figures, not from wall times that
other processes on the machine inflate.

A test's CPU is that of its worker and every process below it (chromedriver, Chromium's renderers, Node, CLI
runs), read from /proc before and after the test (setup and teardown included: a shared fixture counts for the
first test that needs it). Chromium's processes that end with the session are not counted at all, not as less
(what a browser costs to quit). Linux only. Usage: ``.venv/bin/python bench/cpu_per_test.py [pytest args]``.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
#: Where each worker appends its lines (one JSON object per test), set by the run for its workers.
OUT = "RULEKB_CPU_PER_TEST"
TICKS = os.sysconf("SC_CLK_TCK")
SHOWN = 25


def _processes() -> dict[int, tuple[int, str, float]]:
    """Every process: its parent, its name and its CPU seconds (its own and its reaped children's)."""
    found = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            stat = Path(f"/proc/{entry}/stat").read_text()
        except OSError:
            continue
        name = stat[stat.index("(") + 1 : stat.rindex(")")]
        fields = stat[stat.rindex(")") + 2 :].split()
        found[int(entry)] = (int(fields[1]), name, sum(int(f) for f in fields[11:15]) / TICKS)
    return found


def tree_cpu() -> tuple[float, float]:
    """The CPU seconds of this process and all below it, and the part of them in Chromium's processes."""
    found = _processes()
    below: dict[int, list[int]] = {}
    for pid, (parent, _, _) in found.items():
        below.setdefault(parent, []).append(pid)
    total = chromium = 0.0
    stack = [os.getpid()]
    while stack:
        pid = stack.pop()
        _, name, cpu = found.get(pid, (0, "", 0.0))
        total += cpu
        chromium += cpu if name.startswith("chrom") and name != "chromedriver" else 0.0
        stack += below.get(pid, [])
    return total, chromium


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item: pytest.Item, nextitem: pytest.Item | None) -> Iterator[None]:
    """Record the CPU the test took, setup and teardown included."""
    before = tree_cpu()
    yield
    after = tree_cpu()
    if OUT in os.environ:
        line = {"test": item.nodeid, "cpu": after[0] - before[0], "chromium": after[1] - before[1]}
        with open(os.environ[OUT], "a", encoding="utf-8") as out:
            out.write(json.dumps(line) + "\n")


def report(lines: list[dict]) -> str:
    """CPU seconds per test file (Chromium's part beside it) and the costliest tests."""
    kept = [
        line for line in lines if line["cpu"] >= 0
    ]  # a session's end: its browser's processes gone uncounted
    files: Counter[str] = Counter()
    browser: Counter[str] = Counter()
    for line in kept:
        files[line["test"].split("::")[0]] += line["cpu"]
        browser[line["test"].split("::")[0]] += max(line["chromium"], 0.0)
    out = [
        f"{sum(files.values()):8.1f} s CPU in {len(lines)} tests ({sum(browser.values()):.1f} s in Chromium)"
    ]
    out += [f"{files[f]:8.1f} {browser[f]:8.1f}  {f}" for f, _ in files.most_common(SHOWN)]
    out.append("costliest tests:")
    out += [f"{line['cpu']:8.2f}  {line['test']}" for line in sorted(kept, key=lambda x: -x["cpu"])[:SHOWN]]
    return "\n".join(out)


def main(args: list[str]) -> int:
    """Run the suite with the plugin, then print the report."""
    with tempfile.TemporaryDirectory() as folder:
        record = Path(folder) / "cpu.jsonl"
        env = {
            **os.environ,
            OUT: str(record),
            "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT / "bench"), os.environ.get("PYTHONPATH")])),
        }
        pytest_args = args or ["-n", "auto", "--dist", "loadscope", "-q"]
        code = subprocess.call(
            [sys.executable, "-m", "pytest", "-p", "cpu_per_test", *pytest_args], cwd=ROOT, env=env
        )
        lines = (
            [json.loads(x) for x in record.read_text(encoding="utf-8").splitlines()]
            if record.exists()
            else []
        )
    print(report(lines))
    return code


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
