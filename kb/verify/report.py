"""The summary of a verify run: counts per status, coverage per chapter, rulings that lack proof."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from kb.core.graph import Graph, containment
from kb.core.paths import Paths
from kb.core.rulings import Ruling
from kb.verify.coverage import NOT_TESTABLE_FILE, Coverage, compute, primary_document, read_not_testable
from kb.verify.results import ScenarioResult, Status, VerifyResults

#: How many of the engine's last log entries a failure report shows (the results file keeps them all).
LOG_TAIL = 15


def failure_lines(result: ScenarioResult, *, log_tail: int = LOG_TAIL) -> list[str]:
    """A failed or broken scenario as a reader wants it: why, the expected-against-actual diff, the log's end."""
    lines = [f"{result.status}: {result.reason}"]
    diff = result.diff.splitlines()
    if diff[:1] == [result.reason]:  # the reason is the first difference: say it once
        diff = diff[1:]
    if diff:
        lines += ["", *diff]
    if result.log and log_tail:
        lines += ["", f"engine log (last {min(log_tail, len(result.log))} of {len(result.log)} entries):"]
        lines += [f"  [{entry.rule}] {entry.message}" for entry in result.log[-log_tail:]]
    return lines


@dataclass
class RulingCheck:
    """A ruling whose proof is missing or broken."""

    ruling: str
    problem: str


@dataclass
class Summary:
    counts: dict[Status, int]
    coverage: dict[str, Coverage]
    rulings: list[RulingCheck] = field(default_factory=list)
    problems: list = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.counts.get(Status.FAILED, 0) and not self.counts.get(Status.ERROR, 0)

    def to_dict(self, results: VerifyResults) -> dict:
        return {
            "counts": {str(s): self.counts.get(s, 0) for s in Status},
            "total": sum(self.counts.values()),
            "coverage": {g: c.to_dict() for g, c in self.coverage.items()},
            "rulings": [{"ruling": r.ruling, "problem": r.problem} for r in self.rulings],
            "failures": [
                {"id": s.id, "path": s.path, "status": str(s.status), "reason": s.reason}
                for s in results.scenarios
                if s.status in (Status.FAILED, Status.ERROR)
            ],
        }


def check_rulings(rulings: list[Ruling], results: VerifyResults) -> list[RulingCheck]:
    """Rulings that no scenario demonstrates, or whose demonstrating scenarios do not pass."""
    by_id = results.by_id()
    citing: dict[str, list[ScenarioResult]] = {}
    for s in results.scenarios:
        for r in s.rulings:
            citing.setdefault(r, []).append(s)
    checks = []
    for ruling in rulings:
        proofs = {s.id: s for s in citing.get(ruling.id, [])}
        for sid in ruling.scenarios:
            if sid in by_id:
                proofs[sid] = by_id[sid]
            else:
                checks.append(
                    RulingCheck(ruling.id, f"names scenario {sid}, which was not run or does not exist")
                )
        if not proofs:
            checks.append(RulingCheck(ruling.id, "no scenario demonstrates it"))
        for s in proofs.values():
            if s.status != Status.PASSED:
                checks.append(RulingCheck(ruling.id, f"its scenario {s.id} is {s.status}"))
    return checks


def summarise(paths: Paths, graph: Graph, results: VerifyResults, rulings: list[Ruling]) -> Summary:
    """Counts, coverage for each game with a CR and scenarios folder, and ruling checks."""
    counts = Counter(s.status for s in results.scenarios)
    coverage: dict[str, Coverage] = {}
    problems = []
    games = sorted({d.game for _, d in graph.node_items() if d.kind == "document"})
    tree = containment(graph)
    for game in games:
        if primary_document(graph, game) is None:
            continue
        nt_path = paths.scenarios / game / NOT_TESTABLE_FILE
        reasons, found = read_not_testable(nt_path, str(nt_path.relative_to(paths.root)))
        problems += found
        coverage[game] = compute(graph, game, results, reasons, tree)
    return Summary(dict(counts), coverage, check_rulings(rulings, results), problems)
