"""Where each node lives on the generated site: its page and its anchor (permalinks, stable across builds).

URLs name the page's HTML file (``athernum/cr/4.html``), never a folder, so that the site works opened
from the files (``file://`` shows a folder as a directory listing) as well as served over http.

- a numbered document with chapters (the Athernum CR): a page per chapter, ``athernum/cr/4.html``;
- any other document: one page, ``athernum/rulebook-en.html``, ``altered/cr.html``;
- glossary terms: the game's glossary page, ``athernum/glossary.html#term-permanent``;
- the anchor of a numbered rule or section is its number (``#4.2.2a``); of anything else, its local
  id with ``/`` turned into ``--`` (``#combat-phase--p3``);
- rulings: the game's rulings page, ``athernum/rulings.html#R-ATH-001``;
- scenarios (examples): a page per section of the rules (the section right under a chapter, or right under
  a document without chapters) holding the first rule they cite, so that no examples page grows with a
  whole chapter: ``athernum/examples/4.2.0.html#combat--first-turn``, ``atnia/examples/zones.html#…``
  (``athernum/examples/4.html`` for a rule in a chapter but in no section; for a document of numbered rules
  only, a page per first number, ``altered/examples/rules-4.html``; ``athernum/examples/other.html`` when no
  cited rule has a place). A section citing too many scenarios first for one page has a page per rule right
  under it instead (``athernum/examples/4.3.5.html``); a scenario's anchor never changes.
"""

from __future__ import annotations

import itertools
import re
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Protocol

from kb.core.graph import Graph, ancestors
from kb.core.ids import slugify

_UNSAFE_ANCHOR = re.compile(r"[^\w.\-]+")
_EXAMPLES_PAGES = ("index", "other")  # the examples pages that are not a section's
#: Scenarios a section's examples page shows at most (each shows its proof: about 9 KB of HTML, and a page stays
#: under 300 KB); a section citing more first has a page per rule right under it.
EXAMPLES_PER_PAGE = 30


class ScenarioLike(Protocol):
    game: str
    rules: list[str]


def _chapter(graph: Graph, node_id: str) -> str | None:
    chain = [*ancestors(graph, node_id), node_id]
    for candidate in chain:
        if graph.node(candidate).kind == "chapter":
            return graph.node(candidate).number
    return None


def page_of(graph: Graph, node_id: str) -> str:
    """The Markdown page (relative to the docs folder) on which ``node_id`` is shown."""
    data = graph.node(node_id)
    game, document = data.game, data.document
    if data.kind == "term":
        return f"{game}/glossary.md"
    chapter = _chapter(graph, node_id)
    if chapter is not None:
        return f"{game}/{document}/{chapter}.md"
    root = f"{game}:{document}"
    if root in graph and any(graph.node(c).kind == "chapter" for c in graph.successors(root)):
        return f"{game}/{document}/index.md"  # the front page of a document split into chapter pages
    # A one-page document (``athernum/rulebook-en.html``) is not an index page, so that the theme does
    # not take it for the index of its navigation section.
    return f"{game}/{document}.md"


def anchor_of(graph: Graph, node_id: str) -> str:
    """The HTML id of ``node_id`` on its page ('' for a node that is the page itself)."""
    data = graph.node(node_id)
    kind = data.kind
    local = node_id.split(":", 1)[1]
    if kind in ("document", "chapter"):
        return ""
    if kind == "term":
        return "term-" + local.split("/", 1)[1]
    if kind in ("rule", "section") and data.number:
        return data.number
    if local.startswith(f"{data.document}/"):
        local = local[len(data.document) + 1 :]
    return local.replace("/", "--")


def page_url(page: str, anchor: str = "") -> str:
    """The site URL of a Markdown page (and an anchor on it), relative to the site root: its HTML file."""
    path = page[: -len(".md")] + ".html"
    return f"{path}#{anchor}" if anchor else path


def url_of(graph: Graph, node_id: str) -> str:
    """The site URL of ``node_id`` relative to the site root, e.g. ``athernum/cr/4.html#4.2.2a``."""
    return page_url(page_of(graph, node_id), anchor_of(graph, node_id))


def ruling_page(game: str) -> str:
    """The page listing a game's rulings."""
    return f"{game}/rulings.md"


def ruling_anchor(ruling_id: str) -> str:
    """The HTML id of a ruling on its page: its id, with characters unsafe in a URL fragment replaced."""
    return _UNSAFE_ANCHOR.sub("-", ruling_id).strip("-") or "ruling"


def ruling_url(game: str, ruling_id: str) -> str:
    """The site URL of a ruling, e.g. ``athernum/rulings.html#R-ATH-001``."""
    return page_url(ruling_page(game), ruling_anchor(ruling_id))


