"""The commands print the same output on every run: nothing follows Python's per-process hash seed."""

from __future__ import annotations

import os
import subprocess
import sys

from tests.conftest import ROOT

#: The looking-up commands, each in its default and fullest form.
COMMANDS = [
    ["ask", "does the defender deal combat damage back to the attacker"],
    ["ask", "--full", "--explain", "Wer darf verdeckte Karten ansehen?"],
    ["ask", "--json", "in Altered when does an expedition move forward at Dusk"],
    ["search", "--explain", "exhausted permanent keeps its abilities"],
    ["rule", "4.2.2a"],
    ["rule", "--json", "9.3.7"],
    ["rule", "--game", "atnia", "rules/energy-system/p1"],
    ["ruling", "R-ATH-001"],
    ["example", "athernum/ch09/defender-takes-targets-place"],
    ["example", "--json", "atnia/combat/challenger-attacks-a-unit"],
]


def _outputs(root, seed: str) -> str:
    script = (
        "import sys\nfrom kb.cli import main\n"
        f"for args in {COMMANDS!r}:\n    print('$', *args)\n    sys.stdout.flush()\n    main(args)\n"
        "    sys.stdout.flush()\n"
    )
    env = {**os.environ, "PYTHONHASHSEED": seed, "RULEKB_ROOT": str(root), "COLUMNS": "120"}
    done = subprocess.run(
        [sys.executable, "-c", script], env=env, cwd=ROOT, capture_output=True, text=True, timeout=600
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_two_runs_under_different_hash_seeds_print_the_same(judged):
    """ask, search, rule, ruling and example print identical output under PYTHONHASHSEED 1 and 2."""
    first, second = _outputs(judged.root, "1"), _outputs(judged.root, "2")
    assert first.count("$ ") == len(COMMANDS) and "Ruling R-ATH-001" in first
    assert first == second
