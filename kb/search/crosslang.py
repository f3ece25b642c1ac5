"""Which CR rules each rulebook passage corresponds to, so a German (or English) rulebook hit leads to the CR.

The graph links rulebook *sections* to CR rules (``explains``) and German sections to English ones
(``translates``). A judge's hit is usually one paragraph, so each paragraph gets the CR rules that say
what it says: its English counterpart (same position in the translated section) is compared with the CR
rules by TF-IDF, preferring the rules its section explains. Computed once, at index time.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Callable
from math import log, sqrt
from pathlib import Path

from kb.core import memo
from kb.core.graph import Graph, children, descendants, edges_of
from kb.core.nodes import EdgeKind, Node
from kb.core.text import NUMBER_WORDS, STOPWORDS, TfIdf, stem
from kb.search.analysis import DE_STOPWORDS
from kb.search.synonyms import Synonyms

#: How many CR rules a passage leads to, and how similar a rule outside the section's links must be.
RELATED_LIMIT = 5
MIN_SIMILARITY = 0.15
#: The bonus a rule gets for being linked to the passage's section by an ``explains`` edge.
LINKED_BONUS = 0.1
#: Paragraph alignment: German runs about 15 % longer than English; shared anchors pull pairs together;
#: leaving a paragraph unpaired or merging two costs this much.
LENGTH_RATIO = 1.15
ANCHOR_WEIGHT = 3.0
SKIP_COST = 1.5
MERGE_PENALTY = 0.3
#: A passage is split into sentences; each contributes its best rules, in turns.
SENTENCE = re.compile(r"(?<=[.!?;])\s+|\s+[–—-]\s+")
PER_SENTENCE = 2
#: A part of fewer words names what the next part says ("Token – A game element created by an effect"): it is
#: read with it, not matched alone with whatever short rule has the word (a victory token's).
NAME_WORDS = 3
#: A line shorter than this without a full stop is a heading for the paragraph after it.
HEADING_WORDS = 6
#: A paragraph shorter than this without a full stop, after one that ends in a colon, is an item of its list
#: ("Eine verdeckte Karte verliert:" – "Alle ihre Werte"): it is read with that lead-in and its section's title.
ITEM_WORDS = 20
WORD = re.compile(r"[^\W\d_]+", re.UNICODE)
NUMBER = re.compile(r"\d+")
#: The memo of the last matching, kept while the graph of the games with rulebooks and the synonyms are unchanged.
RELATED_MEMO = "related-rules.pickle"
#: The memo of the last alignment of translated paragraphs, kept while the rulebooks and the synonyms are unchanged.
COUNTERPARTS_MEMO = "english-counterparts.pickle"
#: The links that matching follows between documents: a game without them has nothing to match.
MATCHED_LINKS = (EdgeKind.EXPLAINS.value, EdgeKind.TRANSLATES.value)
#: Numbers written as words: the rulebook says "five character slots" where the CR says "5 character slots".
NUMBER_WORD = re.compile(r"\b(" + "|".join(NUMBER_WORDS) + r")\b", re.IGNORECASE)


def _digits(text: str) -> str:
    """English text with its numbers in digits (``five`` → ``5``), so that the rulebook's wording meets the CR's."""
    return NUMBER_WORD.sub(lambda m: str(NUMBER_WORDS[m.group().casefold()]), text)


def _anchors(text: str, translate: Synonyms | None) -> set[str]:
    """What two translations of a paragraph share: numbers, loanwords (``Support``, ``OFV``), and, for German
    text, the English stems its words translate to (from the synonyms file's translations)."""
    words = {w.lower() for w in WORD.findall(text)}
    anchors = {stem(w) for w in words if w not in STOPWORDS and w not in DE_STOPWORDS and len(w) > 2}
    anchors |= set(NUMBER.findall(text))
    if translate is not None:
        for rule in translate.expand(text, "de"):
            anchors |= {stem(w) for alt in rule.alternatives for w in WORD.findall(alt.lower())}
    return anchors


def _cost(de: list[str], en: list[str], de_anchors: list[set[str]], en_anchors: list[set[str]]) -> float:
    """How unlikely it is that these German paragraphs translate these English ones (lower is likelier)."""
    de_len = sum(len(t) for t in de) + 20
    en_len = (sum(len(t) for t in en) + 20) * LENGTH_RATIO
    a = set().union(*de_anchors)
    b = set().union(*en_anchors)
    similarity = len(a & b) / sqrt(len(a) * len(b)) if a and b else 0.0
    return (
        abs(log(de_len / en_len))
        - ANCHOR_WEIGHT * similarity
        + (MERGE_PENALTY if len(de) + len(en) > 2 else 0)
    )


def align_paragraphs(de: list[str], en: list[str], translate: Synonyms | None = None) -> dict[int, list[int]]:
    """Pair a translated section's paragraphs with the original's (German index → English indices).

    A small Gale–Church-style alignment: one-to-one, one-to-two, two-to-one or unpaired, scored by the
    ratio of lengths and the anchors two translations share, so that a paragraph split or dropped in one
    language does not shift every pairing after it.
    """
    de_anchors = [_anchors(t, translate) for t in de]
    en_anchors = [_anchors(t, None) for t in en]
    n, m = len(de), len(en)
    inf = float("inf")
    best = [[inf] * (m + 1) for _ in range(n + 1)]
    back: list[list[tuple[int, int] | None]] = [[None] * (m + 1) for _ in range(n + 1)]
    best[0][0] = 0.0
    for i in range(n + 1):
        for j in range(m + 1):
            if best[i][j] == inf:
                continue
            for di, dj in ((1, 1), (1, 0), (0, 1), (2, 1), (1, 2)):
                ni, nj = i + di, j + dj
                if ni > n or nj > m:
                    continue
                if di and dj:
                    cost = _cost(de[i:ni], en[j:nj], de_anchors[i:ni], en_anchors[j:nj])
                else:
                    cost = SKIP_COST
                if best[i][j] + cost < best[ni][nj]:
                    best[ni][nj] = best[i][j] + cost
                    back[ni][nj] = (di, dj)
    pairs: dict[int, list[int]] = {}
    i, j = n, m
    while (i, j) != (0, 0):
        step = back[i][j]
        assert step is not None  # every cell on the best path was reached by a step
        di, dj = step
        if di and dj:
            for k in range(i - di, i):
                pairs[k] = list(range(j - dj, j))
        i, j = i - di, j - dj
    return pairs


def _nearest_section(graph: Graph, node_id: str) -> str | None:
    parent = graph.node(node_id).parent
    while parent and graph.node(parent).kind != "section":
        parent = graph.node(parent).parent
    return parent


def _flat_paragraphs(graph: Graph, section: str, separate: set[str]) -> list[str]:
    """A section's paragraphs in document order, its items and its subsections' paragraphs too, but not those of a
    subsection in ``separate`` (one translated, and aligned, on its own): the German rulebook lists as items of a
    paragraph ("Wichtige Begriffe": Permanent, Ausrüstung, Spielstein) what the English one heads as a subsection."""
    out: list[str] = []
    stack = list(reversed(children(graph, section)))
    while stack:
        node = stack.pop()
        if node in separate:
            continue
        if graph.node(node).kind == "paragraph":
            out.append(node)
        stack.extend(reversed(children(graph, node)))
    return out


def english_counterparts(graph: Graph, translate: Synonyms | None = None) -> dict[str, list[str]]:
    """For each German section and paragraph, the English nodes it translates (paragraphs aligned per section,
    items and subsections' paragraphs among them); an item left unpaired reads as the paragraph it belongs to."""
    translated = {}
    for section, data in graph.node_items():
        targets = edges_of(graph, section, EdgeKind.TRANSLATES) if data.kind == "section" else []
        if targets:
            translated[section] = targets[0]
    separate = set(translated) | set(translated.values())
    out: dict[str, list[str]] = {}
    for section, target in translated.items():
        out[section] = [target]
        de, en = _flat_paragraphs(graph, section, separate), _flat_paragraphs(graph, target, separate)
        pairs = align_paragraphs(
            [graph.node(p).text for p in de], [graph.node(p).text for p in en], translate
        )
        for i, js in pairs.items():
            out[de[i]] = [en[j] for j in js]
        for paragraph in de:  # in document order: an item's paragraph is paired (or not) before it
            parent = graph.node(paragraph).parent
            if paragraph not in out and parent is not None and graph.node(parent).kind == "paragraph":
                out[paragraph] = out.get(parent, [])
    return out


def _linked_rules(graph: Graph, section: str | None) -> set[str]:
    """The CR rules a section explains, with their subrules (a link to 9.3.0 covers 9.3.5)."""
    if section is None:
        return set()
    linked: set[str] = set()
    for rule in edges_of(graph, section, EdgeKind.EXPLAINS):
        linked.add(rule)
        linked.update(descendants(graph, rule))
    return linked


def _code_files() -> list[Path]:
    """The modules whose code decides the matching (this one, the similarity, the graph walks, the stopwords and
    the synonyms' matching): an edit to one of them invalidates the memo."""
    from kb.core import graph as graph_module
    from kb.core import text
    from kb.search import analysis, synonyms

    return [Path(m.__file__ or "") for m in (graph_module, text, analysis, synonyms)] + [Path(__file__)]


def matching_key(graph: Graph, translate: Synonyms | None) -> str:
    """A digest of everything :func:`related_rules` reads: every node of the games whose documents explain or
    translate one another (its fields but the file it came from), their links, and the synonyms; another game's
    edit leaves it as it was."""
    games: set[str] = set()
    for node_id in graph:
        for other, kinds in graph.linked(node_id).items():
            if any(kind in kinds for kind in MATCHED_LINKS):
                games.update((graph.node(node_id).game, graph.node(other).game))
    return _nodes_key(graph, lambda d: d.game in games, translate, sorted(games))


def counterparts_key(graph: Graph, translate: Synonyms | None) -> str:
    """A digest of everything :func:`english_counterparts` reads: every node of the documents holding translated
    sections and their translations, their links, and the synonyms; an edit to a CR leaves it as it was."""
    documents: set[tuple[str, str]] = set()
    for section, data in graph.node_items():
        targets = edges_of(graph, section, EdgeKind.TRANSLATES) if data.kind == "section" else []
        if targets:
            documents.update((graph.node(n).game, graph.node(n).document) for n in (section, *targets))
    return _nodes_key(graph, lambda d: (d.game, d.document) in documents, translate, sorted(documents))


def _nodes_key(
    graph: Graph, included: Callable[[Node], bool], translate: Synonyms | None, scope: object
) -> str:
    """A digest of the ``included`` nodes (their fields but the file they came from, and their links), the synonyms
    and ``scope`` (what decided which nodes are included)."""
    h = hashlib.blake2b(repr(scope).encode("utf-8"), digest_size=16)
    for node_id, d in graph.node_items():
        if not included(d):
            continue
        fields = (
            node_id,
            d.game,
            d.document,
            str(d.kind),
            d.title,
            d.text,
            d.number,
            d.parent,
            d.order,
            d.line,
        )
        links = sorted((other, sorted(kinds)) for other, kinds in graph.linked(node_id).items())
        h.update(repr((fields, d.aliases, links)).encode("utf-8"))
    h.update(repr(translate.rules if translate is not None else None).encode("utf-8"))
    return h.hexdigest()


def related_rules(
    graph: Graph, translate: Synonyms | None = None, memo_dir: Path | None = None
) -> dict[str, list[str]]:
    """For every rulebook section and paragraph that explains CR rules: those rules, best match first. With
    ``memo_dir``, the last build's matching is reused while nothing it reads has changed (:func:`matching_key`):
    an edit to a scenario, a ruling or a game without rulebooks does not redo it."""
    if memo_dir is None:
        return _related_rules(graph, translate)
    key = (memo.stamp(_code_files()), matching_key(graph, translate))
    return memo.cached(memo_dir / RELATED_MEMO, key, lambda: _related_rules(graph, translate, memo_dir))


def _related_rules(
    graph: Graph, translate: Synonyms | None, memo_dir: Path | None = None
) -> dict[str, list[str]]:
    """:func:`related_rules`, worked out afresh (the paragraphs' alignment reused from ``memo_dir`` while nothing it
    reads has changed: a CR edit does not redo it)."""
    explaining = {u for u, _, k in graph.edges(keys=True) if k == EdgeKind.EXPLAINS.value}
    if not explaining:
        return {}
    games = {graph.node(s).game for s in explaining}
    # A heading without text of its own ("7.1.2 Character Slots") states nothing: its subrules do.
    candidates = {
        n: _digits(f"{d.title} {d.text}")
        for n, d in graph.node_items()
        if d.game in games and d.document == "cr" and d.kind in ("rule", "section") and (d.text or "").strip()
    }
    space = TfIdf(candidates, groups={n: graph.node(n).game for n in candidates})
    if memo_dir is None:
        counterparts = english_counterparts(graph, translate)
    else:
        key = (memo.stamp(_code_files()), counterparts_key(graph, translate))
        counterparts = memo.cached(
            memo_dir / COUNTERPARTS_MEMO, key, lambda: english_counterparts(graph, translate)
        )
    similar: dict[tuple[str, str], list[tuple[str, float]]] = {}  # a sentence met again is compared once
    out: dict[str, list[str]] = {}
    for section in sorted(explaining):
        passages = [
            d
            for d in descendants(graph, section)
            if graph.node(d).kind == "paragraph" and _nearest_section(graph, d) == section
        ]
        linked = _linked_rules(graph, section)
        for node_id in [section, *passages]:
            ranked = _rank(
                graph,
                space,
                node_id,
                section,
                linked,
                _digits(_english_text(graph, node_id, counterparts)),
                similar,
            )
            if ranked:
                out[node_id] = ranked
    return out


def _english_text(graph: Graph, node_id: str, counterparts: dict[str, list[str]]) -> str:
    """The English wording of a passage; a heading-like line ("Revealing Cards") with the paragraph it heads; a list's
    item with the list's lead-in and the section's title ("Face-Down Cards: A face-down card loses: All its values")."""

    def said(node: str) -> str:
        english = counterparts.get(node, [node])
        return " ".join(f"{graph.node(e).title} {graph.node(e).text}" for e in english).strip()

    text = said(node_id)
    lead = _lead_in(graph, node_id, said, lambda section: counterparts.get(section, [section])[0])
    if lead:
        return lead + " " + text
    parent = graph.node(node_id).parent
    if (
        parent is not None
        and graph.node(node_id).kind == "paragraph"
        and len(text.split()) < HEADING_WORDS
        and not text.endswith((".", ":"))
    ):
        siblings = children(graph, parent)
        position = siblings.index(node_id)
        if position + 1 < len(siblings):
            following = counterparts.get(siblings[position + 1], [siblings[position + 1]])
            text += " " + " ".join(graph.node(e).text for e in following)
    return text


def _is_item(text: str) -> bool:
    """A list's item: short, without a full stop (nor a colon of its own)."""
    return len(text.split()) < ITEM_WORDS and not text.rstrip().endswith((".", ":"))


def _lead_in(graph: Graph, node_id: str, said: Callable[[str], str], english: Callable[[str], str]) -> str:
    """The section's title and the lead-in ending in a colon that the paragraph ``node_id`` is an item of (the items
    between them items too), as ``said`` words them and as the section's ``english`` counterpart titles it; empty
    for a paragraph that is no list's item."""
    node = graph.node(node_id)
    if node.kind != "paragraph" or node.parent is None or not _is_item(said(node_id)):
        return ""
    siblings = children(graph, node.parent)
    for previous in reversed(siblings[: siblings.index(node_id)]):
        text = said(previous)
        if text.rstrip().endswith(":"):
            section = _nearest_section(graph, node_id)
            return f"{graph.node(english(section)).title if section else ''}: {text}".strip(": ")
        if not _is_item(text):
            return ""
    return ""


def _statements(text: str) -> list[str]:
    """The sentences of a passage, a name of fewer than ``NAME_WORDS`` words read with the sentence after it."""
    out: list[str] = []
    name = ""
    for sentence in SENTENCE.split(text):
        if len(sentence.split()) < NAME_WORDS:
            name = f"{name} {sentence}".strip()
        else:
            out.append(f"{name} {sentence}".strip())
            name = ""
    return [*out, name] if name else out


def _rank(
    graph: Graph,
    space: TfIdf,
    node_id: str,
    section: str,
    linked_rules: set[str],
    text: str,
    similar: dict[tuple[str, str], list[tuple[str, float]]],
) -> list[str]:
    """The CR rules a passage (given as English text) corresponds to: for each of its sentences the most
    similar rules of its own game (a rule its section explains, ``linked_rules``, gets a bonus), taken in
    turns so that every statement of the passage is represented, best sentence first. Each sentence is
    compared with its own game's rules only, so the work grows with the corpus, not with its square. ``similar``:
    the most similar rules of each (sentence, game) already compared (a heading's paragraph is read twice)."""
    game = graph.node(node_id).game
    linked = {r for r in linked_rules if graph.node(r).game == game}
    per_sentence: list[list[tuple[float, str]]] = []
    for sentence in _statements(text):
        scored = []
        if (sentence, game) not in similar:
            similar[sentence, game] = space.most_similar(sentence, 30, group=game)
        for rule, similarity in similar[sentence, game]:
            bonus = LINKED_BONUS if rule in linked else 0.0
            if similarity + bonus >= MIN_SIMILARITY + (0 if bonus else 0.1):
                scored.append((similarity + bonus, rule))
        if scored:
            per_sentence.append(
                sorted(scored, key=lambda sr: (-sr[0], graph.node(sr[1]).order))[:PER_SENTENCE]
            )
    per_sentence.sort(key=lambda ranked: -ranked[0][0])
    ranked: list[str] = []
    for turn in range(PER_SENTENCE):
        for candidates in per_sentence:
            if turn < len(candidates) and candidates[turn][1] not in ranked:
                ranked.append(candidates[turn][1])
    if not ranked:
        ranked = edges_of(graph, section, EdgeKind.EXPLAINS)
    return ranked[:RELATED_LIMIT]
