"""The verify step of ``rulekb build``: run every scenario, keep the results for the site and search."""

from __future__ import annotations

import os

from kb.build_context import BuildContext
from kb.core.errors import Problem
from kb.core.rulings import load_rulings
from kb.gate import stop_unless_draft
from kb.verify.report import summarise
from kb.verify.results import ScenarioResult, Status, results_path
from kb.verify.session import verify


def _keep_previous_results(ctx: BuildContext) -> None:
    """Put the stored results back as they were should the build fail after this step wrote new ones."""
    path = results_path(ctx.paths)
    previous = path.read_bytes() if path.is_file() else None

    def restore() -> None:
        if previous is None:
            path.unlink(missing_ok=True)
            return
        tmp = path.with_suffix(f".{os.getpid()}.restore")
        tmp.write_bytes(previous)
        tmp.replace(path)

    ctx.on_failure.append(restore)


def verify_step(ctx: BuildContext) -> None:
    """Run every scenario; one failing or in error stops the build (a draft publishes it, marked as failing)."""
    assert ctx.kb is not None
    _keep_previous_results(ctx)
    progress = ctx.progress
    task = progress.add_task("scenarios", total=None) if progress else None
    ran: list[str] = []

    def on_start(count: int) -> None:
        if progress and task is not None:
            progress.update(task, total=count)

    def on_result(result: ScenarioResult) -> None:
        ran.append(result.id)
        if progress and task is not None:
            progress.advance(task)

    results = verify(ctx.kb, jobs=min(4, ctx.jobs), reuse=True, on_start=on_start, on_result=on_result)
    if progress and task is not None:
        progress.remove_task(task)
    rulings, _ = load_rulings(ctx.paths)
    summary = summarise(ctx.paths, ctx.kb.graph, results, rulings)
    ctx.results, ctx.verify_summary = results, summary
    counts = ", ".join(f"{n} {s}" for s, n in sorted(summary.counts.items()))
    ctx.notes.append(
        f"scenarios: {len(results.scenarios)} ({counts or 'none'}); {len(ran)} run, the others' inputs "
        "unchanged since their stored result"
    )
    broken = [
        Problem(
            s.path,
            1,
            "scenario",
            f"{s.id} {s.status}" + (f": {s.reason}" if s.reason else ""),
            code=f"scenario-{s.status}",
        )
        for s in results.scenarios
        if s.status in (Status.FAILED, Status.ERROR)
    ]
    stop_unless_draft(ctx, broken, "failing scenarios")
