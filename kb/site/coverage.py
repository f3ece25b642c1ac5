"""Coverage of the numbered CR rules as the site shows it: per chapter and per rule, with the scenarios.

The classification itself is ``kb.verify.coverage.compute``, the one ``rulekb verify`` prints, so the
site and the command always agree: demonstrated by a passing scenario, covered by its subrules,
not testable (with the reviewed reason), or missing.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from kb.graph import Graph
from kb.verify.coverage import ChapterCoverage, RuleCoverage, compute
from kb.verify.results import ScenarioResult, Status, VerifyResults

#: The CSS status class of each coverage state.
STATUS_CLASS = {RuleCoverage.DEMONSTRATED: "passed", RuleCoverage.BY_SUBRULES: "by-subrules",
                RuleCoverage.NOT_TESTABLE: "not-testable", RuleCoverage.MISSING: "missing"}


@dataclass
class RuleEntry:
    """One numbered rule's coverage, with the passing scenarios citing it or the reason it is not testable."""

    rule: str
    status: RuleCoverage
    scenarios: list[str] = field(default_factory=list)
    reason: str = ""


@dataclass
class ChapterEntry:
    """A chapter's counts (as ``rulekb verify`` counts them) and its rules in document order."""

    chapter: str  # node id
    counts: ChapterCoverage
    rules: list[RuleEntry] = field(default_factory=list)


@dataclass
class CoverageReport:
    """Coverage of one game's CR."""

    game: str
    document: str  # node id
    overall: ChapterCoverage
    chapters: list[ChapterEntry] = field(default_factory=list)
    by_rule: dict[str, RuleEntry] = field(default_factory=dict)


def coverage_report(graph: Graph, game: str, results: VerifyResults, reasons: dict[str, str],
                    scenarios_by_rule: dict[str, list[ScenarioResult]]) -> CoverageReport:
    """Classify every numbered rule of ``game``'s CR and group the rules by chapter."""
    computed = compute(graph, game, results, reasons)
    report = CoverageReport(game, f"{game}:cr", computed.overall)
    chapters = {c.chapter: ChapterEntry(f"{game}:{c.chapter}", c) for c in computed.chapters}
    for rule, status in computed.rules.items():
        passing = [s.id for s in scenarios_by_rule.get(rule, []) if s.status == Status.PASSED]
        entry = RuleEntry(rule, status, passing, computed.reasons.get(rule, ""))
        report.by_rule[rule] = entry
        chapter = chapters.get(graph.nodes[rule]["number"].split(".")[0])
        if chapter is not None:
            chapter.rules.append(entry)
    report.chapters = list(chapters.values())
    return report
