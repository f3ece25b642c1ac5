"""The judge's view (``rulekb ask``): the answer first, then the rules that settle a question.

Search finds the entries that match the question; each becomes the CR rules it stands for (a rule itself,
the rule defining a term, the rules a rulebook passage or a ruling corresponds to). For each rule the
graph adds its parent chain, subrules, the rules it references, the definitions of the terms it uses, the
rulebook passages in the question's language; the rulings that cite it and the passing scenarios and CR
examples that demonstrate it come from the rulings file and the verify results. When a ruling settles the
question (search's best ruling for it, resting on the answer's first rule), the answer leads with that
ruling whole, that rule and the proof of an example that demonstrates it. Everything carries its
site link.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

from kb.core.graph import Graph, ancestors, children, edges_of
from kb.core.nodes import EdgeKind
from kb.core.rulings import Ruling
from kb.proof.model import build_proof
from kb.proof.text import outcome_line, start_summary
from kb.rule_view import (
    NUMBERED,
    ExampleRef,
    Ref,
    RulingRef,
    example_refs,
    node_ref,
    ruling_refs,
    rulings_by_rule,
)
from kb.ruling_view import RulingView, build_ruling_view, example_ids
from kb.search.documents import companion_documents, defining_rule
from kb.search.explain import Explanation
from kb.search.explain import explain as explain_hits
from kb.search.results import SearchHit, SearchResult
from kb.search.searcher import SearchEngine
from kb.site_links import SiteLinks
from kb.urls import crowded_units, scenario_url, url_of
from kb.verify.results import ScenarioResult, Status, VerifyResults

#: How many search hits are turned into candidate rules, and how many rules an answer shows by default.
CANDIDATE_HITS = 25
DEFAULT_RULES = 5
#: A ruling leads the answer when it is among search's best ``RULING_HITS`` rulings for the question and rests
#: on the answer's first rule (search's best): it answers the question and is about its rule. The rules keep
#: search's order: a ruling that rests on a lower rule does not reorder them (over the judge questions, that
#: moved the right rule out of first place twice as often as into it).
RULING_HITS = 5
#: Links as the site root names them (what the library returns when no caller turns them into paths or URLs).
SITE_RELATIVE = SiteLinks()


@dataclass
class AskRule:
    """One rule of an answer, with its context, links, rulings and examples; ``rulebook``: the rulebook passages
    explaining it in the question's language, with their text."""

    id: str
    label: str
    title: str
    text: str
    url: str
    found_by: str
    breadcrumb: list[Ref] = field(default_factory=list)
    subrules: list[Ref] = field(default_factory=list)
    references: list[Ref] = field(default_factory=list)
    terms: list[Ref] = field(default_factory=list)
    rulings: list[RulingRef] = field(default_factory=list)
    examples: list[ExampleRef] = field(default_factory=list)
    passages: list[Ref] = field(default_factory=list)
    rulebook: list[Ref] = field(default_factory=list)


@dataclass
class ProofSummary:
    """The proof of an answer in brief: the example, the start in a line or two, its outcome, the rule chain."""

    id: str
    title: str
    status: str
    url: str
    start: list[str]
    outcome: str
    chain: list[str]


@dataclass
class AskAnswer:
    """The answer to a judge's question: the ruling that settles it (if one does), the deciding rule (the
    first of ``rules``), the proof, then the other rules, best first."""

    question: str
    lang: str = "en"
    game: str | None = None
    ruling: RulingView | None = None
    proof: ProofSummary | None = None
    rules: list[AskRule] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    explain: list[Explanation] = field(default_factory=list)  # why search's hits ranked so (only when asked)

    def to_dict(self) -> dict[str, Any]:
        data = asdict(self)
        if not self.explain:
            del data["explain"]
        return data


