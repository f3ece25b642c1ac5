"""Pickled memos of what was read from files, under ``.rulekb/memo/``: reused while the files' contents are
unchanged.

Every memo is disposable. A missing, stale or truncated one is rebuilt; one that cannot be written (a
read-only project, an unpicklable value) is simply not kept. Writes are atomic, so processes running side
by side never read half a file.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Hashable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Generic, TypeVar

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


#: How a memo written by :func:`cached` starts (one written otherwise, or by an older rulekb, reads as stale).
KEYED = b"rulekb-keyed-memo-1\n"


def _store_keyed(memo: Path, key: object, value: object) -> None:
    """Keep ``value`` under ``key`` in ``memo``: the key pickled first, so that a reader finds a stale memo stale
    without unpickling its value."""
    import pickle

    try:
        head = pickle.dumps(key, protocol=pickle.HIGHEST_PROTOCOL)
        data = pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL)
        memo.parent.mkdir(parents=True, exist_ok=True)
        tmp = memo.with_suffix(f".{os.getpid()}.tmp")
        tmp.write_bytes(KEYED + head + data)
        tmp.replace(memo)
    except (OSError, pickle.PicklingError, TypeError, AttributeError):  # read-only, or unpicklable
        pass


def _load_keyed(memo: Path, key: object) -> tuple[bool, object]:
    """(True, the value) that ``memo`` holds under ``key``; (False, None) when it holds another key or none. Only
    the key is read of a stale memo: unpickling a whole knowledge base to throw it away took 0.17 s of every
    rebuild after an edit."""
    import pickle

    try:
        with memo.open("rb") as fh:
            if fh.read(len(KEYED)) != KEYED or pickle.load(fh) != key:
                return False, None
            return True, pickle.load(fh)
    except Exception:  # no memo yet, or a truncated one
        return False, None


def cached(memo: Path, key: object, build: Callable[[], T]) -> T:
    """The value stored in ``memo`` under ``key``, or ``build()``, stored there for the next process."""
    found, value = _load_keyed(memo, key)
    if found:
        return value  # type: ignore[return-value]
    built = build()
    _store_keyed(memo, key, built)
    return built


#: A file whose status changed less than this many nanoseconds before its digest was taken may change again within
#: the same tick of the file system's clock without its status showing it: its content is read again next time.
RACY_NS = 2_000_000_000


def file_status(path: Path) -> tuple[int, int, int, int] | None:
    """What changes whenever a file is written, moved or copied: its size, times of change and inode."""
    try:
        st = path.stat()
    except OSError:
        return None
    return st.st_size, st.st_mtime_ns, st.st_ctime_ns, st.st_ino


def _relative(path: Path, base: str) -> str:
    """``os.path.relpath(path, base)`` (``base`` absolute), without its cost for a path below ``base``."""
    text = str(path)
    if text.startswith(base) and text[len(base) : len(base) + 1] == os.sep and ".." not in path.parts:
        return text[len(base) + 1 :]
    return os.path.relpath(path, base)


def per_file(memo: Path | None, paths: Iterable[Path], read: Callable[[Path], T]) -> dict[Path, T]:
    """``read(path)`` for each file, reusing the memo's result for every file whose content is unchanged. Files
    are known by their place relative to the memo, so that a project copied with its memos finds them.

    The content decides: a file is read again only when its status (size, times, inode) changed since its digest
    was taken, and then read anew only if its digest changed too, so that a build with nothing changed reads no
    file whole while a copied project (new inodes and times) still finds its memos. A status taken within
    :data:`RACY_NS` of the file's last change is not trusted (an edit in the same clock tick can keep it)."""
    import time

    known = load(memo) if memo is not None else None
    known = known if isinstance(known, dict) else {}
    fresh: dict[str, tuple] = {}
    out: dict[Path, T] = {}
    base = None if memo is None else str(memo.parent.absolute())
    for path in paths:
        name = str(path) if base is None else _relative(path, base)
        entry = known.get(name)
        status = file_status(path)
        if (
            entry is None
            or len(entry) != 4
            or status is None
            or entry[2] != status
            or max(status[1], status[2]) >= entry[3] - RACY_NS
        ):
            key = file_stamp(path)
            value = entry[1] if entry is not None and entry[0] == key else read(path)
            entry = (key, value, status, time.time_ns())
        fresh[name] = entry
        out[path] = entry[1]
    if memo is not None and fresh != known:
        store(memo, fresh)
    return out


@dataclass
class Recall(Generic[T]):
    """What a pure function gave for each input it was asked about, kept between builds: ``known`` as last stored,
    ``used`` what this run asked (so that the stored memo holds what the sources hold now, never growing with each
    edit). The key must name everything the value depends on."""

    known: dict[Hashable, T] = field(default_factory=dict)
    used: dict[Hashable, T] = field(default_factory=dict)

    def get(self, key: Hashable, compute: Callable[[], T]) -> T:
        """The value known for ``key``, else ``compute()``."""
        value = self.known.get(key)
        if value is None:
            value = compute()
        self.used[key] = value
        return value

    @classmethod
    def load(cls, memo: Path, version: str) -> Recall:
        """The values stored in ``memo`` by the code ``version`` (none when there is no memo, it does not read, or
        other code computed it)."""
        stored = load(memo)
        if (
            isinstance(stored, tuple)
            and len(stored) == 2
            and stored[0] == version
            and isinstance(stored[1], dict)
        ):
            return cls(stored[1])
        return cls()

    def store(self, memo: Path, version: str) -> None:
        """Keep this run's values for the next, when they differ from what the memo holds."""
        if self.used != self.known:
            store(memo, (version, self.used))
