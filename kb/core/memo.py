"""Pickled memos of what was read from files, under ``.rulekb/memo/``: reused while the files' contents are
unchanged.

Every memo is disposable. A missing, stale or truncated one is rebuilt; one that cannot be written (a
read-only project, an unpicklable value) is simply not kept. Writes are atomic, so processes running side
by side never read half a file.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import TypeVar

T = TypeVar("T")


def file_stamp(path: Path) -> tuple[int, str]:
    """A file's size and a digest of its content; (-1, "") for one that cannot be read (a dangling symlink),
    which its reader reports. The content, not the modification time: a project copied with its memos finds
    them valid, and an edit that keeps a file's size and time is still seen."""
    import hashlib  # a query that imports this module for its memos never stamps a file

    try:
        data = path.read_bytes()
    except OSError:
        return -1, ""
    return len(data), hashlib.blake2b(data, digest_size=16).hexdigest()


def stamp(paths: Iterable[Path]) -> tuple:
    """What tells the files apart from an edited version of them: each one's size and content, and its name with
    its folder's (``athernum/cards.yaml``), not where the project is, so that a copy of it finds its memos."""
    return tuple(("/".join(path.parts[-2:]), *file_stamp(path)) for path in paths)


def load(memo: Path) -> object | None:
    """The value stored in ``memo``, or None when there is none or it cannot be read."""
    import pickle  # here, not above: a search imports modules that use memos only when building an index

    try:
        with memo.open("rb") as fh:
            return pickle.load(fh)
    except Exception:  # no memo yet, or a stale or truncated one
        return None


def store(memo: Path, value: object) -> None:
    """Keep ``value`` in ``memo`` for the next process, atomically; give up quietly when it cannot be kept."""
    import pickle

    try:
        data = pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL)
        memo.parent.mkdir(parents=True, exist_ok=True)
        tmp = memo.with_suffix(f".{os.getpid()}.tmp")
        tmp.write_bytes(data)
        tmp.replace(memo)
    except (OSError, pickle.PicklingError, TypeError, AttributeError):  # read-only, or unpicklable
        pass


def cached(memo: Path, key: object, build: Callable[[], T]) -> T:
    """The value stored in ``memo`` under ``key``, or ``build()``, stored there for the next process."""
    stored = load(memo)
    if isinstance(stored, tuple) and len(stored) == 2 and stored[0] == key:
        return stored[1]
    value = build()
    store(memo, (key, value))
    return value


def per_file(memo: Path | None, paths: Iterable[Path], read: Callable[[Path], T]) -> dict[Path, T]:
    """``read(path)`` for each file, reusing the memo's result for every file whose content is unchanged. Files
    are known by their place relative to the memo, so that a project copied with its memos finds them."""
    known = load(memo) if memo is not None else None
    known = known if isinstance(known, dict) else {}
    fresh: dict[str, tuple] = {}
    out: dict[Path, T] = {}
    for path in paths:
        name = str(path) if memo is None else os.path.relpath(path, memo.parent)
        key = file_stamp(path)
        entry = known.get(name)
        if entry is None or entry[0] != key:
            entry = (key, read(path))
        fresh[name] = entry
        out[path] = entry[1]
    if memo is not None and fresh != known:
        store(memo, fresh)
    return out
