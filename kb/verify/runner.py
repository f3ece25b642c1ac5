"""Run scenario files on their game's engine: one at a time, or across processes, with progress."""

from __future__ import annotations

import datetime as dt
import os
import threading
import time
import traceback
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

from kb.core.errors import Problem
from kb.core.paths import relative_text
from kb.verify.adapters import adapter_for
from kb.verify.results import ScenarioResult, Status, VerifyResults
from kb.verify.scenario import Scenario, ScenarioInvalid, game_of, load_scenario, resolved_folder
from kb.verify.vocabulary import did_you_mean


def run_time() -> str:
    """When the run happened, as the site shows it: ``$SOURCE_DATE_EPOCH`` when set (reproducible builds), else now."""
    epoch = os.environ.get("SOURCE_DATE_EPOCH", "").strip()
    moment = dt.datetime.fromtimestamp(int(epoch), dt.UTC) if epoch.isdigit() else dt.datetime.now(dt.UTC)
    return moment.isoformat(timespec="seconds")


@dataclass(frozen=True)
class RunContext:
    """What every scenario run needs to know of the knowledge base (small, so it crosses processes cheaply)."""

    root: Path
    scenarios_dir: Path
    known_ids: frozenset[str]
    ruling_ids: frozenset[str]
    parameters: dict[str, dict[str, int]] = field(default_factory=dict)  # game → rule parameters

    def display(self, path: Path) -> str:
        """A scenario's path as results show it: relative to the project (as written when it is written under it,
        as found scenarios are; else with symlinks resolved)."""
        below = relative_text(path, self.root)
        if below is not None and ".." not in str(path).split(os.sep):
            return below
        try:
            if path.is_relative_to(self.root) and ".." not in path.parts:
                return str(path.relative_to(self.root))
            return str(path.resolve().relative_to(resolved_folder(self.root)))
        except ValueError:
            return str(path)


def _error(
    ctx: RunContext, path: Path, problems: list[Problem], scenario: Scenario | None = None
) -> ScenarioResult:
    return ScenarioResult(
        id=scenario.id if scenario else ctx.display(path),
        game=scenario.game if scenario else game_of(path, ctx.scenarios_dir),
        path=ctx.display(path),
        title=scenario.title if scenario else "",
        rules=scenario.rules if scenario else [],
        rulings=scenario.rulings if scenario else [],
        status=Status.ERROR,
        reason="\n".join(str(p) for p in problems),
    )


def check_references(scenario: Scenario, ctx: RunContext) -> list[Problem]:
    """A scenario citing a rule or ruling that does not exist is an error, named by line and field."""
    problems = []
    for i, rule in enumerate(scenario.rules):
        if rule not in ctx.known_ids:
            problems.append(
                Problem(
                    scenario.display,
                    scenario.line_of("rules", i),
                    f"rules[{i}]",
                    f"cites {rule}, which is not a rule in the graph"
                    + did_you_mean(rule, [r for r in ctx.known_ids if r.startswith(f"{scenario.game}:")]),
                )
            )
    for i, ruling in enumerate(scenario.rulings):
        if ruling not in ctx.ruling_ids:
            problems.append(
                Problem(
                    scenario.display,
                    scenario.line_of("rulings", i),
                    f"rulings[{i}]",
                    f"cites ruling {ruling}, which is not in any rulings.yaml"
                    + did_you_mean(ruling, ctx.ruling_ids),
                )
            )
    return problems


def run_scenario(path: Path, ctx: RunContext) -> ScenarioResult:
    """Run one scenario file and report its honest status: passed, failed, error or expected failure."""
    started = time.perf_counter()
    display = ctx.display(path)
    game = game_of(path, ctx.scenarios_dir)
    adapter = adapter_for(game, ctx.scenarios_dir)
    if adapter is None:
        return _error(ctx, path, [Problem(display, 0, "", f"no engine runs scenarios of the game {game!r}")])
    try:
        scenario = load_scenario(
            path, scenarios_dir=ctx.scenarios_dir, display=display, game_schema=adapter.schema()
        )
    except ScenarioInvalid as exc:
        return _error(ctx, path, exc.problems)
    problems = check_references(scenario, ctx)
    if problems:
        return _error(ctx, path, problems, scenario)
    try:
        outcome = adapter.run(scenario, ctx.parameters.get(game, {}))
    except (
        Exception
    ) as exc:  # an engine crash is a finding about the engine, reported, never fatal to the run
        result = _error(
            ctx, path, [Problem(display, 0, "", f"the engine raised {type(exc).__name__}: {exc}")], scenario
        )
        result.diff = traceback.format_exc(limit=8)
        result.duration = time.perf_counter() - started
        return result
    status, reason = outcome.status, outcome.reason
    if outcome.problems:
        status, reason = Status.ERROR, "\n".join(str(p) for p in outcome.problems)
    elif scenario.xfail:
        if status == Status.FAILED:
            status, reason = Status.XFAIL, scenario.xfail
        elif status == Status.PASSED:
            status = Status.FAILED
            reason = f"marked as an expected failure ({scenario.xfail}) but it passed: remove 'xfail'"
    return ScenarioResult(
        id=scenario.id,
        game=scenario.game,
        path=display,
        title=scenario.title,
        rules=scenario.rules,
        rulings=scenario.rulings,
        status=status,
        duration=time.perf_counter() - started,
        reason=reason,
        diff=outcome.diff,
        steps=outcome.steps,
        log=outcome.log,
        start=outcome.start,
        end=outcome.end,
        checks=outcome.checks,
        cards=scenario.cards,
        setup=scenario.setup,
    )


_worker_ctx: RunContext | None = None


#: Fewer scenarios than this run in this process: a scenario takes milliseconds, starting a worker process (and
#: its engines) a large part of a second, so a build after a one-rule edit would wait for the workers.
PARALLEL_MIN = 100

#: How often a worker checks that the process that started it is still there.
PARENT_CHECK_SECONDS = 0.5


def _die_with(parent: int) -> None:
    """End this worker as soon as ``parent`` is gone (``kill -9`` of a build), so no worker outlives its build."""
    while True:
        time.sleep(PARENT_CHECK_SECONDS)
        if os.getppid() != parent:
            os._exit(1)


def _init_worker(ctx: RunContext, parent: int) -> None:
    global _worker_ctx
    _worker_ctx = ctx
    threading.Thread(target=_die_with, args=(parent,), daemon=True, name="die-with-parent").start()


def _run_in_worker(path: Path) -> ScenarioResult:
    assert _worker_ctx is not None
    return run_scenario(path, _worker_ctx)


def run_all(
    files: list[Path],
    ctx: RunContext,
    *,
    jobs: int = 1,
    on_result: Callable[[ScenarioResult], None] | None = None,
) -> VerifyResults:
    """Run every file (across ``jobs`` processes when > 1 and there are enough files to share), calling
    ``on_result`` as each finishes."""
    results: list[ScenarioResult] = []
    if jobs > 1 and len(files) >= PARALLEL_MIN:
        with ProcessPoolExecutor(
            max_workers=jobs, initializer=_init_worker, initargs=(ctx, os.getpid())
        ) as pool:
            for result in pool.map(_run_in_worker, files, chunksize=max(1, len(files) // (jobs * 8))):
                results.append(result)
                if on_result:
                    on_result(result)
    else:
        for path in files:
            result = run_scenario(path, ctx)
            results.append(result)
            if on_result:
                on_result(result)
    return VerifyResults(generated=run_time(), scenarios=sorted(results, key=lambda r: r.id))
