"""The authors' status page: per game, its documents, coverage, examples by status and rulings demonstrated,
and the checks of the sources."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from kb.core.errors import Problem
from kb.core.nodes import NodeKind
from kb.site.draft import DRAFT_ANCHOR, Draft
from kb.site.model import RulingStatus
from kb.site.releases import changes_page
from kb.site.views.common import STATUS_LABEL, Ctx, ExampleNote, Link
from kb.urls import ruling_page
from kb.verify.coverage import ChapterCoverage
from kb.verify.results import Status


@dataclass
class DocumentRow:
    link: Link
    language: str
    version: str
    counts: str


@dataclass
class GameStatus:
    """One game's documents and where its proof stands."""

    game: str
    name: str
    documents: list[DocumentRow] = field(default_factory=list)
    coverage: ChapterCoverage | None = None  # the overall counts, as ``rulekb verify`` gives them
    coverage_link: Link | None = None
    units: str = "numbered rules"  # what coverage counts in this game
    scenarios: list[tuple[str, str, int]] = field(default_factory=list)
    examples: Link | None = None
    rulings: int = 0
    rulings_demonstrated: int = 0
    rulings_link: Link | None = None
    glossary: Link | None = None
    changes: Link | None = None
    releases: int = 1  # the most releases any of its documents has


@dataclass
class DraftList:
    """The failing examples and lint errors a draft publishes, as the status page lists them."""

    banner: str
    failing: list[ExampleNote]
    broken: list[Problem]
    errors: list[Problem]


@dataclass
class StatusView:
    title: str
    games: list[GameStatus] = field(default_factory=list)
    findings: dict[str, int] = field(default_factory=dict)
    questions: Link | None = None
    #: What makes the site a draft: failing examples (linked) and the lint errors, or None.
    draft: DraftList | None = None
    generated: str = ""
    home: str = ""
    toc: list = field(default_factory=list)


def _counts(ctx: Ctx, document: str) -> str:
    kinds = Counter(ctx.graph.node(n).kind for n in _below(ctx, document))
    parts = [
        (NodeKind.CHAPTER, "chapters"),
        (NodeKind.SECTION, "sections"),
        (NodeKind.RULE, "rules"),
        (NodeKind.PARAGRAPH, "paragraphs"),
        (NodeKind.TERM, "terms"),
        (NodeKind.EXAMPLE, "examples"),
        (NodeKind.REMARK, "remarks"),
    ]
    return ", ".join(f"{kinds[k]} {name}" for k, name in parts if kinds.get(k))


def _below(ctx: Ctx, root: str) -> list[str]:
    out, stack = [], list(ctx.model.relations.get("children", root))
    while stack:
        node = stack.pop()
        out.append(node)
        stack.extend(ctx.model.relations.get("children", node))
    return out


def status_view(ctx: Ctx, pages: set[str]) -> StatusView:
    """Where the proof stands: the documents of every game and the state of coverage, examples and rulings."""
    view = StatusView(title="Status")
    for game in ctx.model.games:
        status = GameStatus(game, ctx.model.game_name(game))
        for document in ctx.model.documents_of(game):
            meta = ctx.model.documents[document]
            status.documents.append(
                DocumentRow(
                    ctx.ref(document, ctx.model.document_name(document)),
                    meta.language,
                    meta.version,
                    _counts(ctx, document),
                )
            )
        report = ctx.model.coverage.get(game)
        if report is not None and f"{game}/coverage.md" in pages:
            status.coverage = report.overall
            status.coverage_link = Link(ctx.link.to(f"{game}/coverage.md"), "coverage")
            status.units = "numbered rules" if report.numbered else "paragraphs and list items"
        scenarios = ctx.model.scenarios_of(game)
        counts = Counter(s.status for s in scenarios)
        status.scenarios = [(str(s), STATUS_LABEL[s], counts.get(s, 0)) for s in Status] if scenarios else []
        if f"{game}/examples/index.md" in pages:
            status.examples = Link(ctx.link.to(f"{game}/examples/index.md"), "examples")
        rulings = ctx.model.rulings_of(game)
        status.rulings = len(rulings)
        status.rulings_demonstrated = sum(
            1 for r in rulings if ctx.model.ruling_status(r) == RulingStatus.DEMONSTRATED
        )
        if ruling_page(game) in pages:
            status.rulings_link = Link(ctx.link.to(ruling_page(game)), "rulings")
        if f"{game}/glossary.md" in pages:
            status.glossary = Link(ctx.link.to(f"{game}/glossary.md"), "glossary")
        if changes_page(game) in pages:
            status.changes = Link(ctx.link.to(changes_page(game)), "changes")
            status.releases = max((len(r) for r in ctx.model.releases.releases_of(game).values()), default=1)
        view.games.append(status)
        ctx.add_toc(2, f"game-{game}", status.name)
    view.findings = {str(s): n for s, n in Counter(p.severity for p in ctx.model.data.findings).items()}
    if "open-questions.md" in pages:
        view.questions = Link(ctx.link.to("open-questions.md"), "open questions")
    draft = ctx.model.draft
    if isinstance(draft, Draft):
        failing = [ctx.example(r) for r in sorted(draft.failing, key=lambda r: r.id)]
        view.draft = DraftList(draft.banner, failing, list(draft.broken), list(draft.errors))
        ctx.add_toc(2, DRAFT_ANCHOR, "Draft")
    view.generated = ctx.model.data.results.generated
    view.home = ctx.link.to("index.md")
    ctx.add_toc(2, "checks", "Checks of the sources")
    view.toc = ctx.toc
    return view
