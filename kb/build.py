"""``rulekb build``: parse, then lint beside verify, then the index beside the site (one after the other with
``RULEKB_JOBS=1``: kb/jobs.py), into ``site/``, keeping the previous build on failure."""

from __future__ import annotations

import gc
import shutil
import time
from collections.abc import Callable, Sequence

from rich.console import Console
from rich.progress import BarColumn, Progress, SpinnerColumn, TextColumn, TimeElapsedColumn

from kb import build_stamp
from kb.build_context import (
    INDEX_STEP,
    LINT_STEP,
    PARSE_STEP,
    SITE_STEP,
    VERIFY_STEP,
    BuildContext,
    BuildStep,
    StepAside,
)
from kb.build_runner import Step, StepRunner
from kb.core.collector import collector_paused
from kb.core.loader import load_kb
from kb.core.paths import Paths
from kb.folders import make_temp, recover, remove_stale, swap_in
from kb.gate import lint_findings, take_findings
from kb.jobs import build_jobs
from kb.search import build_step as index
from kb.search.indexer import discard_index
from kb.site.build_step import site_step
from kb.verify.build_step import verify_step

#: The folders a build writes the site into before it swaps one in as ``site/``.
SITE_PREFIX = ".site-"


def parse_step(ctx: BuildContext) -> None:
    """Parse every rule source into the graph (a source error stops the build); the site step offers it for
    download."""
    ctx.kb = load_kb(ctx.paths)
    ctx.kb.raise_for_errors()
    ctx.notes.append(f"graph: {ctx.kb.graph.number_of_nodes()} nodes, {ctx.kb.graph.number_of_edges()} edges")


#: The build: parse; the lint gate in a child process beside verify (its scenarios in worker processes, or here
#: when few changed); the index in a child beside the site's pages, which wait for it only before the offline app
#: lists the site's files (kb/site/build_step.py). Each step names the steps whose outputs it reads. With one job
#: (kb/jobs.py) every step runs here, in this order.
STEPS: tuple[Step, ...] = (
    BuildStep(PARSE_STEP, parse_step, needs=()),
    StepAside(LINT_STEP, lint_findings, take_findings, needs=(PARSE_STEP,)),
    BuildStep(VERIFY_STEP, verify_step, needs=(PARSE_STEP,)),
    StepAside(INDEX_STEP, index.prepare, index.take, needs=(PARSE_STEP, VERIFY_STEP), drop=discard_index),
    BuildStep(SITE_STEP, site_step, needs=(PARSE_STEP, LINT_STEP, VERIFY_STEP)),
)


def run_build(
    paths: Paths,
    console: Console,
    steps: Sequence[Step] = STEPS,
    *,
    draft: bool = False,
    collect: bool = True,
    measure: bool = True,
    published: Callable[[], object] | None = None,
) -> BuildContext:
    """Run the build ``steps`` into a fresh folder and swap it in as ``site/`` only when all succeed; what the
    steps prepared elsewhere (the search index) is then published, or thrown away if a step failed.

    A step that finds the knowledge base broken (lint errors, failing scenarios) stops the build unless
    ``draft``, so that a broken state is never published by accident. A whole build with nothing changed since
    the last one does nothing; otherwise verify runs only the scenarios whose inputs changed and the index step
    keeps the live index when its entries did not change.

    The cyclic garbage collector is off while the build runs (kb/core/collector.py); with ``collect`` the build's
    garbage is collected before this returns, else the caller sees to it (or ends its process). Without
    ``measure`` the figures only the report shows are not measured where that costs time (BuildContext.measure).
    ``published`` is called once the new site is in place, before what only later builds and commands read is
    kept (the search index published, the memos of the pages written): ``rulekb serve`` reloads its pages then."""
    try:
        with collector_paused():
            return _build(paths, console, steps, draft, measure, published)
    finally:
        if collect:
            gc.collect()


def _build(
    paths: Paths,
    console: Console,
    steps: Sequence[Step],
    draft: bool,
    measure: bool,
    published: Callable[[], object] | None,
) -> BuildContext:
    """:func:`run_build`, its garbage left for the caller to collect."""
    jobs = build_jobs()
    remove_stale(paths.root, SITE_PREFIX)
    recover(paths.site)
    whole = tuple(steps) == STEPS
    digest = build_stamp.inputs_digest(paths, draft) if whole else None
    if digest is not None and build_stamp.up_to_date(paths, digest):
        ctx = BuildContext(paths=paths, out=paths.site, console=console, draft=draft)
        ctx.notes.append(
            "nothing changed since the last build: site/, the index and the results are up to date"
        )
        return ctx
    tmp = make_temp(paths.root, SITE_PREFIX)
    ctx = BuildContext(paths=paths, out=tmp, console=console, draft=draft, measure=measure, jobs=jobs)
    try:
        with Progress(
            SpinnerColumn(),
            TextColumn("{task.description}"),
            BarColumn(),
            TimeElapsedColumn(),
            console=console,
            transient=False,
        ) as progress:
            ctx.progress = progress
            task = progress.add_task("build", total=len(steps))
            start = time.perf_counter()
            StepRunner(ctx, steps, progress, task).run()
            wall = time.perf_counter() - start
            progress.update(task, description="done")
        ctx.progress = None
        ctx.notes.append("steps: " + ", ".join(f"{name} {sec:.1f} s" for name, sec in ctx.seconds.items()))
        ctx.notes.append("steps, CPU: " + ", ".join(f"{name} {sec:.2f} s" for name, sec in ctx.cpu.items()))
        ctx.notes.append(
            f"build: {wall:.1f} s for {sum(ctx.seconds.values()):.1f} s of steps"
            f"{' (some side by side)' if ctx.jobs > 1 else ''}, "
            f"{sum(ctx.cpu.values()):.2f} s CPU"
        )
        swap_in(tmp, paths.site)
        ctx.out = paths.site
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        for undo in ctx.on_failure:
            undo()
        raise
    if published is not None:
        published()
    for commit in ctx.on_success:
        commit()
    if digest is not None:
        build_stamp.record(paths, digest)
    return ctx
