"""What a judge sees of one rule: its text in context, its links, its terms, the rulings on it and the examples
that show it; as data and in the terminal. The names match ``rulekb ask``'s (``subrules``, ``passages``)."""

from __future__ import annotations

import textwrap
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field

from rich.console import Console
from rich.markup import escape
from rich.padding import Padding
from rich.text import Text

from kb.core.graph import Graph, ancestors, children, edges_of
from kb.core.nodes import EdgeKind
from kb.core.rulings import Ruling
from kb.site_links import SiteLinks
from kb.urls import crowded_units, ruling_url, scenario_url, url_of
from kb.verify.results import VerifyResults

#: Node kinds that are rules with a number of their own (a rule's subrules are of these kinds).
NUMBERED = ("rule", "section", "chapter")


@dataclass
class Ref:
    """A linked entry, named as a reader names it, with its link (and its text where it helps)."""

    id: str
    label: str
    url: str
    text: str = ""


@dataclass
class RulingRef:
    """A ruling that cites a rule: its question and whole answer."""

    id: str
    question: str
    answer: str
    url: str
    source: str = ""


@dataclass
class ExampleRef:
    """Something that shows a rule at work: a verified scenario, or an example or remark in the rules."""

    id: str
    title: str
    url: str
    kind: str  # "scenario", "example" or "remark"
    status: str = ""


@dataclass
class RuleView:
    """One rule with its breadcrumb, subrules, references both ways, terms, rulebook passages, rulings, examples."""

    id: str
    game: str
    document: str
    kind: str
    number: str | None
    title: str
    text: str
    url: str
    breadcrumb: list[Ref]
    subrules: list[Ref]
    paragraphs: list[Ref]  # the unnumbered paragraphs it holds (a rules text without numbers)
    references: list[Ref]
    referenced_by: list[Ref]
    terms: list[Ref]
    passages: list[Ref]  # the rulebook passages explaining it
    explains: list[Ref]
    translations: list[Ref]
    rulings: list[RulingRef] = field(default_factory=list)
    examples: list[ExampleRef] = field(default_factory=list)

    def to_dict(self) -> dict:
        return asdict(self)


def node_ref(graph: Graph, node_id: str, links: SiteLinks = SiteLinks(), with_text: bool = False) -> Ref:
    """A node as a linked entry (with its text when asked)."""
    return Ref(
        node_id,
        graph.node(node_id).label,
        links.href(url_of(graph, node_id)),
        graph.node(node_id).text if with_text else "",
    )


def rulings_by_rule(rulings: list[Ruling]) -> dict[str, list[Ruling]]:
    """The rulings citing each rule, in the rulings files' order."""
    out: dict[str, list[Ruling]] = {}
    for ruling in rulings:
        for rule in ruling.rules:
            out.setdefault(rule, []).append(ruling)
    return out


def ruling_refs(rulings: list[Ruling], links: SiteLinks) -> list[RulingRef]:
    return [
        RulingRef(r.id, r.question, r.answer, links.href(ruling_url(r.game, r.id)), r.source) for r in rulings
    ]


def example_refs(
    graph: Graph, node_id: str, results: VerifyResults, links: SiteLinks, crowded: frozenset[str]
) -> list[ExampleRef]:
    """The examples and remarks the rules give under a rule, then the verified scenarios demonstrating it
    (``crowded``: :func:`kb.urls.crowded_units` of all the results, computed once by the caller)."""
    out = [
        ExampleRef(c, graph.node(c).text, links.href(url_of(graph, c)), graph.node(c).kind)
        for c in children(graph, node_id)
        if graph.node(c).kind in ("example", "remark")
    ]
    for scenario in sorted(results.by_rule().get(node_id, []), key=lambda s: s.id):
        if scenario.verified:
            out.append(
                ExampleRef(
                    scenario.id,
                    scenario.title,
                    links.href(scenario_url(graph, scenario.game, scenario.id, scenario.rules, crowded)),
                    "scenario",
                    str(scenario.status),
                )
            )
    return out


