"""The plan of the site: which pages exist, what each one shows, and the navigation.

Pages are planned from the model without rendering any; each page's view is built only when MkDocs
renders it. The downloads are generated here, once. Page locations come from ``kb.urls`` so that links made anywhere land on them.
"""

from __future__ import annotations

import html
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial

from kb.core.graph import ancestors
from kb.core.nodes import NodeKind
from kb.site.downloads import Download, downloads
from kb.site.mermaid import graph_page, graph_units
from kb.site.model import SiteModel
from kb.site.releases import changes_page
from kb.site.views.changes import changes_view
from kb.site.views.common import Ctx
from kb.site.views.documents import chapter_view, document_view
from kb.site.views.glossary import glossary_view
from kb.site.views.graphs import graph_view
from kb.site.views.home import downloads_view, home_view
from kb.site.views.proof import cards_view, coverage_view, examples_index_view, examples_page_view
from kb.site.views.questions import questions_view
from kb.site.views.rulings import rulings_view
from kb.site.views.search import SEARCH_PAGE, search_view
from kb.site.views.status import status_view
from kb.urls import card_page, page_of, ruling_page, scenario_examples

HOME = "index.md"
QUESTIONS = "open-questions.md"
STATUS = "status.md"
DOWNLOADS = "downloads.md"
#: Search boosts: a term's name finds its glossary entry sooner; a bare rule number finds the CR's rule
#: before a same-numbered rule of another document.
GLOSSARY_BOOST = (("search", {"boost": 3}),)
CR_BOOST = (("search", {"boost": 2}),)
#: Not searched: reports (coverage tables, lint findings) would only repeat rule numbers, and the engine's
#: logs on the example pages would drown the rules in every word search (the examples index is searched).
NOT_SEARCHED = (("search", {"exclude": True}),)


@dataclass(frozen=True)
class PageSpec:
    """One generated page: where it lives, its title, its template, and how to build its view."""

    src_uri: str
    title: str
    template: str
    view: Callable[[Ctx], object] = field(compare=False)
    markdown: bool = False  # Markdown rendered by MkDocs (graph views) rather than HTML from a template
    meta: tuple[tuple[str, object], ...] = ()  # further front matter

    @property
    def front_matter(self) -> dict[str, object]:
        return {"title": html.escape(self.title, quote=False), **dict(self.meta)}


@dataclass
class SitePlan:
    """Every generated page and download, and the navigation."""

    pages: dict[str, PageSpec] = field(default_factory=dict)
    nav: list = field(default_factory=list)
    downloads: list[Download] = field(default_factory=list)

    def add(self, spec: PageSpec) -> PageSpec:
        self.pages[spec.src_uri] = spec
        return spec


def _entry(title: str, target: object) -> dict:
    return {html.escape(title, quote=False): target}


def _document_pages(plan: SitePlan, model: SiteModel, document: str) -> object:
    """Pages of one document; returns its navigation target (a page, or a list with its chapters)."""
    graph = model.graph
    meta = model.documents[document]
    front = plan.add(
        PageSpec(
            page_of(graph, document), meta.title, "document.html", partial(document_view, document=document)
        )
    )
    chapters = [
        c for c in model.relations.get("children", document) if graph.node(c).kind == NodeKind.CHAPTER
    ]
    if not chapters:
        return front.src_uri
    items: list = [front.src_uri]
    for chapter in chapters:
        data = graph.node(chapter)
        title = f"{data.number}. {data.title}"
        spec = plan.add(
            PageSpec(
                page_of(graph, chapter),
                title,
                "chapter.html",
                partial(chapter_view, chapter=chapter),
                meta=CR_BOOST if meta.numbering == "cr" else (),
            )
        )
        items.append(_entry(title, spec.src_uri))
    return items


def _examples_pages(plan: SitePlan, model: SiteModel, game: str) -> list:
    """A page of examples per section of the rules (``kb.urls.scenario_examples``); their navigation, by chapter."""
    graph = model.graph
    pages = {
        p.page: p
        for p in (scenario_examples(graph, game, s.rules, model.crowded) for s in model.scenarios_of(game))
    }
    nav: dict[str, list] = {}
    for page in sorted(pages.values(), key=lambda p: p.order):
        numbered = page.unit if page.unit and graph.node(page.unit).number else None
        title = page.name if page.order == float("inf") else f"Examples: {page.name}"
        # A numbered section is the page's heading and link ("Examples: 4.2.0. …"); any other page groups its
        # scenarios by coverage group under its title.
        plan.add(
            PageSpec(
                page.page,
                title,
                "examples_page.html",
                partial(examples_page_view, game=game, page=page.page, chapter=numbered, title=title),
                meta=NOT_SEARCHED,
            )
        )
        chapter = (
            next(
                (
                    n
                    for n in [*ancestors(graph, page.unit), page.unit]
                    if graph.node(n).kind == NodeKind.CHAPTER
                ),
                None,
            )
            if page.unit
            else None
        )
        group = f"{graph.node(chapter).number}. {graph.node(chapter).title}" if chapter else ""
        nav.setdefault(group, []).append(_entry(page.name, page.page))
    return [entry for group, entries in nav.items() for entry in ([{group: entries}] if group else entries)]


