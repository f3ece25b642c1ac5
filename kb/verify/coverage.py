"""Coverage: is every numbered rule demonstrated by a passing scenario, or listed as not testable?"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from enum import StrEnum
from pathlib import Path

from kb.core.errors import Problem
from kb.core.graph import Graph, ancestors, containment, descendants_in
from kb.core.yamlio import read_yaml
from kb.verify.results import Status, VerifyResults

NOT_TESTABLE_FILE = "not-testable.yaml"


class RuleCoverage(StrEnum):
    DEMONSTRATED = "demonstrated"
    BY_SUBRULES = "covered by its subrules"
    NOT_TESTABLE = "not testable"
    MISSING = "missing"


@dataclass
class ChapterCoverage:
    """Counts of one chapter's numbered rules by coverage."""

    chapter: str
    title: str
    total: int = 0
    demonstrated: int = 0
    by_subrules: int = 0
    not_testable: int = 0
    missing: int = 0

    @property
    def testable(self) -> int:
        return self.total - self.not_testable

    @property
    def percent(self) -> float:
        """Share of the testable rules demonstrated (directly or through all their subrules)."""
        return 100.0 if not self.testable else 100.0 * (self.demonstrated + self.by_subrules) / self.testable


@dataclass
class Coverage:
    """Coverage of one game's CR: per rule and per chapter, and the reasons given for untestable rules."""

    game: str
    rules: dict[str, RuleCoverage] = field(default_factory=dict)
    reasons: dict[str, str] = field(default_factory=dict)
    chapters: list[ChapterCoverage] = field(default_factory=list)

    @property
    def overall(self) -> ChapterCoverage:
        total = ChapterCoverage("all", "all chapters")
        for c in self.chapters:
            for name in ("total", "demonstrated", "by_subrules", "not_testable", "missing"):
                setattr(total, name, getattr(total, name) + getattr(c, name))
        return total

    def to_dict(self) -> dict:
        def chapter(c: ChapterCoverage) -> dict:
            return {**asdict(c), "testable": c.testable, "percent": round(c.percent, 1)}

        return {
            "game": self.game,
            "overall": chapter(self.overall),
            "chapters": [chapter(c) for c in self.chapters],
            "missing": sorted(
                (r for r, s in self.rules.items() if s == RuleCoverage.MISSING),
                key=lambda r: list(self.rules).index(r),
            ),
        }


def read_not_testable(path: Path, display: str) -> tuple[dict[str, str], list[Problem]]:
    """Rules listed as not testable by an engine, each with its reason."""
    if not path.exists():
        return {}, []
    problems: list[Problem] = []
    located, _ = read_yaml(path, display, problems)
    if located is None:
        return {}, problems
    entries = (located.data.get("rules") or []) if isinstance(located.data, dict) else None
    if not isinstance(entries, list):
        return {}, [
            Problem(
                display,
                1,
                "rules",
                "cannot read: expected 'rules:' with a list of entries, each with 'rule' and 'reason'",
            )
        ]
    reasons: dict[str, str] = {}
    for i, entry in enumerate(entries):
        if (
            not isinstance(entry, dict)
            or not entry.get("reason")
            or not (entry.get("rule") or entry.get("rules"))
        ):
            problems.append(
                Problem(display, 0, f"rules[{i}]", "each entry needs 'rule' (or 'rules') and 'reason'")
            )
            continue
        ids = entry.get("rules") or [entry["rule"]]
        ids = ids if isinstance(ids, list) else [ids]
        for rule in ids:
            reasons[str(rule)] = str(entry["reason"]).strip()
    return reasons, problems


def primary_document(graph: Graph, game: str) -> str | None:
    """The document whose rules a game's engine implements: its CR, else its only rules document."""
    if f"{game}:cr" in graph:
        return f"{game}:cr"
    docs = [n for n, d in graph.node_items() if d.kind == "document" and d.game == game]
    return docs[0] if len(docs) == 1 else None


def _countable(graph: Graph, node_id: str, numbered_doc: bool) -> bool:
    """What coverage counts: numbered rules and sections; in an unnumbered document, each paragraph or item."""
    data = graph.node(node_id)
    if numbered_doc:
        return bool(data.number) and data.kind in ("rule", "section")
    return data.kind == "paragraph"


