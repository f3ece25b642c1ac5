"""Why each hit ranked where it did (``--explain``): its score, how it was reached, and which words of the
question matched which of its fields, typed, as a synonym, as a translation or as a corrected spelling.

Read from the same query the search ran (parsed again, deterministically) and the index's postings; the
ranking itself is the engine's and is not changed here.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any

from kb.search.analysis import analyse
from kb.search.postings import Clause
from kb.search.query import split_query
from kb.search.results import SearchResult
from kb.search.schema import TEXT_FIELDS
from kb.search.searcher import SearchEngine

FIELD_LANG = {f: lang for lang, fields in TEXT_FIELDS.items() for f in fields}


@dataclass
class Match:
    """One word of the question found in one field of a hit: ``how`` it came in, and the index terms matched."""

    word: str
    field: str
    terms: list[str]
    how: str  # "typed", "synonym", "translation" or "similar word"


@dataclass
class Explanation:
    """Why one hit ranked where it did."""

    id: str
    rank: int
    score: float
    reached: str  # "text", "rule number", "cited by R-ATH-001", …
    matches: list[Match] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


def _how(clause: Clause, word: str, words: list[str], lang: str, corrected: frozenset[str]) -> str:
    """How a clause came into the query for ``word``: the typed words themselves (a word, or two in a row as a
    phrase), a correction of a typo, a synonym or a translation."""
    field_lang = FIELD_LANG.get(clause.field, "en")
    typed = {stem for w in words for stem in analyse(w, field_lang)}
    if set(analyse(word, field_lang)) and set(clause.stems) <= typed:
        return "typed"
    if word in corrected:
        return "similar word"
    return "translation" if field_lang != lang else "synonym"


def explain(engine: SearchEngine, result: SearchResult) -> list[Explanation]:
    """An explanation per hit of ``result``, in its order."""
    parsed = split_query(result.query, engine.games, engine.game_names)
    engine.builder.build(parsed, engine.cache)
    clauses = list(parsed.clauses or [])
    corrected = frozenset(result.corrections)
    if result.corrections and parsed.clauses is not None:
        groups = {w: n for n, w in enumerate(parsed.words)}
        for word, terms in sorted(result.corrections.items()):
            for term in terms:
                for lang in TEXT_FIELDS:
                    stems = tuple(analyse(term, lang))
                    clauses += [
                        Clause(f, stems, 1.0, groups.get(word, len(parsed.words)))
                        for f in TEXT_FIELDS[lang]
                        if stems
                    ]
    out = []
    for rank, hit in enumerate(result.hits, start=1):
        docnum = engine.cache.docnum(hit.id.casefold())
        matches: dict[tuple[str, str, tuple[str, ...]], Match] = {}
        for clause in clauses if docnum is not None else ():
            postings = engine.cache.postings.get(clause.field, {})
            if not all(docnum in (postings.get(stem) or ((),))[0] for stem in clause.stems):
                continue
            word = parsed.words[clause.group] if clause.group < len(parsed.words) else " ".join(parsed.words)
            key = (word, clause.field, clause.stems)
            matches.setdefault(
                key,
                Match(
                    word,
                    clause.field,
                    list(clause.stems),
                    _how(clause, word, parsed.words, result.lang, corrected),
                ),
            )
        out.append(Explanation(hit.id, rank, round(hit.score, 4), hit.via, list(matches.values())))
    return out
