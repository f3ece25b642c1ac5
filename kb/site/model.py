"""The site model: the graph's relations, rulings, scenario results and coverage, indexed once per build."""

from __future__ import annotations

import re
from collections import defaultdict
from dataclasses import dataclass, field
from enum import StrEnum

from kb.core.graph import Graph
from kb.core.links import term_forms
from kb.core.nodes import DocumentMeta, NodeKind
from kb.core.rulings import Ruling
from kb.core.terms import TermForm
from kb.proof.cards import CardLibrary, card_library
from kb.site.coverage import ChapterEntry, CoverageReport, coverage_report
from kb.site.data import SiteData
from kb.site.relations import Relations, build_relations
from kb.site.releases import ReleaseIndex, build_release_index
from kb.urls import crowded_units, ruling_anchor, ruling_page, scenario_anchor, scenario_page
from kb.verify.results import ScenarioResult, Status


class RulingStatus(StrEnum):
    """Whether a ruling's scenarios prove it."""

    DEMONSTRATED = "demonstrated"
    FAILING = "failing"
    UNPROVEN = "not demonstrated"


class RulingKind(StrEnum):
    """Why a ruling is an open question: the CR and the rulebook disagree, or the CR is ambiguous."""

    DISAGREEMENT = "CR/rulebook disagreement"
    AMBIGUITY = "ambiguity"


_RULEBOOK_WORDS = re.compile(r"\b(rulebook|regelbuch)\b", re.IGNORECASE)
_DOCUMENT_WORDS = re.compile(r"\s+(Comprehensive\s+)?Rules(\s+Document)?\s*$", re.IGNORECASE)


@dataclass
class SiteModel:
    """Everything pages are rendered from; built once, read by every page."""

    data: SiteData
    graph: Graph
    relations: Relations
    documents: dict[str, DocumentMeta]  # document node id → its metadata
    rulings: dict[str, Ruling] = field(default_factory=dict)  # id → ruling, in file order
    rulings_by_rule: dict[str, list[Ruling]] = field(default_factory=dict)
    scenarios: dict[str, ScenarioResult] = field(default_factory=dict)
    scenarios_by_rule: dict[str, list[ScenarioResult]] = field(default_factory=dict)
    scenarios_by_ruling: dict[str, list[ScenarioResult]] = field(default_factory=dict)
    scenario_location: dict[str, tuple[str, str]] = field(default_factory=dict)  # id → (page, anchor)
    scenario_number: dict[str, int] = field(default_factory=dict)  # id → its place among its game's scenarios
    crowded: frozenset[str] = (
        frozenset()
    )  # sections whose examples have a page per rule (kb.urls.crowded_units)
    scenarios_by_page: dict[str, list[ScenarioResult]] = field(
        default_factory=dict
    )  # examples page → shown there
    coverage: dict[str, CoverageReport] = field(default_factory=dict)  # game → coverage of its rules document
    term_forms: dict[str, list[TermForm]] = field(default_factory=dict)  # term id → its forms
    #: game → its glossary terms, alphabetically: a glossary reads its game's list, not the whole graph, so that
    #: an edit elsewhere in the graph does not make every game's glossary again.
    terms: dict[str, list[str]] = field(default_factory=dict)
    releases: ReleaseIndex = field(default_factory=ReleaseIndex)  # releases, changes, rule histories
    card_libraries: dict[str, CardLibrary] = field(
        default_factory=dict
    )  # game → its examples' cards, read once
    #: A draft build's failing examples and lint errors (kb.site.draft.Draft), listed on the status page; None else.
    draft: object = None

    def cards_of(self, game: str) -> CardLibrary:
        """The cards a game's examples use, read from its card library once per build."""
        if game not in self.card_libraries:
            paths = self.data.kb.paths
            self.card_libraries[game] = card_library(game, paths.root, self.scenarios_of(game), paths.memo)
        return self.card_libraries[game]

    @property
    def games(self) -> list[str]:
        """The games, in a stable order: the main game first."""
        found = sorted({meta.game for meta in self.documents.values()})
        return sorted(found, key=lambda g: (g != "athernum", g))

    def documents_of(self, game: str) -> list[str]:
        """A game's document node ids: the CR first, then originals before translations, by name."""
        ids = [d for d, meta in self.documents.items() if meta.game == game]
        return sorted(
            ids,
            key=lambda d: (
                self.documents[d].document != "cr",
                bool(self.documents[d].translates),
                self.documents[d].document,
            ),
        )

    def document_name(self, document: str) -> str:
        """A document's short name: ``Comprehensive Rules``, ``Regelbuch für Einsteiger (DE)``."""
        meta = self.documents[document]
        name = meta.title.split(" — ", 1)[-1].strip() or meta.title
        return name if meta.language == "en" else f"{name} ({meta.language.upper()})"

    def game_name(self, game: str) -> str:
        """A game's name as its main document gives it (``Athernum: The Old World``, ``Atnia Card Game``)."""
        documents = self.documents_of(game)
        title = self.documents[documents[0]].title if documents else game
        if " — " in title:
            return title.split(" — ")[0].strip() or game
        return _DOCUMENT_WORDS.sub("", title).strip() or title.strip() or game

    def rulings_of(self, game: str) -> list[Ruling]:
        return [r for r in self.rulings.values() if r.game == game]

    def scenarios_of(self, game: str) -> list[ScenarioResult]:
        return [s for s in self.scenarios.values() if s.game == game]

    def chapters_of(self, game: str) -> list[str]:
        """The chapters of a game's numbered documents, in order."""
        out = []
        for doc in self.documents_of(game):
            out += [
                c for c in self.relations.get("children", doc) if self.graph.node(c).kind == NodeKind.CHAPTER
            ]
        return out

    def terms_of(self, game: str) -> list[str]:
        """A game's glossary terms, alphabetically."""
        return list(self.terms.get(game, []))

    def group_of(self, node_id: str) -> ChapterEntry | None:
        """The coverage group (chapter, first number or section) a node belongs to, through its parents."""
        if node_id not in self.graph:
            return None
        report = self.coverage.get(self.graph.node(node_id).game)
        node: str | None = node_id
        while report is not None and node is not None and node in self.graph:
            if node in report.group_of:
                return report.group_of[node]
            node = self.graph.node(node).parent
        return None

    def ruling_location(self, ruling: Ruling) -> tuple[str, str]:
        return ruling_page(ruling.game), ruling_anchor(ruling.id)

    def ruling_scenarios(self, ruling: Ruling) -> tuple[list[ScenarioResult], list[str]]:
        """The results of the scenarios demonstrating a ruling, and the ids it names that have no result."""
        found = {s.id: s for s in self.scenarios_by_ruling.get(ruling.id, [])}
        missing = []
        for sid in ruling.scenarios:
            if sid in self.scenarios:
                found.setdefault(sid, self.scenarios[sid])
            else:
                missing.append(sid)
        return list(found.values()), missing

    def ruling_status(self, ruling: Ruling) -> RulingStatus:
        """Demonstrated when it has scenarios and every one passes; failing when one does not."""
        results, missing = self.ruling_scenarios(ruling)
        if any(s.status in (Status.FAILED, Status.ERROR) for s in results):
            return RulingStatus.FAILING
        if results and not missing and all(s.status == Status.PASSED for s in results):
            return RulingStatus.DEMONSTRATED
        return RulingStatus.UNPROVEN

    def ruling_kind(self, ruling: Ruling) -> RulingKind | None:
        """A disagreement when the ruling cites or names the rulebook; an ambiguity when it interprets."""
        cites_rulebook = any(
            r in self.graph and self.graph.node(r).document.startswith("rulebook") for r in ruling.rules
        )
        words = f"{ruling.question} {ruling.answer} {ruling.reasoning}"
        if cites_rulebook or ruling.source == "rulebook" or _RULEBOOK_WORDS.search(words):
            return RulingKind.DISAGREEMENT
        if ruling.source == "interpretation":
            return RulingKind.AMBIGUITY
        return None


