"""Digests of values as pages see them, telling a value from an edited version of it across builds (and processes).

A value is digested as pickle writes it: objects built the same way from the same sources give the same digest in
every process. A set of strings is written in its iteration order, which differs between processes: a value
holding one merely fails to match, and what depends on it is made again. Fields no page shows are left out
(``NOT_SHOWN``). A value several parts of the model share (``SHARED``: a scenario's result, a coverage entry listed by
its group and by unit) is digested once per build and stands in its holders' digests as that digest.
"""

from __future__ import annotations

import copyreg
import functools
import hashlib
import io
import os
import pickle
from collections.abc import Callable
from typing import Any

from kb.site.coverage import ChapterEntry, RuleEntry
from kb.verify.results import ScenarioResult

#: Fields no page shows, left out of a value's fingerprint: how long a scenario took and the digest of its inputs
#: change each time it runs again (tests/site/test_site_incremental.py proves the pages do not show them).
NOT_SHOWN: dict[type, frozenset[str]] = {ScenarioResult: frozenset({"duration", "key"})}

#: The types whose values are digested once however many holders list them, each with its fields left out: a
#: coverage report lists every group once per unit it holds (``group_of``), which pickle writes again each time.
SHARED: dict[type, frozenset[str]] = {**NOT_SHOWN, ChapterEntry: frozenset(), RuleEntry: frozenset()}


def _shown_as(digest: bytes) -> None:
    """Stands in a fingerprint for a value already fingerprinted (never called: fingerprints are not unpickled)."""


def _shared(seen: dict[int, tuple[object, bytes]], obj: object) -> Any:
    """A shared value written as its digest (without the fields no page shows), digested once."""
    known = seen.get(id(obj))
    if known is None or known[0] is not obj:
        hidden = SHARED[type(obj)]
        state = {k: v for k, v in vars(obj).items() if k not in hidden}
        known = seen[id(obj)] = (obj, fingerprint((type(obj).__qualname__, state), seen))
    return _shown_as, (known[1],)


class _Pickler(pickle.Pickler):
    """Pickles values as pages see them: without the fields no page shows (``NOT_SHOWN``); a value several indexes
    share (``SHARED``: a scenario's result is listed by rule, by ruling, by page) is digested once."""

    def __init__(self, out: io.BytesIO, seen: dict[int, tuple[object, bytes]]) -> None:
        super().__init__(out, protocol=pickle.HIGHEST_PROTOCOL)
        # No memo: an object met twice is written twice, so equal values give equal bytes however they share
        # their parts (results run now and results read back from their file).
        self.fast = True
        # A dispatch table rather than ``reducer_override``: pickle consults it (in C) only for the types it names,
        # where an override is called back for every object written. Its reducer holds ``seen``, not the pickler:
        # a bound method would make each pickler a cycle, garbage only the collector frees (16,000 a rebuild).
        table: dict[type, Callable[[Any], Any]] = dict(copyreg.dispatch_table)
        table.update(dict.fromkeys(SHARED, functools.partial(_shared, seen)))
        self.dispatch_table = table


def fingerprint(value: object, seen: dict[int, tuple[object, bytes]] | None = None) -> bytes:
    """A digest of a value as pickle writes it; a value pickle cannot write never matches any other. ``seen`` keeps
    the digests of the shared values (``SHARED``) met so far."""
    out = io.BytesIO()
    try:
        _Pickler(out, {} if seen is None else seen).dump(value)
    except Exception:  # an object pickle cannot write: it is never taken for an earlier one
        return os.urandom(16)
    return hashlib.blake2b(out.getbuffer(), digest_size=16).digest()
