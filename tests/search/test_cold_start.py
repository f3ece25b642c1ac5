"""A judge's quick commands start fast: `rulekb search` and `rulekb ask` load none of what only building needs."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

#: What a fresh `rulekb search` or `rulekb ask` process must not import: Whoosh's analysis package (with the
#: network modules it pulls in), networkx, YAML, JSON Schema, the engines.
HEAVY = (
    "whoosh.analysis",
    "whoosh.compat",
    "urllib.request",
    "ssl",
    "networkx",
    "yaml",
    "jsonschema",
    "engine",
)

SCRIPT = """
import json, sys
from kb.cli import main
code = main(sys.argv[2:])
print(json.dumps([code, sorted(m for m in sys.argv[1].split(",") if m in sys.modules)]), file=sys.stderr)
"""


def _fresh(root, *args: str, heavy: tuple[str, ...] = HEAVY) -> tuple[int, list[str], str]:
    """Run rulekb in a fresh process: its exit code, which of the ``heavy`` modules it imported, its output."""
    done = subprocess.run(
        [sys.executable, "-c", SCRIPT, ",".join(heavy), "--root", str(root), *args],
        capture_output=True,
        text=True,
        check=True,
        env={"COLUMNS": "120", "PATH": "/usr/bin:/bin"},
    )
    code, loaded = json.loads(done.stderr.strip().splitlines()[-1])
    return code, loaded, done.stdout


@pytest.mark.parametrize(
    "args",
    [
        ("search", "defender"),
        ("search", "Schaden", "Verteidiger"),
        ("ask", "does the defender deal damage to the attacker"),
        ("ask", "--json", "wer bekommt den Schaden wenn verteidigt wird"),
    ],
)
def test_quick_commands_import_nothing_heavy(judged, args):
    """From the first question after a build on, a search or a question (with its ruling and proof) answers from
    the index, the graph's and the rulings' memos (which indexing writes) and the verify summary, without importing
    Whoosh's analysis, networkx, YAML or JSON Schema."""
    code, loaded, out = _fresh(judged.root, *args)
    assert code == 0 and out
    assert loaded == []
    if args[0] == "ask" and "--json" not in args:
        assert "Proof" in out or "Beweis" in out


def test_piped_search_does_not_import_rich(judged):
    """A search whose output goes to a pipe (a script, an editor, grep) prints plain lines without loading rich,
    a third of a cold start's imports (on a terminal rich draws the colours), nor pickle, which only the memos
    of a build and of `ask` need."""
    code, loaded, out = _fresh(judged.root, "search", "defender", heavy=("rich", "pickle"))
    assert code == 0 and "athernum:9.3.12" in out
    assert loaded == []
