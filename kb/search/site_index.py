"""The search index as the site's browser ranker reads it: ``assets/rulekb/search-index.js``.

Written with every index generation (beside the postings, from the same inverted entries), and copied
into the site by the build. It holds what ``assets/rulekb/search.js`` needs to rank exactly as
``SearchEngine.search``: the postings as each document's sequence of terms (``site_packing``; the browser reads
the same frequencies and positions back, and computes the same BM25F parts), each entry's field lengths as
Whoosh stores them, what a result shows, the id spellings, the synonyms, and the analysis word lists and ranking constants
read from the Python modules, so that a change to a constant reaches both front-ends.
"""

from __future__ import annotations

import json
import os
import re
from typing import Any

from kb.rule_view import NUMBERED
from kb.search import analysis, ask, conditions, definitions, fuzzy, query, shapes, snippets
from kb.search import matching as evaluator
from kb.search import searcher as engine
from kb.search.filters import DOCUMENT_KINDS
from kb.search.postings import K1, B, Inverted
from kb.search.schema import ALL_TEXT_FIELDS, BOOSTS, CATEGORIES, KIND_PRIOR, TEXT_FIELDS
from kb.search.site_packing import pack_entries, pack_field
from kb.search.synonyms import Synonyms

SITE_INDEX_FILE = "search-index.js"
#: Where the site keeps it, beside the ranker (``search.js``, shipped with the theme).
SITE_ASSETS = "assets/rulekb"
#: Bumped whenever the layout below changes; search.js refuses another format.
SITE_INDEX_FORMAT = 4


def _js_pattern(pattern: re.Pattern[str]) -> str:
    """A Python regular expression as JavaScript writes it (named groups ``(?<x>…)``; compiled there with the
    ``iu`` flags, the Python ones being IGNORECASE and UNICODE)."""
    return pattern.pattern.replace("(?P<", "(?<")


