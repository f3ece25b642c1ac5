"""Build folders: temporary ones that a killed build cannot leave behind for good, and the swap of a finished one
into place so that a reader always finds the old folder or the new one, never neither.

A temporary folder's name carries the id of the process writing it (``.site-4242-x1y2``), so the next
build removes the folders of processes that are gone, while leaving a concurrent build's folder alone.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import os
import shutil
import tempfile
import time
from pathlib import Path

#: A temporary folder whose name carries no process id is removed once it is this old.
STALE_SECONDS = 3600
_RENAME_EXCHANGE = 2  # renameat2 flag (Linux): swap two paths in one atomic step
_AT_FDCWD = -100


def make_temp(parent: Path, prefix: str) -> Path:
    """A new empty folder ``<prefix><pid>-<random>`` in ``parent``."""
    parent.mkdir(parents=True, exist_ok=True)
    return Path(tempfile.mkdtemp(prefix=f"{prefix}{os.getpid()}-", dir=parent))


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # someone else's process: alive
        return True
    return True


def _owner(name: str, prefix: str) -> int | None:
    head = name[len(prefix) :].split("-", 1)[0]
    return int(head) if head.isdigit() else None


def remove_stale(parent: Path, prefix: str) -> list[Path]:
    """Remove the ``prefix*`` folders in ``parent`` left by processes that are gone (or, without an owner, old)."""
    removed: list[Path] = []
    if not parent.is_dir():
        return removed
    now = time.time()
    for entry in parent.iterdir():
        if not entry.name.startswith(prefix) or entry.is_symlink() or not entry.is_dir():
            continue
        owner = _owner(entry.name, prefix)
        if owner == os.getpid():
            continue
        try:
            stale = not _alive(owner) if owner is not None else now - entry.stat().st_mtime > STALE_SECONDS
        except OSError:
            continue
        if stale:
            shutil.rmtree(entry, ignore_errors=True)
            removed.append(entry)
    return removed


def _exchange(a: Path, b: Path) -> bool:
    """Swap two existing paths atomically (Linux ``renameat2``); False where the system cannot."""
    libc_name = ctypes.util.find_library("c")
    if libc_name is None:
        return False
    libc = ctypes.CDLL(libc_name, use_errno=True)
    renameat2 = getattr(libc, "renameat2", None)
    if renameat2 is None:
        return False
    result = renameat2(_AT_FDCWD, os.fsencode(a), _AT_FDCWD, os.fsencode(b), _RENAME_EXCHANGE)
    return result == 0


def _old(target: Path) -> Path:
    return target.with_name(f".{target.name}-old")


def recover(target: Path) -> None:
    """Put back the previous ``target`` that a swap interrupted between its two renames left aside."""
    old = _old(target)
    if not target.exists() and old.is_dir():
        old.rename(target)


def swap_in(new: Path, target: Path) -> None:
    """Replace folder ``target`` by ``new``: one atomic exchange where the system has it, else two renames that
    :func:`recover` completes if the process dies between them. ``new`` is gone afterwards."""
    recover(target)
    if target.exists() and _exchange(new, target):
        shutil.rmtree(new, ignore_errors=True)  # now the previous folder
        return
    old = _old(target)
    shutil.rmtree(old, ignore_errors=True)
    if target.exists():
        target.rename(old)
    new.rename(target)
    shutil.rmtree(old, ignore_errors=True)
