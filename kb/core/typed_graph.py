"""The rule graph's type: networkx edges between node ids, each node's data its typed :class:`~kb.model.Node`.

Apart from :mod:`kb.core.graph` so that reading the knowledge base never imports networkx (see :data:`kb.core.graph.Graph`).
"""

from __future__ import annotations

from collections.abc import Iterator

import networkx as nx

from kb.core.nodes import EdgeKind, Node


class Graph(nx.MultiDiGraph):
    """The rule graph: networkx edges between node ids; each node's data is its typed ``Node``."""

    def node(self, node_id: str) -> Node:
        """The node ``node_id`` names (KeyError when the graph has none). Read from networkx's own node table:
        through ``self.nodes`` (a view object per call) it is several times slower, and a build asks ~150,000 times."""
        return self._node[node_id]["node"]  # type: ignore[attr-defined]

    def linked(self, node_id: str, *, incoming: bool = False) -> dict[str, dict[str, object]]:
        """The nodes linked to ``node_id`` (outgoing, or incoming), each with its edges' keys (their kinds); none for
        a node the graph does not hold. networkx's adjacency read directly: its edge views cost more than the walk."""
        adjacency = self._pred if incoming else self._succ  # type: ignore[attr-defined]
        linked: dict[str, dict[str, object]] = adjacency.get(node_id, {})
        return linked

    def node_items(self) -> Iterator[tuple[str, Node]]:
        """Every node with its id, in the order the graph holds them."""
        return ((node_id, data["node"]) for node_id, data in self.nodes(data=True))

    def add_typed_node(self, node: Node) -> None:
        self.add_node(node.id, node=node)

    def link(self, source: str, target: str, kind: EdgeKind, **data: object) -> None:
        """An edge of ``kind`` (also its key: two nodes are linked at most once per kind)."""
        self.add_edge(source, target, key=kind.value, kind=kind.value, **data)
