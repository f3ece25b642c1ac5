"""Export the rule graph: networkx node-link JSON, GraphML, and the rules keyed by id."""

from __future__ import annotations

import io
import json

import networkx as nx

from kb.core.graph import Graph
from kb.core.nodes import Node, NodeKind

FORMATS = ("json", "graphml")


def attributes(node: Node) -> dict[str, object]:
    """What an exported node carries: everything a reader or another tool needs about it, as plain values."""
    return {
        "id": node.id,
        "game": node.game,
        "document": node.document,
        "kind": str(node.kind),
        "number": node.number,
        "title": node.title,
        "text": node.text,
        "parent": node.parent,
        "order": node.order,
        "line": node.line,
        "path": node.path,
        "aliases": list(node.aliases),
    }


def _plain(graph: Graph) -> nx.MultiDiGraph[str]:
    """The graph with each node's attributes as plain values, as networkx's writers expect."""
    plain: nx.MultiDiGraph[str] = nx.MultiDiGraph()
    for node_id, node in graph.node_items():
        plain.add_node(node_id, **attributes(node))
    for source, target, key, data in graph.edges(keys=True, data=True):
        plain.add_edge(source, target, key=key, **data)
    return plain


def to_node_link(graph: Graph) -> dict:
    """The graph as networkx node-link data; every node carries id, game, document, kind, number, title, text, parent."""
    return nx.node_link_data(_plain(graph), edges="links")


def to_graphml(graph: Graph) -> str:
    """The graph as GraphML; list and missing attributes become strings, as GraphML requires."""
    flat = _plain(graph)
    for _, data in flat.nodes(data=True):
        data.update(
            {k: "|".join(v) if isinstance(v, list) else ("" if v is None else v) for k, v in data.items()}
        )
    buffer = io.BytesIO()
    nx.write_graphml(flat, buffer, encoding="utf-8")
    return buffer.getvalue().decode("utf-8")


def export(graph: Graph, fmt: str) -> str:
    if fmt == "json":
        return json.dumps(to_node_link(graph), ensure_ascii=False, indent=1)
    if fmt == "graphml":
        return to_graphml(graph)
    raise ValueError(f"unknown format {fmt!r}")


def rules_by_id(graph: Graph) -> dict[str, dict]:
    """Every numbered rule, section and term as JSON keyed by qualified id (a site download)."""
    keep = {
        NodeKind.RULE,
        NodeKind.SECTION,
        NodeKind.CHAPTER,
        NodeKind.TERM,
        NodeKind.EXAMPLE,
        NodeKind.REMARK,
    }
    out = {}
    for node_id, data in graph.node_items():
        if data.kind in keep:
            plain = attributes(data)
            out[node_id] = {
                k: plain[k] for k in ("game", "document", "kind", "number", "title", "text", "parent")
            }
    return out
