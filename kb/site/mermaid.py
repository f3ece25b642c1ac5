"""The graph view of a CR section: its rules, how they nest, and the rules they reference or that reference them.

A *unit* is a section (or a chapter) that directly holds numbered rules. Its neighbourhood is read
from the relations indexed once per build, so drawing one section costs only that section's edges.
The diagram is Mermaid source (a ``mermaid`` fence, given the class ``rk-mermaid`` so that Material leaves
it alone); ``assets/rulekb/graph.js`` loads Mermaid and draws it only when its panel is opened.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from kb.core.graph import Graph
from kb.core.nodes import NodeKind
from kb.site.relations import Relations

NEIGHBOUR_LIMIT = 24
LABEL_WORDS = 7
LABEL_CHARS = 48
_MERMAID_ENTITIES = {"&": "#amp;", '"': "#quot;", "<": "#lt;", ">": "#gt;", "`": "'", "\n": " ", "\r": " "}


def graph_page(game: str, chapter_number: str) -> str:
    """The page holding the graph views of a chapter's sections."""
    return f"{game}/graph/{chapter_number}.md"


def graph_anchor(graph: Graph, unit: str) -> str:
    """The HTML id of a section's graph view on its chapter's graph page."""
    data = graph.node(unit)
    return "graph-" + (data.number or unit.split(":", 1)[1].replace("/", "--"))


def _rule_children(graph: Graph, relations: Relations, node: str) -> list[str]:
    return [c for c in relations.get("children", node) if graph.node(c).kind == NodeKind.RULE]


def graph_units(graph: Graph, relations: Relations, chapter: str) -> list[str]:
    """The chapter (if it holds rules directly) and every section below it that holds rules directly."""
    units: list[str] = []
    stack = [chapter]
    while stack:
        node = stack.pop()
        if _rule_children(graph, relations, node):
            units.append(node)
        stack.extend(
            reversed(
                [
                    c
                    for c in relations.get("children", node)
                    if graph.node(c).kind in (NodeKind.SECTION, NodeKind.CHAPTER)
                ]
            )
        )
    return units


@dataclass
class Neighbourhood:
    """The nodes and edges drawn for one unit: its own rules, then neighbours outside it."""

    unit: str
    inner: list[str] = field(default_factory=list)  # the unit's rules, in order
    outer: list[str] = field(
        default_factory=list
    )  # rules elsewhere that its rules reference or are referenced by
    contains: list[tuple[str, str]] = field(default_factory=list)
    references: list[tuple[str, str]] = field(default_factory=list)
    truncated: int = 0  # neighbours left out to keep the drawing readable


def neighbourhood(
    graph: Graph, relations: Relations, unit: str, limit: int = NEIGHBOUR_LIMIT
) -> Neighbourhood:
    """The unit's rules with their nesting, and one step along references both ways."""
    hood = Neighbourhood(unit)
    stack = list(reversed(_rule_children(graph, relations, unit)))
    parents = dict.fromkeys(stack, unit)
    while stack:
        rule = stack.pop()
        hood.inner.append(rule)
        hood.contains.append((parents[rule], rule))
        kids = _rule_children(graph, relations, rule)
        parents.update(dict.fromkeys(kids, rule))
        stack.extend(reversed(kids))
    inside = {unit, *hood.inner}
    outer: dict[str, None] = {}
    for rule in [unit, *hood.inner]:
        for target in relations.get("references", rule):
            hood.references.append((rule, target))
            if target not in inside:
                outer.setdefault(target, None)
        for source in relations.get("referenced_by", rule):
            hood.references.append((source, rule))
            if source not in inside:
                outer.setdefault(source, None)
    hood.outer = list(outer)[:limit]
    hood.truncated = max(0, len(outer) - limit)
    drawn = inside | set(hood.outer)
    hood.references = [(a, b) for a, b in dict.fromkeys(hood.references) if a in drawn and b in drawn]
    return hood


def mermaid_text(text: str) -> str:
    """Text made safe inside a quoted Mermaid label (no quotes, tags or fences can break out)."""
    return "".join(_MERMAID_ENTITIES.get(ch, ch) for ch in text)


def node_label(graph: Graph, node: str) -> str:
    """A short label: the rule's number and the first words of its title or text."""
    data = graph.node(node)
    words = (data.title or data.text or "").split()
    gist = " ".join(words[:LABEL_WORDS])
    if len(gist) > LABEL_CHARS:
        gist = gist[:LABEL_CHARS].rsplit(" ", 1)[0]
    if len(words) > LABEL_WORDS or len(gist) < len(" ".join(words)):
        gist += " …"
    number = data.number or ""
    return mermaid_text(f"{number} {gist}".strip())


def to_mermaid(graph: Graph, hood: Neighbourhood) -> str:
    """Mermaid flowchart source of a neighbourhood: nesting as solid lines, references as dotted arrows."""
    ids = {node: f"n{i}" for i, node in enumerate([hood.unit, *hood.inner, *hood.outer])}
    lines = ["flowchart LR"]
    lines.append(f'  {ids[hood.unit]}["{node_label(graph, hood.unit)}"]:::unit')
    lines += [f'  {ids[n]}["{node_label(graph, n)}"]' for n in hood.inner]
    lines += [f'  {ids[n]}["{node_label(graph, n)}"]:::outer' for n in hood.outer]
    lines += [f"  {ids[a]} --- {ids[b]}" for a, b in hood.contains]
    lines += [f"  {ids[a]} -.-> {ids[b]}" for a, b in hood.references]
    lines.append("  classDef unit font-weight:bold")
    lines.append("  classDef outer stroke-dasharray:4 3")
    return "\n".join(lines)