def build_view(
    graph: Graph,
    node_id: str,
    rulings: Sequence[Ruling] = (),
    results: VerifyResults | None = None,
    links: SiteLinks = SiteLinks(),
) -> RuleView:
    """Collect everything the graph, the rulings and the verify results say about ``node_id``."""
    results = results or VerifyResults("")
    data = graph.node(node_id)

    def refs(ids: list[str], with_text: bool = False) -> list[Ref]:
        return [node_ref(graph, i, links, with_text) for i in ids]

    contained = children(graph, node_id)
    translations = edges_of(graph, node_id, EdgeKind.TRANSLATES) + edges_of(
        graph, node_id, EdgeKind.TRANSLATES, incoming=True
    )
    return RuleView(
        id=node_id,
        game=data.game,
        document=data.document,
        kind=data.kind,
        number=data.number,
        title=data.title,
        text=data.text,
        url=links.href(url_of(graph, node_id)),
        breadcrumb=refs(ancestors(graph, node_id)),
        subrules=refs([c for c in contained if graph.node(c).kind in NUMBERED], True),
        paragraphs=refs([c for c in contained if graph.node(c).kind == "paragraph"], True),
        references=refs(edges_of(graph, node_id, EdgeKind.REFERENCES), True),
        referenced_by=refs(edges_of(graph, node_id, EdgeKind.REFERENCES, incoming=True)),
        terms=refs(edges_of(graph, node_id, EdgeKind.USES_TERM), True),
        passages=refs(edges_of(graph, node_id, EdgeKind.EXPLAINS, incoming=True)),
        explains=refs(edges_of(graph, node_id, EdgeKind.EXPLAINS)),
        translations=refs(translations),
        rulings=ruling_refs(rulings_by_rule(list(rulings)).get(node_id, []), links),
        examples=example_refs(graph, node_id, results, links, crowded_units(graph, results.scenarios)),
    )


def print_indented(console: Console, text: str, indent: int) -> None:
    """Print ``text`` indented: wrapped to a terminal's width, or whole on its lines in a file or pipe, where
    a console soft-wraps (a padded block would be cut at the console's width)."""
    if console.soft_wrap:
        console.print(Text(textwrap.indent(text, " " * indent)))
    else:
        console.print(Padding(Text(text), (0, 0, 0, indent), expand=False))


def print_view(view: RuleView, console: Console) -> None:
    """Print a rule as a judge wants to read it: where it sits, what it says, what it touches."""
    crumbs = " › ".join(escape(r.label) for r in view.breadcrumb)
    console.print(f"[dim]{crumbs}[/dim]")
    heading = escape(view.number or view.title or view.id)
    console.print(f"[bold cyan]{heading}[/bold cyan]  [dim]{escape(view.id)}[/dim]")
    if view.number and view.title:
        console.print(f"[bold]{escape(view.title)}[/bold]")
    if view.text:
        print_indented(console, view.text, 2)
    console.print(f"  [underline dim]{escape(view.url)}[/underline dim]")

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

    section("Subrules", view.subrules, True)
    section("Paragraphs", view.paragraphs, True)
    section("References", view.references, True)
    section("Referenced by", view.referenced_by)
    section("Terms used", view.terms, True)
    section("Explained in the rulebook by", view.passages)
    section("Says the same as", view.explains)
    section("Translation", view.translations)
    if view.rulings:
        console.print("\n[bold]Rulings[/bold]  [dim](`rulekb ruling ID` shows one whole)[/dim]")
        for ruling in view.rulings:
            console.print(f"  [magenta]{escape(ruling.id)}[/magenta]  [bold]{escape(ruling.question)}[/bold]")
            print_indented(console, ruling.answer, 4)
    if view.examples:
        console.print("\n[bold]Examples[/bold]  [dim](`rulekb example ID` shows a scenario's proof)[/dim]")
        for example in view.examples:
            status = f" [green]({escape(example.status)})[/green]" if example.status else ""
            name = escape(example.id if example.kind == "scenario" else example.kind)
            console.print(f"  [cyan]{name}[/cyan]{status}  {escape(example.title)}")
