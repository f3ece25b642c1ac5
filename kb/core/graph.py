"""The rule graph: every node of every rule source, joined by typed edges (networkx)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, TypeAlias

from kb.core.errors import Problem, Severity
from kb.core.ids import slugify
from kb.core.nodes import EdgeKind, Node, NodeKind, SourceDocument

if TYPE_CHECKING:
    from kb.core import typed_graph
    from kb.core.curated import Curated
    from kb.core.memo import Recall

#: The rule graph's type, for annotations: :class:`kb.core.typed_graph.Graph`, named by a string so that reading a
#: graph (a memo, a :class:`kb.core.graph_view.GraphView`) imports neither networkx nor the linking of the sources;
#: only building one does.
Graph: TypeAlias = "typed_graph.Graph"


def _extra_terms(curated: Curated, by_id: dict[str, Node], problems: list[Problem]) -> list[Node]:
    """Glossary terms that curated data adds from the numbered rules that define them."""
    added: list[Node] = []
    for game, entries in curated.extra_terms.items():
        for entry in entries:
            rule = by_id.get(f"{game}:{entry.defined_by}")
            if rule is None:
                problems.append(
                    Problem(
                        f"rules/{game}/terms.yaml",
                        entry.line,
                        "defined_by",
                        f"term {entry.term!r} is defined by {entry.defined_by}, which is not a rule",
                    )
                )
                continue
            node = Node(
                id=f"{game}:term/{slugify(entry.term)}",
                game=game,
                document=rule.document,
                kind=NodeKind.TERM,
                title=entry.term,
                text=rule.text,
                parent=rule.id,
                line=rule.line,
                aliases=entry.aliases,
                path=rule.path,
            )
            added.append(node)
    return added


def _unique_nodes(
    documents: list[SourceDocument], shown: dict[str, str], problems: list[Problem]
) -> dict[str, Node]:
    """Every node of the documents by id, each carrying its source's path; a repeated id is a problem."""
    by_id: dict[str, Node] = {}
    for document in documents:
        for node in document.nodes:
            first = by_id.get(node.id)
            if first is not None:
                problems.append(
                    Problem(
                        shown[document.id],
                        node.line,
                        "id",
                        f"duplicate id {node.id} (also in {first.path}:{first.line})",
                    )
                )
                continue
            by_id[node.id] = replace(node, path=shown[document.id])
    return by_id


def _explained(
    documents: list[SourceDocument],
    docs: dict[str, SourceDocument],
    curated: Curated,
    recall: Recall[list[str]] | None = None,
) -> dict[str, list[str]]:
    """The CR rules each section of an untranslated prose document (a rulebook) explains, by section."""
    from kb.core.links import explanations

    explained: dict[str, list[str]] = {}
    for document in documents:
        cr = docs.get(f"{document.meta.game}:cr")
        if document.meta.numbering != "none" or cr is None or cr is document or document.meta.translates:
            continue
        for section, rule in explanations(document, cr, curated, recall):
            explained.setdefault(section, []).append(rule)
    return explained


def _link_translations(
    graph: Graph,
    documents: list[SourceDocument],
    shown: dict[str, str],
    curated: Curated,
    explained: dict[str, list[str]],
    problems: list[Problem],
) -> None:
    """Link each translated section to its original; it explains what its original explains."""
    from kb.core.links import translations

    docs = {d.id: d for d in documents}
    for document in documents:
        original = docs.get(document.meta.translates or "")
        display = shown[document.id]
        if document.meta.translates and original is None:
            problems.append(
                Problem(
                    display,
                    1,
                    "translates",
                    f"{document.id} translates {document.meta.translates}, which is not a document",
                    Severity.ERROR,
                )
            )
        if original is None:
            continue
        for de, en in translations(document, original, curated):
            if en not in graph:
                path, line = curated.written.get((de,), (display, graph.node(de).line if de in graph else 1))
                problems.append(
                    Problem(path, line, "translates", f"{de} is linked to {en}, which is not a section")
                )
                continue
            graph.link(de, en, EdgeKind.TRANSLATES)
            explained[de] = [
                r for r in explained.get(en, []) if r in graph
            ]  # a bad one is the original's problem


