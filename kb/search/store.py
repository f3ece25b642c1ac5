"""Where the search index lives and how it is opened: generations swapped by one atomic pointer file.

``.rulekb/index/`` holds complete index generations (``g-<time>-<id>/``) and ``CURRENT``, a small JSON
file naming the live generation and the one before it. A build writes a new generation beside the old
ones and then replaces ``CURRENT`` with one ``os.replace``; a reader opens what ``CURRENT`` names and
falls back to the previous generation when the newest is damaged. Builds in progress live in
``.building-*`` folders that no reader ever opens.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from kb.core.errors import RulekbError
from kb.core.paths import Paths
from kb.search.postings import PostingsCache

#: Bumped whenever the schema or the stored fields change; an index of another format is rebuilt.
INDEX_FORMAT = 10
POINTER = "CURRENT"
META = "meta.json"
SYNONYMS = "synonyms.json"
GENERATION_PREFIX = "g-"
BUILDING_PREFIX = ".building-"
HOW_TO_BUILD = "build it with `rulekb index` (or `rulekb build`)"


class IndexMissing(RulekbError):
    """There is no usable search index; the message says how to build one."""


@dataclass
class OpenIndex:
    """An opened index generation: its postings and stored entries, its metadata, and what went wrong on the way."""

    path: Path
    meta: dict[str, Any]
    cache: PostingsCache
    warnings: list[str] = field(default_factory=list)


def index_root(paths: Paths) -> Path:
    """The folder holding every index generation: ``.rulekb/index/``."""
    return paths.cache / "index"


def read_pointer(root: Path) -> dict[str, Any]:
    """The contents of ``CURRENT`` (``{"current": …, "previous": …}``), or ``{}`` when absent or unreadable."""
    try:
        data = json.loads((root / POINTER).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def write_pointer(root: Path, current: str, previous: str | None) -> None:
    """Point readers at generation ``current`` with a single atomic replace of ``CURRENT``."""
    tmp = root / f".{POINTER}.{os.getpid()}.tmp"
    tmp.write_text(json.dumps({"current": current, "previous": previous}), encoding="utf-8")
    os.replace(tmp, root / POINTER)


def generations(root: Path) -> list[Path]:
    """Every complete-looking generation folder, newest first."""
    if not root.is_dir():
        return []
    return sorted(
        (p for p in root.iterdir() if p.is_dir() and p.name.startswith(GENERATION_PREFIX)),
        key=lambda p: p.name,
        reverse=True,
    )


def source_fingerprint(paths: Paths) -> dict[str, list[int]]:
    """Size and modification time of everything an index is built from, to tell when it is out of date. Of the
    verify results, the folder of each scenario's own file: it changes when a scenario's result does (a file
    written or removed), not when a verify with nothing changed rewrites the results with new times. Files are
    named relative to the project (the package's synonyms as ``kb/data/synonyms.yaml``), so that a project
    copied with its index and times finds it current."""
    from kb.search.synonyms import SYNONYMS_FILE

    files = (
        sorted(paths.rules.glob("*/*.md")) + sorted(paths.rules.glob("*/*.yaml"))
        if paths.rules.is_dir()
        else []
    )
    named = [(path.relative_to(paths.root).as_posix(), path) for path in [*files, paths.verify_details]]
    named.append(("/".join(SYNONYMS_FILE.parts[-3:]), SYNONYMS_FILE))
    out: dict[str, list[int]] = {}
    for name, path in named:
        try:
            stat = path.stat()
        except OSError:
            continue
        out[name] = [stat.st_size, stat.st_mtime_ns]
    return out


def _open_generation(path: Path) -> OpenIndex:
    """Open one generation and prove it readable: metadata complete, format current, document count right."""
    meta = json.loads((path / META).read_text(encoding="utf-8"))
    if meta.get("format") != INDEX_FORMAT:
        raise ValueError(f"index format {meta.get('format')} (this rulekb reads {INDEX_FORMAT})")
    cache = PostingsCache.load(path)
    if cache.count != meta.get("documents"):
        raise ValueError(
            f"its metadata says {meta.get('documents')} documents, its postings hold {cache.count}"
        )
    if cache.count and cache.stored[-1].get("id") != cache.ids[-1]:
        raise ValueError("its stored entries and its postings disagree")
    return OpenIndex(path, meta, cache)


def open_index(paths: Paths) -> OpenIndex:
    """The newest readable index generation; the previous one if the newest is damaged; else ``IndexMissing``."""
    root = index_root(paths)
    pointer = read_pointer(root)
    names = [pointer.get("current"), pointer.get("previous")]
    candidates = [root / n for n in names if isinstance(n, str) and n.startswith(GENERATION_PREFIX)]
    candidates += [g for g in generations(root) if g not in candidates]
    if not candidates:
        raise IndexMissing(f"no search index yet: {HOW_TO_BUILD}")
    problems: list[str] = []
    for candidate in candidates:
        try:
            opened = _open_generation(candidate)
        except Exception as exc:  # a damaged generation is skipped, never fatal while another one works
            problems.append(f"{candidate.name}: {type(exc).__name__}: {exc}")
            continue
        if problems:
            opened.warnings.append(
                "the newest search index is damaged ("
                + "; ".join(problems)
                + "); searching an older one: rebuild with `rulekb index`"
            )
        return opened
    raise IndexMissing(
        "the search index under .rulekb/index/ cannot be read ("
        + "; ".join(problems)
        + f"): re{HOW_TO_BUILD}"
    )
