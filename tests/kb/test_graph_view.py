"""The graph as plain data (what `rulekb ask` reads): the same answers as the networkx graph, without networkx."""

from __future__ import annotations

import pickle

from kb.core.graph import ancestors, children, edges_of
from kb.core.graph_view import GraphView
from kb.core.nodes import EdgeKind


def test_view_answers_every_query_as_the_graph_does(graph):
    """Every node's attributes, edges in both directions (with keys, in order), successors, children, ancestors,
    label and typed links read the same from the view as from the graph."""
    plain = GraphView.of(graph)
    view = plain.as_graph()
    assert list(view) == list(graph) and len(view) == len(graph)
    assert list(view.edges(keys=True)) == list(graph.edges(keys=True))
    for node in graph:
        assert node in view and view.nodes[node] == graph.nodes[node]
        assert list(view.out_edges(node, keys=True)) == list(graph.out_edges(node, keys=True))
        assert list(view.in_edges(node, keys=True)) == list(graph.in_edges(node, keys=True))
        assert list(view.in_edges(node)) == list(graph.in_edges(node))
        assert list(view.successors(node)) == list(graph.successors(node))
        assert list(view.predecessors(node)) == list(graph.predecessors(node))
        assert children(view, node) == children(graph, node)
        assert ancestors(view, node) == ancestors(graph, node)
        assert plain.node(node) == graph.node(node) and plain.node(node).label == graph.node(node).label
        for kind in EdgeKind:
            assert edges_of(view, node, kind, incoming=True) == edges_of(graph, node, kind, incoming=True)
    assert "athernum:no-such-rule" not in view


def test_view_survives_a_memo_round_trip(graph):
    """The view kept in a memo reads back equal, as plain data."""
    view = GraphView.of(graph)
    back = pickle.loads(pickle.dumps(view))
    assert back.nodes == view.nodes and list(back.edges(keys=True)) == list(view.edges(keys=True))
