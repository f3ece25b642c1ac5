"""What the index holds: one ``IndexDoc`` per graph node, ruling and scenario, with what a result shows."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from contextlib import suppress
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from weakref import WeakKeyDictionary

from kb.core.graph import Graph, ancestors, children, descendants, edges_of
from kb.core.nodes import EdgeKind
from kb.core.rulings import Ruling
from kb.rule_view import NUMBERED
from kb.search.crosslang import related_rules
from kb.search.schema import KIND_TO_CATEGORY
from kb.search.synonyms import Synonyms
from kb.urls import crowded_units, ruling_url, scenario_url, url_of
from kb.verify.results import ScenarioResult, VerifyResults

#: Node kinds whose subtree a rule-number jump lists after the node itself.
WITH_SUBRULES = ("chapter", "section", "rule")


@dataclass
class IndexDoc:
    """One searchable entry: a rule, term, passage, example, ruling or scenario, ready to index."""

    id: str
    game: str
    document: str
    kind: str
    title: str
    text: str
    url: str
    lang: str = "en"
    context: str = ""
    number: str = ""
    label: str = ""
    breadcrumb: list[str] = field(default_factory=list)
    keys: list[str] = field(default_factory=list)
    terms: list[str] = field(default_factory=list)
    related: list[str] = field(default_factory=list)
    #: The rules of ``related`` the entry is about, the others being cited on the way: a ruling's first rule
    #: (the one its question asks about). They get the entry's whole lift in the ranking, the others less.
    #: Empty: all of them (a scenario's expectations name the rules its steps apply, not its subject).
    primary: list[str] = field(default_factory=list)
    subrules: list[str] = field(default_factory=list)
    parent: str = ""
    order: int = 0
    source: str = ""
    extra: dict[str, Any] = field(default_factory=dict[str, Any])
    #: The other languages this entry's document exists in (a rulebook and its translation), not indexed:
    #: the build records them per document in the index's metadata (``translated``).
    translated: tuple[str, ...] = ()

    @property
    def category(self) -> str:
        return KIND_TO_CATEGORY.get(self.kind, "rule")

    def fields(self) -> dict[str, Any]:
        """The Whoosh fields of this entry: searched text in its language's fields, display data stored."""
        lang = "de" if self.lang == "de" else "en"
        body = self.text if self.kind not in ("ruling", "scenario") else self.extra.get("body", self.text)
        return {
            "id": self.id,
            "keys": ",".join(self.keys),
            "number": self.number or "",
            "game": self.game,
            "document": self.document,
            "docid": f"{self.game}:{self.document}",
            "kind": self.kind,
            "category": self.category,
            "lang": lang,
            "terms": " ; ".join(self.terms),
            f"title_{lang}": self.title,
            f"body_{lang}": body,
            f"context_{lang}": self.context,
            "order": self.order,
            "title": self.title,
            "text": self.text,
            "label": self.label or self.title or self.id,
            "breadcrumb": self.breadcrumb,
            "url": self.url,
            "related": self.related,
            "primary": self.primary,
            "subrules": self.subrules,
            "parent": self.parent,
            "source": self.source,
            "extra": self.extra,
        }


def _keys_by_node(lookup_keys: dict[str, str]) -> dict[str, list[str]]:
    by_node: dict[str, list[str]] = {}
    for key, node_id in lookup_keys.items():
        if "," not in key:
            by_node.setdefault(node_id, []).append(key)
    return by_node


def context_of(graph: Graph, node_id: str) -> str:
    """The words a node inherits from where it sits: its parent's title and text (not a whole document's),
    and the paragraph before it when that introduces it (ends in a colon) or, in prose without rule
    numbers (the rulebooks), simply precedes it."""
    data = graph.node(node_id)
    parent = data.parent
    if parent is None or parent not in graph or graph.node(parent).kind == "document" or data.kind == "term":
        return ""
    parts = [graph.node(parent).title or "", graph.node(parent).text or ""]
    prose = data.kind == "paragraph" and not graph.node(parent).number
    siblings = children(graph, parent)
    before = siblings[: siblings.index(node_id)] if node_id in siblings else []
    for sibling in reversed(before):
        if graph.node(sibling).kind == "paragraph":
            text = graph.node(sibling).text or ""
            if prose or text.rstrip().endswith(":"):
                parts.append(text)
            break
    return "\n".join(p for p in parts if p)


