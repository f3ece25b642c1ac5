"""The order test files run in: the slowest first, as the last run timed them, so that under pytest-xdist
(``--dist loadscope --no-loadscope-reorder``, see the Makefile) no worker starts a long file while the other has
nothing left to do. Each run keeps how long each file took in pytest's cache (``.pytest_cache``); a file it has no
time for (a first run, a new file) comes after those it has, the files with more tests first, as xdist's own
order does. Only the order of whole files changes: the tests of a file keep theirs."""

from __future__ import annotations

import os
from collections import Counter, defaultdict

import pytest

#: Where pytest's cache keeps each test file's seconds (setup, call and teardown of its tests) in the last run.
CACHE_KEY = "rulekb/file-seconds"


def file_of(nodeid: str) -> str:
    """The file a test id names (``tests/kb/test_cli.py::test_x[a::b]`` → ``tests/kb/test_cli.py``)."""
    return nodeid.split("::", 1)[0]


def slowest_first(nodeids: list[str], seconds: dict[str, float]) -> list[str]:
    """``nodeids`` with whole files reordered: the slowest (``seconds``) first, then the untimed with the most
    tests first; ties keep the collection's order, as do the tests within a file."""
    counts = Counter(file_of(n) for n in nodeids)
    first_seen = {f: i for i, f in reversed(list(enumerate(file_of(n) for n in nodeids)))}

    def key(nodeid: str) -> tuple[float, int, int]:
        name = file_of(nodeid)
        return (-seconds.get(name, 0.0), -counts[name], first_seen[name])

    return sorted(nodeids, key=key)  # sorted is stable: a file's tests keep their order


def _cached_seconds(config: pytest.Config) -> dict[str, float]:
    """The seconds per file of the last run, from pytest's cache (none without it or when unreadable)."""
    cache = getattr(config, "cache", None)
    stored = cache.get(CACHE_KEY, {}) if cache is not None else {}
    if not isinstance(stored, dict):
        return {}
    return {str(k): float(v) for k, v in stored.items() if isinstance(v, int | float)}


def reorder(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Put ``items`` in :func:`slowest_first` order, in place (every xdist worker reads the same cache, so all
    collect the same order, as xdist requires)."""
    by_id = {item.nodeid: item for item in items}
    items[:] = [by_id[n] for n in slowest_first(list(by_id), _cached_seconds(config))]


class FileTimer:
    """Adds up each test file's seconds from the reports of a run (under xdist, the controller's: the reports of
    every worker) and merges them into the cache at the end, files that did not run keeping their time."""

    def __init__(self) -> None:
        self.seconds: defaultdict[str, float] = defaultdict(float)

    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        """Count a phase's duration towards its file."""
        self.seconds[file_of(report.nodeid)] += report.duration

    def pytest_sessionfinish(self, session: pytest.Session) -> None:
        """Keep the run's file times for the next run's order."""
        cache = getattr(session.config, "cache", None)
        if cache is None or not self.seconds:
            return
        merged = _cached_seconds(session.config)
        merged.update({name: round(s, 2) for name, s in self.seconds.items()})
        cache.set(CACHE_KEY, merged)


def register(config: pytest.Config) -> None:
    """Time the run's files in the process that sees every report: the only one, or xdist's controller."""
    if "PYTEST_XDIST_WORKER" not in os.environ:
        config.pluginmanager.register(FileTimer(), "rulekb-file-timer")