def examples_unit(graph: Graph, node_id: str) -> str | None:
    """The node whose examples page shows the scenarios citing ``node_id`` first: the section right under its
    chapter (or right under its document, for a document without chapters), else its chapter, else None."""
    chain = [*ancestors(graph, node_id), node_id]
    for parent, child in itertools.pairwise(chain):
        if graph.node(parent).kind in ("chapter", "document") and graph.node(child).kind == "section":
            return child
    return next((n for n in chain if graph.node(n).kind == "chapter"), None)


@dataclass(frozen=True)
class ExamplesPage:
    """An examples page: its Markdown path, the section or chapter it shows (if any), its name and its place."""

    page: str
    unit: str | None
    name: str
    order: float


def _examples_page(game: str, name: str, unit: str | None, label: str, order: float) -> ExamplesPage:
    slug = _UNSAFE_ANCHOR.sub("-", name.replace("/", "--")).strip("-") or "section"
    return ExamplesPage(
        f"{game}/examples/{slug + '-section' if slug in _EXAMPLES_PAGES else slug}.md", unit, label, order
    )


def examples_page_of(graph: Graph, rule: str) -> ExamplesPage | None:
    """The examples page of scenarios citing ``rule`` first: its section's or chapter's page; for a rule of
    a flat numbered document (Altered), the page of its first number (``rules-4``: rules 4.x)."""
    data = graph.node(rule)
    unit = examples_unit(graph, rule)
    if unit is not None:
        unit_data = graph.node(unit)
        number = unit_data.number
        name = number or unit.split(":", 1)[1].removeprefix(f"{unit_data.document}/")
        label = f"{number} {unit_data.title}" if number else unit_data.title
        return _examples_page(data.game, name, unit, label, unit_data.order)
    first = (data.number or "").split(".")[0]
    if first.isdigit():
        return _examples_page(data.game, f"rules-{first}", None, f"Rules {first}.x", int(first))
    return None


def scenario_examples(
    graph: Graph, game: str, rules: list[str], crowded: frozenset[str] = frozenset()
) -> ExamplesPage:
    """The examples page showing a scenario in full: that of the first cited rule in a chapter (the
    Comprehensive Rules before a rulebook), else of the first cited rule having one, else "other". In a
    ``crowded`` section (see :func:`crowded_units`), the page of the rule right under it that the cited rule is in."""
    cited = [rule for rule in rules if rule in graph]
    for rule in [r for r in cited if _chapter(graph, r) is not None] + cited:
        page = examples_page_of(graph, rule)
        if page is not None:
            return _finer(graph, page, rule) if page.unit in crowded else page
    return ExamplesPage(f"{game}/examples/other.md", None, "Other examples", float("inf"))


def _finer(graph: Graph, page: ExamplesPage, rule: str) -> ExamplesPage:
    """The page of ``rule``'s top rule under the crowded section of ``page`` (``4.3.5``); the section's own page
    for a rule that is the section itself or has no number."""
    chain = [*ancestors(graph, rule), rule]
    top = chain[chain.index(page.unit) + 1] if page.unit in chain[:-1] else None
    number = graph.node(top).number if top else None
    if not top or not number:
        return page
    data = graph.node(top)
    return _examples_page(data.game, number, top, f"{number} {data.title or ''}".strip(), data.order)


def crowded_units(graph: Graph, scenarios: Iterable[ScenarioLike]) -> frozenset[str]:
    """The sections (or chapters) citing more scenarios first than one page shows well (``EXAMPLES_PER_PAGE``):
    their examples are shown on a page per rule right under them, each scenario keeping its anchor."""
    counts = Counter(scenario_examples(graph, s.game, s.rules).unit for s in scenarios)
    return frozenset(unit for unit, n in counts.items() if unit is not None and n > EXAMPLES_PER_PAGE)


def scenario_page(graph: Graph, game: str, rules: list[str], crowded: frozenset[str] = frozenset()) -> str:
    """The Markdown page showing a scenario in full."""
    return scenario_examples(graph, game, rules, crowded).page


def scenario_anchor(scenario_id: str) -> str:
    """The HTML id of a scenario: its id without the game folder, ``/`` turned into ``--``."""
    local = scenario_id.split("/", 1)[1] if "/" in scenario_id else scenario_id
    return _UNSAFE_ANCHOR.sub("-", local.replace("/", "--")).strip("-") or "scenario"


def scenario_url(
    graph: Graph, game: str, scenario_id: str, rules: list[str], crowded: frozenset[str] = frozenset()
) -> str:
    """The site URL of a scenario, e.g. ``athernum/examples/4.2.0.html#combat--first-turn``; ``crowded`` as
    :func:`crowded_units` finds them for all the scenarios."""
    return page_url(scenario_page(graph, game, rules, crowded), scenario_anchor(scenario_id))


def card_page(game: str) -> str:
    """The page of a game's card library."""
    return f"{game}/cards.md"


def card_anchor(name: str, scenario_id: str | None = None) -> str:
    """The HTML id of a card in its game's library; a card a scenario defines itself is told apart by the scenario."""
    return "card-" + (f"{scenario_anchor(scenario_id)}--{slugify(name)}" if scenario_id else slugify(name))
