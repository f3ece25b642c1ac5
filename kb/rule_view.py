"""What a judge sees of one rule: its text in context, its links, its terms; as data and in the terminal."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import asdict, dataclass, field

from rich.console import Console
from rich.markup import escape
from rich.padding import Padding

from kb.graph import Graph, ancestors, children, edges_of, label
from kb.model import EdgeKind


@dataclass
class Ref:
    """A linked node, named as a reader would name it."""

    id: str
    label: str
    text: str = ""


@dataclass
class RuleView:
    """One rule with its breadcrumb, children, references both ways, terms, and what explains it."""

    id: str
    game: str
    document: str
    kind: str
    number: str | None
    title: str
    text: str
    breadcrumb: list[Ref]
    children: list[Ref]
    references: list[Ref]
    referenced_by: list[Ref]
    terms: list[Ref]
    explained_by: list[Ref]
    explains: list[Ref]
    translations: list[Ref]
    extra: dict[str, list[dict]] = field(default_factory=dict)

    def to_dict(self) -> dict:
        return asdict(self)


#: Further sections of the view (rulings, examples), contributed by other parts of kb.
EXTRA_SECTIONS: dict[str, Callable[[Graph, str], list[dict]]] = {}


def _ref(graph: Graph, node_id: str, with_text: bool = False) -> Ref:
    data = graph.nodes[node_id]
    return Ref(node_id, label(graph, node_id), data["text"] if with_text else "")


def build_view(graph: Graph, node_id: str) -> RuleView:
    """Collect everything the graph says about ``node_id``."""
    data = graph.nodes[node_id]
    refs = lambda ids, text=False: [_ref(graph, i, text) for i in ids]  # noqa: E731
    translations = edges_of(graph, node_id, EdgeKind.TRANSLATES) + edges_of(graph, node_id, EdgeKind.TRANSLATES,
                                                                                  incoming=True)
    view = RuleView(
        id=node_id, game=data["game"], document=data["document"], kind=data["kind"], number=data["number"],
        title=data["title"], text=data["text"],
        breadcrumb=refs(ancestors(graph, node_id)),
        children=refs(children(graph, node_id), True),
        references=refs(edges_of(graph, node_id, EdgeKind.REFERENCES), True),
        referenced_by=refs(edges_of(graph, node_id, EdgeKind.REFERENCES, incoming=True)),
        terms=refs(edges_of(graph, node_id, EdgeKind.USES_TERM), True),
        explained_by=refs(edges_of(graph, node_id, EdgeKind.EXPLAINS, incoming=True)),
        explains=refs(edges_of(graph, node_id, EdgeKind.EXPLAINS)),
        translations=refs(translations),
    )
    for name, provider in EXTRA_SECTIONS.items():
        view.extra[name] = provider(graph, node_id)
    return view


def print_view(view: RuleView, console: Console) -> None:
    """Print a rule as a judge wants to read it: where it sits, what it says, what it touches."""
    crumbs = " › ".join(escape(r.label) for r in view.breadcrumb)
    console.print(f"[dim]{crumbs}[/dim]")
    heading = escape(view.number or view.title or view.id)
    console.print(f"[bold cyan]{heading}[/bold cyan]  [dim]{escape(view.id)}[/dim]")
    if view.number and view.title:
        console.print(f"[bold]{escape(view.title)}[/bold]")
    if view.text:
        console.print(Padding(escape(view.text), (0, 0, 0, 2), expand=False))

    def section(title: str, refs: list[Ref], show_text: bool = False) -> None:
        if not refs:
            return
        console.print(f"\n[bold]{title}[/bold]")
        for r in refs:
            if show_text and r.text:
                text = r.text if len(r.text) <= 160 else r.text[:157] + "…"
                console.print(f"  [cyan]{escape(r.label)}[/cyan]  {escape(text)}")
            else:
                console.print(f"  [cyan]{escape(r.label)}[/cyan]  [dim]{escape(r.id)}[/dim]")

    section("Subrules", view.children, True)
    section("References", view.references, True)
    section("Referenced by", view.referenced_by)
    section("Terms used", view.terms, True)
    section("Explained in the rulebook by", view.explained_by)
    section("Says the same as", view.explains)
    section("Translation", view.translations)
    for name, items in view.extra.items():
        if items:
            console.print(f"\n[bold]{escape(name)}[/bold]")
            for item in items:
                console.print(f"  [cyan]{escape(str(item.get('id', '')))}[/cyan]  {escape(str(item.get('title', '')))}")
