"""``rulekb build``: parse → verify → index → site, into ``site/``, keeping the previous build on failure."""

from __future__ import annotations

import json
import shutil
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from rich.console import Console
from rich.progress import BarColumn, Progress, SpinnerColumn, TextColumn, TimeElapsedColumn

from kb import build_stamp
from kb.export import export, rules_by_id
from kb.folders import make_temp, recover, remove_stale, swap_in
from kb.loader import KnowledgeBase, load_kb
from kb.paths import Paths


@dataclass
class BuildContext:
    """What the steps of a build share: the knowledge base, the folder being written, and notes for the user."""

    paths: Paths
    out: Path
    console: Console
    #: A draft build publishes despite failing scenarios and lint errors (marked on the pages) instead of stopping.
    draft: bool = False
    kb: KnowledgeBase | None = None
    notes: list[str] = field(default_factory=list)
    data: dict[str, object] = field(default_factory=dict)
    #: Run in order once every step succeeded and the new site is in place (e.g. publish the search index).
    on_success: list[Callable[[], object]] = field(default_factory=list)
    #: Run when a step failed, to throw away what a step prepared outside the build folder.
    on_failure: list[Callable[[], None]] = field(default_factory=list)


@dataclass(frozen=True)
class BuildStep:
    """One stage of the build, run in order."""

    name: str
    run: Callable[[BuildContext], None]
    order: int


STEPS: list[BuildStep] = []
#: The folders a build writes the site into before it swaps one in as ``site/``.
SITE_PREFIX = ".site-"


def step(name: str, order: int) -> Callable[[Callable[[BuildContext], None]], Callable[[BuildContext], None]]:
    """Register a build stage; stages run by ``order`` (parse 10, verify 20, index 30, site 40)."""

    def register(func: Callable[[BuildContext], None]) -> Callable[[BuildContext], None]:
        STEPS[:] = [s for s in STEPS if s.name != name] + [BuildStep(name, func, order)]
        STEPS.sort(key=lambda s: s.order)
        return func

    return register


@step("parse rules and build the graph", 10)
def parse_step(ctx: BuildContext) -> None:
    ctx.kb = load_kb(ctx.paths)
    ctx.kb.raise_for_errors()
    downloads = ctx.out / "downloads"
    downloads.mkdir(parents=True, exist_ok=True)
    (downloads / "graph.json").write_text(export(ctx.kb.graph, "json"), encoding="utf-8")
    (downloads / "rules.json").write_text(
        json.dumps(rules_by_id(ctx.kb.graph), ensure_ascii=False, indent=1), encoding="utf-8"
    )
    ctx.notes.append(f"graph: {ctx.kb.graph.number_of_nodes()} nodes, {ctx.kb.graph.number_of_edges()} edges")


def _load_plugins() -> None:
    """Import the modules that register further build steps (verify, index, site), where present."""
    import importlib

    for module in ("kb.gate", "kb.verify.build_step", "kb.search.build_step", "kb.site.build_step"):
        try:
            importlib.import_module(module)
        except ModuleNotFoundError as exc:
            if exc.name is None or not module.startswith(exc.name):
                raise


def run_build(
    paths: Paths, console: Console, only: set[str] | None = None, *, draft: bool = False
) -> BuildContext:
    """Run every build step into a fresh folder and swap it in as ``site/`` only when all succeed; what the
    steps prepared elsewhere (the search index) is then published, or thrown away if a step failed.

    A step that finds the knowledge base broken (lint errors, failing scenarios) stops the build unless
    ``draft``, so that a broken state is never published by accident."""
    remove_stale(paths.root, SITE_PREFIX)
    recover(paths.site)
    digest = build_stamp.inputs_digest(paths, draft) if only is None else None
    if digest is not None and build_stamp.up_to_date(paths, digest):
        ctx = BuildContext(paths=paths, out=paths.site, console=console, draft=draft)
        ctx.notes.append(
            "nothing changed since the last build: site/, the index and the results are up to date"
        )
        return ctx
    _load_plugins()
    tmp = make_temp(paths.root, SITE_PREFIX)
    ctx = BuildContext(paths=paths, out=tmp, console=console, draft=draft)
    try:
        with Progress(
            SpinnerColumn(),
            TextColumn("{task.description}"),
            BarColumn(),
            TimeElapsedColumn(),
            console=console,
            transient=False,
        ) as progress:
            steps = [s for s in STEPS if only is None or s.name in only]
            task = progress.add_task("build", total=len(steps))
            for s in steps:
                progress.update(task, description=s.name)
                ctx.data["progress"] = progress
                s.run(ctx)
                progress.advance(task)
            progress.update(task, description="done")
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
