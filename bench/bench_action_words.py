"""The rule about the action, not the rules about the nouns: signals tried on the fixed halves, and their figures.

Issue 12's largest class of misses: a long situational question names several game nouns (unit, battlefield,
character, discard pile) and one action or condition ("arrives when full", "nothing to sabotage", "does it still
resolve"); the rules naming the nouns most outrank the rule that governs the action. Each variant below changes the
question's clauses after ``QueryBuilder.build`` (so both front-ends could do the same) and is measured on every seen
question (``--all``'s, the batch being written, ``sealed-s11``, never read), per half of bench_first_misses.py's
fixed split and per group: the change in questions answered (R@1 / R@5 summed over questions, not shares).

Session 11 (s28-action; 1005 questions: half A 479 at R@1 0.674 / R@5 0.879, B 526 at 0.690 / 0.898). Designed on
half A. Kept (kb/search/conditions.py, both front-ends): a question's condition searched in the rules' words, as
one more word of the question at weight 0.45: *impossible* ("nothing to", "don't have", "isn't a valid", "kein
gültiges" → impossible, cannot, possible, valid, illegal) A +2 / +1, B +0 / +1; *still* ("still", "trotzdem" → no
longer, even if, regardless, remains, continues, still resolves) A +2 / +1, B +0.5 / +0; both A +4 / +2 (A 0.683 /
0.883), B +0.5 / +1 (0.691 / 0.900). Tried and dropped, first on the ranking before the conditions (A, then B):

- words naming a glossary term (their clauses hold the ``terms`` field: the nouns) weighed x0.6 / x0.8 in
  questions of at least 4 / 6 words: A -1 to +4 on R@1, -2 to -1 on R@5;
- the same nouns' share in coordination halved (``PostingsCache.score`` patched; not kept here) in questions of
  at least 5 words: A +4 / +2, B -6 / -2 (en -4); x0.6: A +4 / +1, B -4 / -1;
- every word's boost scaled by (its idf / the question's mean idf)^0.5 or ^1 in long questions: A +2 to +3.5 on
  R@1, -2 to +0 on R@5, atnia -2 to -3;
- verb-like words (after may, can, must, to, not ... in 15 % or 30 % of their uses in the English texts) weighed
  x1.3 / x1.6: A +0 to +1 / -1 to +1 (the verbs already weigh by their rarity);
- the still condition with "still" and "normally" among its words (x0.6): A +2 / +1, B +0.5 / -2 (altered -2).

Then on top of the kept conditions, as this script prints them: nouns x0.6 in 6+ words A +0 / -1, B +1 / -4;
rarity ^1 in 6+ words A +1.5 / -1, B +1 / -3.5; verbs x1.3 A +1 / +1, B -2 / -2; more conditions, each alone, on
A: at the same time -> simultaneously +0 / -1; same number / tie -> tie, share, equal +0 / -1; go back -> return
-1 / +1; is full -> full, maximum, replace +0 / +0; and measured alike but not kept here: before or after / which
first / in which order -> order, first, following order A +1 / +1 (altered -1 on R@5), B +0 / +0; counts as /
treated as -> considered, treated as, counts as A -1 / +0. The answers to
the remaining misses say the action in other words (full board, return, share the highest) that no weighting of
the question's own words reaches.

    .venv/bin/python bench/bench_action_words.py
"""

from __future__ import annotations

import re
import sys
import tempfile
from collections import Counter, defaultdict
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_first_misses import half_of
from bench_search import QUESTIONS, full_corpus
from bench_search_quality import INDEPENDENT

from kb.search import query as query_module
from kb.search.analysis import analyse
from kb.search.conditions import Condition
from kb.search.postings import PostingsCache
from kb.search.query import ParsedQuery, QueryBuilder, _phrase_clauses

#: A batch being written this session: never read.
UNSEEN = "sealed-s11"
Variant = Callable[[ParsedQuery, PostingsCache, QueryBuilder], None]
#: Words after which a verb follows in the English rules.
MODAL = re.compile(r"\b(?:may|can|cannot|must|to|not|then|would|will|should)\s+(\w+)", re.IGNORECASE)


def nouns_weighed(factor: float, minimum: int) -> Variant:
    """The words naming a glossary term weigh ``factor`` in questions of ``minimum`` words or more."""

    def apply(parsed: ParsedQuery, cache: PostingsCache, builder: QueryBuilder) -> None:
        clauses = parsed.clauses or []
        groups = {c.group for c in clauses if c.group < len(parsed.words)}
        nouns = {c.group for c in clauses if c.field == "terms"}
        if len(groups) >= minimum and groups - nouns:
            parsed.clauses = [replace(c, boost=c.boost * factor) if c.group in nouns else c for c in clauses]

    return apply


def rarity_weighed(power: float, minimum: int) -> Variant:
    """Each word's boost scaled by (its idf / the question's mean idf) ** ``power`` in long questions."""

    def apply(parsed: ParsedQuery, cache: PostingsCache, builder: QueryBuilder) -> None:
        idf = {}
        for group, word in enumerate(parsed.words):
            stems = analyse(word, parsed.lang)
            if len(stems) == 1:
                idf[group] = builder._idf(parsed.lang, stems[0], cache)
        clauses = parsed.clauses or []
        groups = {c.group for c in clauses if c.group in idf}
        if len(groups) < minimum:
            return
        mean = sum(idf[g] for g in groups) / len(groups)
        parsed.clauses = [
            replace(c, boost=c.boost * (idf[c.group] / mean) ** power) if c.group in idf else c
            for c in clauses
        ]

    return apply


