"""Coverage of each game's rules as the site shows it: per group and per rule, with the scenarios.

The classification and the grouping are ``kb.verify.coverage.compute``'s, the ones ``rulekb verify``
prints, so the site and the command always agree: a unit (a numbered rule or section; in a document
without numbers, each paragraph or list item) is demonstrated by a passing scenario, covered by its
subrules, not testable (with the reviewed reason), or missing. Units are grouped by chapter (the
Athernum CR), by first number (the Altered excerpt, which has no chapters) or by top-level section
(Atnia, whose document has no numbers).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from kb.core.graph import Graph
from kb.verify.coverage import ChapterCoverage, RuleCoverage, _groups, compute, primary_document
from kb.verify.results import ScenarioResult, Status, VerifyResults

#: The CSS status class of each coverage state.
STATUS_CLASS = {
    RuleCoverage.DEMONSTRATED: "passed",
    RuleCoverage.BY_SUBRULES: "by-subrules",
    RuleCoverage.NOT_TESTABLE: "not-testable",
    RuleCoverage.MISSING: "missing",
}
_UNSAFE = re.compile(r"[^\w.\-]+")


@dataclass
class RuleEntry:
    """One unit's coverage, with the passing scenarios citing it or the reason it is not testable."""

    rule: str
    status: RuleCoverage
    scenarios: list[str] = field(default_factory=list)
    reason: str = ""


@dataclass
class ChapterEntry:
    """A group's counts (as ``rulekb verify`` counts them) and its units in document order."""

    key: (
        str  # the group's key in ``compute``: a chapter number, a first number, a section's local id, "intro"
    )
    title: str  # as the site shows it: "4. Abilities and Effects", "Rules 1.x", "Shared Round"
    anchor: str  # its HTML id on the coverage page
    node: str | None  # the chapter or section to link to (None for a group of numbers)
    counts: ChapterCoverage
    rules: list[RuleEntry] = field(default_factory=list)


@dataclass
class CoverageReport:
    """Coverage of one game's rules document."""

    game: str
    document: str  # node id
    overall: ChapterCoverage
    numbered: bool = True  # units are numbered rules (False: paragraphs and list items)
    chapters: list[ChapterEntry] = field(default_factory=list)
    by_rule: dict[str, RuleEntry] = field(default_factory=dict)
    group_of: dict[str, ChapterEntry] = field(default_factory=dict)  # unit → its group


def _group(graph: Graph, game: str, document: str, counts: ChapterCoverage) -> tuple[str, str, str | None]:
    """Title, anchor and node of a group of ``compute``."""
    key = counts.chapter
    chapter = f"{game}:{key}"
    if key.isdigit() and chapter in graph and graph.node(chapter).kind == "chapter":
        return f"{key}. {graph.node(chapter).title}", f"chapter-{key}", chapter
    if key.isdigit():  # numbered rules without chapters: grouped by their first number
        return f"Rules {key}.x", f"rules-{key}", None
    if key == "intro":
        return "Introduction", "section-intro", document
    node = f"{game}:{key}"
    local = key.split("/", 1)[1] if "/" in key else key
    return (
        counts.title,
        "section-" + (_UNSAFE.sub("-", local.replace("/", "--")).strip("-") or "section"),
        (node if node in graph else None),
    )


def coverage_report(
    graph: Graph,
    game: str,
    results: VerifyResults,
    reasons: dict[str, str],
    scenarios_by_rule: dict[str, list[ScenarioResult]],
) -> CoverageReport | None:
    """Classify every unit of ``game``'s rules document and group them as ``rulekb verify`` does."""
    document = primary_document(graph, game)
    if document is None:
        return None
    computed = compute(graph, game, results, reasons)
    report = CoverageReport(game, document, computed.overall)
    units = list(computed.rules.items())
    report.numbered = any(graph.node(u).number for u, _ in units[:50])
    # ``compute`` classifies the units group by group, in order: each group's total is its share of them.
    if sum(c.total for c in computed.chapters) == len(units):
        members, position = [], 0
        for counts in computed.chapters:
            members.append([rule for rule, _ in units[position : position + counts.total]])
            position += counts.total
    else:  # a unit counted in two groups: ask for the groups themselves
        numbered = graph.node(document).number is None and report.numbered
        members = [m for _, _, m in _groups(graph, document, numbered)]
    for counts, rules in zip(computed.chapters, members):
        title, anchor, node = _group(graph, game, document, counts)
        entry = ChapterEntry(counts.chapter, title, anchor, node, counts)
        for rule in rules:
            status = computed.rules[rule]
            passing = [s.id for s in scenarios_by_rule.get(rule, []) if s.status == Status.PASSED]
            item = RuleEntry(rule, status, passing, computed.reasons.get(rule, ""))
            report.by_rule[rule] = item
            report.group_of[rule] = entry
            entry.rules.append(item)
        report.chapters.append(entry)
    return report
