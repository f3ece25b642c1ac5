"""Views of what proves the rules: examples (scenarios with their runs) and coverage."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from markupsafe import Markup

from kb.proof.cards import CardEntry
from kb.proof.model import ExampleProof, LogEntry, ProofStep, RulingRef, build_proof
from kb.site.coverage import STATUS_CLASS, ChapterEntry
from kb.site.views.common import STATUS_LABEL, Ctx, ExampleNote, Link
from kb.site.views.common import rule_links as _rule_links
from kb.urls import card_anchor, card_page
from kb.verify.coverage import ChapterCoverage
from kb.verify.results import ScenarioResult, Status

STATUS_ORDER = (Status.PASSED, Status.FAILED, Status.ERROR, Status.XFAIL)


# --- examples --------------------------------------------------------------------------------


@dataclass
class ExampleRow:
    """A scenario as a line of the examples index."""

    note: ExampleNote
    rules: list[Link]


@dataclass
class ChapterExamples:
    anchor: str
    title: str
    link: Link | None
    rows: list[ExampleRow] = field(default_factory=list)


@dataclass
class ExamplesIndexView:
    title: str
    game: str
    generated: str
    counts: list[tuple[str, str, int]] = field(default_factory=list)  # (status, label, count)
    chapters: list[ChapterExamples] = field(default_factory=list)
    toc: list = field(default_factory=list)


def _status_counts(scenarios: list[ScenarioResult]) -> list[tuple[str, str, int]]:
    counts = Counter(s.status for s in scenarios)
    return [(str(s), STATUS_LABEL[s], counts.get(s, 0)) for s in STATUS_ORDER]


def examples_index_view(ctx: Ctx, game: str) -> ExamplesIndexView:
    """Every scenario of a game under each chapter (or, without chapters, each coverage group) it cites."""
    scenarios = sorted(ctx.model.scenarios_of(game), key=lambda s: s.id)
    view = ExamplesIndexView(
        title="Examples",
        game=game,
        generated=ctx.model.data.results.generated,
        counts=_status_counts(scenarios),
    )
    if ctx.model.chapters_of(game):
        _by_chapter(ctx, game, scenarios, view)
    else:
        _by_group(ctx, game, scenarios, view)
    placed = {r.note.id for c in view.chapters for r in c.rows}
    others = [ExampleRow(ctx.example(s), _rule_links(ctx, s.rules)) for s in scenarios if s.id not in placed]
    if others:
        view.chapters.append(ChapterExamples("chapter-other", "Other examples", None, others))
        ctx.add_toc(2, "chapter-other", "Other examples")
    view.toc = ctx.toc
    return view


def _by_chapter(ctx: Ctx, game: str, scenarios: list[ScenarioResult], view: ExamplesIndexView) -> None:
    chapter_of = {}
    for s in scenarios:
        chapters = []
        for rule in s.rules:
            if rule in ctx.graph:
                page = ctx.model.relations.location[rule][0]
                chapters.append(page)
        chapter_of[s.id] = list(dict.fromkeys(chapters))
    for chapter in ctx.model.chapters_of(game):
        data = ctx.graph.node(chapter)
        page = ctx.model.relations.location[chapter][0]
        rows = [
            ExampleRow(ctx.example(s), _rule_links(ctx, s.rules))
            for s in scenarios
            if page in chapter_of[s.id]
        ]
        if rows:
            anchor = f"chapter-{data.number}"
            view.chapters.append(
                ChapterExamples(anchor, f"{data.number}. {data.title}", ctx.ref(chapter), rows)
            )
            ctx.add_toc(2, anchor, f"{data.number}. {data.title}")


def _groups_cited(ctx: Ctx, scenario: ScenarioResult) -> list:
    """The coverage groups (first numbers, sections) of the rules a scenario cites, in the order cited."""
    found: dict[str, ChapterEntry] = {}
    for rule in scenario.rules:
        group = ctx.model.group_of(rule)
        if group is not None:
            found.setdefault(group.key, group)
    return list(found.values())


def _by_group(ctx: Ctx, game: str, scenarios: list[ScenarioResult], view: ExamplesIndexView) -> None:
    """A document without chapters: scenarios under each group of its coverage (Altered 1.x, Atnia's sections)."""
    report = ctx.model.coverage.get(game)
    if report is None:
        return
    cited = {s.id: {g.key for g in _groups_cited(ctx, s)} for s in scenarios}
    for group in report.chapters:
        rows = [
            ExampleRow(ctx.example(s), _rule_links(ctx, s.rules))
            for s in scenarios
            if group.key in cited[s.id]
        ]
        if rows:
            link = ctx.ref(group.node, group.title) if group.node else None
            view.chapters.append(ChapterExamples(group.anchor, group.title, link, rows))
            ctx.add_toc(2, group.anchor, group.title)


@dataclass
class LogRow:
    """One line of the engine's log, its rule linked."""

    rule: Link
    message: Markup


@dataclass
class StepRow:
    """A step in words, with its outcome, what it changed, what it checked and the log lines it produced."""

    step: ProofStep
    log: list[LogRow] = field(default_factory=list)


@dataclass
class ExampleEntry:
    """A scenario in full: its verdict, the rulings it proves, the board at the start, the steps, the end state
    expected beside what the engine reached, the log as a chain of rules; card names link to the card library."""

    note: ExampleNote
    anchor: str
    path: str
    proof: ExampleProof
    rules: list[Link]
    proves: list[Link]  # rulings the example proves
    related: list[Link]  # rulings on a rule it cites
    reason: Markup
    diff: str
    setup_log: list[LogRow]
    steps: list[StepRow]
    further_log: list[LogRow]  # log lines naming a step the scenario does not record
    chain: list[str]  # the rules the log cites in order, by their numbers (each log entry links to its rule)
    cards: dict[str, str]  # card name → its entry in the card library


@dataclass
class ExampleGroup:
    """Scenarios shown together: a page's only group (no heading), or one coverage group of a page without chapters."""

    anchor: str
    title: str
    link: Link | None
    entries: list[ExampleEntry] = field(default_factory=list)

    @property
    def level(self) -> int:
        """The heading level of its scenarios: under the group's heading when it has one."""
        return 3 if self.title else 2


@dataclass
class ExamplesPageView:
    title: str
    game: str
    chapter: Link | None
    groups: list[ExampleGroup] = field(default_factory=list)
    toc: list = field(default_factory=list)

    @property
    def entries(self) -> list[ExampleEntry]:
        return [e for g in self.groups for e in g.entries]


def _rule_link(ctx: Ctx, rule: str) -> Link:
    if rule in ctx.graph:
        return ctx.ref(rule, tip=True)
    return Link(None, rule.split(":", 1)[-1] or "—", "not a rule of the graph")


def _log_row(ctx: Ctx, game: str, entry: LogEntry) -> LogRow:
    return LogRow(
        _rule_link(ctx, entry.rule), ctx.text.prose(entry.message, game, ctx.link, paragraphs=False)
    )


def _card_hrefs(ctx: Ctx, proof: ExampleProof) -> dict[str, str]:
    """Where each card the example shows is described: its own definition, else the library's."""
    library = ctx.model.cards_of(proof.game)
    names = {face.name for board in (proof.start, proof.end) if board for face in board.cards()}
    out = {}
    for name in sorted(names):
        entry = library.entry(name, proof.id)
        if entry is not None:
            out[name] = ctx.link.to(card_page(proof.game), card_anchor(entry.name, entry.scenario))
    return out


def example_entry(ctx: Ctx, scenario: ScenarioResult) -> ExampleEntry:
    proof = build_proof(scenario, ctx.model.rulings_of(scenario.game))
    steps = [StepRow(s, [_log_row(ctx, scenario.game, e) for e in s.log]) for s in proof.steps]
    rulings = {r.id: r for r in proof.rulings}
    for (
        ruling_id
    ) in scenario.rulings:  # named by the scenario but in no rulings file: shown, linked to nothing
        rulings.setdefault(ruling_id, RulingRef(ruling_id, "", True))

    def ruling_link(r: RulingRef) -> Link:  # a proved ruling's question as its tooltip (pages stay light)
        return Link(ctx.link.ruling(r.id), r.id, r.question if r.proves else "")

    return ExampleEntry(
        note=ctx.example(scenario),
        anchor=ctx.model.scenario_location[scenario.id][1],
        path=scenario.path,
        proof=proof,
        rules=_rule_links(ctx, scenario.rules, tip=True),
        proves=[ruling_link(r) for r in rulings.values() if r.proves],
        related=[ruling_link(r) for r in rulings.values() if not r.proves],
        reason=ctx.text.prose(scenario.reason, scenario.game, ctx.link),
        diff=scenario.diff,
        setup_log=[_log_row(ctx, scenario.game, e) for e in proof.setup_log],
        steps=steps,
        further_log=[_log_row(ctx, scenario.game, e) for e in proof.further_log],
        chain=[_rule_link(ctx, r).label for r in proof.chain],
        cards=_card_hrefs(ctx, proof),
    )


def examples_page_view(
    ctx: Ctx, game: str, page: str, chapter: str | None, title: str = "Other examples"
) -> ExamplesPageView:
    """The scenarios shown in full on one examples page (those whose first cited rule is in the chapter).

    A game without chapters has one such page; there the scenarios stand under the coverage group
    (Altered's first number, Atnia's section) of the first rule they cite.
    """
    link = None
    if chapter:
        data = ctx.graph.node(chapter)
        title = f"Examples: {data.number}. {data.title}"
        link = ctx.ref(chapter, f"{data.number}. {data.title}")
    view = ExamplesPageView(title=title, game=game, chapter=link)
    scenarios = sorted(ctx.model.scenarios_by_page.get(page, []), key=lambda s: s.id)
    report = ctx.model.coverage.get(game)
    if chapter or report is None or ctx.model.chapters_of(game):
        group = ExampleGroup("", "", None)
        for scenario in scenarios:
            entry = example_entry(ctx, scenario)
            group.entries.append(entry)
            ctx.add_toc(2, entry.anchor, entry.note.title)
        view.groups.append(group)
        view.toc = ctx.toc
        return view
    first: dict[str, list[ScenarioResult]] = {}
    for scenario in scenarios:
        groups = _groups_cited(ctx, scenario)
        first.setdefault(groups[0].key if groups else "", []).append(scenario)
    ordered = [
        (g.key, g.anchor, g.title, ctx.ref(g.node, g.title) if g.node else None) for g in report.chapters
    ]
    ordered.append(("", "group-other", "Other examples", None))
    for key, anchor, group_title, group_link in ordered:
        if not first.get(key):
            continue
        group = ExampleGroup(anchor, group_title, group_link)
        ctx.add_toc(2, anchor, group_title)
        for scenario in first[key]:
            entry = example_entry(ctx, scenario)
            group.entries.append(entry)
            ctx.add_toc(3, entry.anchor, entry.note.title)
        view.groups.append(group)
    view.toc = ctx.toc
    return view


# --- coverage --------------------------------------------------------------------------------

GIST_WORDS = 12


@dataclass
class CoverageRow:
    rule: Link
    gist: str  # the first words of the unit's text
    status: str
    status_class: str
    examples: list[ExampleNote]
    reason: str


@dataclass
class ChapterCoverageView:
    anchor: str
    title: str
    link: Link | None
    counts: ChapterCoverage  # total, demonstrated, by_subrules, not_testable, missing, percent
    rows: list[CoverageRow] = field(default_factory=list)


@dataclass
class CoverageView:
    title: str
    game: str
    game_name: str
    document: Link
    overall: ChapterCoverage
    units: str  # what is counted: "numbered rules", "paragraphs and list items"
    group: str  # how they are grouped: "chapter", "first number", "section"
    has_results: bool = False
    chapters: list[ChapterCoverageView] = field(default_factory=list)
    toc: list = field(default_factory=list)


def _gist(text: str) -> str:
    words = (text or "").split()
    return " ".join(words[:GIST_WORDS]) + (" …" if len(words) > GIST_WORDS else "")


def coverage_view(ctx: Ctx, game: str) -> CoverageView:
    """Coverage of the game's rules per group and per unit, as ``rulekb verify`` counts and groups them."""
    report = ctx.model.coverage[game]
    if not report.numbered:
        units, group = "paragraphs and list items", "section"
    elif any(c.node and ctx.graph.node(c.node).kind == "chapter" for c in report.chapters):
        units, group = "numbered rules", "chapter"
    else:
        units, group = "numbered rules", "first number"
    view = CoverageView(
        title="Coverage",
        game=game,
        game_name=ctx.model.game_name(game),
        document=ctx.ref(
            report.document,
            ctx.model.documents[report.document].title if report.document in ctx.model.documents else None,
        ),
        overall=report.overall,
        units=units,
        group=group,
        has_results=bool(ctx.model.data.results.scenarios),
    )
    for chapter in report.chapters:
        link = ctx.ref(chapter.node, chapter.title) if chapter.node else None
        entry = ChapterCoverageView(chapter.anchor, chapter.title, link, chapter.counts)
        for item in chapter.rules:
            examples = ctx.listing([ctx.example(ctx.model.scenarios[s]) for s in item.scenarios])
            data = ctx.graph.node(item.rule)
            entry.rows.append(
                CoverageRow(
                    ctx.ref(item.rule),
                    _gist(data.text or data.title),
                    str(item.status),
                    STATUS_CLASS[item.status],
                    examples,
                    item.reason,
                )
            )
        view.chapters.append(entry)
        ctx.add_toc(2, chapter.anchor, chapter.title)
    view.toc = ctx.toc
    return view


# --- card library ----------------------------------------------------------------------------

#: How many of the examples using a card its entry links (the page stays light when a card is in every example).
EXAMPLES_PER_CARD = 8


@dataclass
class CardRow:
    """A card of the library: its entry, its anchor, and the first examples that use it (and how many more)."""

    card: CardEntry
    anchor: str
    examples: list[ExampleNote]
    more: int = 0


@dataclass
class CardsView:
    title: str
    game: str
    game_name: str
    rows: list[CardRow] = field(default_factory=list)  # the library's cards
    own: list[CardRow] = field(default_factory=list)  # cards a scenario defines itself
    unused: int = 0
    toc: list = field(default_factory=list)


def cards_view(ctx: Ctx, game: str) -> CardsView:
    """Every card a game's examples use, with its statistics, text and definition, and the examples using it."""
    library = ctx.model.cards_of(game)
    view = CardsView(title="Cards", game=game, game_name=ctx.model.game_name(game), unused=library.unused)
    for card in library.cards:
        shown = [ctx.model.scenarios[s] for s in card.used_by if s in ctx.model.scenarios][:EXAMPLES_PER_CARD]
        row = CardRow(
            card,
            card_anchor(card.name, card.scenario),
            ctx.listing([ctx.example(s) for s in shown]),
            len(card.used_by) - len(shown),
        )
        (view.own if card.scenario else view.rows).append(row)
    if view.rows:
        ctx.add_toc(2, "library", "Card library")
    if view.own:
        ctx.add_toc(2, "own-cards", "Cards an example defines")
    view.toc = ctx.toc
    return view
