"""One verify session: load the knowledge base, find scenarios, run them, keep the results."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from kb.loader import KnowledgeBase
from kb.parameters import read_parameters
from kb.paths import Paths
from kb.rulings import Ruling, load_rulings
from kb.verify.results import ScenarioResult, VerifyResults, load_results, write_results
from kb.verify.runner import RunContext, run_all
from kb.verify.scenario import discover


def context(kb: KnowledgeBase, project: Paths | None = None, rulings: list[Ruling] | None = None) -> RunContext:
    """What scenario runs need from a version of the rules: rule and ruling ids, rule parameters.

    ``project`` is where the scenarios live when ``kb`` is another version of the rules (diff --run).
    """
    project = project or kb.paths
    if rulings is None:
        rulings, _ = load_rulings(project)
    parameters = read_parameters(kb.paths, kb.graph)
    return RunContext(root=project.root, scenarios_dir=project.scenarios, known_ids=frozenset(kb.graph.nodes),
                      ruling_ids=frozenset(r.id for r in rulings), parameters=parameters.values)


def verify(kb: KnowledgeBase, targets: list[Path] | None = None, *, jobs: int = 1,
           on_start: Callable[[int], None] | None = None,
           on_result: Callable[[ScenarioResult], None] | None = None) -> VerifyResults:
    """Run the scenarios under ``targets`` (all by default) and store the results.

    A partial run replaces the results of the scenarios it ran and keeps the others, so the results
    file always describes every scenario last run.
    """
    files = discover(kb.paths.scenarios, targets)
    if on_start:
        on_start(len(files))
    results = run_all(files, context(kb), jobs=jobs, on_result=on_result)
    if targets:
        ran = {r.path for r in results.scenarios}
        previous = [s for s in load_results(kb.paths).scenarios if s.path not in ran and (kb.paths.root / s.path).exists()]
        results = VerifyResults(results.generated, sorted(previous + results.scenarios, key=lambda r: r.id))
    write_results(kb.paths, results)
    return results
