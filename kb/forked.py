"""Run a function in a forked child process while this one goes on, and get back its result or its exception.

A fork inherits everything the process has built (the parsed graph, the verify results), so nothing is sent to the
child; only the result comes back, pickled through a pipe. The child runs only the function and ends with
``os._exit``: it never unwinds into its parent's code, flushes the parent's buffered output or runs its exit
handlers. Only the thread that forks goes on in the child; a lock another thread held at that moment (rich's
console and progress display, the server's state in ``rulekb serve``) stays held there for good, so the function
must not print or show progress: what it writes to ``sys.stdout`` or ``sys.stderr`` goes nowhere, through streams
of its own. Logging's locks are re-made by Python in the child.
"""

from __future__ import annotations

import contextlib
import os
import pickle
import signal
import sys
import time
import traceback
import warnings
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Generic, TypeVar

from kb.core.errors import RulekbError

T = TypeVar("T")

#: Whether this platform forks (not Windows); where it does not, :func:`start` runs the function at once.
CAN_FORK = hasattr(os, "fork")


class ChildLost(RulekbError):
    """The child ended without sending a result (killed, or out of memory)."""


@dataclass
class Outcome(Generic[T]):
    """What the child sent back: its function's result, or the exception it raised; and its wall-clock seconds."""

    value: T | None = None
    error: BaseException | None = None
    seconds: float = 0.0

    def get(self) -> T:
        """The result, or the child's exception raised here."""
        if self.error is not None:
            raise self.error
        return self.value  # type: ignore[return-value]


@dataclass
class Child(Generic[T]):
    """A function running in a forked child (or already run, where nothing forks)."""

    what: str
    pid: int = 0
    reader: int = -1
    #: The child's CPU seconds (user and system), known once it has ended.
    cpu: float = 0.0
    outcome: Outcome[T] | None = field(default=None, repr=False)

    def wait(self) -> Outcome[T]:
        """Wait for the child to end; what it sent back (the same on every call)."""
        if self.outcome is None:
            self.outcome = self._collect()
        return self.outcome

    def stop(self) -> Outcome[T]:
        """Ask the child to stop now (it unwinds, removing what it was writing) and wait for it."""
        if self.outcome is None and self.pid:
            with contextlib.suppress(ProcessLookupError):
                os.kill(self.pid, signal.SIGTERM)
        return self.wait()

    def _collect(self) -> Outcome[T]:
        chunks = []
        with os.fdopen(self.reader, "rb") as pipe:  # read it all first: a full pipe would block the child
            while chunk := pipe.read(1 << 20):
                chunks.append(chunk)
        _, status, usage = os.wait4(self.pid, 0)
        self.cpu = usage.ru_utime + usage.ru_stime
        try:
            sent = pickle.loads(b"".join(chunks))
        except Exception:  # nothing or half of it: the child was killed before it sent its outcome
            how = f"signal {os.WTERMSIG(status)}" if os.WIFSIGNALED(status) else f"exit code {status >> 8}"
            return Outcome(error=ChildLost(f"{self.what} ended without a result ({how})"))
        return sent if isinstance(sent, Outcome) else Outcome(error=ChildLost(f"{self.what} sent no result"))


def start(what: str, work: Callable[[], T]) -> Child[T]:
    """Run ``work`` in a forked child named ``what`` (for messages) and return at once; where nothing forks, or no
    process can be forked now, run it here first."""
    if not CAN_FORK:
        return _here(what, work)
    reader, writer = os.pipe()
    for stream in (sys.stdout, sys.stderr):  # what is buffered is printed once, by this process
        if stream is not None:
            stream.flush()
    try:
        with warnings.catch_warnings():
            # Python 3.12 warns on forking with threads running; the child only runs ``work`` (the module's doc).
            warnings.filterwarnings("ignore", "This process .* is multi-threaded", DeprecationWarning)
            pid = os.fork()
    except OSError:  # no process to be had (a limit reached, no memory): the work is done here, in turn
        os.close(reader)
        os.close(writer)
        return _here(what, work)
    if pid == 0:  # the child
        os.close(reader)
        _serve_child(writer, work)
    os.close(writer)
    return Child(what, pid, reader)


def _here(what: str, work: Callable[[], T]) -> Child[T]:
    """``work`` run in this process, as a child that has ended (its CPU seconds this process's)."""
    cpu = time.process_time()
    outcome = _run(work)
    return Child(what, cpu=time.process_time() - cpu, outcome=outcome)


def _serve_child(writer: int, work: Callable[[], T]) -> None:
    """In the child: run ``work``, send its outcome, end the process (never returns)."""
    code = 1
    try:
        # Fresh streams: another thread may have held the lock of the inherited ones (rich's display refreshing).
        sys.stdout = sys.stderr = open(os.devnull, "w")  # noqa: SIM115 (the process ends with os._exit)
        signal.signal(signal.SIGTERM, _stop)
        data = _pickled(_run(work))
        with os.fdopen(writer, "wb") as pipe:
            pipe.write(data)
        code = 0
    finally:
        os._exit(code)


def _stop(signum: int, frame: object) -> None:
    raise SystemExit(f"stopped (signal {signum})")


def _run(work: Callable[[], T]) -> Outcome[T]:
    start = time.perf_counter()
    try:
        value = work()
    except BaseException as exc:  # sent back whole, raised in the parent
        if not isinstance(exc, RulekbError):
            exc.add_note("".join(traceback.format_exception(exc)).rstrip())  # RULEKB_DEBUG shows where
        return Outcome(error=exc, seconds=time.perf_counter() - start)
    return Outcome(value=value, seconds=time.perf_counter() - start)


def _pickled(outcome: Outcome[T]) -> bytes:
    """The outcome as bytes; an exception that does not pickle, or does not unpickle (an ``__init__`` taking other
    arguments than it passes on), is sent as a RulekbError with its message."""
    try:
        data = pickle.dumps(outcome, protocol=pickle.HIGHEST_PROTOCOL)
        if outcome.error is not None:
            pickle.loads(data)
        return data
    except Exception as exc:
        if outcome.error is None:
            message = f"its result could not be sent back: {exc}"
        else:
            message = f"{type(outcome.error).__name__}: {outcome.error}"
        substitute: Outcome[T] = Outcome(error=RulekbError(message), seconds=outcome.seconds)
        return pickle.dumps(substitute, protocol=pickle.HIGHEST_PROTOCOL)
