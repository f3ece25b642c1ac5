"""Fit a learned re-ranking of the best candidates on the seen judge questions; print grouped cross-validation.

Issue 12's experiment: can a small linear model over features both front-ends have (bench/rerank_features.py)
re-order the hand-made ranking's top ``RERANK_DEPTH`` better than it? Every seen question of
tests/search/judge_questions.yaml and judge_questions_independent.yaml (sealed ones included, as ``--all``
measures them; a batch still sealed, ``UNSEEN_BATCHES``, is never read) is searched once. A listwise softmax
model (minus the mean log probability of a question's right candidates, every question weighing alike, an L2
penalty) is fitted by Newton's method. Cross-validation holds out one group at a time (a batch, or a block:
questions written together) and prints R@1 / R@5 of the hand-made ranking and of the re-ranking on it.

Result (session 8, 705 questions, 15 groups): held out, R@1 0.727 -> 0.731, R@5 0.930 -> 0.933, five groups
down; fitted on all of them 0.730 (with per-language and per-game copies of every feature, 0.737). The features
carry no signal the hand-made ranking lacks, so no model was ported to the CLI and search.js.

    .venv/bin/rulekb build && .venv/bin/python bench/train_rerank.py [--depth 20]
"""

from __future__ import annotations

import argparse
import sys
from dataclasses import dataclass
from math import exp
from pathlib import Path
from typing import TYPE_CHECKING

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_search import QUESTIONS, ROOT
from rerank_features import FEATURES, RERANK_DEPTH, Candidate, features, rerank_order

from kb.search.quality import JudgeQuestion, load_questions, score_question

if TYPE_CHECKING:
    from kb.search.postings import Clause
    from kb.search.searcher import SearchEngine

INDEPENDENT = ROOT / "tests" / "search" / "judge_questions_independent.yaml"
#: Batches being written or kept sealed while this session tunes: never read.
UNSEEN_BATCHES = ("sealed-s11",)
#: The L2 penalty on the weights (per question), keeping a handful of features from fitting a few questions.
PENALTY = 0.003
#: Hits placed first whatever a re-ranking says: a definition question's entries, rules named by number.
PINNED = ("definition", "defines", "rule number", "subrule of")
#: A question that names rules by number is not re-ranked.
JUMPS = ("rule number", "subrule of")


@dataclass
class Sample:
    """One question's candidates: the ids before them (pinned), theirs, their features, which are right."""

    question: JudgeQuestion
    group: str
    pinned: list[str]
    ids: list[str]
    rows: list[list[float]]
    right: list[bool]


def group_of(q: JudgeQuestion, first_set: bool) -> str:
    """The round of writing a question belongs to: its batch, else its block (sealed ones apart)."""
    if q.batch:
        return q.batch
    if first_set:
        return q.block or f"first-{q.lang}"
    return f"ind-{'sealed-' if q.sealed else ''}{q.block}"


def collect(engine: SearchEngine, depth: int) -> list[Sample]:
    """Search every seen question once and keep its best ``depth`` candidates with their features. The final
    clauses of a plain question (after the typo pass) are taken from the engine's last scoring call."""
    cache = engine.cache
    last: list[list[Clause]] = []
    score = cache.score

    def scoring(clauses: list[Clause], coordinate: bool = True) -> dict[int, float]:
        last.append(clauses)
        return score(clauses, coordinate)

    cache.score = scoring  # type: ignore[method-assign]
    samples = []
    for path, first_set in ((QUESTIONS, True), (INDEPENDENT, False)):
        for q in load_questions(path):
            if q.batch in UNSEEN_BATCHES or q.block in UNSEEN_BATCHES:
                continue
            last.clear()
            hits = engine.search(q.question, limit=depth).hits
            pinned = 0
            while pinned < len(hits) and hits[pinned].via.startswith(PINNED):
                pinned += 1
            jumped = any(h.via.startswith(JUMPS) for h in hits)
            head = [] if not last or jumped else hits[pinned:]
            candidates = [
                Candidate(d, h.score, h.via, engine._scores.get(d, 0.0) * cache.priors[d])
                for h in head
                for d in [cache.docnum(h.id.casefold()) or 0]
            ]
            rows = features(cache, last[-1], candidates) if candidates else []
            ids = [h.id for h in head]
            useful = set().union(*q.needs)
            samples.append(
                Sample(
                    q,
                    group_of(q, first_set),
                    [h.id for h in hits[: len(hits) - len(head)]],
                    ids,
                    rows,
                    [i in useful for i in ids],
                )
            )
    return samples


def ranking(sample: Sample, weights: tuple[float, ...] | None) -> list[str]:
    if weights is None or not sample.rows:
        return sample.pinned + sample.ids
    return sample.pinned + [sample.ids[i] for i in rerank_order(sample.rows, weights)]