def translated_documents(graph: Graph, languages: dict[str, str]) -> dict[str, tuple[str, ...]]:
    """For each document (``game:document``) that has a translation, the languages it is translated into or
    from: its sections' ``translates`` links, in either direction."""
    out: dict[str, set[str]] = {}
    for node_id, data in graph.node_items():
        if data.kind != "section":
            continue
        source = f"{data.game}:{data.document}"
        for target in edges_of(graph, node_id, EdgeKind.TRANSLATES):
            other = graph.node(target)
            target_doc = f"{other.game}:{other.document}"
            out.setdefault(target_doc, set()).add(languages.get(source, "en"))
            out.setdefault(source, set()).add(languages.get(target_doc, "en"))
    return {docid: tuple(sorted(langs)) for docid, langs in out.items()}


def defining_rule(graph: Graph, term_id: str, defined_by: dict[str, dict[str, str]]) -> str | None:
    """The rule that defines a glossary term: its curated ``defined_by``, the numbered rule it hangs under, or
    the passage it hangs under in a rules text without numbers (Atnia's terms, whose passages are the rules)."""
    data = graph.node(term_id)
    number = defined_by.get(data.game, {}).get(data.title)
    if number and f"{data.game}:{number}" in graph:
        return f"{data.game}:{number}"
    parent = data.parent
    if parent is None or parent not in graph:
        return None
    if graph.node(parent).kind in NUMBERED and graph.node(parent).number:
        return parent
    if graph.node(parent).kind == "paragraph":
        return parent
    return None


#: Each graph's companion documents, worked out once: ``rulekb ask`` needs them for every question (a walk over
#: every edge, 3 ms on the graph's plain view) and a graph is not changed once built (kb.core.graph.build_graph).
#: Held weakly, so that a graph that is gone (and a new one given its id) is never answered from here.
_COMPANIONS: WeakKeyDictionary[object, frozenset[tuple[str, str]]] = WeakKeyDictionary()


def companion_documents(graph: Graph) -> frozenset[tuple[str, str]]:
    """The (game, document) pairs whose passages explain or translate another document's rules (rulebooks),
    worked out once per graph (see ``_COMPANIONS``)."""
    try:
        return _COMPANIONS[graph]
    except (KeyError, TypeError):  # not worked out yet; or a graph that cannot be referred to weakly
        found = _companion_documents(graph)
    with suppress(TypeError):  # such a graph is worked out on every call
        _COMPANIONS[graph] = found
    return found


def _companion_documents(graph: Graph) -> frozenset[tuple[str, str]]:
    """The (game, document) pairs of the sources of the graph's EXPLAINS and TRANSLATES edges."""
    linking = (EdgeKind.EXPLAINS.value, EdgeKind.TRANSLATES.value)
    return frozenset(
        (graph.node(u).game, graph.node(u).document)
        for u, _, kind in graph.edges(keys=True)
        if kind in linking
    )


def _defining(graph: Graph, term_id: str, defined_by: dict[str, dict[str, str]]) -> list[str]:
    """The rule that defines a glossary entry, as the entry's one related rule (none when no rule does)."""
    rule = defining_rule(graph, term_id, defined_by)
    return [rule] if rule else []


