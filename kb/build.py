"""``rulekb build``: parse → lint → verify → index → site, into ``site/``, keeping the previous build on failure."""

from __future__ import annotations

import gc
import shutil
import time
from collections.abc import Sequence

from rich.console import Console
from rich.progress import BarColumn, Progress, SpinnerColumn, TextColumn, TimeElapsedColumn

from kb import build_stamp
from kb.build_context import BuildContext, BuildStep
from kb.core.collector import collector_paused
from kb.core.loader import load_kb
from kb.core.paths import Paths
from kb.folders import make_temp, recover, remove_stale, swap_in
from kb.gate import lint_step
from kb.search.build_step import index_step
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


#: The build, in order: parse, the lint gate, verify, index, site.
STEPS: tuple[BuildStep, ...] = (
    BuildStep("parse rules and build the graph", parse_step),
    BuildStep("lint the sources", lint_step),
    BuildStep("verify scenarios", verify_step),
    BuildStep("index for search", index_step),
    BuildStep("generate the site", site_step),
)


def run_build(
    paths: Paths,
    console: Console,
    steps: Sequence[BuildStep] = STEPS,
    *,
    draft: bool = False,
    collect: bool = True,
    measure: bool = True,
) -> BuildContext:
    """Run the build ``steps`` into a fresh folder and swap it in as ``site/`` only when all succeed; what the
    steps prepared elsewhere (the search index) is then published, or thrown away if a step failed.

    A step that finds the knowledge base broken (lint errors, failing scenarios) stops the build unless
    ``draft``, so that a broken state is never published by accident. A whole build with nothing changed since
    the last one does nothing; otherwise verify runs only the scenarios whose inputs changed and the index step
    keeps the live index when its entries did not change.

    The cyclic garbage collector is off while the build runs (kb/core/collector.py); with ``collect`` the build's
    garbage is collected before this returns, else the caller sees to it (or ends its process). Without
    ``measure`` the figures only the report shows are not measured where that costs time (BuildContext.measure)."""
    try:
        with collector_paused():
            return _build(paths, console, steps, draft, measure)
    finally:
        if collect:
            gc.collect()


def _build(
    paths: Paths, console: Console, steps: Sequence[BuildStep], draft: bool, measure: bool
) -> BuildContext:
    """:func:`run_build`, its garbage left for the caller to collect."""
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
    ctx = BuildContext(paths=paths, out=tmp, console=console, draft=draft, measure=measure)
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
            for s in steps:
                progress.update(task, description=s.name)
                start, cpu = time.perf_counter(), time.process_time()
                s.run(ctx)
                ctx.seconds[s.name] = time.perf_counter() - start
                ctx.cpu[s.name] = time.process_time() - cpu
                progress.advance(task)
            progress.update(task, description="done")
        ctx.progress = None
        ctx.notes.append("steps: " + ", ".join(f"{name} {sec:.1f} s" for name, sec in ctx.seconds.items()))
        ctx.notes.append("steps, CPU: " + ", ".join(f"{name} {sec:.2f} s" for name, sec in ctx.cpu.items()))
        swap_in(tmp, paths.site)
        ctx.out = paths.site
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        for undo in ctx.on_failure:
            undo()
        raise
    for commit in ctx.on_success:
        commit()
    if digest is not None:
        build_stamp.record(paths, digest)
    return ctx
