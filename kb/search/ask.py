"""The judge's view (``rulekb ask``): the rules that answer a question, each with everything around it.

Search finds the entries that match the question; each becomes the CR rules it stands for (a rule itself,
the rule defining a term, the rules a rulebook passage or a ruling corresponds to). For each rule the
graph adds its parent chain, subrules, the rules it references, the definitions of the terms it uses;
the rulings that cite it and the passing scenarios and CR examples that demonstrate it come from the
rulings file and the verify results. Everything carries its site link.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field

from kb.graph import Graph, ancestors, children, edges_of, label
from kb.model import EdgeKind
from kb.rulings import Ruling
from kb.search.engine import SearchEngine
from kb.search.results import SearchHit
from kb.urls import crowded_units, ruling_url, scenario_url, url_of
from kb.verify.results import VerifyResults

#: How many search hits are turned into candidate rules, and how many rules an answer shows by default.
CANDIDATE_HITS = 25
DEFAULT_RULES = 5
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
    """A ruling that cites a rule: its question and answer."""

    id: str
    question: str
    answer: str
    url: str
    source: str = ""


@dataclass
class ExampleRef:
    """Something that shows a rule at work: a passing scenario, or an example or remark in the rules."""

    id: str
    title: str
    url: str
    kind: str  # "scenario", "example" or "remark"
    status: str = ""


@dataclass
class AskRule:
    """One rule of an answer, with its context, links, rulings and examples."""

    id: str
    label: str
    title: str
    text: str
    url: str
    score: float
    found_by: str
    breadcrumb: list[Ref] = field(default_factory=list)
    subrules: list[Ref] = field(default_factory=list)
    references: list[Ref] = field(default_factory=list)
    terms: list[Ref] = field(default_factory=list)
    rulings: list[RulingRef] = field(default_factory=list)
    examples: list[ExampleRef] = field(default_factory=list)
    passages: list[Ref] = field(default_factory=list)


@dataclass
class AskAnswer:
    """The answer to a judge's question: the rules that settle it, best first."""

    question: str
    rules: list[AskRule] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    def to_dict(self) -> dict:
        return asdict(self)


def _ref(graph: Graph, node_id: str, with_text: bool = False) -> Ref:
    return Ref(node_id, label(graph, node_id), url_of(graph, node_id), graph.nodes[node_id]["text"] if with_text else "")


def _defining_rule(graph: Graph, term_id: str, defined_by: dict[str, dict[str, str]]) -> str | None:
    """The numbered rule that defines a glossary term: its curated ``defined_by``, or the rule it hangs under."""
    data = graph.nodes[term_id]
    number = defined_by.get(data["game"], {}).get(data["title"])
    if number and f"{data['game']}:{number}" in graph:
        return f"{data['game']}:{number}"
    parent = data.get("parent")
    if parent in graph and graph.nodes[parent]["kind"] in NUMBERED and graph.nodes[parent].get("number"):
        return parent
    return None


def companion_documents(graph: Graph) -> frozenset[tuple[str, str]]:
    """The (game, document) pairs whose passages explain or translate another document's rules (rulebooks)."""
    linking = (EdgeKind.EXPLAINS.value, EdgeKind.TRANSLATES.value)
    return frozenset((graph.nodes[u]["game"], graph.nodes[u]["document"])
                     for u, _, kind in graph.edges(keys=True) if kind in linking)


def rules_for_hit(graph: Graph, hit: SearchHit, defined_by: dict[str, dict[str, str]],
                  companions: frozenset[tuple[str, str]] | None = None) -> list[str]:
    """The rules a search hit stands for: itself if numbered, a term's defining rule (or the term itself,
    when no rule defines it), the example's rule
    (or the section's, for an unnumbered paragraph of the CR), a ruling's or scenario's cited rules, an
    unnumbered paragraph of a rules text (not of a rulebook that explains one). (A rulebook passage's rules are hits of their own:
    search puts them right after the passage, in the order the question favours.)"""
    if hit.kind in ("ruling", "scenario"):
        return [r for r in hit.related if r in graph]
    if hit.id not in graph:
        return []
    if hit.kind in NUMBERED and hit.number:
        return [hit.id]
    if hit.kind == "term":  # the rule that defines it, or the glossary entry itself when no rule does
        rule = _defining_rule(graph, hit.id, defined_by)
        return [rule] if rule else [hit.id]
    if hit.kind in ("example", "remark"):
        parent = graph.nodes[hit.id].get("parent")
        return [parent] if parent in graph else []
    if hit.kind in ("paragraph", *NUMBERED):  # "No cards may be played … during the morning phase" is 9.1.0
        parent = graph.nodes[hit.id].get("parent")
        if parent in graph and graph.nodes[parent]["kind"] in NUMBERED and graph.nodes[parent].get("number"):
            return [parent]
        if companions is None:
            companions = companion_documents(graph)
        if (hit.game, hit.document) not in companions:  # a rules text without numbers (Atnia): it is the rule
            return [hit.id]
    return []


