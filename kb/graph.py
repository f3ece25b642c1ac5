"""The rule graph: every node of every rule source, joined by typed edges (networkx)."""

from __future__ import annotations

from pathlib import Path

import networkx as nx

from kb.curated import Curated
from kb.errors import Problem, Severity
from kb.ids import slugify
from kb.links import explanations, references, translations, uses_term
from kb.model import EdgeKind, Node, NodeKind, SourceDocument

Graph = nx.MultiDiGraph


def node_attrs(node: Node, path: str) -> dict[str, object]:
    """The attributes a graph node carries: everything a reader or exporter needs about it."""
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
        "path": path,
        "aliases": list(node.aliases),
    }


def _extra_terms(
    documents: list[SourceDocument], curated: Curated, by_id: dict[str, Node], problems: list[Problem]
) -> list[Node]:
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
            )
            added.append(node)
    return added


def build_graph(
    documents: list[SourceDocument], curated: Curated, root: Path | None = None
) -> tuple[Graph, list[Problem]]:
    """Build the rule graph from parsed documents and curated data; returns it with the problems found."""
    graph: Graph = nx.MultiDiGraph()
    problems: list[Problem] = []
    by_id: dict[str, Node] = {}
    paths: dict[str, str] = {}
    shown = {d.id: str(d.path.relative_to(root)) if root else str(d.path) for d in documents}
    for document in documents:
        display = shown[document.id]
        for node in document.nodes:
            if node.id in by_id:
                first = by_id[node.id]
                problems.append(
                    Problem(
                        display,
                        node.line,
                        "id",
                        f"duplicate id {node.id} (also in {paths[first.id]}:{first.line})",
                    )
                )
                continue
            by_id[node.id] = node
            paths[node.id] = display
    extra = _extra_terms(documents, curated, by_id, problems)
    for node in extra:
        if node.id not in by_id:
            by_id[node.id] = node
            paths[node.id] = paths.get(node.parent or "", "")
    for node in by_id.values():
        graph.add_node(node.id, **node_attrs(node, paths[node.id]))
    for node in by_id.values():
        if node.parent and node.parent in by_id:
            graph.add_edge(
                node.parent,
                node.id,
                key=EdgeKind.CONTAINS.value,
                kind=EdgeKind.CONTAINS.value,
                order=node.order,
            )
    known = set(by_id)
    for document in documents:
        edges, found = references(document, known, shown[document.id])
        problems.extend(found)
        for source, target in edges:
            graph.add_edge(source, target, key=EdgeKind.REFERENCES.value, kind=EdgeKind.REFERENCES.value)
    terms = [n for n in by_id.values() if n.kind == NodeKind.TERM]
    for source, term in uses_term(by_id.values(), terms, curated):
        graph.add_edge(source, term, key=EdgeKind.USES_TERM.value, kind=EdgeKind.USES_TERM.value)

    docs = {d.id: d for d in documents}
    explained: dict[str, list[str]] = {}
    for document in documents:
        cr = docs.get(f"{document.meta.game}:cr")
        if document.meta.numbering != "none" or cr is None or cr is document or document.meta.translates:
            continue
        for section, rule in explanations(document, cr, curated):
            explained.setdefault(section, []).append(rule)
    for document in documents:
        original = docs.get(document.meta.translates or "")
        if document.meta.translates and original is None:
            problems.append(
                Problem(
                    shown[document.id],
                    1,
                    "translates",
                    f"{document.id} translates {document.meta.translates}, which is not a document",
                    Severity.ERROR,
                )
            )
        if original is None:
            continue
        for de, en in translations(document, original, curated):
            if en not in by_id:
                path, line = curated.written.get(
                    (de,), (shown[document.id], by_id[de].line if de in by_id else 1)
                )
                problems.append(
                    Problem(
                        path,
                        line,
                        "translates",
                        f"{de} is linked to {en}, which is not a section",
                    )
                )
                continue
            graph.add_edge(de, en, key=EdgeKind.TRANSLATES.value, kind=EdgeKind.TRANSLATES.value)
            explained[de] = [
                r for r in explained.get(en, []) if r in by_id
            ]  # a bad one is the original's problem
    for section, rules in explained.items():
        for rule in rules:
            if rule not in by_id:
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
            graph.add_edge(section, rule, key=EdgeKind.EXPLAINS.value, kind=EdgeKind.EXPLAINS.value)
    return graph, problems


# --- queries ---------------------------------------------------------------------------------------


def edges_of(graph: Graph, node_id: str, kind: EdgeKind, *, incoming: bool = False) -> list[str]:
    """The nodes linked to ``node_id`` by edges of ``kind`` (outgoing, or incoming when asked), in document order
    and, where that ties (nodes a parse places alike), by id: never in the order of a set, which changes per run."""
    if incoming:
        found = [u for u, _, k in graph.in_edges(node_id, keys=True) if k == kind.value]
    else:
        found = [v for _, v, k in graph.out_edges(node_id, keys=True) if k == kind.value]
    # Ties (terms added from curated data share their rule's place) are broken by id, never by set order.
    return sorted(
        set(found),
        key=lambda n: (graph.nodes[n]["game"], graph.nodes[n]["document"], graph.nodes[n]["order"], n),
    )


def children(graph: Graph, node_id: str) -> list[str]:
    """The nodes ``node_id`` contains, in document order."""
    return edges_of(graph, node_id, EdgeKind.CONTAINS)


def ancestors(graph: Graph, node_id: str) -> list[str]:
    """The chain of containers from the document down to the parent of ``node_id``."""
    chain = []
    parent = graph.nodes[node_id].get("parent")
    while parent and parent in graph:
        chain.append(parent)
        parent = graph.nodes[parent].get("parent")
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


def label(graph: Graph, node_id: str) -> str:
    """How a reader names a node: number and title, number, title, or its local id."""
    data = graph.nodes[node_id]
    number, title = data.get("number"), data.get("title")
    if number and title:
        return f"{number} {title}"
    return number or title or node_id.split(":", 1)[1]


def load_graph(root: Path | None = None) -> Graph:
    """The rule graph of the project at ``root`` (found from the working folder by default)."""
    from kb.loader import load_kb
    from kb.paths import Paths

    paths = Paths(root) if root is not None else Paths.discover()
    return load_kb(paths).graph
