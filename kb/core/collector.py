"""When the cyclic garbage collector runs: never while a build (or the search index alone) is made, once after.

A build allocates hundreds of thousands of lasting objects (the graph, the verify results' boards, the index's
entries, the site's model), none of them garbage until the build ends. Each collection the allocations trigger
re-scans them and everything the process already holds: about half the index step's CPU time when it was paused
alone, and after a one-rule edit in ``rulekb serve`` about 0.15 s of young-generation passes and a 0.45 s full pass
on the way from the edit to its page. Reference counting still frees whatever is dropped; only cycles (a few
tens of thousands of objects a build) wait for the collection after. Who builds again in one process collects
(``rulekb serve`` when no edit is waiting, kb/serve.py; the tests after each build); ``rulekb build`` ends its
process without.
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
