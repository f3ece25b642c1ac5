"""The graph's relations indexed once per build, so that rendering a page costs only its own nodes.

Backlinks, term uses, explanations and translations are read in one pass over the edges; where each
node lives on the site is computed once per node. Nothing here is recomputed per page.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field

from kb.core.graph import Graph
from kb.core.nodes import EdgeKind
from kb.urls import anchor_of, page_of


@dataclass
class Relations:
    """Adjacency lists of the rule graph by edge kind, each in document order, and node locations."""

    children: dict[str, list[str]] = field(default_factory=dict)
    references: dict[str, list[str]] = field(default_factory=dict)
    referenced_by: dict[str, list[str]] = field(default_factory=dict)
    uses_terms: dict[str, list[str]] = field(default_factory=dict)
    used_by: dict[str, list[str]] = field(default_factory=dict)
    explains: dict[str, list[str]] = field(default_factory=dict)
    explained_by: dict[str, list[str]] = field(default_factory=dict)
    translates: dict[str, list[str]] = field(default_factory=dict)  # translation → original
    translated_by: dict[str, list[str]] = field(default_factory=dict)  # original → translations
    location: dict[str, tuple[str, str]] = field(default_factory=dict)  # node → (page, anchor)

    def get(self, kind: str, node_id: str) -> list[str]:
        """The nodes related to ``node_id`` by ``kind`` (an attribute name above), or none."""
        return getattr(self, kind).get(node_id, [])


_OUT = {
    EdgeKind.CONTAINS.value: "children",
    EdgeKind.REFERENCES.value: "references",
    EdgeKind.USES_TERM.value: "uses_terms",
    EdgeKind.EXPLAINS.value: "explains",
    EdgeKind.TRANSLATES.value: "translates",
}
_IN = {
    EdgeKind.REFERENCES.value: "referenced_by",
    EdgeKind.USES_TERM.value: "used_by",
    EdgeKind.EXPLAINS.value: "explained_by",
    EdgeKind.TRANSLATES.value: "translated_by",
}


def build_relations(graph: Graph) -> Relations:
    """Index every edge of ``graph`` once, both ways, and every node's page and anchor."""
    lists: dict[str, dict[str, set[str]]] = {
        name: defaultdict(set) for name in (*_OUT.values(), *_IN.values())
    }
    for source, target, key in graph.edges(keys=True):
        if key in _OUT:
            lists[_OUT[key]][source].add(target)
        if key in _IN:
            lists[_IN[key]][target].add(source)
    rank = {n: d.place for n, d in graph.node_items()}
    relations = Relations()
    for name, adjacency in lists.items():
        # Ties (terms added from curated data share their rule's place) are broken by id, never by set order.
        setattr(
            relations,
            name,
            {n: sorted(linked, key=lambda x: (rank[x], x)) for n, linked in adjacency.items()},
        )
    relations.location = {n: (page_of(graph, n), anchor_of(graph, n)) for n in graph}
    return relations
