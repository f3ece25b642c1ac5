"""The rulings of a game, grouped by the chapter and topic of the rules they rest on and listed by question.

Each ruling folds behind its question; opened (or reached by its permalink) it gives the answer, the
reasoning in plain language, the rules it rests on (previewed on hover or tap) and the examples that prove
it. Engine decision ids are for authors: the ruling's ``decision:`` is a footnote, the reasoning never names them.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from markupsafe import Markup

from kb.core.nodes import NodeKind
from kb.core.rulings import Ruling
from kb.site.model import RulingKind
from kb.site.views.common import RULING_STATUS_CLASS, Ctx, ExampleNote, Link, rule_links
from kb.urls import ruling_page

#: Where a ruling's answer comes from, as the filters name it.
SOURCES = {"cr": "CR", "rulebook": "CR/rulebook disagreement", "interpretation": "interpretation"}
OTHER = "Other rulings"


@dataclass
class RulingEntry:
    """A ruling in full: the question, the answer, what it rests on and what proves it."""

    id: str
    anchor: str
    question: str
    answer: Markup
    reasoning: Markup
    source: str
    date: str
    rules: list[Link]
    examples: list[ExampleNote]
    unrun: list[str]  # scenario ids named by the ruling that have no result
    status: str
    status_class: str
    kind: str
    path: str
    line: int
    source_key: str = "cr"  # cr | rulebook | interpretation: what the filters select on
    decisions: list[str] = field(default_factory=list)  # the engine decisions that follow it (footnote)


@dataclass
class Topic:
    """The rulings resting first on one section (or numbered group) of the rules."""

    title: str
    entries: list[RulingEntry] = field(default_factory=list)


@dataclass
class RulingGroup:
    """The rulings of one chapter (or first number, or section of a prose document)."""

    anchor: str
    title: str
    topics: list[Topic] = field(default_factory=list)

    @property
    def count(self) -> int:
        return sum(len(t.entries) for t in self.topics)


@dataclass
class RulingsView:
    title: str
    game: str
    entries: list[RulingEntry] = field(default_factory=list)
    groups: list[RulingGroup] = field(default_factory=list)
    counts: dict[str, int] = field(default_factory=dict)
    sources: list[tuple[str, str, int]] = field(default_factory=list)  # (key, label, count) for the filters
    games: list[tuple[Link, bool]] = field(default_factory=list)  # every game's rulings page; True: this one
    toc: list = field(default_factory=list)


def source_key(ctx: Ctx, ruling: Ruling) -> str:
    """``rulebook`` where the CR and the rulebook disagree, else the ruling's own source (cr, interpretation)."""
    if ctx.model.ruling_kind(ruling) == RulingKind.DISAGREEMENT:
        return "rulebook"
    return ruling.source if ruling.source in SOURCES else "cr"


def ruling_entry(ctx: Ctx, ruling: Ruling) -> RulingEntry:
    results, unrun = ctx.model.ruling_scenarios(ruling)
    status = ctx.model.ruling_status(ruling)
    kind = ctx.model.ruling_kind(ruling)
    return RulingEntry(
        id=ruling.id,
        anchor=ctx.model.ruling_location(ruling)[1],
        question=ruling.question,
        answer=ctx.text.prose(ruling.answer, ruling.game, ctx.link),
        reasoning=ctx.text.prose(ruling.reasoning, ruling.game, ctx.link),
        source=ruling.source,
        date=ruling.date,
        rules=rule_links(ctx, ruling.rules, tip=True),
        examples=ctx.listing([ctx.example(s) for s in results]),
        unrun=unrun,
        status=str(status),
        status_class=RULING_STATUS_CLASS[status],
        kind=str(kind) if kind else "",
        path=ruling.path,
        line=ruling.line,
        source_key=source_key(ctx, ruling),
        decisions=list(ruling.decisions),
    )


def _topic(ctx: Ctx, rule: str, group_node: str | None) -> tuple[str, int]:
    """The section a rule stands in below its group (``9.3.0 Combat Phase``) and its order; in a document numbered
    without sections (Altered), the rule's number stem (``1.3.2``); else no topic."""
    node: str | None = rule
    while node and node in ctx.graph and node != group_node:
        data = ctx.graph.node(node)
        if data.kind == NodeKind.SECTION and data.parent == group_node:
            return f"{data.number or ''} {data.title or ''}".strip(), data.order
        node = data.parent
    data = ctx.graph.node(rule)
    meta = ctx.model.documents.get(f"{data.game}:{data.document}")
    number = data.number or ""
    if meta is not None and meta.numbering == "dotted" and "." in number:
        return number.rsplit(".", 1)[0], data.order
    return "", -1


def _place(ctx: Ctx, ruling: Ruling) -> tuple[tuple[int, int], str, str, str]:
    """((group order, topic order), group anchor, group title, topic) of the first rule a ruling rests on that
    the coverage groups know."""
    for rule in ruling.rules:
        group = ctx.model.group_of(rule)
        if group is not None:
            topic, order = _topic(ctx, rule, group.node)
            group_order = ctx.graph.node(group.node).order if group.node in ctx.graph else 0
            return (group_order, order), group.anchor, group.title, topic
    return (1 << 30, 0), "other", OTHER, ""


def rulings_view(ctx: Ctx, game: str) -> RulingsView:
    """A game's rulings by chapter and topic, with filters by source and links to the other games' rulings."""
    view = RulingsView(title="Rulings", game=game)
    placed = []
    for ruling in ctx.model.rulings_of(game):
        entry = ruling_entry(ctx, ruling)
        view.entries.append(entry)
        placed.append((_place(ctx, ruling), entry))
    groups: dict[str, RulingGroup] = {}
    for (_, anchor, title, topic), entry in sorted(placed, key=lambda p: p[0][0]):
        group = groups.get(anchor)
        if group is None:
            group = groups[anchor] = RulingGroup(f"rulings-{anchor}", title)
        if not group.topics or group.topics[-1].title != topic:
            group.topics.append(Topic(topic))
        group.topics[-1].entries.append(entry)
    view.groups = list(groups.values())
    for group in view.groups:
        ctx.add_toc(2, group.anchor, f"{group.title} ({group.count})")
    view.counts = dict(Counter(e.status for e in view.entries))
    found = Counter(e.source_key for e in view.entries)
    view.sources = [(key, label, found[key]) for key, label in SOURCES.items() if found[key]]
    for other in ctx.model.games:
        if ctx.model.rulings_of(other):
            view.games.append(
                (Link(ctx.link.to(ruling_page(other)), ctx.model.game_name(other)), other == game)
            )
    view.toc = ctx.toc
    return view
