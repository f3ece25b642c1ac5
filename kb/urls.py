"""Where each node lives on the generated site: its page and its anchor (permalinks, stable across builds).

- a numbered document with chapters (the Athernum CR): a page per chapter, ``athernum/cr/4/``;
- any other document: one page, ``athernum/rulebook-en/``, ``altered/cr/``;
- glossary terms: the game's glossary page, ``athernum/glossary/#term-permanent``;
- the anchor of a numbered rule or section is its number (``#4.2.2a``); of anything else, its local
  id with ``/`` turned into ``--`` (``#combat-phase--p3``).
"""

from __future__ import annotations

from kb.graph import Graph, ancestors


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
    return f"{game}/{document}/index.md"


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


def url_of(graph: Graph, node_id: str) -> str:
    """The site URL of ``node_id`` relative to the site root, e.g. ``athernum/cr/4/#4.2.2a``."""
    page = page_of(graph, node_id)
    path = page[: -len("index.md")] if page.endswith("index.md") else page[: -len(".md")] + "/"
    anchor = anchor_of(graph, node_id)
    return f"{path}#{anchor}" if anchor else path
