"""The home page, for judges and players: the games with their rules, rulings and examples, and what changed
lately (new releases of the rules, the newest rulings); and the downloads page."""

from __future__ import annotations

from dataclasses import dataclass, field

from kb.diff import ChangeKind
from kb.releases import CURRENT
from kb.site.downloads import Listing
from kb.site.releases import changes_page
from kb.site.views.common import Ctx, Link
from kb.urls import ruling_page

SAMPLE_RULE = "athernum:4.2.2a"
RECENT_RULINGS = 5
RECENT_RELEASES = 3


@dataclass
class GameCard:
    """One game as a judge enters it: its rules documents, and its glossary, rulings, examples and changes."""

    game: str
    name: str
    documents: list[Link] = field(default_factory=list)
    chapters: list[Link] = field(default_factory=list)  # the CR's chapters, where it has them
    pages: list[Link] = field(default_factory=list)  # glossary, rulings, examples, changes


@dataclass
class ReleaseNote:
    """A new release of a rules document: which, and what changed, linked to its changes."""

    game: str
    document: str
    release: str
    summary: str
    href: str


@dataclass
class HomeView:
    title: str
    games: list[GameCard] = field(default_factory=list)
    releases: list[ReleaseNote] = field(default_factory=list)
    rulings: list[tuple[Link, str, str]] = field(default_factory=list)  # (question, game name, date)
    sample: Link | None = None
    status: Link | None = None
    toc: list = field(default_factory=list)


def _game_card(ctx: Ctx, game: str, pages: set[str]) -> GameCard:
    card = GameCard(game, ctx.model.game_name(game))
    for document in ctx.model.documents_of(game):
        card.documents.append(ctx.ref(document, ctx.model.document_name(document)))
    for chapter in ctx.model.chapters_of(game):
        data = ctx.graph.node(chapter)
        card.chapters.append(ctx.ref(chapter, f"{data.number}. {data.title}"))
    rulings = len(ctx.model.rulings_of(game))
    for page, label in (
        (f"{game}/glossary.md", "Glossary"),
        (ruling_page(game), f"Rulings ({rulings})"),
        (f"{game}/examples/index.md", "Examples"),
        (changes_page(game), "Changes"),
    ):
        if page in pages:
            card.pages.append(Link(ctx.link.to(page), label))
    return card


def _summary(kinds: list[ChangeKind]) -> str:
    counts = {kind: kinds.count(kind) for kind in ChangeKind if kinds.count(kind)}
    return ", ".join(f"{n} {kind}" for kind, n in counts.items()) or "no change to the rules"


def _releases(ctx: Ctx) -> list[ReleaseNote]:
    """The newest releases of every game's documents that changed something, newest first."""
    notes = []
    for game in ctx.model.games:
        for t in ctx.model.releases.transitions_of(game):
            name = ctx.release_name(game, t.document, t.release)
            href = ctx.link.to(changes_page(game), t.anchor)
            notes.append(
                (
                    t.release == CURRENT,
                    t.release,
                    ReleaseNote(
                        ctx.model.game_name(game),
                        ctx.model.document_name(f"{game}:{t.document}"),
                        name,
                        _summary([c.kind for c in t.changes]),
                        href,
                    ),
                )
            )
    return [n for *_, n in sorted(notes, key=lambda x: (x[0], x[1]), reverse=True)[:RECENT_RELEASES]]


def home_view(ctx: Ctx, pages: set[str]) -> HomeView:
    """The front page: the three games, what changed lately, and a rule to start from."""
    view = HomeView(title="rulekb")
    for game in ctx.model.games:
        card = _game_card(ctx, game, pages)
        view.games.append(card)
        ctx.add_toc(2, f"game-{game}", card.name)
    view.releases = _releases(ctx)
    newest = sorted(ctx.model.rulings.values(), key=lambda r: (str(r.date), r.id), reverse=True)[
        :RECENT_RULINGS
    ]
    for ruling in newest:
        href = ctx.link.ruling(ruling.id)
        view.rulings.append((Link(href, ruling.question), ctx.model.game_name(ruling.game), str(ruling.date)))
    ctx.add_toc(2, "latest", "Latest changes")
    if SAMPLE_RULE in ctx.graph:
        view.sample = ctx.ref(SAMPLE_RULE, tip=True)
    if "status.md" in pages:
        view.status = Link(ctx.link.to("status.md"), "status")
    view.toc = ctx.toc
    return view


@dataclass
class DownloadsView:
    title: str
    files: list[tuple[Link, str, str]] = field(default_factory=list)  # (link, description, size)
    toc: list = field(default_factory=list)


def downloads_view(ctx: Ctx, files: list[Listing]) -> DownloadsView:
    view = DownloadsView(title="Downloads")
    for item in files:
        view.files.append(
            (Link(ctx.link.to(item.path), item.path.rsplit("/", 1)[-1]), item.description, item.size)
        )
    return view
