"""A pickled copy of something read from files, reused while those files keep their paths, sizes and times."""

from __future__ import annotations

import os
import pickle
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import TypeVar

T = TypeVar("T")


def stamp(paths: Iterable[Path]) -> tuple:
    """What tells the files apart from an edited version of them: each one's path, size and modification time."""
    out = []
    for path in paths:
        stat = path.stat()
        out.append((str(path), stat.st_size, stat.st_mtime_ns))
    return tuple(out)


def cached(cache: Path, key: tuple, build: Callable[[], T]) -> T:
    """The value stored in ``cache`` under ``key``, or ``build()``, stored there for the next process."""
    try:
        with cache.open("rb") as fh:
            stored_key, value = pickle.load(fh)
        if stored_key == key:
            return value
    except Exception:  # no cache yet, or a stale or truncated one: build again
        pass
    value = build()
    try:
        data = pickle.dumps((key, value), protocol=pickle.HIGHEST_PROTOCOL)
        cache.parent.mkdir(parents=True, exist_ok=True)
        tmp = cache.with_suffix(f".{os.getpid()}.tmp")
        tmp.write_bytes(data)
        tmp.replace(cache)  # atomic: processes running side by side never read half a file
    except (OSError, pickle.PicklingError, TypeError, AttributeError):  # read-only, or unpicklable: no cache
        pass
    return value
