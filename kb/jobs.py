"""How many processes a build may keep busy at once: ``$RULEKB_JOBS``, else the cores this process may run on.

With one, the build's steps run one after the other and verify runs its scenarios in this process; with more, lint
runs beside verify, the search index beside the site's pages, and verify's scenarios on a pool of workers. The
test suite sets one: its workers already keep every core busy, and a build's children would only compete with them.
"""

from __future__ import annotations

import os

from kb.core.errors import RulekbError

JOBS_VARIABLE = "RULEKB_JOBS"


def build_jobs() -> int:
    """``$RULEKB_JOBS`` when set, else the cores this process may run on; an error names the variable when it is
    not a whole number of at least 1."""
    value = os.environ.get(JOBS_VARIABLE, "").strip()
    if not value:
        return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1
    if not value.isdigit() or int(value) < 1:
        raise RulekbError(f"${JOBS_VARIABLE} is {value!r}: give a whole number of processes, at least 1")
    return int(value)