def _rulings_by_rule(rulings: list[Ruling]) -> dict[str, list[Ruling]]:
    out: dict[str, list[Ruling]] = {}
    for ruling in rulings:
        for rule in ruling.rules:
            out.setdefault(rule, []).append(ruling)
    return out


def describe_rule(graph: Graph, rule_id: str, score: float, found_by: str, rulings: dict[str, list[Ruling]],
                  results: VerifyResults, crowded: frozenset[str] = frozenset()) -> AskRule:
    """A rule with its parent chain, subrules, references, terms, rulings, passing scenarios and examples
    (``crowded``: the sections whose examples have a page per rule, :func:`kb.urls.crowded_units`)."""
    data = graph.nodes[rule_id]
    subrules = [c for c in children(graph, rule_id) if graph.nodes[c]["kind"] in NUMBERED]
    examples = [ExampleRef(c, graph.nodes[c]["text"], url_of(graph, c), graph.nodes[c]["kind"])
                for c in children(graph, rule_id) if graph.nodes[c]["kind"] in ("example", "remark")]
    for scenario in results.by_rule().get(rule_id, []):
        if scenario.verified:
            examples.append(ExampleRef(scenario.id, scenario.title, scenario_url(graph, scenario.game, scenario.id, scenario.rules, crowded),
                                       "scenario", str(scenario.status)))
    return AskRule(
        id=rule_id, label=label(graph, rule_id), title=data.get("title") or "", text=data.get("text") or "",
        url=url_of(graph, rule_id), score=round(score, 4), found_by=found_by,
        breadcrumb=[_ref(graph, a) for a in ancestors(graph, rule_id)],
        subrules=[_ref(graph, c, True) for c in subrules],
        references=[_ref(graph, r, True) for r in edges_of(graph, rule_id, EdgeKind.REFERENCES)],
        terms=[_ref(graph, t, True) for t in edges_of(graph, rule_id, EdgeKind.USES_TERM)],
        rulings=[RulingRef(r.id, r.question, r.answer, ruling_url(r.game, r.id), r.source)
                 for r in rulings.get(rule_id, [])],
        examples=examples,
        passages=[_ref(graph, p) for p in edges_of(graph, rule_id, EdgeKind.EXPLAINS, incoming=True)],
    )


def ask(question: str, engine: SearchEngine, graph: Graph, rulings: list[Ruling], results: VerifyResults,
        defined_by: dict[str, dict[str, str]], *, limit: int = DEFAULT_RULES, game: str | None = None) -> AskAnswer:
    """Answer a judge's question with the ``limit`` rules that best settle it: search's hits in search's
    order, each as the rules it stands for (a rule first met through a hit keeps that hit's place), so that
    ``ask`` and ``search`` (and the site, which shows search's ranking) agree."""
    found = engine.search(question, game=game, limit=max(CANDIDATE_HITS, limit))
    answer = AskAnswer(question=question, notes=list(found.notes))
    chosen: dict[str, tuple[float, str]] = {}
    companions = companion_documents(graph)
    for hit in found.hits:
        for rule_id in rules_for_hit(graph, hit, defined_by, companions):
            if rule_id not in chosen:
                found_by = ("match" if hit.via == "text" else hit.via) if rule_id == hit.id else f"via {hit.label}"
                chosen[rule_id] = (hit.score, found_by)
    by_rule = _rulings_by_rule(rulings)
    crowded = crowded_units(graph, results.scenarios) if chosen else frozenset()
    for rule_id, (score, found_by) in list(chosen.items())[:limit]:
        answer.rules.append(describe_rule(graph, rule_id, score, found_by, by_rule, results, crowded))
    if not answer.rules and not answer.notes:
        answer.notes.append("no rule matches this question; try other words or `rulekb search`")
    return answer
