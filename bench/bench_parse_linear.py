"""Benchmark: no parser backtracks on hostile lines. 100,000 characters of spaces, tabs or repeated markers must
parse in time linear in their length: each parser's time on a hostile line is printed as a ratio to its time on a
plain line of the same length measured in the same run, and the run fails when a ratio reaches RATIO.

Catastrophic backtracking is thousands of times slower than a plain line, so the bound is loose; the times are
CPU seconds of this process (the best of a few runs), which a busy machine disturbs far less than the wall clock.
Moved out of the test suite (it was tests/kb/test_parse_linear.py), where a loaded machine made it flaky.
"""

from __future__ import annotations

import contextlib
import os
import sys
import time
from collections.abc import Callable
from pathlib import Path

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
#: Runs of each line, of which the fastest counts.
RUNS = 3
#: The plain line's time is never taken as less than this (a parser that ignores the line entirely).
FLOOR = 0.002
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


def seconds(func: Callable[[str], object], text: str) -> float:
    """The CPU seconds of the fastest of RUNS calls of ``func(text)``."""
    best = float("inf")
    for _ in range(RUNS):
        started = time.process_time()
        func(text)
        best = min(best, time.process_time() - started)
    return best


def _import(fmt: str) -> Callable[[str], None]:
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


PARSERS: dict[str, Callable[[str], object]] = {
    "graph links": _graph,
    "lint": _lint,
    "rule source": lambda line: parse_text(f"{FRONT}{line}\n- 1.1.1 {line}\n  {line}\n", Path("x.md")),
    "front matter": lambda line: parse_text(f"---\ntitle: {line}\n---\n", Path("x.md")),
    "plain text": plain,
    **{f"import {fmt}": _import(fmt) for fmt in FORMATS},
}


def main() -> int:
    """Print each parser's ratios (hostile line to plain line); 1 when any reaches RATIO."""
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores; lines of {LENGTH:,} characters")
    print(f"each parser's CPU time on a hostile line as a ratio to a plain line (limit {RATIO} x)")
    over = []
    for name, func in PARSERS.items():
        baseline = max(seconds(func, "a" * LENGTH + "x"), FLOOR)
        ratios = {line: seconds(func, text) / baseline for line, text in HOSTILE.items()}
        worst = max(ratios, key=ratios.__getitem__)
        print(f"  {name:27} plain {baseline * 1000:7.1f} ms   worst {ratios[worst]:5.1f} x ({worst})")
        over += [f"{name}: {line} {ratio:.1f} x" for line, ratio in ratios.items() if ratio >= RATIO]
    if over:
        print("not linear:\n  " + "\n  ".join(over), file=sys.stderr)
        return 1
    print("every parser is linear on every hostile line")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