def fit(samples: list[Sample], size: int, iterations: int = 10) -> tuple[float, ...]:
    """Listwise softmax weights by Newton's method: each question's loss is minus the mean log probability of
    its right candidates under a softmax of the weighted sums over its candidates (the first place is what
    counts)."""
    lists = [
        (s.rows, [i for i, ok in enumerate(s.right) if ok])
        for s in samples
        if any(s.right) and not all(s.right)
    ]
    n = len(lists)
    w = [0.0] * size
    w[0] = 1.0
    for _ in range(iterations):
        grad = [PENALTY * n * x for x in w]
        hess = [[PENALTY * n * (i == j) for j in range(size)] for i in range(size)]
        for rows, right in lists:
            sums = [sum(a * b for a, b in zip(w, row)) for row in rows]
            top = max(sums)
            e = [exp(x - top) for x in sums]
            total = sum(e)
            p = [x / total for x in e]
            mean = [sum(p[k] * rows[k][i] for k in range(len(rows))) for i in range(size)]
            target = [sum(rows[k][i] for k in right) / len(right) for i in range(size)]
            for i in range(size):
                grad[i] += mean[i] - target[i]
            for k, row in enumerate(rows):
                if p[k] < 1e-12:
                    continue
                d = [row[i] - mean[i] for i in range(size)]
                for i in range(size):
                    if d[i]:
                        pd = p[k] * d[i]
                        h = hess[i]
                        for j in range(size):
                            h[j] += pd * d[j]
        step = _solve(hess, grad)
        w = [a - b for a, b in zip(w, step)]
    return tuple(w)


def _solve(a: list[list[float]], b: list[float]) -> list[float]:
    """x with a·x = b (Gaussian elimination with partial pivoting; a is small and positive definite)."""
    n = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(m[r][col]))
        m[col], m[pivot] = m[pivot], m[col]
        for r in range(col + 1, n):
            f = m[r][col] / m[col][col]
            for c in range(col, n + 1):
                m[r][c] -= f * m[col][c]
    x = [0.0] * n
    for r in range(n - 1, -1, -1):
        x[r] = (m[r][n] - sum(m[r][c] * x[c] for c in range(r + 1, n))) / m[r][r]
    return x


def figures(pairs: list[tuple[Sample, tuple[float, ...] | None]]) -> tuple[float, float]:
    """R@1 and R@5 of each question ranked with its weights (None: as the hand-made ranking has it)."""
    if not pairs:
        return 0.0, 0.0
    r1 = sum(score_question(s.question, ranking(s, w), 1).recall for s, w in pairs)
    r5 = sum(score_question(s.question, ranking(s, w), 5).recall for s, w in pairs)
    return r1 / len(pairs), r5 / len(pairs)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--depth", type=int, default=RERANK_DEPTH, help="How many of the best candidates are re-ranked."
    )
    args = parser.parse_args()
    from kb.core.paths import Paths
    from kb.search.searcher import SearchEngine

    with SearchEngine(Paths(ROOT)) as engine:
        samples = collect(engine, args.depth)
    groups = sorted({s.group for s in samples})
    size = len(FEATURES)
    print(f"{len(samples)} questions in {len(groups)} groups, top {args.depth} re-ranked; {size} features")
    print(f"  {'held-out group':22} {'n':>4}   hand-made R@1  R@5    re-ranked R@1  R@5")
    held: list[tuple[Sample, tuple[float, ...] | None]] = []
    for group in groups:
        test = [s for s in samples if s.group == group]
        weights = fit([s for s in samples if s.group != group], size)
        held += [(s, weights) for s in test]
        (b1, b5), (r1, r5) = figures([(s, None) for s in test]), figures([(s, weights) for s in test])
        down = "  (R@1 down)" if r1 < b1 else ""
        print(f"  {group:22} {len(test):4}   {b1:13.3f} {b5:.3f}   {r1:13.3f} {r5:.3f}{down}")
    (b1, b5), (r1, r5) = figures([(s, None) for s in samples]), figures(held)
    print(f"  {'all, held out':22} {len(held):4}   {b1:13.3f} {b5:.3f}   {r1:13.3f} {r5:.3f}")
    weights = fit(samples, size)
    f1, f5 = figures([(s, weights) for s in samples])
    print(f"  {'all, fitted on all':22} {len(samples):4}   {b1:13.3f} {b5:.3f}   {f1:13.3f} {f5:.3f}")
    print("weights fitted on all: " + ", ".join(f"{f} {w:.3f}" for f, w in zip(FEATURES, weights)))


if __name__ == "__main__":
    main()