def verbs_weighed(factor: float, share: float, docs: list[Any]) -> Variant:
    """English words used as verbs (after a modal in ``share`` of their uses or more) weigh ``factor``."""
    after: Counter[str] = Counter()
    total: Counter[str] = Counter()
    for doc in docs:
        if doc.lang == "en":
            total.update(s for w in re.findall(r"\w+", doc.text or "") for s in analyse(w, "en"))
            after.update(s for w in MODAL.findall(doc.text or "") for s in analyse(w, "en"))
    verbs = {s for s in after if total[s] >= 3 and after[s] / total[s] >= share}

    def apply(parsed: ParsedQuery, cache: PostingsCache, builder: QueryBuilder) -> None:
        if parsed.lang != "en":
            return
        chosen = {g for g, w in enumerate(parsed.words) if set(analyse(w, "en")) & verbs}
        clauses = parsed.clauses or []
        if len({c.group for c in clauses}) >= 4 and chosen:
            parsed.clauses = [replace(c, boost=c.boost * factor) if c.group in chosen else c for c in clauses]

    return apply


def condition_added(condition: Condition) -> Variant:
    """One more condition searched, as kb.search.conditions searches its own."""

    def apply(parsed: ParsedQuery, cache: PostingsCache, builder: QueryBuilder) -> None:
        if condition.pattern.search(parsed.text):
            extra = [
                c
                for w in condition.words
                for c in _phrase_clauses(w, cache, condition.weight, len(parsed.words))
            ]
            parsed.clauses = (parsed.clauses or []) + [builder._rarity(c, cache) for c in extra]

    return apply


def variants(docs: list[Any]) -> dict[str, Variant | None]:
    """The variants measured, beside the ranking as it is."""
    flags = re.IGNORECASE
    more = {
        "simultaneous": (r"\b(?:at\s+the\s+same\s+time|at\s+once|simultaneous\w*)\b", ("simultaneously",)),
        "tie": (
            r"\b(?:tie[ds]?|same\s+(?:number|amount|cost|initiative|value)|equal)\b",
            ("tie", "share", "equal"),
        ),
        "return": (r"\b(?:go(?:es)?\s+back|comes?\s+back|put\s+back|back\s+to)\b", ("return", "returned")),
        "full": (
            r"\b(?:is|are)\s+(?:already\s+)?full\b|\bno\s+(?:room|space)\b",
            ("full", "maximum", "replace"),
        ),
    }
    out: dict[str, Variant | None] = {
        "as it is": None,
        "nouns x0.6, 6+": nouns_weighed(0.6, 6),
        "rarity ^1, 6+": rarity_weighed(1.0, 6),
        "verbs x1.3": verbs_weighed(1.3, 0.15, docs),
    }
    for name, (pattern, words) in more.items():
        out[name] = condition_added(Condition(name, re.compile(pattern, flags), words, 0.45))
    return out


def main() -> None:
    from kb.core.paths import Paths
    from kb.search.indexer import write_index
    from kb.search.quality import load_questions, score_question
    from kb.search.searcher import SearchEngine

    sets = {"first set": load_questions(QUESTIONS), "independent": load_questions(INDEPENDENT)}
    docs, synonyms = full_corpus()
    built = QueryBuilder.build
    figures: dict[str, defaultdict[tuple[str, str, str], float]] = {}
    with tempfile.TemporaryDirectory(prefix="bench-action-words-") as tmp:
        work = Path(tmp)
        (work / "rules").mkdir()
        write_index(Paths(work), docs, synonyms)
        with SearchEngine(Paths(work)) as engine:
            for name, variant in variants(docs).items():

                def build(
                    self: QueryBuilder, parsed: ParsedQuery, cache: PostingsCache, v: Any = variant
                ) -> Any:
                    out = built(self, parsed, cache)
                    if v is not None and out.clauses:
                        v(out, cache, self)
                    return out

                query_module.QueryBuilder.build = build  # type: ignore[method-assign]
                counts = figures[name] = defaultdict(float)
                for set_name, questions in sets.items():
                    for q in questions:
                        if q.block.startswith(UNSEEN) or UNSEEN in (q.batch or ""):
                            continue
                        ranking = [h.id for h in engine.search(q.question, limit=10).hits]
                        group = set_name if set_name == "first set" else q.block
                        for key in ((half_of(q), "all"), (half_of(q), group)):
                            counts[(*key, "n")] += 1
                            counts[(*key, "r1")] += score_question(q, ranking, 1).recall
                            counts[(*key, "r5")] += score_question(q, ranking, 5).recall
            query_module.QueryBuilder.build = built  # type: ignore[method-assign]
    base = figures["as it is"]
    print(f"{'':24}" + "".join(f"{name[:15]:>17}" for name in figures))
    for half, group in sorted({(h, g) for h, g, _ in base}):
        n = base[(half, group, "n")]
        cells = [f"{base[(half, group, 'r1')] / n:.3f} / {base[(half, group, 'r5')] / n:.3f}"] + [
            f"{f[(half, group, 'r1')] - base[(half, group, 'r1')]:+.1f} / {f[(half, group, 'r5')] - base[(half, group, 'r5')]:+.1f}"
            for name, f in figures.items()
            if name != "as it is"
        ]
        print(f"{half} {group} ({int(n)})".ljust(24) + "".join(f"{c:>17}" for c in cells))


if __name__ == "__main__":
    main()