def constants() -> dict[str, Any]:
    """The ranking's numbers and word lists, as the Python modules define them."""
    return {
        "K1": K1,
        "B": B,
        "BOOSTS": BOOSTS,
        "TEXT_FIELDS": TEXT_FIELDS,
        "ALL_TEXT_FIELDS": ALL_TEXT_FIELDS,
        "KIND_PRIOR": KIND_PRIOR,
        "CATEGORIES": CATEGORIES,
        "DOCUMENT_KINDS": DOCUMENT_KINDS,
        "JUMP_SCORE": engine.JUMP_SCORE,
        "CANDIDATE_HITS": ask.CANDIDATE_HITS,
        "RULING_HITS": ask.RULING_HITS,
        "NUMBERED": list(NUMBERED),
        "DEFINING_KINDS": list(engine.DEFINING_KINDS),
        "FEW_HITS": engine.FEW_HITS,
        "RELATED_FACTOR": engine.RELATED_FACTOR,
        "RELATED_DECAY": engine.RELATED_DECAY,
        "SECONDARY_SHARE": engine.SECONDARY_SHARE,
        "LEAD": engine.LEAD,
        "SUBRULE_MARGIN": engine.SUBRULE_MARGIN,
        "OVERVIEW_KINDS": list(engine.OVERVIEW_KINDS),
        "CANDIDATES": engine.CANDIDATES,
        "RELATED_HITS": engine.RELATED_HITS,
        "VOCABULARY_MIN_ENTRIES": engine.VOCABULARY_MIN_ENTRIES,
        "VOCABULARY_SHARE": engine.VOCABULARY_SHARE,
        "VOCABULARY_RATIO": engine.VOCABULARY_RATIO,
        "NAMED_RATIO": engine.NAMED_RATIO,
        "JUMP_SPACING": engine.JUMP_SPACING,
        "ALL_GAMES": engine.ALL_GAMES,
        "PAIR_FIELDS": query.PAIR_FIELDS,
        "PAIR_WEIGHT": query.PAIR_WEIGHT,
        "DEFINITION_PATTERNS": [_js_pattern(p) for p in definitions.PATTERNS],
        "DEFINITION_POSSESSIVE": _js_pattern(definitions.POSSESSIVE),
        "DEFINITION_ALTERNATIVES": _js_pattern(definitions.ALTERNATIVES),
        "DEFINITION_ARTICLE": _js_pattern(definitions.ARTICLE),
        "DEFINITION_QUALIFIER": _js_pattern(definitions.QUALIFIER),
        "DEFINITION_CARD_NOUN": _js_pattern(definitions.CARD_NOUN),
        "SHAPES": [
            {
                "name": shape.name,
                "patterns": [_js_pattern(p) for p in shape.patterns],
                "answers": [
                    {
                        "says": _js_pattern(a.says),
                        "scope": a.scope,
                        "asked": a.asked and _js_pattern(a.asked),
                        "also": a.also and _js_pattern(a.also),
                    }
                    for a in shape.answers
                ],
            }
            for shape in shapes.SHAPES
        ],
        "SHAPE_ALTERNATIVES": _js_pattern(shapes.ALTERNATIVES),
        "SHAPE_ARTICLE": _js_pattern(shapes.ARTICLE),
        "SHAPE_TRIM": shapes.TRIM,
        "SHAPE_CLAUSE": _js_pattern(shapes.CLAUSE),
        "SHAPE_QUALIFIER": _js_pattern(shapes.QUALIFIER),
        "SYNONYM_BOOST": query.SYNONYM_BOOST,
        "TRANSLATION_WEIGHT": query.TRANSLATION_WEIGHT,
        "LANGUAGE_BOOST": query.LANGUAGE_BOOST,
        "COMPOUND_PART_WEIGHT": query.COMPOUND_PART_WEIGHT,
        "CONDITIONS": [
            {"pattern": _js_pattern(c.pattern), "words": list(c.words), "weight": c.weight}
            for c in conditions.CONDITIONS
        ],
        "LOANWORD_PART_WEIGHT": query.LOANWORD_PART_WEIGHT,
        "ID_PREFIXES": sorted(query.ID_PREFIXES),
        "FILTER_NAMES": query.FILTER_NAMES,
        "OPERATORS": sorted(query.OPERATORS),
        "GERMAN_WORDS": sorted(query.GERMAN_WORDS),
        "NOT_SCORE": evaluator.NOT_SCORE,
        "FUZZY_BOOST": fuzzy.FUZZY_BOOST,
        "MAX_CORRECTIONS": fuzzy.MAX_CORRECTIONS,
        "SNIPPET_WIDTH": snippets.WIDTH,
        "SNIPPET_LEAD": snippets.LEAD,
        "EN_STOPWORDS": sorted(analysis.EN_STOPWORDS),
        "DE_STOPWORDS": sorted(analysis.DE_STOPWORDS),
        "LINKS": list(analysis.LINKS),
        "MIN_PART": analysis.MIN_PART,
        "MAX_PARTS": analysis.MAX_PARTS,
        "VERB_ENDINGS": list(analysis.VERB_ENDINGS),
        "ADJECTIVE_ENDINGS": list(analysis.ADJECTIVE_ENDINGS),
        "STRONG_VOWEL": analysis.STRONG_VOWEL.pattern,
        "SEPARABLE_PREFIXES": analysis.SEPARABLE_PREFIXES,
        "NEGATING_WORDS": sorted(analysis.NEGATING_WORDS),
        "NEGATION_SCOPE": analysis.NEGATION_SCOPE,
        "NEGATION_BONUS": engine.NEGATION_BONUS,
        "SECONDARY_KINDS": list(engine.SECONDARY_KINDS),
        "JUMP_REASONS": list(engine.JUMP_REASONS),
        "IDIOM_MARK": analysis.IDIOM_MARK,
    }


def _shown(
    stored: dict[str, Any], examples: list[int], parent: int, docnum_of: dict[str, int]
) -> dict[str, Any]:
    """What a result shows of one entry: id, game, document, kind, language, number, title, text, url, label,
    related and subrules (docnums), the examples proving a ruling (docnums), the parent (docnum, -1 for none),
    the related rules a ruling or scenario is about (docnums, ``IndexDoc.primary``)."""

    def docnums(ids: list[str] | None) -> list[int]:
        return [docnum_of[i] for i in ids or () if i in docnum_of]

    return {
        **{
            k: stored[k] for k in ("id", "game", "document", "kind", "lang", "number", "title", "text", "url")
        },
        "label": stored["label"],
        "related": docnums(stored.get("related")),
        "subrules": docnums(stored.get("subrules")),
        "examples": examples,
        "parent": parent,
        "primary": docnums(stored.get("primary")),
    }


