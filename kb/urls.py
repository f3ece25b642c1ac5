"""Where each node lives on the generated site: its page and its anchor (permalinks, stable across builds).

- a numbered document with chapters (the Athernum CR): a page per chapter, ``athernum/cr/4/``;
- any other document: one page, ``athernum/rulebook-en/``, ``altered/cr/``;
- glossary terms: the game's glossary page, ``athernum/glossary/#term-permanent``;
- the anchor of a numbered rule or section is its number (``#4.2.2a``); of anything else, its local
  id with ``/`` turned into ``--`` (``#combat-phase--p3``);
- rulings: the game's rulings page, ``athernum/rulings/#R-ATH-001``;
- scenarios (examples): a page per chapter of the first rule they cite, ``athernum/examples/4/#combat--first-turn``
  (``athernum/examples/other/`` when that rule is not in a chapter).
"""

from __future__ import annotations

import re

from kb.graph import Graph, ancestors
from kb.ids import slugify

_UNSAFE_ANCHOR = re.compile(r"[^\w.\-]+")


def _chapter(graph: Graph, node_id: str) -> str | None:
    chain = [*ancestors(graph, node_id), node_id]
    for candidate in chain:
        if graph.nodes[candidate]["kind"] == "chapter":
            return graph.nodes[candidate]["number"]
    return None


def page_of(graph: Graph, node_id: str) -> str:
    """The Markdown page (relative to the docs folder) on which ``node_id`` is shown."""
    data = graph.nodes[node_id]
    game, document = data["game"], data["document"]
    if data["kind"] == "term":
        return f"{game}/glossary.md"
    chapter = _chapter(graph, node_id)
    if chapter is not None:
        return f"{game}/{document}/{chapter}.md"
    root = f"{game}:{document}"
    if root in graph and any(graph.nodes[c]["kind"] == "chapter" for c in graph.successors(root)):
        return f"{game}/{document}/index.md"  # the front page of a document split into chapter pages
    # A one-page document: same URL (``athernum/rulebook-en/``), but not an index page, so that the
    # theme does not take it for the index of its navigation section.
    return f"{game}/{document}.md"


def anchor_of(graph: Graph, node_id: str) -> str:
    """The HTML id of ``node_id`` on its page ('' for a node that is the page itself)."""
    data = graph.nodes[node_id]
    kind = data["kind"]
    local = node_id.split(":", 1)[1]
    if kind in ("document", "chapter"):
        return ""
    if kind == "term":
        return "term-" + local.split("/", 1)[1]
    if kind in ("rule", "section") and data.get("number"):
        return data["number"]
    if local.startswith(f"{data['document']}/"):
        local = local[len(data["document"]) + 1:]
    return local.replace("/", "--")


def page_url(page: str, anchor: str = "") -> str:
    """The site URL of a Markdown page (and an anchor on it), relative to the site root."""
    path = page[: -len("index.md")] if page.endswith("index.md") else page[: -len(".md")] + "/"
    return f"{path}#{anchor}" if anchor else path


def url_of(graph: Graph, node_id: str) -> str:
    """The site URL of ``node_id`` relative to the site root, e.g. ``athernum/cr/4/#4.2.2a``."""
    return page_url(page_of(graph, node_id), anchor_of(graph, node_id))


def ruling_page(game: str) -> str:
    """The page listing a game's rulings."""
    return f"{game}/rulings.md"


def ruling_anchor(ruling_id: str) -> str:
    """The HTML id of a ruling on its page: its id, with characters unsafe in a URL fragment replaced."""
    return _UNSAFE_ANCHOR.sub("-", ruling_id).strip("-") or "ruling"


def ruling_url(game: str, ruling_id: str) -> str:
    """The site URL of a ruling, e.g. ``athernum/rulings/#R-ATH-001``."""
    return page_url(ruling_page(game), ruling_anchor(ruling_id))


def scenario_chapter(graph: Graph, rules: list[str]) -> str | None:
    """The chapter number of the first cited rule that is in a chapter (where the scenario is shown)."""
    for rule in rules:
        if rule in graph:
            chapter = _chapter(graph, rule)
            if chapter is not None:
                return chapter
    return None


def scenario_page(graph: Graph, game: str, rules: list[str]) -> str:
    """The examples page showing a scenario in full."""
    return f"{game}/examples/{scenario_chapter(graph, rules) or 'other'}.md"


def scenario_anchor(scenario_id: str) -> str:
    """The HTML id of a scenario: its id without the game folder, ``/`` turned into ``--``."""
    local = scenario_id.split("/", 1)[1] if "/" in scenario_id else scenario_id
    return _UNSAFE_ANCHOR.sub("-", local.replace("/", "--")).strip("-") or "scenario"


def scenario_url(graph: Graph, game: str, scenario_id: str, rules: list[str]) -> str:
    """The site URL of a scenario, e.g. ``athernum/examples/4/#combat--first-turn``."""
    return page_url(scenario_page(graph, game, rules), scenario_anchor(scenario_id))


def card_page(game: str) -> str:
    """The page of a game's card library."""
    return f"{game}/cards.md"


def card_anchor(name: str, scenario_id: str | None = None) -> str:
    """The HTML id of a card in its game's library; a card a scenario defines itself is told apart by the scenario."""
    return "card-" + (f"{scenario_anchor(scenario_id)}--{slugify(name)}" if scenario_id else slugify(name))