def _term_forms(graph: Graph, data: SiteData) -> dict[str, list[TermForm]]:
    terms = [d for _, d in graph.node_items() if d.kind == NodeKind.TERM]
    forms: dict[str, list[TermForm]] = defaultdict(list)
    for form in term_forms(terms, data.kb.curated):
        forms[form.term_id].append(form)
    return dict(forms)


def _terms(graph: Graph) -> dict[str, list[str]]:
    """Each game's glossary terms, alphabetically."""
    terms: dict[str, list[str]] = defaultdict(list)
    for node_id, node in graph.node_items():
        if node.kind == NodeKind.TERM:
            terms[node.game].append(node_id)
    return {game: sorted(ids, key=lambda t: graph.node(t).title.lower()) for game, ids in terms.items()}


def build_model(data: SiteData) -> SiteModel:
    """Index the graph, rulings and results once; every page then reads from the indexes."""
    graph = data.kb.graph
    relations = build_relations(graph)
    documents = {d.id: d.meta for d in data.kb.documents if d.id in graph}
    model = SiteModel(
        data=data,
        graph=graph,
        relations=relations,
        documents=documents,
        term_forms=_term_forms(graph, data),
        terms=_terms(graph),
    )
    by_rule: dict[str, list[Ruling]] = defaultdict(list)
    for ruling in data.rulings:
        model.rulings.setdefault(ruling.id, ruling)
        for rule in ruling.rules:
            by_rule[rule].append(ruling)
    model.rulings_by_rule = dict(by_rule)
    scenarios_by_rule: dict[str, list[ScenarioResult]] = defaultdict(list)
    scenarios_by_ruling: dict[str, list[ScenarioResult]] = defaultdict(list)
    numbered: dict[str, int] = defaultdict(int)
    model.crowded = crowded_units(graph, data.results.scenarios)
    for scenario in data.results.scenarios:
        if scenario.id in model.scenarios:
            continue
        model.scenarios[scenario.id] = scenario
        model.scenario_number[scenario.id] = numbered[scenario.game]
        numbered[scenario.game] += 1
        model.scenario_location[scenario.id] = (
            scenario_page(graph, scenario.game, scenario.rules, model.crowded),
            scenario_anchor(scenario.id),
        )
        model.scenarios_by_page.setdefault(model.scenario_location[scenario.id][0], []).append(scenario)
        for rule in dict.fromkeys(scenario.rules):
            scenarios_by_rule[rule].append(scenario)
        for ruling_id in dict.fromkeys(scenario.rulings):
            scenarios_by_ruling[ruling_id].append(scenario)
    model.scenarios_by_rule = dict(scenarios_by_rule)
    model.scenarios_by_ruling = dict(scenarios_by_ruling)
    for game in model.games:
        report = coverage_report(
            graph, game, data.results, data.not_testable.get(game, {}), model.scenarios_by_rule
        )
        if report is not None and report.chapters:
            model.coverage[game] = report
    model.releases = build_release_index(graph, relations, data.releases, data.history)
    return model