def _label_key(stored: dict[str, Any]) -> str | None:
    """The entry's label as a spelling of its id, which search.js casefolds alike (an ASCII one)."""
    label = stored["label"]
    return label.casefold() if isinstance(label, str) and label.isascii() else None


def site_index(
    inverted: Inverted,
    stored: list[dict[str, Any]],
    keys: dict[str, str],
    synonyms: Synonyms,
    meta: dict[str, Any],
    real_words: dict[str, list[str]] | None = None,
) -> dict[str, Any]:
    """The browser's index of the entries ``stored`` (their ``IndexDoc.fields()``) as inverted, with the real
    words typo correction leaves alone (stems per language, joined by spaces)."""
    docnum_of = {s["id"]: n for n, s in enumerate(stored)}
    key_docnums = {k: docnum_of[v] for k, v in keys.items() if v in docnum_of}
    rows = []
    for s in stored:
        examples = []
        if s["kind"] == "ruling":
            scenarios = [k.casefold() for k in (s.get("extra") or {}).get("scenarios") or []]
            examples = [key_docnums[k] for k in scenarios if k in key_docnums]
        parent = key_docnums.get(str(s.get("parent") or "").casefold(), -1)
        rows.append(_shown(s, examples, parent, docnum_of))
    extra_keys = [(k, n) for k, n in sorted(key_docnums.items()) if stored[n]["id"].casefold() != k]
    label_keys = [n for k, n in extra_keys if _label_key(stored[n]) == k]
    return {
        "format": SITE_INDEX_FORMAT,
        "constants": constants(),
        "meta": {
            **{k: meta[k] for k in ("games", "docids", "kinds", "translated")},
            "companions": meta.get("companions", []),
            "gameNames": meta.get("game_names", {}),
        },
        "synonyms": [[r.lang, list(r.match), r.phrase, list(r.alternatives)] for r in synonyms.rules],
        "realWords": {lang: " ".join(stems) for lang, stems in (real_words or {}).items()},
        "count": len(rows),
        **pack_entries(rows),
        "keys": [[k, n] for k, n in extra_keys if _label_key(stored[n]) != k],  # the spellings not derived
        "labelKeys": label_keys,
        "unkeyed": [n for n, s in enumerate(stored) if s["id"].casefold() not in key_docnums],
        "fields": {
            f: {
                "total": inverted.totals[f],
                "lengths": inverted.lengths[f],
                **dict(zip(("terms", "sequence"), pack_field(inverted.postings[f]), strict=True)),
            }
            for f in ALL_TEXT_FIELDS
        },
    }


def site_index_script(data: dict[str, Any]) -> str:
    """The index as a script: loaded by a <script> tag (from file:// too) it hands its data to search.js;
    required in Node it exports the data. The data is a JSON string parsed by ``JSON.parse``, which a
    browser reads several times faster than the same data written as a JavaScript literal."""
    body = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    literal = (
        body.replace("\\", "\\\\")
        .replace("'", "\\'")
        .replace("\u2028", "\\u2028")
        .replace("\u2029", "\\u2029")
    )
    return (
        "/* rulekb search index (generated by `rulekb build`; see kb/search/site_index.py) */\n"
        "(function (data) {\n"
        '  if (typeof module === "object" && module.exports) { module.exports = data; return; }\n'
        '  var root = typeof self !== "undefined" ? self : globalThis;\n'
        "  root.rulekb = root.rulekb || {};\n"
        "  if (root.rulekb.receiveIndex) root.rulekb.receiveIndex(data); else root.rulekb.pendingIndex = data;\n"
        f"}})(JSON.parse('{literal}'));\n"
    )


def read_site_index(path: str | os.PathLike[str]) -> dict[str, Any]:
    """The data of a ``search-index.js`` written by :func:`site_index_script` (for tests and benchmarks)."""
    from pathlib import Path

    text = Path(path).read_text(encoding="utf-8")
    literal = text[text.index("JSON.parse('") + len("JSON.parse('") : text.rindex("'));")]
    data: dict[str, Any] = json.loads(
        re.sub(r"\\(.)", lambda m: m.group(1) if m.group(1) in "\\'" else m.group(0), literal)
    )
    return data
