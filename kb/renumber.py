"""``rulekb renumber``: rewrite every reference to a renumbered rule — scenarios (``rules:``, fingerprints, comments),
rulings, links, terms and parameters — from the renumberings the diff found by matching rule texts.

All of a game's renumberings are applied in one pass over each line, so a chain (2.4.2 → 2.4.3 while 2.4.3 →
2.4.4) never renumbers twice."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import partial
from pathlib import Path

from kb.core.paths import Paths
from kb.diff import Change, ChangeKind, compare
from kb.releases import CURRENT, graph_of, releases
from kb.verify.scenario import discover

#: The files under ``rules/<game>/`` whose rule numbers are references (the sources themselves are the truth).
CURATED_FILES = ("rulings.yaml", "links.yaml", "terms.yaml", "parameters.yaml")


@dataclass(frozen=True)
class Edit:
    """One line of one file rewritten."""

    path: Path
    line: int
    before: str
    after: str


def renumberings(changes: list[Change]) -> dict[str, dict[str, str]]:
    """Per game, each renumbered rule's old number → new number."""
    moves: dict[str, dict[str, str]] = {}
    for change in changes:
        if change.kind == ChangeKind.RENUMBERED and change.old_id:
            game, old = change.old_id.split(":", 1)
            moves.setdefault(game, {})[old] = change.id.split(":", 1)[1]
    return moves


def latest_release_changes(paths: Paths) -> list[Change]:
    """What changed from each document's newest archived release to its current source."""
    out: list[Change] = []
    for items in releases(paths).values():
        archived = [r for r in items if r.release != CURRENT]
        current = next((r for r in items if r.release == CURRENT), None)
        if archived and current is not None:
            old, new = graph_of(archived[-1].path), graph_of(current.path)
            if old is not None and new is not None:
                out += compare(old, new)
    return out


def _pattern(numbers: dict[str, str]) -> re.Pattern[str]:
    """Any of the old numbers as a whole reference: ``2.4.4`` but not inside ``2.4.4a``, ``12.4.4`` or ``2.4.4.1``."""
    alternatives = "|".join(re.escape(n) for n in sorted(numbers, key=len, reverse=True))
    return re.compile(rf"(?<![\w.])(?:{alternatives})(?![\w]|\.\w)")


def _files(paths: Paths, game: str) -> list[Path]:
    curated = [paths.rules / game / name for name in CURATED_FILES]
    scenarios = (
        discover(paths.scenarios, [paths.scenarios / game]) if (paths.scenarios / game).is_dir() else []
    )
    return [
        p for p in curated + scenarios if p.is_file() and not p.is_symlink()
    ]  # never written through a link


def _renumbered(numbers: dict[str, str], match: re.Match[str]) -> str:
    """The new number of the old one ``match`` found."""
    return numbers[match.group(0)]


def plan(paths: Paths, moves: dict[str, dict[str, str]]) -> list[Edit]:
    """Every line edit the renumberings call for, file by file (nothing is written)."""
    edits: list[Edit] = []
    for game, numbers in sorted(moves.items()):
        pattern = _pattern(numbers)
        renumbered = partial(_renumbered, numbers)
        for path in _files(paths, game):
            for i, line in enumerate(path.read_bytes().decode("utf-8").splitlines(), 1):
                after = pattern.sub(renumbered, line)
                if after != line:
                    edits.append(Edit(path, i, line, after))
    return edits


def apply(edits: list[Edit]) -> None:
    """Write the edits into their files, keeping every other line (and the line endings) as it was."""
    by_file: dict[Path, dict[int, str]] = {}
    for edit in edits:
        by_file.setdefault(edit.path, {})[edit.line] = edit.after
    for path, lines in by_file.items():
        text = path.read_bytes().decode("utf-8").splitlines(keepends=True)
        for number, after in lines.items():
            ending = text[number - 1][len(text[number - 1].rstrip("\r\n")) :]
            text[number - 1] = after + ending
        path.write_bytes("".join(text).encode("utf-8"))
