"""Features of a plain question's best candidates, for the re-ranking experiment (bench/train_rerank.py).

Only what the site index also holds (so search.js could compute the same): the hand-made score relative to
the first candidate and the candidate's place, how much of the question (rarity-weighted typed words) it
matches itself, in its own words or in its name, whether its score is its own or lent by a passage, ruling or
scenario, its kind, and where it sits beside the others in the rule tree (the sibling, parent or child of the
first hit, its depth).
"""

from __future__ import annotations

from dataclasses import dataclass
from math import log, sqrt

from kb.search.postings import Clause, PostingsCache

#: How many of the best candidates are re-ranked (whatever ``--limit``).
RERANK_DEPTH = 20
#: The lowest log score ratio a feature holds (a candidate far below the first is as far as it matters).
FLOOR = -5.0
#: Why a hit was found (``SearchHit.via`` starts so) when another entry (a passage, a ruling, a scenario, an
#: example) lent it its score.
LIFTED = ("explained by", "cited by", "shown by", "illustrated by")
#: Fields that name an entry: its title, or a glossary entry's names.
NAME_FIELDS = ("terms", "title_en", "title_de")
#: Fields that hold an entry's own words (not those it inherits from where it sits).
OWN_FIELDS = ("terms", "title_en", "title_de", "body_en", "body_de")

#: Each candidate's features, in the order ``features`` lists them.
FEATURES = (
    "score",
    "first",
    "rank",
    "own",
    "coverage",
    "best_coverage",
    "body",
    "own_best",
    "rare_body",
    "rarest",
    "named",
    "rule",
    "term",
    "passage",
    "secondary",
    "heading",
    "lifted",
    "parent_in",
    "children_in",
    "sibling_of_first",
    "child_of_first",
    "parent_of_first",
    "depth",
)


@dataclass(frozen=True)
class Candidate:
    """One of the best entries of the hand-made ranking: its score, why it was found, its own text score."""

    docnum: int
    score: float
    via: str
    own: float  # its own text score (weighted by its kind's prior); 0 when only lent


def depth_of(number: str) -> int:
    """How deep a numbered rule sits: ``5`` 1, ``5.0.3`` 3, ``5.0.3g`` 4 (an unnumbered entry 0)."""
    if not number:
        return 0
    parts = number.split(".")
    return len(parts) + (1 if parts[-1][-1:].isalpha() and len(parts) > 1 else 0)


@dataclass(frozen=True)
class Coverage:
    """Per candidate: the rarity-weighted share of the question's typed words it matches (as the coordination
    of ``PostingsCache.score`` weighs them) in any field, in its own words (not those it inherits from where it
    sits), in a name field; idf-weighted in its own words; whether its own words hold the rarest one."""

    anywhere: dict[int, float]
    own: dict[int, float]
    named: dict[int, float]
    rare_own: dict[int, float]
    rarest: dict[int, float]


def coverage(cache: PostingsCache, clauses: list[Clause], docnums: set[int]) -> Coverage:
    """How much of the question each of ``docnums`` matches (see ``Coverage``)."""
    holding: dict[int, set[int]] = {}
    found: dict[str, dict[int, set[int]]] = {"anywhere": {}, "own": {}, "named": {}}
    for clause in clauses:
        matches = cache._term(clause) if len(clause.stems) == 1 else cache._phrase(clause)
        if matches is None:
            continue
        holding.setdefault(clause.group, set()).update(matches[0])
        hit = docnums.intersection(matches[0])
        for part, fields in (("anywhere", None), ("own", OWN_FIELDS), ("named", NAME_FIELDS)):
            if fields is None or clause.field in fields:
                found[part].setdefault(clause.group, set()).update(hit)
    groups = dict.fromkeys(c.group for c in clauses)
    weights = {g: sqrt(log(cache.count / (len(holding.get(g, ())) + 1)) + 1) for g in groups}
    idf = {g: w * w for g, w in weights.items()}

    def share(part: str, by: dict[int, float]) -> dict[int, float]:
        total = sum(by.values()) or 1.0
        return {d: sum(w for g, w in by.items() if d in found[part].get(g, ())) / total for d in docnums}

    rarest = max(idf, key=lambda g: idf[g]) if idf else None
    return Coverage(
        share("anywhere", weights),
        share("own", weights),
        share("named", weights),
        share("own", idf),
        {d: float(rarest is not None and d in found["own"].get(rarest, ())) for d in docnums},
    )


def features(cache: PostingsCache, clauses: list[Clause], candidates: list[Candidate]) -> list[list[float]]:
    """Each candidate's features (``FEATURES``, in order)."""
    if not candidates:
        return []
    top = candidates[0].score
    docnums = {c.docnum for c in candidates}
    cover = coverage(cache, clauses, docnums)
    most = max(cover.anywhere.values())
    best_own = max(c.own for c in candidates)
    parents = {c.docnum: _parent(cache, c.docnum) for c in candidates}
    first = candidates[0].docnum
    rows = []
    for position, c in enumerate(candidates):
        d = c.docnum
        kind = cache.kinds[d]
        stored = cache.stored[d]
        parent = parents[d]
        rows.append(
            [
                max(FLOOR, log(c.score / top)) if c.score > 0 and top > 0 else FLOOR,
                float(position == 0),
                1.0 / (position + 1),
                min(1.0, c.own / c.score) if c.score > 0 else 0.0,
                cover.anywhere[d],
                float(cover.anywhere[d] == most),
                cover.own[d],
                max(FLOOR, log(c.own / best_own)) if c.own > 0 else FLOOR,
                cover.rare_own[d],
                cover.rarest[d],
                cover.named[d],
                float(kind == "rule"),
                float(kind == "term"),
                float(kind == "paragraph"),
                float(kind in ("ruling", "scenario")),
                float(kind in ("section", "chapter", "document")),
                float(c.via.startswith(LIFTED)),
                float(parent in docnums),
                float(any(s in docnums for s in cache.subrules[d])),
                float(d != first and parent >= 0 and parent == parents[first]),
                float(parent == first),
                float(parents[first] == d),
                min(depth_of(str(stored.get("number") or "")), 5) / 5,
            ]
        )
    return rows


def _parent(cache: PostingsCache, docnum: int) -> int:
    """The docnum of an entry's parent (-1 for none)."""
    found = cache.docnum(str(cache.stored[docnum].get("parent") or "").casefold())
    return -1 if found is None else found


def rerank_order(rows: list[list[float]], weights: tuple[float, ...]) -> list[int]:
    """The candidates' positions, best first by the weighted sum of their features (ties: as they were)."""
    sums = [sum(w * f for w, f in zip(weights, row)) for row in rows]
    return sorted(range(len(rows)), key=lambda i: (-sums[i], i))
