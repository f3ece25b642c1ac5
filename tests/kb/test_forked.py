"""A function run in a forked child gives back its result, or fails here with the error it raised there: a kb error
whole (its message and problems), a crash with the child's traceback; a child that dies or is stopped says so."""

from __future__ import annotations

import os
import signal
import sys
import threading
from pathlib import Path

import pytest

from kb import forked
from kb.core.errors import GateError, Problem, RulekbError
from kb.site.build import SiteBuildError

pytestmark = pytest.mark.skipif(not forked.CAN_FORK, reason="this platform does not fork")


def test_the_result_comes_back_from_another_process():
    """What the function returns is what the caller gets, computed in a process of its own."""
    child = forked.start("a sum", lambda: (os.getpid(), sum(range(10))))
    pid, total = child.wait().get()
    assert total == 45 and pid != os.getpid() and child.pid == pid


def test_a_kb_error_comes_back_whole():
    """A step failing in the child fails here with the same error: its type, message and problems (an error whose
    ``__init__`` takes other arguments than its message too)."""
    problem = Problem("rules/athernum/rulings.yaml", 3, "id", "duplicate ruling id R-ATH-001")

    def gate() -> None:
        raise GateError([problem])

    with pytest.raises(GateError) as raised:
        forked.start("lint", gate).wait().get()
    assert raised.value.problems == [problem] and "duplicate ruling id" in str(raised.value)

    def site() -> None:
        raise SiteBuildError("the site did not build", ["warning: a broken link"])

    with pytest.raises(SiteBuildError) as broken:
        forked.start("site", site).wait().get()
    assert broken.value.messages == ["warning: a broken link"] and "a broken link" in str(broken.value)


class _Unpicklable(Exception):
    """An error that pickles but does not unpickle (its ``__init__`` wants two arguments)."""

    def __init__(self, a: str, b: str) -> None:
        super().__init__(f"{a} and {b}")


def test_a_crash_comes_back_with_the_childs_traceback():
    """A bug in the child is raised here as the same exception, its traceback from the child attached as a note
    (RULEKB_DEBUG shows it); one that does not come through a pipe arrives as a kb error with its message."""

    def crash() -> None:
        raise ValueError("a bug in a step")

    with pytest.raises(ValueError, match="a bug in a step") as raised:
        forked.start("crash", crash).wait().get()
    assert "in crash" in "".join(getattr(raised.value, "__notes__", []))

    def odd() -> None:
        raise _Unpicklable("one", "two")

    with pytest.raises(RulekbError, match="_Unpicklable: one and two"):
        forked.start("odd", odd).wait().get()


def test_a_child_that_dies_is_reported_not_awaited_forever():
    """A child killed before it sent its result (out of memory, kill -9) fails with a message naming it."""

    def die() -> None:
        os.kill(os.getpid(), signal.SIGKILL)

    with pytest.raises(forked.ChildLost, match="the index ended without a result \\(signal 9\\)"):
        forked.start("the index", die).wait().get()


def test_a_stopped_child_unwinds_and_is_waited_for(tmp_path: Path):
    """Stopping a child that is still working ends it at once, running its clean-up (a half-written folder
    removed), and reaps it."""
    started, cleaned = tmp_path / "started", tmp_path / "cleaned"

    def work() -> None:
        try:  # started inside: a stop arriving just after the file is made still finds the clean-up armed
            started.touch()
            threading.Event().wait(120)
        finally:
            cleaned.touch()

    child = forked.start("slow", work)
    while not started.exists():
        threading.Event().wait(0.01)
    outcome = child.stop()
    assert isinstance(outcome.error, SystemExit) and cleaned.exists()
    with pytest.raises(ChildProcessError):
        os.waitpid(child.pid, os.WNOHANG)


def test_what_the_child_prints_goes_nowhere(capfd):
    """A child writes through streams of its own (those it inherits may be locked by a thread of this process, such
    as a progress display refreshing), so nothing it prints reaches this process's output."""

    def noisy() -> int:
        print("from the child")
        print("to stderr", file=sys.stderr)
        return 1

    assert forked.start("noisy", noisy).wait().get() == 1
    out, err = capfd.readouterr()
    assert "from the child" not in out and "to stderr" not in err


def test_where_no_process_can_be_forked_the_work_is_done_here(monkeypatch):
    """A fork refused by the system (a process limit reached) does not fail the build: the work runs in this
    process and its result comes back the same."""

    def refuse() -> int:
        raise BlockingIOError(11, "Resource temporarily unavailable")

    monkeypatch.setattr(os, "fork", refuse)
    child = forked.start("here", lambda: os.getpid())
    assert child.wait().get() == os.getpid() and child.pid == 0
