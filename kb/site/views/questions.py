"""Open questions: where the CR and the rulebook disagree or the CR is ambiguous (with the ruling that
settles it), and every lint finding about the sources."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from markupsafe import Markup

from kb.core.errors import Problem, Severity
from kb.core.ids import DEFAULT_GAME
from kb.site.model import RulingKind
from kb.site.views.common import Ctx
from kb.site.views.rulings import RulingEntry, ruling_entry

GROUP_TITLES = {
    "source": "Problems in the rule sources",
    "dangling-reference": "References to rules that do not exist",
    "disorder": "Numbering out of order",
    "gap": "Gaps in the numbering",
    "unused-term": "Terms defined but never used",
    "misspelling": "Likely misspellings",
    "import-repair": "Repairs made by the importer",
    "not-testable": "Problems in the list of rules not testable",
    "lint-crashed": "Checks that could not run",
    "releases": "Releases that could not be compared",
}
SEVERITY_ORDER = {Severity.ERROR: 0, Severity.WARNING: 1, Severity.INFO: 2}


@dataclass
class FindingRow:
    severity: str
    where: str
    field: str
    message: Markup


@dataclass
class FindingGroup:
    code: str
    title: str
    severity: str  # the most serious in the group
    anchor: str
    rows: list[FindingRow] = field(default_factory=list)


@dataclass
class QuestionsView:
    title: str
    disagreements: list[RulingEntry] = field(default_factory=list)
    ambiguities: list[RulingEntry] = field(default_factory=list)
    groups: list[FindingGroup] = field(default_factory=list)
    counts: dict[str, int] = field(default_factory=dict)
    toc: list = field(default_factory=list)


def _game_of(problem: Problem) -> str:
    parts = problem.path.split("/")
    return parts[1] if len(parts) > 2 and parts[0] in ("rules", "scenarios") else DEFAULT_GAME


def questions_view(ctx: Ctx) -> QuestionsView:
    """Rulings that settle disagreements and ambiguities, then lint findings grouped by kind."""
    view = QuestionsView(title="Open questions")
    for ruling in ctx.model.rulings.values():
        kind = ctx.model.ruling_kind(ruling)
        if kind == RulingKind.DISAGREEMENT:
            view.disagreements.append(ruling_entry(ctx, ruling))
        elif kind == RulingKind.AMBIGUITY:
            view.ambiguities.append(ruling_entry(ctx, ruling))
    ctx.add_toc(2, "disagreements", "CR and rulebook disagree")
    ctx.add_toc(2, "ambiguities", "Ambiguities")
    ctx.add_toc(2, "findings", "Lint findings")
    findings = ctx.model.data.findings
    groups: dict[str, FindingGroup] = {}
    for problem in sorted(
        findings, key=lambda p: (SEVERITY_ORDER.get(p.severity, 3), p.code, p.path, p.line)
    ):
        group = groups.get(problem.code)
        if group is None:
            group = groups[problem.code] = FindingGroup(
                problem.code,
                GROUP_TITLES.get(problem.code, problem.code),
                str(problem.severity),
                f"findings-{problem.code}",
            )
            ctx.add_toc(3, group.anchor, group.title)
        where = f"{problem.path}:{problem.line}" if problem.line else problem.path
        group.rows.append(
            FindingRow(
                str(problem.severity),
                where,
                problem.field,
                ctx.text.prose(problem.message, _game_of(problem), ctx.link, paragraphs=False),
            )
        )
    view.groups = list(groups.values())
    view.counts = {str(s): n for s, n in Counter(p.severity for p in findings).items()}
    view.toc = ctx.toc
    return view
