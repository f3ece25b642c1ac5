"""Evaluate a parsed Whoosh query (AND, OR, NOT, phrases, prefixes) against the postings.

Whoosh's parser still reads the judge's query language; this walks the query tree it returns with set
operations over the postings, scoring terms with the same BM25F as plain questions and matching what
Whoosh's searcher would (a NOT standing alone matches every entry without the word, at Whoosh's score of
1), so that ``"face down" AND exhausted`` costs a millisecond and needs no Whoosh index. A node the
parser does not produce from a judge's query (none is known) is searched as the terms it holds.
"""

from __future__ import annotations

import bisect
import fnmatch
from typing import TYPE_CHECKING

from kb.search.postings import Clause, PostingsCache

if TYPE_CHECKING:
    from whoosh import query as wq

Scores = dict[int, float]


#: Whoosh's score of an entry matched by a NOT standing alone (its ``InverseMatcher`` weight).
NOT_SCORE = 1.0


def evaluate(cache: PostingsCache, query: wq.Query) -> Scores:
    """The documents ``query`` matches with their scores."""
    return _eval(cache, query)


def _eval(cache: PostingsCache, query: wq.Query) -> Scores:
    kind = type(query).__name__
    if kind == "Term":
        return cache.score([Clause(query.fieldname, (query.text,), query.boost)], coordinate=False)
    if kind == "Phrase":  # always adjacent words: the query is cleaned of ``~``, which sets another slop
        return cache.score([Clause(query.fieldname, tuple(query.words), query.boost)], coordinate=False)
    if kind in ("Prefix", "Wildcard"):
        terms = _expand(cache, query.fieldname, query.text, kind == "Prefix")
        return cache.score([Clause(query.fieldname, (t,), query.boost) for t in terms], coordinate=False)
    if kind in ("Or", "And"):
        # NOT excludes, in an OR as in an AND: "damage NOT combat" means damage but not combat
        positive = [sub for sub in query.subqueries if type(sub).__name__ != "Not"]
        negative = [sub.query for sub in query.subqueries if type(sub).__name__ == "Not"]
        if not positive:  # only NOTs: each matches what lacks its words, as Whoosh's searcher does
            parts = [_eval(cache, sub) for sub in query.subqueries]
            return _union(parts, query.boost) if kind == "Or" else _intersection(parts, query.boost)
        parts = [_eval(cache, sub) for sub in positive]
        scores = _union(parts, query.boost) if kind == "Or" else _intersection(parts, query.boost)
        return _without(scores, [_eval(cache, sub) for sub in negative])
    if kind == "Not":
        excluded = _eval(cache, query.query)
        return {d: NOT_SCORE for d in range(cache.count) if d not in excluded}
    if kind == "AndNot":
        return _without(_eval(cache, query.a), [_eval(cache, query.b)])
    if kind == "AndMaybe":
        required, optional = _eval(cache, query.a), _eval(cache, query.b)
        return {d: s + optional.get(d, 0.0) for d, s in required.items()}
    if kind == "Require":
        required, scored = _eval(cache, query.b), _eval(cache, query.a)
        return {d: s for d, s in scored.items() if d in required}
    return _union([_eval(cache, leaf) for leaf in query.leaves()], 1.0) if not query.is_leaf() else {}


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
