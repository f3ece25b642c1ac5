"""No parser backtracks on hostile lines: 100,000 characters of spaces, tabs or repeated markers parse in time
linear in their length, measured against a plain line of the same length in the same run."""

from __future__ import annotations

import contextlib
import time
from pathlib import Path

import pytest

from kb.core.curated import Curated
from kb.core.errors import ImportFormatError
from kb.core.graph import build_graph
from kb.core.loader import KnowledgeBase
from kb.core.lookup import LookupIndex
from kb.core.parse import parse_text, plain
from kb.core.paths import Paths
from kb.importer import FORMATS, convert, detect_format
from kb.lint import misspellings, numbering

LENGTH = 100_000
#: How much slower than a plain line a hostile one may be: catastrophic backtracking is thousands of times slower.
RATIO = 25
FRONT = (
    "---\ngame: athernum\ndocument: cr\ntitle: T\nlanguage: en\nversion: 1\nnumbering: cr\nlicence: l\n"
    "attribution: a\n---\n"
)

HOSTILE = {
    "spaces": " " * LENGTH + "x",
    "tabs": "\t" * LENGTH + "x",
    "heading of spaces": "#" + " " * LENGTH + "x {",
    "heading of braces": "# a" + " {" * (LENGTH // 2),
    "item of spaces": "- " + " " * LENGTH + "x",
    "stars": "*" * LENGTH,
    "strong markers": "**a" * (LENGTH // 3),
    "underscores": "__x " * (LENGTH // 4),
    "numbers": "1." * (LENGTH // 2),
    "quotes": "> " * (LENGTH // 2),
    "dashes": "- " * (LENGTH // 2) + "–",
    "table": "|" + " " * LENGTH + "x",
    "run-in heading": "## - a" + " " * LENGTH + "–",
}


def _seconds(func, text: str) -> float:
    best = float("inf")
    for _ in range(3):
        started = time.perf_counter()
        func(text)
        best = min(best, time.perf_counter() - started)
    return best


def _import(fmt: str):
    def run(line: str) -> None:
        text = f"Comprehensive Rules Atnia Card Game Altered\n{line}\n| 1 | x |\n1. Chapter\n{line}\n"
        with contextlib.suppress(ImportFormatError):
            detect_format(text)
        with contextlib.suppress(ImportFormatError):
            convert(text, fmt, source="x.txt")

    return run


def _graph(line: str) -> None:
    """The links computed over rule text (references, terms) as the graph is built."""
    document = parse_text(
        f"{FRONT}## Definitions {{.glossary}}\n- **Damage** x\n- 1.1.1 {line} 1.1.2\n", Path("x.md")
    ).document
    assert document is not None
    build_graph([document], Curated(), Path("."))


def _lint(line: str) -> None:
    """Lint's checks of rule text (numbering, spelling) over a document holding the line."""
    document = parse_text(f"{FRONT}- 1.1.1 {line}\n- 1.1.2 Damage damage damage\n", Path("x.md")).document
    assert document is not None
    graph, _ = build_graph([document], Curated(), Path("."))
    kb = KnowledgeBase(Paths(Path(".")), [document], graph, LookupIndex.from_graph(graph), Curated())
    numbering(document, "x.md")
    misspellings(kb)


PARSERS = {
    "graph links": _graph,
    "lint": _lint,
    "rule source": lambda line: parse_text(f"{FRONT}{line}\n- 1.1.1 {line}\n  {line}\n", Path("x.md")),
    "front matter": lambda line: parse_text(f"---\ntitle: {line}\n---\n", Path("x.md")),
    "plain text": plain,
    **{f"import {fmt}": _import(fmt) for fmt in FORMATS},
}


@pytest.mark.parametrize("parser", PARSERS)
def test_hostile_lines_parse_in_linear_time(parser):
    """Every parser reads each hostile 100,000-character line within a small multiple of a plain one."""
    func = PARSERS[parser]
    baseline = max(_seconds(func, "a" * LENGTH + "x"), 0.002)
    slow = {name: round(_seconds(func, line) / baseline, 1) for name, line in HOSTILE.items()}
    assert all(ratio < RATIO for ratio in slow.values()), slow
