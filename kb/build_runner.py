"""Run the steps of a build in their order, each once the steps it needs have finished, and a step set aside
(kb.build_context.StepAside) in a forked child side by side with the steps after it: on two cores, the lint beside
verify and the search index beside the site's pages.

Each step's wall-clock and CPU seconds are recorded in the context in the steps' order: a step set aside counts its
child's seconds and CPU with what taking its result cost here, and a step run here counts the CPU of the processes
it waited for (verify's workers). When a step fails, the steps still running aside are stopped and their results
thrown away; the build then fails with the first error, as if the steps had run one after the other.
"""

from __future__ import annotations

import dataclasses
import resource
import select
import time
from collections.abc import Callable, Sequence
from typing import Any

from rich.console import Console
from rich.progress import Progress, TaskID

from kb import forked
from kb.build_context import BuildContext, BuildStep, StepAside

Step = BuildStep | StepAside[Any]


def _children_cpu() -> float:
    """CPU seconds of the child processes this one has waited for."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


@dataclasses.dataclass
class _Aside:
    """A step running in a child, and its line on the progress display."""

    step: StepAside[Any]
    child: forked.Child[Any]
    task: TaskID | None


class StepRunner:
    """Runs ``steps`` on ``ctx``, advancing ``task`` of ``progress`` (when given) as each step finishes."""

    def __init__(
        self, ctx: BuildContext, steps: Sequence[Step], progress: Progress | None, task: TaskID | None
    ) -> None:
        self.ctx, self.steps, self.progress, self.task = ctx, list(steps), progress, task
        self.names = [s.name for s in self.steps]
        self.aside: dict[str, _Aside] = {}
        #: CPU seconds of the children set aside that have been waited for (counted in their own steps).
        self.aside_cpu = 0.0

    def run(self) -> None:
        """Every step, or the first failure (the steps still running aside stopped)."""
        idle = self.ctx.wait_for
        self.ctx.wait_for = self.finish
        try:
            for position, step in enumerate(self.steps):
                self._take_finished()
                for need in self._needs(step, position):
                    self.finish(need)
                if isinstance(step, StepAside) and forked.CAN_FORK and self.ctx.jobs > 1:
                    self._set_aside(step, idle)
                else:
                    self._run_here(step)
            for name in list(self.aside):
                self.finish(name)
        except BaseException:
            self._stop_aside()
            raise
        finally:
            self.ctx.wait_for = idle
        for table in (self.ctx.seconds, self.ctx.cpu):
            ordered = {name: table[name] for name in self.names if name in table}
            table.clear()
            table.update(ordered)

    def finish(self, name: str) -> None:
        """Wait for the step ``name`` if it runs aside, and take its result (its failure raised here)."""
        running = self.aside.pop(name, None)
        if running is None:
            return
        try:
            outcome = running.child.wait()
        finally:
            self.aside_cpu += running.child.cpu
            if self.progress is not None and running.task is not None:
                self.progress.remove_task(running.task)
        value = outcome.get()
        start, cpu = time.perf_counter(), time.process_time()
        running.step.take(self.ctx, value)
        self.ctx.seconds[name] = outcome.seconds + time.perf_counter() - start
        self.ctx.cpu[name] = running.child.cpu + time.process_time() - cpu
        self._finished(name)

    def _needs(self, step: Step, position: int) -> list[str]:
        """The steps of this build that ``step`` waits for."""
        before = self.names[:position]
        return before if step.needs is None else [n for n in before if n in step.needs]

    def _run_here(self, step: Step) -> None:
        if self.progress is not None and self.task is not None:
            self.progress.update(self.task, description=step.name)
        start, cpu, children, aside = (
            time.perf_counter(),
            time.process_time(),
            _children_cpu(),
            self.aside_cpu,
        )
        step.run(self.ctx)
        self.ctx.seconds[step.name] = time.perf_counter() - start
        # its own CPU and its workers', not that of the steps aside it waited for (theirs)
        waited = _children_cpu() - children - (self.aside_cpu - aside)
        self.ctx.cpu[step.name] = time.process_time() - cpu + max(0.0, waited)
        self._finished(step.name)

    def _set_aside(self, step: StepAside[Any], idle: Callable[[str], None]) -> None:
        ctx = dataclasses.replace(self.ctx, progress=None, console=Console(quiet=True), wait_for=idle)
        task = None
        if self.progress is not None:
            task = self.progress.add_task(f"  {step.name} (side by side)", total=None)
        self.aside[step.name] = _Aside(step, forked.start(step.name, lambda: step.work(ctx)), task)

    def _take_finished(self) -> None:
        """Take the results of the steps aside that have finished, so that one that failed stops the build now."""
        readers = {a.child.reader: name for name, a in self.aside.items() if a.child.outcome is None}
        if readers:
            ready, _, _ = select.select(list(readers), [], [], 0)
            for reader in ready:
                self.finish(readers[reader])

    def _stop_aside(self) -> None:
        """Stop the steps still running aside, throwing their results away."""
        for running in self.aside.values():
            outcome = running.child.stop()
            if outcome.error is None and running.step.drop is not None:
                running.step.drop(outcome.value)
            if self.progress is not None and running.task is not None:
                self.progress.remove_task(running.task)
        self.aside.clear()

    def _finished(self, name: str) -> None:
        if self.progress is not None and self.task is not None:
            self.progress.advance(self.task)
