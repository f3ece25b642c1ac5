"""One verify session: load the knowledge base, find scenarios, run them, keep the results."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from kb.core.loader import KnowledgeBase
from kb.core.parameters import read_parameters
from kb.core.paths import Paths
from kb.core.rulings import Ruling, load_rulings
from kb.diff import Citations
from kb.verify.inputs import Keys
from kb.verify.results import ScenarioResult, VerifyResults, load_results, load_stored, write_results
from kb.verify.runner import RunContext, run_all
from kb.verify.scenario import discover


def context(
    kb: KnowledgeBase, project: Paths | None = None, rulings: list[Ruling] | None = None
) -> RunContext:
    """What scenario runs need from a version of the rules: rule and ruling ids, rule parameters.

    ``project`` is where the scenarios live when ``kb`` is another version of the rules (diff --run).
    """
    project = project or kb.paths
    if rulings is None:
        rulings, _ = load_rulings(project)
    parameters = read_parameters(kb.paths, kb.graph)
    return RunContext(
        root=project.root,
        scenarios_dir=project.scenarios,
        known_ids=frozenset(kb.graph.nodes),
        ruling_ids=frozenset(r.id for r in rulings),
        parameters=parameters.values,
    )


def input_keys(kb: KnowledgeBase, ctx: RunContext, files: list[Path]) -> dict[str, str]:
    """The key of each scenario file's inputs now, by its path as results show it."""
    citations = Citations.read(kb.paths.scenarios, [], cache=kb.paths.memo / "citations.pickle")
    cited = {citations.scenario_paths[sid]: rules for sid, rules in citations.scenarios.items()}
    keys = Keys(kb.paths.scenarios, kb.graph, ctx.parameters)
    return {ctx.display(f): keys.key(f, cited.get(f, [])) for f in files}


def inputs_changed(kb: KnowledgeBase) -> list[Path]:
    """The scenario files whose inputs changed since their stored result (new files too, once anything is stored)."""
    results = load_results(kb.paths)
    if not results.scenarios:
        return []
    stored = {s.path: s.key for s in results.scenarios}
    files = discover(kb.paths.scenarios)
    ctx = context(kb)
    keys = input_keys(kb, ctx, files)
    return [f for f in files if stored.get(ctx.display(f)) != keys[ctx.display(f)]]


def verify(
    kb: KnowledgeBase,
    targets: list[Path] | None = None,
    *,
    jobs: int = 1,
    reuse: bool = False,
    on_start: Callable[[int], None] | None = None,
    on_result: Callable[[ScenarioResult], None] | None = None,
) -> VerifyResults:
    """Run the scenarios under ``targets`` (all by default) and store the results, each with the key of its inputs.

    A partial run replaces the results of the scenarios it ran and keeps the others, so the results
    file always describes every scenario last run. With ``reuse``, a scenario whose stored result has the key of
    its inputs now is not run again (its result still holds).
    """
    files = discover(kb.paths.scenarios, targets)
    ctx = context(kb)
    key_of = input_keys(kb, ctx, files)
    previous, records = load_stored(kb.paths)
    stored = {s.path: s for s in previous.scenarios if (kb.paths.root / s.path).exists()}
    kept = [stored[p] for p, k in key_of.items() if reuse and p in stored and stored[p].key == k]
    kept_paths = {s.path for s in kept}
    to_run = [f for f, shown in zip(files, key_of) if shown not in kept_paths]
    if on_start:
        on_start(len(to_run))
    ran = run_all(to_run, ctx, jobs=jobs, on_result=on_result)
    for result in ran.scenarios:
        result.key = key_of.get(result.path, "")
    done = {r.path for r in ran.scenarios} | kept_paths
    others = [s for p, s in stored.items() if p not in done and targets]
    # With none run, every result is the stored one, verified when those were: the pages showing when the examples
    # were verified are not made again for an edit that no scenario reads (a rule's title, a page).
    generated = ran.generated if ran.scenarios or not previous.generated else previous.generated
    results = VerifyResults(generated, sorted(others + kept + ran.scenarios, key=lambda r: r.id))
    write_results(kb.paths, results, {s.path: records[s.path] for s in kept + others if s.path in records})
    return results