def rules_for_hit(
    graph: Graph,
    hit: SearchHit,
    defined_by: dict[str, dict[str, str]],
    companions: frozenset[tuple[str, str]] | None = None,
) -> list[str]:
    """The rules a search hit stands for: itself if numbered, a term's defining rule (or the term itself,
    when no rule defines it; the term, then the rule, when that rule is a heading without text), the example's rule
    (or the section's, for an unnumbered paragraph of the CR), a ruling's or scenario's cited rules, an
    unnumbered paragraph of a rules text (not of a rulebook that explains one). (A rulebook passage's rules are hits of their own:
    search puts them right after the passage, in the order the question favours.)"""
    if hit.kind in ("ruling", "scenario"):
        return [r for r in hit.related if r in graph]
    if hit.id not in graph:
        return []
    if hit.kind in NUMBERED and hit.number:
        return [hit.id]
    if (
        hit.kind == "term"
    ):  # the rule that defines it, or the glossary entry itself when no rule does in words
        rule = defining_rule(graph, hit.id, defined_by)
        if rule and not (graph.node(rule).text or "").strip():  # a heading (5.0.3 Resource Pool and Usage)
            return [hit.id, rule]
        return [rule] if rule else [hit.id]
    if hit.kind in ("example", "remark"):
        parent = graph.node(hit.id).parent
        return [parent] if parent is not None and parent in graph else []
    if hit.kind in ("paragraph", *NUMBERED):  # "No cards may be played … during the morning phase" is 9.1.0
        parent = graph.node(hit.id).parent
        if (
            parent is not None
            and parent in graph
            and graph.node(parent).kind in NUMBERED
            and graph.node(parent).number
        ):
            return [parent]
        if companions is None:
            companions = companion_documents(graph)
        if (hit.game, hit.document) not in companions:  # a rules text without numbers (Atnia): it is the rule
            return [hit.id]
    return []


def rulebook_passages(
    graph: Graph, rule_id: str, lang: str, lang_of: Callable[[str], str], found: Sequence[SearchHit] = ()
) -> list[str]:
    """The rulebook passages in ``lang`` with text of their own that explain a rule: the passages among search's
    hits leading to it first (what the question matched), then those the graph links to it, directly or as the
    translation of a passage that does (the German rulebook passage beside a CR rule)."""
    matched = [h.id for h in found if h.lang == lang and h.kind == "paragraph" and rule_id in h.related]
    explaining = edges_of(graph, rule_id, EdgeKind.EXPLAINS, incoming=True)
    linked = [
        *explaining,
        *(
            t
            for p in explaining
            for t in [
                *edges_of(graph, p, EdgeKind.TRANSLATES),
                *edges_of(graph, p, EdgeKind.TRANSLATES, incoming=True),
            ]
        ),
    ]
    return [
        p
        for p in dict.fromkeys([*matched, *linked])
        if p in graph and graph.node(p).text and lang_of(p) == lang
    ]


def describe_rule(
    graph: Graph,
    rule_id: str,
    found_by: str,
    rulings: dict[str, list[Ruling]],
    results: VerifyResults,
    crowded: frozenset[str],
    links: SiteLinks = SITE_RELATIVE,
    lang: str = "en",
    lang_of: Callable[[str], str] = lambda _: "en",
    found: Sequence[SearchHit] = (),
) -> AskRule:
    """A rule with its parent chain, subrules, references, terms, rulings, passing scenarios and examples
    (``crowded``: :func:`kb.urls.crowded_units` of all the results, which place the examples' pages)."""
    data = graph.node(rule_id)
    subrules = [c for c in children(graph, rule_id) if graph.node(c).kind in NUMBERED]

    def ref(node_id: str, with_text: bool = False) -> Ref:
        return node_ref(graph, node_id, links, with_text)

    return AskRule(
        id=rule_id,
        label=graph.node(rule_id).label,
        title=data.title or "",
        text=data.text or "",
        url=links.href(url_of(graph, rule_id)),
        found_by=found_by,
        breadcrumb=[ref(a) for a in ancestors(graph, rule_id)],
        subrules=[ref(c, True) for c in subrules],
        references=[ref(r, True) for r in edges_of(graph, rule_id, EdgeKind.REFERENCES)],
        terms=[ref(t, True) for t in edges_of(graph, rule_id, EdgeKind.USES_TERM)],
        rulings=ruling_refs(rulings.get(rule_id, []), links),
        examples=example_refs(graph, rule_id, results, links, crowded),
        passages=[ref(p) for p in edges_of(graph, rule_id, EdgeKind.EXPLAINS, incoming=True)],
        rulebook=[ref(p, True) for p in rulebook_passages(graph, rule_id, lang, lang_of, found)],
    )