def _link_explanations(
    graph: Graph, explained: dict[str, list[str]], curated: Curated, problems: list[Problem]
) -> None:
    """Link each prose section to the rules it explains; a rule that is not one is a problem of links.yaml
    (at the line that says so)."""
    for section, rules in explained.items():
        for rule in rules:
            if rule not in graph:
                game = section.split(":", 1)[0]
                path, line = curated.written.get((section, rule), (f"rules/{game}/links.yaml", 1))
                problems.append(
                    Problem(
                        path,
                        line,
                        "explains",
                        f"{section} is said to explain {rule}, which is not a rule",
                    )
                )
                continue
            graph.link(section, rule, EdgeKind.EXPLAINS)


def build_graph(
    documents: list[SourceDocument],
    curated: Curated,
    root: Path | None = None,
    recall: Recall[list[str]] | None = None,
) -> tuple[Graph, list[Problem]]:
    """Build the rule graph from parsed documents and curated data; returns it with the problems found.
    ``recall``: what texts gave in an earlier build (terms used, stems), so that only edited texts are read again."""
    from kb.core.links import references, uses_term
    from kb.core.typed_graph import Graph as RuleGraph

    graph = RuleGraph()
    problems: list[Problem] = []
    shown = {d.id: str(d.path.relative_to(root)) if root else str(d.path) for d in documents}
    by_id = _unique_nodes(documents, shown, problems)
    for node in _extra_terms(curated, by_id, problems):
        by_id.setdefault(node.id, node)
    for node in by_id.values():
        graph.add_typed_node(node)
    for node in by_id.values():
        if node.parent and node.parent in by_id:
            graph.link(node.parent, node.id, EdgeKind.CONTAINS, order=node.order)
    for document in documents:
        edges, found = references(document, set(by_id), shown[document.id])
        problems.extend(found)
        for source, target in edges:
            graph.link(source, target, EdgeKind.REFERENCES)
    terms = [n for n in by_id.values() if n.kind == NodeKind.TERM]
    for source, term in uses_term(by_id.values(), terms, curated, recall):
        graph.link(source, term, EdgeKind.USES_TERM)
    explained = _explained(documents, {d.id: d for d in documents}, curated, recall)
    _link_translations(graph, documents, shown, curated, explained, problems)
    _link_explanations(graph, explained, curated, problems)
    return graph, problems


# --- queries ---------------------------------------------------------------------------------------


def edges_of(graph: Graph, node_id: str, kind: EdgeKind, *, incoming: bool = False) -> list[str]:
    """The nodes linked to ``node_id`` by edges of ``kind`` (outgoing, or incoming when asked), in document order
    and, where that ties (nodes a parse places alike), by id: never in the order of a set, which changes per run."""
    found = [other for other, keys in graph.linked(node_id, incoming=incoming).items() if kind.value in keys]
    # Ties (terms added from curated data share their rule's place) are broken by id, never by set order.
    return sorted(set(found), key=lambda n: (*graph.node(n).place, n))


def children(graph: Graph, node_id: str) -> list[str]:
    """The nodes ``node_id`` contains, in document order."""
    return edges_of(graph, node_id, EdgeKind.CONTAINS)


def ancestors(graph: Graph, node_id: str) -> list[str]:
    """The chain of containers from the document down to the parent of ``node_id``."""
    chain = []
    parent = graph.node(node_id).parent
    while parent and parent in graph:
        chain.append(parent)
        parent = graph.node(parent).parent
    return list(reversed(chain))


def descendants(graph: Graph, node_id: str) -> list[str]:
    """Every node below ``node_id`` in the containment tree, in document order."""
    out: list[str] = []
    stack = list(reversed(children(graph, node_id)))
    while stack:
        current = stack.pop()
        out.append(current)
        stack.extend(reversed(children(graph, current)))
    return out


def containment(graph: Graph) -> dict[str, list[str]]:
    """Every node's children in document order, as :func:`children` gives them, from one pass over the edges: for
    walks over thousands of nodes (coverage, verify's input keys), where asking the graph node by node took most
    of their time."""
    found: dict[str, set[str]] = {}
    for source, target, kind in graph.edges(keys=True):
        if kind == EdgeKind.CONTAINS.value:
            found.setdefault(source, set()).add(target)
    return {node: sorted(kids, key=lambda n: (*graph.node(n).place, n)) for node, kids in found.items()}


def descendants_in(tree: dict[str, list[str]], node_id: str) -> list[str]:
    """Every node below ``node_id`` in a :func:`containment` tree, in document order (as :func:`descendants`)."""
    out: list[str] = []
    stack = list(reversed(tree.get(node_id, [])))
    while stack:
        current = stack.pop()
        out.append(current)
        stack.extend(reversed(tree.get(current, [])))
    return out