def _proof_pages(plan: SitePlan, model: SiteModel, game: str, has_chapters: bool) -> list:
    """Rulings, examples, coverage and graph views of a game, as far as it has them."""
    nav: list = []
    # A game whose rules an engine implements (it has a coverage report) always has these pages.
    proven = has_chapters or game in model.coverage
    if proven or model.rulings_of(game):
        spec = plan.add(
            PageSpec(ruling_page(game), "Rulings", "rulings.html", lambda ctx: rulings_view(ctx, game))
        )
        nav.append(_entry("Rulings", spec.src_uri))
    if proven or model.scenarios_of(game):
        index = plan.add(
            PageSpec(
                f"{game}/examples/index.md",
                "Examples",
                "examples_index.html",
                lambda ctx: examples_index_view(ctx, game),
            )
        )
        nav.append({"Examples": [index.src_uri, *_examples_pages(plan, model, game)]})
        spec = plan.add(
            PageSpec(
                card_page(game), "Cards", "cards.html", lambda ctx: cards_view(ctx, game), meta=NOT_SEARCHED
            )
        )
        nav.append(_entry("Cards", spec.src_uri))
    if game in model.coverage:
        spec = plan.add(
            PageSpec(
                f"{game}/coverage.md",
                "Coverage",
                "coverage.html",
                lambda ctx: coverage_view(ctx, game),
                meta=NOT_SEARCHED,
            )
        )
        nav.append(_entry("Coverage", spec.src_uri))
    # Every game has a changes page; with one release it says so. Old rule texts are not searched.
    spec = plan.add(
        PageSpec(
            changes_page(game),
            "Changes",
            "changes.html",
            lambda ctx: changes_view(ctx, game),
            meta=NOT_SEARCHED,
        )
    )
    nav.append(_entry("Changes", spec.src_uri))
    graphs: list = []
    for chapter in model.chapters_of(game):
        if not graph_units(model.graph, model.relations, chapter):
            continue
        data = model.graph.node(chapter)
        title = f"{data.number}. {data.title}"
        spec = plan.add(
            PageSpec(
                graph_page(game, data.number or chapter),
                f"Graph view: {title}",
                "graph.md",
                partial(graph_view, chapter=chapter),
                markdown=True,
                meta=(("mermaid", True), *NOT_SEARCHED),
            )
        )
        graphs.append(_entry(title, spec.src_uri))
    if graphs:
        nav.append({"Graph views": graphs})
    return nav


def plan_site(model: SiteModel) -> SitePlan:
    """Every page of the site and the navigation, from the model (no page is rendered here)."""
    plan = SitePlan()
    plan.add(PageSpec(HOME, "rulekb", "home.html", lambda ctx: home_view(ctx, set(plan.pages))))
    plan.nav.append(_entry("Home", HOME))
    for game in model.games:
        documents = [
            _entry(model.document_name(d), _document_pages(plan, model, d)) for d in model.documents_of(game)
        ]
        extra: list = []
        if model.terms_of(game):
            spec = plan.add(
                PageSpec(
                    f"{game}/glossary.md",
                    "Glossary",
                    "glossary.html",
                    partial(glossary_view, game=game),
                    meta=GLOSSARY_BOOST,
                )
            )
            extra.append(_entry("Glossary", spec.src_uri))
        extra += _proof_pages(plan, model, game, bool(model.chapters_of(game)))
        game_nav = documents[:1] + extra + documents[1:]
        if len(game_nav) == 1:  # a game with one document: the document's own title
            only = model.documents_of(game)[0]
            plan.nav.append(_entry(model.documents[only].title, next(iter(game_nav[0].values()))))
        else:
            plan.nav.append(_entry(model.game_name(game), game_nav))
    plan.add(PageSpec(QUESTIONS, "Open questions", "questions.html", questions_view, meta=NOT_SEARCHED))
    plan.nav.append(_entry("Open questions", QUESTIONS))
    plan.add(
        PageSpec(
            STATUS, "Status", "status.html", lambda ctx: status_view(ctx, set(plan.pages)), meta=NOT_SEARCHED
        )
    )
    plan.nav.append(_entry("Status (for authors)", STATUS))
    plan.downloads = downloads(model)
    files = [item.listing() for item in plan.downloads]
    plan.add(PageSpec(DOWNLOADS, "Downloads", "downloads.html", lambda ctx: downloads_view(ctx, files)))
    plan.nav.append(_entry("Downloads", DOWNLOADS))
    # The search page is reached from every search box, not from the navigation.
    plan.add(
        PageSpec(SEARCH_PAGE, "Search", "search.html", search_view, meta=(("hide", ["toc"]), *NOT_SEARCHED))
    )
    return plan
