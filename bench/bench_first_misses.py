"""Why the first hit is not the answer: the judge questions answered in the top five but not first, classified.

Issue 12's recall@1 misses: for each seen question whose first useful hit ranks 2nd to 5th, where the first hit
sits beside it in the rule tree (its sibling, parent or child, a glossary entry beside its rule, another
document, unrelated) and why it leads: a passage, ruling or scenario lent it more than the answer's better own
match; it holds more of the question's words (in its own text, not those it inherits from its parent); the
answer holds some the first hit lacks and the first hit others; both hold the same words (length, title or a
lent score decide). Every question also falls in one half of a fixed split (CRC-32 of its text, even: A), so
that a remedy designed on one half is measured on the other: recall@1 / recall@5 per half and group.

    .venv/bin/python bench/bench_first_misses.py [--all] [--list] [--half A]

Session 10 (s26-sibling, 905 seen questions with --all; half A 430 at R@1 0.697 / R@5 0.888, half B 475 at
0.714 / 0.908; 171 first-hit misses). By place: unrelated 72, sibling 45, same chapter 27, parent or child 15,
glossary entry and rule 7, other document 4, secondary entry 1. By reason: a lent score 49, the first hit holds
more of the question's words 42, different words each 42, the same words 32, the answer holds more 6. Among the
45 siblings the first hit holds more of the question's words 14 times, the answer 2 times: the answer says the
question's action in other words (tie / share, after / follows, need / require, know / determined), which no
re-ordering by the words held can see. Designed on half A, each measured on both halves (R@1 / R@5 change, A then
B) and dropped:

- siblings re-ordered by their own text score (margin 1.5–3): A +0.000 / +0.012 (altered -0.043), B -0.008 / -0.004;
  any lent rule placed below a rule with twice its own score: A -0.023 / +0.012, B -0.023 / -0.004;
- siblings re-ordered by the rarity-weighted share of the question they hold themselves: A -0.009, B -0.008;
- nearness of the question's neighbouring words in a hit's own text (window 1–5, ×1.1–1.4): A -0.019 to
  -0.055; among siblings only, ±0.002;
- a rule's condition clause ("If …, …") holding the question's words: A -0.021 to -0.005, B -0.023 to +0.008;
- a section's text placed below its rules, as a chapter's is: A -0.014, B -0.012;
- a scenario lending most to the rules its expectations log (their share 1, the others 0.9 / 0.8 / 0.6):
  A +0.002 / -0.000 / -0.004, B -0.001 / -0.006 / -0.008;
- a lent score scaled by the rule's own share of it (0.5 + own / lent, at most 1): A -0.014 / -0.009, B -0.007 /
  -0.005; only to rules the question matches itself: unchanged (without any lent score: A 0.517, B 0.487);
- a steeper decay of a lent score over an entry's rules (0.85 for 0.97): A +0.000 / +0.010 (first set R@5
  -0.011), B +0.002 / +0.001;
- a scenario scored by its title alone, without its steps: A +0.006 / +0.012, B +0.000 / +0.000 (first set R@1
  -0.030);
- a paragraph of a rules text without numbers not inheriting the paragraph before it (Atnia's next paragraph
  wins on its predecessor's words: 4 of the 45 siblings): atnia A +0.055, B +0.015, but all A +0.002, B -0.002
  to -0.009 (the context field's average length moves every entry's norm; altered and first set lose).

Session 11 (s28-gloss; half A 479 at 0.674 / 0.879, B 526 at 0.690 / 0.898): the gloss reading verb forms, and a
German passage's shape scope read through it: both halves unchanged; the same gloss in the paragraph alignment's
anchors: no pairing changes, dropped. A German hyphenated word's English part searched alone in the English texts
(Online-Turnier, Objective-Fähigkeit) at 0.5 of a word: A R@1 +0.002 / R@5 -0.002 (Equip-Effekt 2 → 6); at 0.25,
kept: A +0.002 / +0.000 (de +0.008 / +0.000), B +0.002 / +0.002 (de +0.008 / +0.008), no group worse.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import zlib
from collections import Counter, defaultdict
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_search import QUESTIONS, full_corpus
from bench_search_quality import INDEPENDENT, SEALED
from rerank_features import LIFTED, OWN_FIELDS

from kb.search.postings import Clause, PostingsCache
from kb.search.quality import JudgeQuestion, score_question
from kb.search.results import SearchHit

#: Entries that state rules, as opposed to glossary entries, rulings, scenarios and examples.
RULE_KINDS = ("rule", "paragraph", "section", "chapter")


@dataclass(frozen=True)
class Miss:
    """A question answered in the top five but not first: where the first hit sits and why it leads."""

    question: JudgeQuestion
    half: str
    place: str
    reason: str
    first: str
    answer: str


def half_of(question: JudgeQuestion) -> str:
    """The question's half of the fixed split: A when the CRC-32 of its text is even, else B."""
    return "A" if zlib.crc32(question.question.encode()) % 2 == 0 else "B"


def parent_of(cache: PostingsCache, docnum: int) -> int | None:
    return cache.docnum(str(cache.stored[docnum].get("parent") or "").casefold())


def ancestors(cache: PostingsCache, docnum: int) -> list[int]:
    """The entry and the entries above it, nearest first."""
    chain: list[int] = []
    current: int | None = docnum
    while current is not None and current not in chain:
        chain.append(current)
        current = parent_of(cache, current)
    return chain


