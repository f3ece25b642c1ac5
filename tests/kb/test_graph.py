"""The rule graph holds every node with typed edges a reader can follow."""

from __future__ import annotations

from collections import Counter

from kb.core.graph import ancestors, children, edges_of
from kb.core.nodes import EdgeKind, Node
from kb.core.terms import TermForm, TermMatcher


def test_node_counts_per_document(graph):
    """Each document has the numbered nodes of its source: 577 in the CR, 75 in the Altered excerpt."""
    numbered = Counter(
        d.document if d.game == "athernum" else d.game
        for _, d in graph.node_items()
        if d.number and d.kind in ("rule", "section")
    )
    assert numbered["cr"] == 577
    assert numbered["altered"] == 75
    kinds = Counter(d.kind for _, d in graph.node_items() if d.game == "athernum")
    assert kinds["chapter"] == 13 and kinds["term"] >= 52


def test_every_node_is_typed_and_names_its_source(graph):
    """Every node is a typed Node named by its id, in its game, pointing to the rule source it was read from."""
    for node_id, node in graph.node_items():
        assert isinstance(node, Node) and graph.node(node_id) is node
        assert node.id == node_id and node_id.startswith(f"{node.game}:")
        assert node.path.startswith(f"rules/{node.game}/") and node.path.endswith(".md"), node_id


def test_contains_edges_are_ordered(graph):
    """A section's children come in document order, and the breadcrumb runs document → chapter → section."""
    assert children(graph, "athernum:4.2.0")[:4] == [
        "athernum:4.2.1",
        "athernum:4.2.2",
        "athernum:4.2.3",
        "athernum:4.2.4",
    ]
    assert children(graph, "athernum:4.2.2")[0] == "athernum:4.2.2a"
    assert children(graph, "athernum:4.2.2")[-1] == "athernum:4.2.2h"
    assert ancestors(graph, "athernum:3.0.7e.II") == [
        "athernum:cr",
        "athernum:3",
        "athernum:3.0.7",
        "athernum:3.0.7e",
    ]


def test_every_node_but_documents_has_a_parent_in_the_graph(graph):
    """Nothing floats: every node except a document hangs under another node."""
    for node_id, data in graph.node_items():
        if data.kind != "document":
            assert data.parent in graph, node_id


def test_uses_term_is_case_and_plural_insensitive(graph):
    """A rule mentioning 'damage counters' uses the term Counter; 'Defensive Value' its term."""
    terms = edges_of(graph, "athernum:4.2.2a", EdgeKind.USES_TERM)
    assert "athernum:term/damage-counter" in terms  # the longer term masks "Counter"
    assert "athernum:term/defensive-value" in terms
    assert "athernum:term/permanent" in terms


def test_every_game_has_its_glossary(graph):
    """Atnia and Altered get glossary terms from their rules/<game>/terms.yaml, quoting the defining passage."""
    assert graph.node("atnia:term/horizon").text == graph.node("atnia:rules/zones/p5").text
    assert graph.node("altered:term/after-you").parent == "altered:7.3.2.a"
    assert "atnia:term/horizon" in edges_of(
        graph, "atnia:rules/playing-cards-and-the-horizon/p1", EdgeKind.USES_TERM
    )


def test_ofv_and_dfv_count_as_their_terms(graph):
    """A rule that writes OFV uses the term Offensive Value."""
    users = edges_of(graph, "athernum:term/offensive-value", EdgeKind.USES_TERM, incoming=True)
    assert "athernum:9.3.5" in users  # "…with an offensive value (OFV)…"
    assert "athernum:6.2.3b" in users  # "Offensive Value (OFV) and Defensive Value (DFV)"


def test_term_matcher_prefers_the_longest_term():
    """'discard pile' is the term Discard Pile, not the term Discard; abbreviations match only in capitals."""
    matcher = TermMatcher(
        [
            TermForm("discard", "Discard"),
            TermForm("pile", "Discard Pile"),
            TermForm("ofv", "OFV", case_sensitive=True),
        ]
    )
    assert matcher.terms_in("Cards go to the discard piles. Then discard one.") == ["pile", "discard"]
    assert matcher.terms_in("an ofv of 2") == []
    assert matcher.terms_in("an OFV of 2") == ["ofv"]


def test_translates_links_each_german_section_to_its_english_one(graph):
    """Every German rulebook section translates the English section in the same place."""
    pairs = {u: v for u, v, k in graph.edges(keys=True) if k == "translates"}
    german = [n for n, d in graph.node_items() if d.document == "rulebook-de" and d.kind == "section"]
    assert set(german) == set(pairs)
    assert pairs["athernum:rulebook-de/kampfphase"] == "athernum:rulebook-en/combat-phase"
    assert (
        pairs["athernum:rulebook-de/wie-entsteht-der-pool"] == "athernum:rulebook-en/how-is-the-pool-formed"
    )


def test_explains_links_rulebook_sections_to_cr_rules(graph):
    """The rulebook's combat section explains the CR's combat rules, computed and curated alike."""
    explained = edges_of(graph, "athernum:rulebook-en/combat-phase", EdgeKind.EXPLAINS)
    assert any(r.startswith("athernum:9.3.") for r in explained)
    assert "athernum:9.3.7" in explained  # a curated addition
    german = edges_of(graph, "athernum:rulebook-de/kampfphase", EdgeKind.EXPLAINS)
    assert german == explained


def test_references_edges_follow_rule_numbers_in_text(graph):
    """A rule whose text names another rule's number references it ('until 4.1.h')."""
    assert "altered:4.1.h" in edges_of(graph, "altered:4.1.f", EdgeKind.REFERENCES)
    assert "altered:4.1.f" in edges_of(graph, "altered:4.1.h", EdgeKind.REFERENCES, incoming=True)


def test_a_bad_link_override_is_reported_at_its_line_in_links_yaml(small_project):
    """An ``explains`` rule or a ``translates`` section in links.yaml that does not exist is named at its own line."""
    from kb.core.loader import build_kb
    from kb.core.paths import Paths

    links = small_project / "rules" / "athernum" / "links.yaml"
    text = links.read_text().replace('add: ["11.0.2"]', 'add: ["11.0.2", "11.0.99"]')
    links.write_text(
        text.replace(
            "translates: {}", "translates:\n  rulebook-de/worum-geht-es-in-der-welt: rulebook-en/nowhere"
        )
    )
    problems = {p.field: p for p in build_kb(Paths(small_project)).problems if p.path.endswith("links.yaml")}
    lines = links.read_text().splitlines()
    assert "11.0.99" in lines[problems["explains"].line - 1]
    assert "rulebook-de/worum-geht-es-in-der-welt" in lines[problems["translates"].line - 1]


def test_the_containment_tree_gives_every_nodes_children_and_descendants_in_document_order(graph):
    """Walks over many nodes (coverage, verify's input keys) read the containment tree made in one pass: it must give
    exactly what asking the graph node by node gives."""
    from kb.core.graph import containment, descendants, descendants_in

    tree = containment(graph)
    assert tree, "the graph has no containment"
    for node_id, _ in graph.node_items():
        assert tree.get(node_id, []) == children(graph, node_id), node_id
    documents = [n for n, data in graph.node_items() if data.kind == "document"]
    assert documents and all(descendants_in(tree, d) == descendants(graph, d) for d in documents)
