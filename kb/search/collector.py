"""The cyclic garbage collector held back while the search index is built.

Building the index allocates hundreds of thousands of small lists, tuples and strings (postings, positions, the
browser's copy), none of them garbage until the build ends. Each collection the allocations trigger re-scans them
and everything the process already holds (the knowledge base's graph, in a build): about half the index step's
CPU time. Reference counting still frees whatever is dropped; only cycles wait for the collector to run again.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def collector_paused() -> Iterator[None]:
    """Run the block (or the decorated function) with the cyclic garbage collector off, and turn it back on after
    (if it was on)."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()