def place_of(cache: PostingsCache, first: int, answer: int) -> str:
    """Where the first hit sits beside the answer in the rule tree."""
    up_first, up_answer = ancestors(cache, first), ancestors(cache, answer)
    if answer in up_first or first in up_answer:
        return "parent or child"
    if len(up_first) > 1 and len(up_answer) > 1 and up_first[1] == up_answer[1]:
        return "sibling"
    if "term" in (cache.kinds[first], cache.kinds[answer]):
        return "glossary entry and rule"
    if cache.kinds[first] not in RULE_KINDS or cache.kinds[answer] not in RULE_KINDS:
        return "secondary entry and rule"
    if (cache.games[first], cache.documents[first]) != (cache.games[answer], cache.documents[answer]):
        return "other document"
    return "same chapter" if set(up_first[1:]) & set(up_answer[1:]) - {up_first[-1]} else "unrelated"


def own_words(cache: PostingsCache, clauses: list[Clause], docnum: int) -> set[int]:
    """The question's typed words (clause groups) an entry holds in its own fields."""
    found: set[int] = set()
    for clause in clauses:
        if clause.field in OWN_FIELDS:
            matches = cache._term(clause) if len(clause.stems) == 1 else cache._phrase(clause)
            if matches is not None and docnum in matches[0]:
                found.add(clause.group)
    return found


def reason_of(
    first: SearchHit, answer: SearchHit, own: tuple[set[int], set[int]], scores: dict[str, float]
) -> str:
    """Why the first hit leads the answer (see the module's docstring)."""
    first_own, answer_own = own
    if first.via.startswith(LIFTED) and scores[answer.id] > scores[first.id]:
        return "a lent score outweighs the answer's better own match"
    if first_own - answer_own and not answer_own - first_own:
        return "the first hit holds more of the question's words"
    if answer_own - first_own and not first_own - answer_own:
        return "the answer holds more words, but weighs less"
    if answer_own - first_own:
        return "different words each"
    return "the same words"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--all", action="store_true", help="Sealed questions already measured too.")
    parser.add_argument("--list", action="store_true", help="List every miss with its first hit.")
    parser.add_argument("--half", choices=("A", "B"), help="Only the misses of this half.")
    args = parser.parse_args()

    from kb.core.paths import Paths
    from kb.search.indexer import write_index
    from kb.search.quality import load_questions
    from kb.search.query import split_query
    from kb.search.searcher import SearchEngine

    def chosen(q: JudgeQuestion) -> bool:
        return args.all or not (q.sealed or q.block.startswith(SEALED))

    sets = {"first set": load_questions(QUESTIONS), "independent": load_questions(INDEPENDENT)}
    docs, synonyms = full_corpus()
    figures: defaultdict[tuple[str, str, str], float] = defaultdict(float)
    misses: list[Miss] = []
    with tempfile.TemporaryDirectory(prefix="bench-first-misses-") as tmp:
        work = Path(tmp)
        (work / "rules").mkdir()
        write_index(Paths(work), docs, synonyms)
        with SearchEngine(Paths(work)) as engine:
            cache = engine.cache
            for name, questions in sets.items():
                for q in filter(chosen, questions):
                    hits = engine.search(q.question, limit=10).hits
                    ranking = [h.id for h in hits]
                    result, half = score_question(q, ranking, 5), half_of(q)
                    group = name if name == "first set" else q.block
                    for key in ((half, "all"), (half, group)):
                        figures[(*key, "n")] += 1
                        figures[(*key, "r1")] += score_question(q, ranking, 1).recall
                        figures[(*key, "r5")] += result.recall
                    if (
                        not result.first_rank
                        or not 1 < result.first_rank <= 5
                        or args.half not in (None, half)
                    ):
                        continue
                    first, answer = hits[0], hits[result.first_rank - 1]
                    numbers = {h.id: cache.docnum(h.id.casefold()) or 0 for h in (first, answer)}
                    scores = {i: engine._scores.get(d, 0.0) * cache.priors[d] for i, d in numbers.items()}
                    parsed = split_query(q.question, engine.games)
                    engine.builder.build(parsed, cache)
                    clauses = parsed.clauses or []
                    own = (
                        own_words(cache, clauses, numbers[first.id]),
                        own_words(cache, clauses, numbers[answer.id]),
                    )
                    place = place_of(cache, numbers[first.id], numbers[answer.id])
                    misses.append(
                        Miss(q, half, place, reason_of(first, answer, own, scores), first.id, answer.id)
                    )

    groups = sorted({(h, g) for h, g, _ in figures})
    for half, group in groups:
        n = int(figures[(half, group, "n")])
        print(
            f"half {half} {group:12} R@1 {figures[(half, group, 'r1')] / n:.3f}  "
            f"R@5 {figures[(half, group, 'r5')] / n:.3f}   ({n} questions)"
        )
    print(f"{len(misses)} questions answered in the top five, not first")
    for title, counts in (
        ("by place", Counter(m.place for m in misses)),
        ("by reason", Counter(m.reason for m in misses)),
        ("by place and reason", Counter(f"{m.place}: {m.reason}" for m in misses)),
    ):
        print(f"  {title}:")
        for label, count in counts.most_common():
            print(f"    {count:4}  {label}")
    if args.list:
        for m in sorted(misses, key=lambda m: (m.place, m.reason)):
            print(
                f"  - [{m.half} {m.place}; {m.reason}] {m.question.question}\n      {m.first} before {m.answer}"
            )


if __name__ == "__main__":
    main()
