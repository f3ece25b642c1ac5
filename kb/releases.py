"""Releases of a document: ``rules/<game>/cr@2025-06.md`` beside the current ``cr.md``.

Each release is a full copy of the document as published on that date. The current source is the
newest; comparing consecutive releases gives a page of changes per release; ``kb.site.releases`` ties each
change to the rule as it is now.
Links to a rule stay stable across releases because a rule's id is its number (a renumbering is
reported as a move, from the old id to the new one).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from kb.core.curated import Curated
from kb.core.graph import build_graph
from kb.core.parse import parse_file
from kb.core.paths import Paths
from kb.diff import Change, compare

CURRENT = "current"


@dataclass(frozen=True)
class Release:
    """One published release of a document."""

    game: str
    document: str
    release: str  # e.g. "2025-06"; "current" for the editable source
    path: Path


@dataclass
class ReleaseChanges:
    """What changed in a document from one release to the next."""

    game: str
    document: str
    previous: str
    release: str
    changes: list[Change] = field(default_factory=list)


def releases(paths: Paths) -> dict[tuple[str, str], list[Release]]:
    """Every document's releases, oldest first, the current source last."""
    found: dict[tuple[str, str], list[Release]] = {}
    for path in sorted(paths.rules.glob("*/*.md")) if paths.rules.is_dir() else []:
        if path.name == "README.md":
            continue
        game = path.parent.name
        document, _, release = path.stem.partition("@")
        found.setdefault((game, document), []).append(Release(game, document, release or CURRENT, path))
    for items in found.values():
        items.sort(key=lambda r: (r.release == CURRENT, r.release))
    return found


def graph_of(path: Path):
    """The graph of one rule source file alone (None if it does not parse)."""
    result = parse_file(path)
    if result.document is None:
        return None
    graph, _ = build_graph([result.document], Curated())
    return graph


def history(paths: Paths) -> list[ReleaseChanges]:
    """The changes of every document from each release to the next (documents with one release have none)."""
    out: list[ReleaseChanges] = []
    for (game, document), items in releases(paths).items():
        if len(items) < 2:
            continue
        graphs = [graph_of(r.path) for r in items]
        for (old, old_graph), (new, new_graph) in zip(zip(items, graphs), zip(items[1:], graphs[1:])):
            if old_graph is None or new_graph is None:
                continue
            out.append(
                ReleaseChanges(game, document, old.release, new.release, compare(old_graph, new_graph))
            )
    return out
