"""What a judge sees of one ruling (``rulekb ruling ID``): the question, the whole answer and its reasoning, the
rules it rests on with their text, and the examples that prove it with their verify status."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field

from rich.console import Console
from rich.text import Text

from kb.core.graph import Graph
from kb.core.rulings import Ruling
from kb.site_links import SiteLinks
from kb.urls import crowded_units, ruling_url, scenario_url, url_of
from kb.verify.results import VerifyResults


@dataclass
class RuleText:
    """A rule a ruling rests on, with its text (``found`` False for a cited id the rules do not hold)."""

    id: str
    label: str
    text: str
    url: str
    found: bool = True


@dataclass
class ExampleStatus:
    """An example proving a ruling, with what verify made of it (``not run`` when verify has no result)."""

    id: str
    title: str
    status: str
    url: str


@dataclass
class RulingView:
    """One ruling, whole."""

    id: str
    game: str
    question: str
    answer: str
    reasoning: str
    source: str
    date: str
    url: str
    where: str  # file:line of its source
    rules: list[RuleText] = field(default_factory=list)
    examples: list[ExampleStatus] = field(default_factory=list)

    def to_dict(self) -> dict:
        return asdict(self)

    @property
    def verified(self) -> list[ExampleStatus]:
        return [e for e in self.examples if e.status == "passed"]


def find_ruling(rulings: list[Ruling], typed: str, game: str | None = None) -> Ruling | None:
    """The ruling with this id, in any case (``r-ath-001``), kept to ``game`` when given."""
    key = typed.strip().casefold()
    return next((r for r in rulings if r.id.casefold() == key and (game is None or r.game == game)), None)


def example_ids(ruling: Ruling, results: VerifyResults) -> list[str]:
    """The examples that prove a ruling: those it names, then those naming it, each once."""
    named = [r.id for r in sorted(results.scenarios, key=lambda r: r.id) if ruling.id in r.rulings]
    return list(dict.fromkeys([*ruling.scenarios, *named]))


def build_ruling_view(
    graph: Graph,
    ruling: Ruling,
    results: VerifyResults,
    links: SiteLinks,
    crowded: frozenset[str] | None = None,
) -> RulingView:
    """A ruling with its rules' text and its examples' status, every item with its link (``crowded``:
    :func:`kb.urls.crowded_units` of all the results, when the caller has it already)."""
    by_id = results.by_id()
    rules = [
        RuleText(r, graph.node(r).label, graph.node(r).text or "", links.href(url_of(graph, r)))
        if r in graph
        else RuleText(r, r.split(":", 1)[-1], "", "", False)
        for r in ruling.rules
    ]
    examples = []
    crowded = crowded_units(graph, results.scenarios) if crowded is None else crowded
    for scenario_id in example_ids(ruling, results):
        result = by_id.get(scenario_id)
        if result is None:
            examples.append(ExampleStatus(scenario_id, scenario_id, "not run", ""))
        else:
            url = scenario_url(graph, result.game, result.id, result.rules, crowded)
            examples.append(
                ExampleStatus(result.id, result.title or result.id, str(result.status), links.href(url))
            )
    return RulingView(
        ruling.id,
        ruling.game,
        ruling.question,
        ruling.answer,
        ruling.reasoning,
        ruling.source,
        ruling.date,
        links.href(ruling_url(ruling.game, ruling.id)),
        f"{ruling.path}:{ruling.line}",
        rules,
        examples,
    )


def print_ruling(view: RulingView, console: Console) -> None:
    """The ruling as a judge reads it: question, answer, why, the rules' text, the examples and their status."""
    console.print(
        Text.assemble((view.id, "bold magenta"), "  ", (f"{view.game} · {view.source} · {view.date}", "dim"))
    )
    console.print(Text(view.question, style="bold"))
    console.print(Text(view.answer))
    if view.reasoning:
        console.print(Text.assemble(("\nWhy: ", "bold"), view.reasoning))
    console.print(Text(view.url, style="underline dim"))
    if view.rules:
        console.print(Text("\nRules", style="bold"))
        for rule in view.rules:
            line = Text("  ")
            line.append(rule.label, style="cyan")
            line.append("  " + (rule.text if rule.found else "(not in the rules)"))
            console.print(line)
            if rule.url:
                console.print(Text(f"    {rule.url}", style="dim"))
    if view.examples:
        console.print(Text("\nExamples", style="bold"))
        for example in view.examples:
            style = "green" if example.status == "passed" else "yellow"
            console.print(
                Text.assemble("  ", (example.status, style), "  ", example.title, "  ", (example.id, "dim"))
            )
            if example.url:
                console.print(Text(f"    {example.url}", style="dim"))
    console.print(Text(view.where, style="dim"))