def leading_ruling(
    engine: SearchEngine,
    question: str,
    found: SearchResult,
    first_rule: str,
    rulings: list[Ruling],
    game: str | None = None,
) -> Ruling | None:
    """The ruling that settles the question: search's best ruling for the question (in the game the search
    kept to, else the judge's ``game``, which may be ``all``) that rests on the answer's first rule."""
    by_id = {f"{r.game}:ruling/{r.id}": r for r in rulings}
    for hit in engine.search(question, game=found.game or game, kind="ruling", limit=RULING_HITS).hits:
        ruling = by_id.get(hit.id)
        if ruling and first_rule in ruling.rules:
            return ruling
    return None


def proof_summary(
    graph: Graph, scenario: ScenarioResult, rulings: list[Ruling], links: SiteLinks, crowded: frozenset[str]
) -> ProofSummary:
    """An example's proof in brief, from what verify recorded (``crowded``: :func:`kb.urls.crowded_units`)."""
    proof = build_proof(scenario, [r for r in rulings if r.game == scenario.game])
    return ProofSummary(
        scenario.id,
        proof.title,
        str(proof.status),
        links.href(scenario_url(graph, scenario.game, scenario.id, scenario.rules, crowded)),
        start_summary(proof),
        outcome_line(proof),
        proof.chain,
    )


def demonstrating(ruling: Ruling | None, rule_id: str, results: VerifyResults) -> ScenarioResult | None:
    """The example that proves the answer: the ruling's first verified example, else the rule's first."""
    by_id = results.by_id()
    candidates = [by_id[i] for i in example_ids(ruling, results) if i in by_id] if ruling else []
    candidates += sorted(results.by_rule().get(rule_id, []), key=lambda s: s.id)
    return next((s for s in candidates if s.status == Status.PASSED), None)


def ask(
    question: str,
    engine: SearchEngine,
    graph: Graph,
    rulings: list[Ruling],
    results: VerifyResults,
    defined_by: dict[str, dict[str, str]],
    *,
    limit: int = DEFAULT_RULES,
    game: str | None = None,
    default_game: str | None = None,
    links: SiteLinks = SITE_RELATIVE,
    lang: str | None = None,
    explain: bool = False,
    in_full: Callable[[ScenarioResult], ScenarioResult | None] = lambda scenario: scenario,
) -> AskAnswer:
    """Answer a judge's question with the ``limit`` rules that best settle it: search's hits in search's
    order, each as the rules it stands for (a rule first met through a hit keeps that hit's place), so that
    ``ask`` and ``search`` (and the site, which shows search's ranking) agree. A ruling that settles the
    question (it rests on the first rule) leads. ``game``, ``default_game``: as search takes them; ``lang``: the
    answer's language (the question's when
    None); ``explain``: say why search's hits ranked as they did; ``in_full``: the proof's example with its
    boards, when ``results`` holds only the summary of each (see :func:`kb.verify.results.load_scenario`)."""
    found = engine.search(question, game=game, default_game=default_game, limit=max(CANDIDATE_HITS, limit))
    answer = AskAnswer(question=question, lang=lang or found.lang, game=found.game, notes=list(found.notes))
    if explain:
        answer.explain = explain_hits(engine, found)
    chosen: dict[str, str] = {}
    companions = companion_documents(graph)
    for hit in found.hits:
        for rule_id in rules_for_hit(graph, hit, defined_by, companions):
            if rule_id not in chosen and (found.game is None or graph.node(rule_id).game == found.game):
                chosen[rule_id] = (
                    ("match" if hit.via == "text" else hit.via) if rule_id == hit.id else f"via {hit.label}"
                )
    order = list(chosen)
    lead = leading_ruling(engine, question, found, order[0], rulings, game) if order else None
    crowded = crowded_units(graph, results.scenarios)
    if lead is not None:
        answer.ruling = build_ruling_view(graph, lead, results, links, crowded)
    by_rule = rulings_by_rule(rulings)
    for rule_id in order[:limit]:
        answer.rules.append(
            describe_rule(
                graph,
                rule_id,
                chosen[rule_id],
                by_rule,
                results,
                crowded,
                links,
                answer.lang,
                lambda node_id: (engine.get(node_id) or {}).get("lang", "en"),
                found.hits,
            )
        )
    if answer.rules:
        scenario = demonstrating(lead, answer.rules[0].id, results)
        scenario = in_full(scenario) if scenario is not None else None
        if scenario is not None:
            answer.proof = proof_summary(graph, scenario, rulings, links, crowded)
    if not answer.rules and not answer.notes:
        answer.notes.append("no rule matches this question; try other words or `rulekb search`")
    return answer
