"""Evaluate a parsed Whoosh query (AND, OR, NOT, phrases, prefixes) against the postings cache.

Whoosh's parser still reads the judge's query language; this walks the query tree it returns with set
operations over the cached postings, scoring terms with the same BM25F as plain questions, so that
``"face down" AND exhausted`` costs a millisecond rather than Whoosh's matcher tree. A node it does not
know returns None, and the caller hands the whole query to Whoosh instead.
"""

from __future__ import annotations

import bisect
import fnmatch

from kb.search.postings import Clause, PostingsCache

Scores = dict[int, float]


class Unsupported(Exception):
    """A query node this evaluator does not handle; Whoosh runs the query instead."""


def evaluate(cache: PostingsCache, query) -> Scores | None:
    """The documents ``query`` matches with their scores, or None when Whoosh must run it."""
    try:
        return _eval(cache, query)
    except Unsupported:
        return None


def _eval(cache: PostingsCache, query) -> Scores:
    kind = type(query).__name__
    if kind == "Term":
        return cache.score([Clause(query.fieldname, (query.text,), query.boost)], coordinate=False)
    if kind == "Phrase":
        if getattr(query, "slop", 1) != 1:
            raise Unsupported(kind)
        return cache.score([Clause(query.fieldname, tuple(query.words), query.boost)], coordinate=False)
    if kind in ("Prefix", "Wildcard"):
        terms = _expand(cache, query.fieldname, query.text, kind == "Prefix")
        return cache.score([Clause(query.fieldname, (t,), query.boost) for t in terms], coordinate=False)
    if kind in ("Or", "And"):
        # NOT excludes, in an OR as in an AND: "damage NOT combat" means damage but not combat
        positive = [sub for sub in query.subqueries if type(sub).__name__ != "Not"]
        negative = [sub.query for sub in query.subqueries if type(sub).__name__ == "Not"]
        if not positive:
            raise Unsupported(f"{kind} of only NOTs")
        parts = [_eval(cache, sub) for sub in positive]
        scores = _union(parts, query.boost) if kind == "Or" else _intersection(parts, query.boost)
        return _without(scores, [_eval(cache, sub) for sub in negative])
    if kind == "AndNot":
        return _without(_eval(cache, query.a), [_eval(cache, query.b)])
    if kind == "AndMaybe":
        required, optional = _eval(cache, query.a), _eval(cache, query.b)
        return {d: s + optional.get(d, 0.0) for d, s in required.items()}
    if kind == "Require":
        required, scored = _eval(cache, query.b), _eval(cache, query.a)
        return {d: s for d, s in scored.items() if d in required}
    raise Unsupported(kind)


def _expand(cache: PostingsCache, fieldname: str, pattern: str, prefix: bool) -> list[str]:
    """The field's terms a prefix (``exhaust``) or wildcard (``ex*st?d``) stands for."""
    terms = cache.sorted_terms(fieldname)
    if prefix:
        start = bisect.bisect_left(terms, pattern)
        end = bisect.bisect_left(terms, pattern + "\uffff")
        return terms[start:end]
    head = pattern.split("*", 1)[0].split("?", 1)[0]
    start = bisect.bisect_left(terms, head)
    end = bisect.bisect_left(terms, head + "\uffff") if head else len(terms)
    return [t for t in terms[start:end] if fnmatch.fnmatchcase(t, pattern)]


def _union(parts: list[Scores], boost: float) -> Scores:
    out: Scores = {}
    for part in parts:
        for doc, score in part.items():
            out[doc] = out.get(doc, 0.0) + score
    return {d: s * boost for d, s in out.items()} if boost != 1.0 else out


def _intersection(parts: list[Scores], boost: float) -> Scores:
    common = set(parts[0]).intersection(*parts[1:])
    return {d: sum(part[d] for part in parts) * boost for d in common}


def _without(scores: Scores, excluded: list[Scores]) -> Scores:
    drop = set().union(*excluded) if excluded else set()
    return {d: s for d, s in scores.items() if d not in drop}
