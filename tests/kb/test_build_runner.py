"""The build's steps run once the steps they need have finished, a step set aside in a child process side by side
with the steps after it; its result is taken in order, its failure fails the build, and a failure elsewhere stops
it and throws its result away."""

from __future__ import annotations

import os
import threading
from pathlib import Path
from typing import cast

import pytest
from rich.console import Console
from rich.progress import Progress

from kb import forked
from kb.build_context import BuildContext, BuildStep, StepAside
from kb.build_runner import Step, StepRunner
from kb.core.errors import RulekbError
from kb.core.paths import Paths

pytestmark = pytest.mark.skipif(not forked.CAN_FORK, reason="this platform does not fork")

#: Generous: how long a step aside waits for a file the step after it writes (only side by side does it appear).
WAIT = 60


def _context(tmp_path: Path) -> BuildContext:
    return BuildContext(paths=Paths(tmp_path), out=tmp_path / "out", console=Console(quiet=True), jobs=2)


def _wait_for_file(path: Path) -> None:
    waited = threading.Event()
    for _ in range(WAIT * 20):
        if path.exists():
            return
        waited.wait(0.05)
    raise RulekbError(f"{path.name} never appeared")


def test_a_step_aside_runs_side_by_side_with_the_next_and_its_result_is_taken_in_order(tmp_path):
    """The step aside works in another process while the next step runs here (it waits for a file that step
    writes), on the context as the steps it needs left it; its result is taken here, and the report lists every
    step's seconds and CPU in the steps' order."""
    signal = tmp_path / "written by the step after"
    taken: list[object] = []

    def parse(ctx: BuildContext) -> None:
        ctx.notes.append("parsed")

    def work(ctx: BuildContext) -> tuple[int, list[str]]:
        _wait_for_file(signal)
        return os.getpid(), list(ctx.notes)

    def after(ctx: BuildContext) -> None:
        signal.touch()

    def last(ctx: BuildContext) -> None:
        taken.append("last")

    ctx = _context(tmp_path)
    steps: list[Step] = [
        BuildStep("parse", parse, needs=()),
        StepAside("aside", work, lambda ctx, value: taken.append(value), needs=("parse",)),
        BuildStep("after", after, needs=("parse",)),
        BuildStep("last", last, needs=("aside", "after")),
    ]
    StepRunner(ctx, steps, None, None).run()
    pid, notes = cast(tuple[int, list[str]], taken[0])
    assert pid != os.getpid() and notes == ["parsed"] and taken[1] == "last"
    assert list(ctx.seconds) == list(ctx.cpu) == ["parse", "aside", "after", "last"]


def test_a_step_aside_gets_no_progress_display_or_console_of_this_process(tmp_path):
    """The child never touches the display or console whose locks this process's other threads may hold (a serve
    rebuild's progress, the server's threads): its context has neither."""
    seen: list[bool] = []
    ctx = _context(tmp_path)
    with Progress(console=Console(quiet=True)) as progress:
        ctx.progress = progress
        task = progress.add_task("build", total=1)
        step = StepAside(
            "aside",
            lambda child: (child.progress is None, child.console is not ctx.console),
            lambda ctx, value: seen.extend(value),
        )
        StepRunner(ctx, [step], progress, task).run()
        assert progress.tasks[0].completed == 1 and len(progress.tasks) == 1
    assert seen == [True, True]


def test_a_step_waits_for_a_step_aside_where_it_needs_its_outputs(tmp_path):
    """A step that needs a step aside only for its last part (the site's offline app, the search index) asks for
    it there, and finds its result taken."""
    pages = tmp_path / "pages written"
    seen: list[object] = []

    def index(ctx: BuildContext) -> str:
        _wait_for_file(pages)
        return "prepared"

    def site(ctx: BuildContext) -> None:
        seen.append(ctx.index)
        pages.touch()
        ctx.wait_for("index")
        seen.append(ctx.index)

    def take(ctx: BuildContext, value: object) -> None:
        ctx.index = value  # type: ignore[assignment]

    ctx = _context(tmp_path)
    steps: list[Step] = [StepAside("index", index, take), BuildStep("site", site, needs=())]
    StepRunner(ctx, steps, None, None).run()
    assert seen == [None, "prepared"]


def test_a_failing_step_aside_fails_the_build_with_its_error(tmp_path):
    """A step aside that fails stops the build when the step that needs it comes, with the child's error."""
    ran: list[str] = []

    def fail(ctx: BuildContext) -> None:
        raise RulekbError("lint failed in the child")

    steps: list[Step] = [
        StepAside("lint", fail, lambda ctx, value: None, needs=()),
        BuildStep("site", lambda ctx: ran.append("site"), needs=("lint",)),
    ]
    with pytest.raises(RulekbError, match="lint failed in the child"):
        StepRunner(_context(tmp_path), steps, None, None).run()
    assert ran == []


def _ended(pid: int) -> bool:
    """Whether the process ``pid`` has ended (a zombie its parent has not waited for yet)."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] == "Z"
    except OSError:
        return True


@pytest.mark.skipif(not Path("/proc").is_dir(), reason="reads the state of a process from /proc")
def test_a_failing_step_here_stops_the_steps_aside_and_throws_their_results_away(tmp_path):
    """When a step here fails, a step aside still working is stopped (its clean-up runs), one that finished has its
    result dropped, not taken, and the build fails with the step's own error."""
    started, cleaned, quick_pid = tmp_path / "started", tmp_path / "cleaned", tmp_path / "quick"
    dropped: list[object] = []
    taken: list[object] = []

    def quick(ctx: BuildContext) -> str:
        _wait_for_file(started)
        written = quick_pid.with_suffix(".tmp")
        written.write_text(str(os.getpid()))
        written.replace(quick_pid)  # whole, or not there yet
        return "prepared"

    def slow(ctx: BuildContext) -> None:
        started.touch()
        try:
            threading.Event().wait(WAIT)
        finally:
            cleaned.touch()

    def fail(ctx: BuildContext) -> None:
        _wait_for_file(quick_pid)
        while not _ended(int(quick_pid.read_text())):
            threading.Event().wait(0.01)
        raise RulekbError("the site did not build")

    steps: list[Step] = [
        StepAside("quick", quick, lambda ctx, value: taken.append(value), needs=(), drop=dropped.append),
        StepAside("slow", slow, lambda ctx, value: taken.append(value), needs=()),
        BuildStep("site", fail, needs=()),
    ]
    with pytest.raises(RulekbError, match="the site did not build"):
        StepRunner(_context(tmp_path), steps, None, None).run()
    assert dropped == ["prepared"] and taken == [] and cleaned.exists()