def _groups(
    graph: Graph, doc: str, numbered_doc: bool, tree: dict[str, list[str]] | None = None
) -> list[tuple[str, str, list[str]]]:
    """(key, title, countable nodes in order) per chapter; per first number in a document without chapters;
    per top-level section in an unnumbered document. ``tree``: the graph's :func:`containment`, when known."""
    tree = tree if tree is not None else containment(graph)
    ordered = [n for n in descendants_in(tree, doc) if _countable(graph, n, numbered_doc)]
    chapters = [c for c in tree.get(doc, []) if graph.node(c).kind == "chapter"]
    groups: dict[str, tuple[str, list[str]]] = {}
    if chapters:
        for chapter in chapters:
            data = graph.node(chapter)
            if data.number in (None, "0"):
                continue
            members = [n for n in descendants_in(tree, chapter) if _countable(graph, n, numbered_doc)]
            groups[data.number] = (data.title, members)
        return [(k, t, m) for k, (t, m) in groups.items()]
    for node in ordered:
        if numbered_doc:
            key = (graph.node(node).number or "").split(".")[0]
            title = f"rules {key}.x"
        else:
            top = next((a for a in ancestors(graph, node) if graph.node(a).parent == doc), node)
            if graph.node(top).kind == "paragraph":
                key, title = "intro", "introduction"
            else:
                key, title = top.split(":", 1)[1], graph.node(top).title or top
        groups.setdefault(key, (title, []))[1].append(node)
    items = [(k, t, m) for k, (t, m) in groups.items()]
    if numbered_doc:
        items.sort(key=lambda g: int(g[0]) if g[0].isdigit() else 10**6)
    return items


def compute(
    graph: Graph,
    game: str,
    results: VerifyResults,
    not_testable: dict[str, str],
    tree: dict[str, list[str]] | None = None,
) -> Coverage:
    """Classify every countable rule of a game's rules document by its passing scenarios, grouped by chapter.
    ``tree``: the graph's :func:`containment`, when known (one for every game)."""
    return classify(
        graph,
        game,
        {rule for s in results.scenarios if s.status == Status.PASSED and s.game == game for rule in s.rules},
        not_testable,
        tree,
    )


def classify(
    graph: Graph,
    game: str,
    demonstrated: set[str],
    not_testable: dict[str, str],
    tree: dict[str, list[str]] | None = None,
) -> Coverage:
    """Classify every countable rule of a game's rules document, given the rules that count as demonstrated
    (those of passing scenarios for coverage; those any scenario cites for lint), grouped by chapter (or section).
    ``tree``: the graph's :func:`containment`, when known."""
    cov = Coverage(game=game)
    doc = primary_document(graph, game)
    if doc is None:
        return cov
    tree = tree if tree is not None else containment(graph)
    numbered_doc = graph.node(doc).number is None and any(
        graph.node(c).number for c in descendants_in(tree, doc)[:50]
    )
    memo: dict[str, RuleCoverage] = {}

    def status(node_id: str) -> RuleCoverage:
        if node_id in memo:
            return memo[node_id]
        local = node_id.split(":", 1)[1]
        kids = [c for c in tree.get(node_id, []) if _countable(graph, c, numbered_doc)]
        kid_status = [status(k) for k in kids]
        if node_id in demonstrated:
            result = RuleCoverage.DEMONSTRATED
        elif local in not_testable:
            result = RuleCoverage.NOT_TESTABLE
            cov.reasons[node_id] = not_testable[local]
        elif kids and all(s != RuleCoverage.MISSING for s in kid_status):
            result = (
                RuleCoverage.NOT_TESTABLE
                if all(s == RuleCoverage.NOT_TESTABLE for s in kid_status)
                else RuleCoverage.BY_SUBRULES
            )
            if result == RuleCoverage.NOT_TESTABLE:
                cov.reasons[node_id] = "all its subrules are not testable"
        else:
            result = RuleCoverage.MISSING
        memo[node_id] = result
        return result

    for key, title, members in _groups(graph, doc, numbered_doc, tree):
        chapter = ChapterCoverage(key, title)
        for node in members:
            s = status(node)
            cov.rules[node] = s
            chapter.total += 1
            if s == RuleCoverage.DEMONSTRATED:
                chapter.demonstrated += 1
            elif s == RuleCoverage.BY_SUBRULES:
                chapter.by_subrules += 1
            elif s == RuleCoverage.NOT_TESTABLE:
                chapter.not_testable += 1
            else:
                chapter.missing += 1
        cov.chapters.append(chapter)
    return cov
