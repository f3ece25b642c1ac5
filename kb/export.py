"""Export the rule graph: networkx node-link JSON, GraphML, and the rules keyed by id."""

from __future__ import annotations

import io
import json

import networkx as nx

from kb.graph import Graph
from kb.model import NodeKind

FORMATS = ("json", "graphml")


def to_node_link(graph: Graph) -> dict:
    """The graph as networkx node-link data; every node carries id, game, document, kind, number, title, text, parent."""
    return nx.node_link_data(graph, edges="links")


def to_graphml(graph: Graph) -> str:
    """The graph as GraphML; list and missing attributes become strings, as GraphML requires."""
    flat: Graph = nx.MultiDiGraph()
    for node_id, data in graph.nodes(data=True):
        flat.add_node(
            node_id,
            **{
                k: ("|".join(v) if isinstance(v, list) else ("" if v is None else v)) for k, v in data.items()
            },
        )
    for u, v, k, data in graph.edges(keys=True, data=True):
        flat.add_edge(u, v, key=k, **data)
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
    for node_id, data in graph.nodes(data=True):
        if data["kind"] in keep:
            out[node_id] = {
                k: data[k] for k in ("game", "document", "kind", "number", "title", "text", "parent")
            }
    return out
