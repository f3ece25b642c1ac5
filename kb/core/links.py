"""Computed edges of the rule graph: references, uses-term, translates and explains."""

from __future__ import annotations

import hashlib
import re
from collections.abc import Iterable
from functools import partial

from kb.core.curated import Curated
from kb.core.errors import Problem, Severity
from kb.core.ids import repair_scanned_number
from kb.core.memo import Recall
from kb.core.nodes import Node, NodeKind, SourceDocument
from kb.core.terms import TermForm, TermMatcher, is_abbreviation
from kb.core.text import TfIdf, stems

CR_REFERENCE = re.compile(r"(?<![\w.])(\d+\.\d+\.(?:\d+|[A-Z])[a-z]?(?:\.[IVXl]+[a-z]?)?)(?![\w])")
DOTTED_REFERENCE = re.compile(r"(?<![\w.])(\d+(?:\.(?:\d+|[a-z]))+)(?![\w])")

#: Kinds of node whose text is rule text (searched for references and terms).
TEXT_KINDS = (
    NodeKind.RULE,
    NodeKind.SECTION,
    NodeKind.CHAPTER,
    NodeKind.PARAGRAPH,
    NodeKind.EXAMPLE,
    NodeKind.REMARK,
    NodeKind.TERM,
)

EXPLAINS_LIMIT = 6
EXPLAINS_MIN_SCORE = 0.12
EXPLAINS_RELATIVE = 0.5


def references(
    document: SourceDocument, known: set[str], display: str
) -> tuple[list[tuple[str, str]], list[Problem]]:
    """(from, to) pairs for every rule number a node's text mentions, and a problem for each unknown one."""
    if document.meta.numbering == "none":
        return [], []
    pattern = CR_REFERENCE if document.meta.numbering == "cr" else DOTTED_REFERENCE
    edges: list[tuple[str, str]] = []
    problems: list[Problem] = []
    for node in document.nodes:
        if node.kind not in TEXT_KINDS:
            continue
        for match in pattern.finditer(f"{node.title} {node.text}"):
            number = match.group(1).rstrip(".")
            if document.meta.numbering == "cr":
                number = repair_scanned_number(number)
            elif number.count(".") < 1 or number == node.number:
                continue
            target = f"{node.game}:{number}"
            if target == node.id:
                continue
            if target in known:
                edges.append((node.id, target))
            else:
                problems.append(
                    Problem(
                        display,
                        node.line,
                        "reference",
                        f"{node.id} refers to {number}, which is not a rule of {document.id}",
                        Severity.WARNING if document.meta.is_excerpt else Severity.ERROR,
                        code="dangling-reference",
                    )
                )
    return edges, problems


def term_forms(terms: Iterable[Node], curated: Curated) -> list[TermForm]:
    """Every way each glossary term may be written: its name, the parts of ``A / B``, and curated aliases."""
    forms: list[TermForm] = []
    for term in terms:
        names = {term.title, *term.aliases}
        names |= set(curated.aliases.get(term.game, {}).get(term.title, ()))
        for name in sorted(names):  # in one order in every process (a set's order is not)
            forms.append(TermForm(term.id, name, case_sensitive=is_abbreviation(name)))
    return forms


#: Each game's term matcher by the digest of its forms, for a process that builds the graph again and again
#: (``rulekb serve``): compiling a pattern per form took more than matching the one edited text.
_MATCHERS: dict[str, TermMatcher] = {}


def _forms_key(forms: list[TermForm]) -> str:
    """A digest of a game's term forms: what, besides a text, decides the terms found in it."""
    listed = sorted((f.term_id, f.form, f.case_sensitive) for f in forms)
    return hashlib.blake2b(repr(listed).encode(), digest_size=16).hexdigest()


def uses_term(
    nodes: Iterable[Node], terms: list[Node], curated: Curated, recall: Recall[list[str]] | None = None
) -> list[tuple[str, str]]:
    """(node, term) pairs for every glossary term of its game that a node's text uses. ``recall``: the terms found
    in each text by each game's forms in an earlier build, so that only edited texts are matched again (matching
    every node's text against every form took most of building the graph)."""
    recall = recall if recall is not None else Recall()
    forms = {
        game: term_forms([t for t in terms if t.game == game], curated) for game in {t.game for t in terms}
    }
    keys = {game: _forms_key(found) for game, found in forms.items()}

    def matched(game: str, text: str) -> list[str]:
        matcher = _MATCHERS.get(keys[game])
        if matcher is None:
            if len(_MATCHERS) >= len(forms) * 2:  # older glossaries' forms: compiled anew if they come back
                _MATCHERS.clear()
            matcher = _MATCHERS[keys[game]] = TermMatcher(forms[game])
        return matcher.terms_in(text)

    edges = []
    for node in nodes:
        if (
            node.game not in forms
            or node.kind not in TEXT_KINDS
            or (node.kind == NodeKind.TERM and not node.text)
        ):
            continue
        text = node.text if node.kind != NodeKind.SECTION else f"{node.title}. {node.text}"
        for term_id in recall.get((keys[node.game], text), partial(matched, node.game, text)):
            if term_id != node.id:
                edges.append((node.id, term_id))
    return edges


def sections(document: SourceDocument) -> list[Node]:
    return [n for n in document.nodes if n.kind == NodeKind.SECTION]


def translations(source: SourceDocument, target: SourceDocument, curated: Curated) -> list[tuple[str, str]]:
    """(translated section, original section) pairs: sections paired in order, curated pairs overriding.

    The German rulebook follows the English one heading for heading; where it folds several English
    sections into one, the unpaired English sections are left without a translation.
    """
    pairs = dict(zip((s.id for s in sections(source)), (s.id for s in sections(target))))
    for de, en in curated.translates.items():
        if de in pairs or any(de == s.id for s in sections(source)):
            if en is None:
                pairs.pop(de, None)
            else:
                pairs[de] = en
    return sorted(pairs.items())


def section_text(document: SourceDocument, section: Node) -> str:
    """A section's own words: its title, its text and the paragraphs under it (not its sub-sections)."""
    parts = [section.title, section.text]
    owned = {section.id}
    for node in document.nodes:
        if node.parent in owned and node.kind == NodeKind.PARAGRAPH:
            owned.add(node.id)
            parts.append(node.text)
    return "\n".join(parts)


def explanations(
    rulebook: SourceDocument, cr: SourceDocument, curated: Curated, recall: Recall[list[str]] | None = None
) -> list[tuple[str, str]]:
    """(rulebook section, CR rule) pairs: the CR rules most similar in wording, with curated overrides.
    ``recall``: the stems of texts stemmed in an earlier build, so that only edited texts are stemmed again."""
    candidates = {
        n.id: f"{n.title} {n.text}" for n in cr.nodes if n.kind in (NodeKind.RULE, NodeKind.SECTION)
    }
    known = recall if recall is not None else Recall()
    space = TfIdf(candidates, stemmer=lambda text: known.get(("stems", text), partial(stems, text)))
    edges: list[tuple[str, str]] = []
    for section in sections(rulebook):
        text = section_text(rulebook, section)
        ranked = space.most_similar(text, EXPLAINS_LIMIT)
        best = ranked[0][1] if ranked else 0.0
        chosen = [
            rid for rid, score in ranked if score >= EXPLAINS_MIN_SCORE and score >= best * EXPLAINS_RELATIVE
        ]
        removed = set(curated.explains_remove.get(section.id, []))
        for rid in [*chosen, *curated.explains_add.get(section.id, [])]:
            if rid not in removed and (section.id, rid) not in edges:
                edges.append((section.id, rid))
    return edges