def graph_documents(
    graph: Graph,
    lookup_keys: dict[str, str],
    languages: dict[str, str],
    synonyms: Synonyms | None = None,
    defined_by: dict[str, dict[str, str]] | None = None,
    memo_dir: Path | None = None,
) -> Iterator[IndexDoc]:
    """An entry for every node of the graph: documents, chapters, sections, rules, terms, passages, examples.
    A glossary entry leads to the rule that defines it (``defined_by``: game → term → rule number); the
    cross-language matching is kept in ``memo_dir`` while its inputs are unchanged."""
    keys = _keys_by_node(lookup_keys)
    related = related_rules(graph, synonyms, memo_dir)
    translated = translated_documents(graph, languages)
    ordered = sorted(
        graph.nodes,
        key=lambda n: (graph.node(n).game, graph.node(n).document, graph.node(n).order, n),
    )
    for position, node_id in enumerate(ordered):
        data = graph.node(node_id)
        kind = str(data.kind)
        subrules: list[str] = []
        if kind in WITH_SUBRULES:
            subrules = descendants(graph, node_id)
        elif kind == "document" and data.document != "cr":
            subrules = children(graph, node_id)
        yield IndexDoc(
            id=node_id,
            game=data.game,
            document=data.document,
            kind=kind,
            title=data.title or "",
            text=data.text or "",
            url=url_of(graph, node_id),
            lang=languages.get(f"{data.game}:{data.document}", "en"),
            context=context_of(graph, node_id),
            number=data.number or "",
            label=graph.node(node_id).label,
            breadcrumb=[graph.node(a).label for a in ancestors(graph, node_id)],
            keys=sorted(keys.get(node_id, [node_id.casefold()])),
            terms=[data.title, *(data.aliases or [])] if kind == "term" else [],
            related=_defining(graph, node_id, defined_by or {})
            if kind == "term"
            else related.get(node_id, []),
            subrules=subrules,
            parent=data.parent or "",
            order=position,
            source=f"{data.path}:{data.line}",
            translated=translated.get(f"{data.game}:{data.document}", ()),
        )


def ruling_documents(rulings: Iterable[Ruling], start: int = 0) -> Iterator[IndexDoc]:
    """An entry per ruling: the question as title, the answer as text, the rules it cites as related (the
    first, which it answers about, as primary)."""
    for offset, ruling in enumerate(rulings):
        qualified = f"{ruling.game}:ruling/{ruling.id}"
        yield IndexDoc(
            id=qualified,
            game=ruling.game,
            document="rulings",
            kind="ruling",
            title=ruling.question,
            text=ruling.answer,
            url=ruling_url(ruling.game, ruling.id),
            label=ruling.id,
            breadcrumb=["Rulings"],
            keys=[qualified.casefold(), f"{ruling.game}:{ruling.id}".casefold()],
            related=list(ruling.rules),
            primary=list(ruling.rules[:1]),
            order=start + offset,
            source=f"{ruling.path}:{ruling.line}",
            extra={
                "body": ruling.answer,
                "scenarios": list(ruling.scenarios),
                "source": ruling.source,
                "date": ruling.date,
            },
        )


def scenario_local(scenario: ScenarioResult) -> str:
    """A scenario's id without its game folder: ``athernum/combat/x`` → ``combat/x``."""
    prefix = f"{scenario.game}/"
    return scenario.id[len(prefix) :] if scenario.id.startswith(prefix) else scenario.id


def scenario_documents(graph: Graph, results: VerifyResults, start: int = 0) -> Iterator[IndexDoc]:
    """An entry per verified scenario, with its status, the rules it demonstrates and its steps."""
    crowded = crowded_units(graph, results.scenarios)
    for offset, scenario in enumerate(results.scenarios):
        qualified = f"{scenario.game}:scenario/{scenario_local(scenario)}"
        steps = "\n".join(step.text for step in scenario.steps)
        yield IndexDoc(
            id=qualified,
            game=scenario.game,
            document="scenarios",
            kind="scenario",
            title=scenario.title,
            text=steps or scenario.title,
            url=scenario_url(graph, scenario.game, scenario.id, scenario.rules, crowded),
            label=scenario.id,
            breadcrumb=["Scenarios"],
            keys=[qualified.casefold(), scenario.id.casefold()],
            related=list(scenario.rules),
            order=start + offset,
            source=scenario.path,
            extra={
                "body": "\n".join([scenario.title, steps, scenario.reason]),
                "status": str(scenario.status),
                "rulings": list(scenario.rulings),
            },
        )


def collect_documents(
    graph: Graph,
    lookup_keys: dict[str, str],
    languages: dict[str, str],
    rulings: list[Ruling],
    results: VerifyResults,
    synonyms: Synonyms | None = None,
    defined_by: dict[str, dict[str, str]] | None = None,
    memo_dir: Path | None = None,
) -> list[IndexDoc]:
    """Everything the index holds: the graph's nodes, then rulings, then scenario results (``memo_dir``: where
    the cross-language matching is kept between builds)."""
    docs = list(graph_documents(graph, lookup_keys, languages, synonyms, defined_by, memo_dir))
    docs.extend(ruling_documents(rulings, start=len(docs)))
    docs.extend(scenario_documents(graph, results, start=len(docs)))
    return docs
