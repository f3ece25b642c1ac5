"""The rule graph as plain data, for commands that must start fast (``rulekb ask``): no networkx to import."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, cast

from kb.core.nodes import Node

if TYPE_CHECKING:
    from kb.core.typed_graph import Graph


class GraphView:
    """A read-only copy of the rule graph: the part of networkx's ``MultiDiGraph`` interface the views read
    (``in``, ``nodes[id]``, ``successors``, ``edges``, ``in_edges`` and ``out_edges`` with keys), in the same
    order, so that :mod:`kb.core.graph`'s queries and the views give the same answers on either."""

    def __init__(
        self,
        nodes: dict[str, dict],
        succ: dict[str, dict[str, list[str]]],
        pred: dict[str, dict[str, list[str]]],
    ):
        self.nodes = nodes
        self._succ = succ
        self._pred = pred

    @classmethod
    def of(cls, graph: Graph) -> GraphView:
        """The view of a networkx graph: its nodes' attributes and its edges' keys, each in the graph's order."""
        return cls(
            {n: dict(data) for n, data in graph.nodes(data=True)},
            {n: {v: list(keys) for v, keys in graph.succ[n].items()} for n in graph},
            {n: {u: list(keys) for u, keys in graph.pred[n].items()} for n in graph},
        )

    def node(self, node_id: str) -> Node:
        """The node ``node_id`` names (KeyError when the graph has none), as :meth:`kb.core.typed_graph.Graph.node`."""
        node: Node = self.nodes[node_id]["node"]
        return node

    def node_items(self) -> Iterator[tuple[str, Node]]:
        """Every node with its id, in the graph's order, as :meth:`kb.core.typed_graph.Graph.node_items`."""
        return ((node_id, data["node"]) for node_id, data in self.nodes.items())

    def __contains__(self, node_id: object) -> bool:
        return node_id in self.nodes

    def __iter__(self) -> Iterator[str]:
        return iter(self.nodes)

    def __len__(self) -> int:
        return len(self.nodes)

    def linked(self, node_id: str, *, incoming: bool = False) -> dict[str, list[str]]:
        """The nodes linked to ``node_id`` with their edges' keys, as :meth:`kb.core.typed_graph.Graph.linked`."""
        return (self._pred if incoming else self._succ).get(node_id, {})

    def successors(self, node_id: str) -> Iterator[str]:
        return iter(self._succ[node_id])

    def predecessors(self, node_id: str) -> Iterator[str]:
        return iter(self._pred[node_id])

    def out_edges(self, node_id: str, keys: bool = False) -> Iterator[tuple]:
        for v, edge_keys in self._succ[node_id].items():
            yield from ((node_id, v, k) if keys else (node_id, v) for k in edge_keys)

    def in_edges(self, node_id: str, keys: bool = False) -> Iterator[tuple]:
        for u, edge_keys in self._pred[node_id].items():
            yield from ((u, node_id, k) if keys else (u, node_id) for k in edge_keys)

    def edges(self, keys: bool = False) -> Iterator[tuple]:
        for node_id in self.nodes:
            yield from self.out_edges(node_id, keys)

    def as_graph(self) -> Graph:
        """The view where a reader takes a :class:`~kb.typed_graph.Graph`: it offers the part of the graph's
        interface readers use (tests/kb/test_graph_view.py checks that the queries agree on both)."""
        return cast("Graph", self)
