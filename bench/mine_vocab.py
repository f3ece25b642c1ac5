"""Issue 12, dropped: a vocabulary bridge mined from the project's own parallel texts, as low-weight query expansion.

Aligned pairs (1262; ``GLOSSED`` adds 247): a ruling's question vs the rules it rests on (123) and vs its answer (123), a rulebook
paragraph vs the first two CR rules crosslang's ``related_rules`` gives it (163), a scenario's title vs the rules it
tests (853). A word pair (a, b): ``a`` on the first side, absent from the second; ``b`` on the second, absent from
the first; seen in at least MIN_COUNT pairs, ``b`` in at most MAX_SHARE of the second sides. Two estimates: PMI
(``mine``; noisy: a rulebook heading's "Excerpt" pairs with everything) and IBM Model 1 (``model1``: a shared word
explains itself away; optionally the reverse model must agree). ``--measure`` adds each mined ``b`` to a question
typed with ``a`` (the English fields, boost × WEIGHT, the typed word's group, rarity-scaled like a typed word; both
ways unless ``--one-way``) by patching ``QueryBuilder.build``, then runs bench_first_misses' fixed halves (``--all``)
or, with ``--quality``, bench_search_quality ``--all``.

Session 10 (s27-vocab), after ``rulekb build``; baseline half A 0.674 / 0.879, half B 0.688 / 0.898 (R@1 / R@5);
bench_search_quality --all: first set 0.822 / 0.990, independent 0.649 / 0.865. Changes (A then B):

- PMI ≥ 1.5 (495 pairs), weight 0.3: A -0.006 / -0.008, B -0.017 / -0.009; PMI ≥ 2.5 (148): A 0 / +0.002, B -0.004 /
  -0.002;
- Model 1 t ≥ 0.1 (61 pairs; fast→speed, need→require, stay→remain, several→multiple, response→priority, but
  also fight→also, made→opponent): weight 0.3: A -0.004 / +0.004, B -0.005 / +0.003; t ≥ 0.14 (26): weight 0.3
  A -0.004 / +0.002, B -0.004 / +0.002; weight 0.15 A -0.004 / +0.002, B 0 / +0.002; t ≥ 0.2 (2): unchanged;
- Model 1 with the reverse model agreeing (t and t' ≥ 0.1, 21 pairs): A 0 / +0.004, B -0.004 / 0;
- expanding only typed words rare in the English fields (document frequency ≤ 5 / 10 / 20): 0 to -0.006 on A;
  R@1 falls with every table that changes anything; bench_search_quality --all with t ≥ 0.14: first set R@1
  0.822 → 0.817, independent 0.649 → 0.645 (R@5 0.865 → 0.868);
- with ``GLOSSED`` (+247 pairs: the German rulebook's paragraphs glossed in English vs their English counterparts)
  t ≥ 0.1: A -0.006 / +0.002, B -0.005 / +0.003. Its table is mostly German words the gloss left untranslated,
  with their English (solang → long, stattdessen → instead, bleibt → remain, unabhängig → regardless, verliert →
  lose, übersteigt → exceed). The words no translation had, checked by hand, are now in synonyms.yaml (solange,
  stattdessen, unabhängig, enthalten, sogenannt, …): A unchanged, B R@1 0.688 → 0.690 (de 0.643 → 0.651), no group
  worse; independent R@1 0.649 → 0.650 (de 0.651 → 0.655). The others (bleibt, verliert, übersteigt, beginnt,
  entscheidet) have their infinitive's entry, which the gloss now reads them as (session 11, s28-gloss: the
  query's ``analysis.verb_readings``).

Before ``rulekb build`` (no verified scenarios lifting rules) Model 1 t ≥ 0.14 looked like a gain (A +0.004 /
+0.000, B +0.002 / +0.004, no group worse; independent R@1 0.595 → 0.598) but ``rulekb ask`` altered R@5 fell
0.870 → 0.859, and on the built project the gain is gone. Why: the parallel texts are few (the brief's misses —
tie / share, after / follows, know / determined — are pairs that never recur three times), so what recurs is
either already a synonym (keep / retain, DFV / defense) or an association of topic (leave → change, go → put),
not of meaning, and a topic word widens every question about that topic. Next: more parallel text (the German
rulebook glossed in English vs the English rulebook) or a general English thesaurus, not this table.

    .venv/bin/python bench/mine_vocab.py [--model1] [--show] [--measure [--quality]]
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter, defaultdict
from math import log
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

MIN_COUNT = 3
#: Scenario titles (players' words) against the rules they test.
SCENARIOS = True
#: The German rulebook's paragraphs read in English (the synonyms' gloss) against their English counterparts.
GLOSSED = False
MIN_PMI = 1.5
#: A word in more than this share of either side's texts says nothing about the other side.
MAX_SHARE = 0.08
#: Model 1: the least translation probability a kept pair has.
MIN_T = 0.1
#: ... and the least probability of the reverse model (0: not asked).
MIN_REVERSE = 0.0
#: ``--measure``: a mined word's weight against a typed word's.
WEIGHT = 0.3


def aligned_pairs() -> list[tuple[str, str]]:
    """(players' or rulebook words, CR words): every ruling (question vs rules, question vs answer), every English
    rulebook paragraph with related rules, every scenario title with the rules it tests."""
    from kb.core.loader import load_kb
    from kb.core.paths import Paths
    from kb.core.rulings import load_rulings
    from kb.search.crosslang import related_rules
    from kb.search.synonyms import load_synonyms

    paths = Paths(ROOT)
    kb = load_kb(paths)
    graph = kb.graph

    def text(node_id: str) -> str:
        node = graph.node(node_id) if node_id in graph else None
        return f"{node.title} {node.text}" if node else ""

    rulings = load_rulings(paths)[0]
    pairs = [(r.question, " ".join(text(i) for i in r.rules)) for r in rulings]
    pairs += [(r.question, r.answer) for r in rulings]
    for passage, rules in related_rules(graph, load_synonyms()).items():
        node = graph.node(passage)
        if node.document.endswith("-de") or not rules:
            continue
        pairs.append((text(passage), " ".join(text(i) for i in rules[:2])))
    if GLOSSED:
        from kb.search.crosslang import english_counterparts

        synonyms = load_synonyms()
        for de, ens in english_counterparts(graph, synonyms).items():
            if graph.node(de).kind == "paragraph" and ens:
                pairs.append((synonyms.gloss(text(de)), " ".join(text(e) for e in ens)))
    if SCENARIOS:
        import yaml

        for path in sorted((ROOT / "scenarios").rglob("*.yaml")):
            data = yaml.load(path.read_text(encoding="utf-8"), Loader=yaml.CSafeLoader)
            game = path.relative_to(ROOT / "scenarios").parts[0]
            if isinstance(data, dict) and data.get("title") and data.get("rules"):
                pairs.append((data["title"], " ".join(text(f"{game}:{r}") for r in data["rules"])))
    return [(a, b) for a, b in pairs if a.strip() and b.strip()]


def mine(pairs: list[tuple[str, str]]) -> list[tuple[str, str, int, float]]:
    """(a, b, count, PMI) for every pair of stems passing the thresholds, best first."""
    from kb.search.analysis import analyse

    sides = [(set(analyse(a, "en")), set(analyse(b, "en"))) for a, b in pairs]
    n = len(sides)
    left: Counter[str] = Counter()
    right: Counter[str] = Counter()
    joint: Counter[tuple[str, str]] = Counter()
    for a, b in sides:
        left.update(a)
        right.update(b)
        for x in a - b:
            for y in b - a:
                joint[(x, y)] += 1
    found = []
    for (x, y), c in joint.items():
        if c < MIN_COUNT or left[x] > MAX_SHARE * n or right[y] > MAX_SHARE * n or x.isdigit() or y.isdigit():
            continue
        pmi = log(c * n / (left[x] * right[y]))
        if pmi >= MIN_PMI:
            found.append((x, y, c, pmi))
    return sorted(found, key=lambda t: (-t[3], -t[2]))


def _model1(sides: list[tuple[list[str], list[str]]], rounds: int) -> dict[tuple[str, str], float]:
    """t(y|x) of IBM Model 1 over (source words, target words) pairs, the source with a null word."""
    t: dict[tuple[str, str], float] = {}
    sides = [(a + [""], b) for a, b in sides]
    for a, b in sides:
        for y in b:
            for x in a:
                t[(x, y)] = 1.0
    for _ in range(rounds):
        count: defaultdict[tuple[str, str], float] = defaultdict(float)
        total: defaultdict[str, float] = defaultdict(float)
        for a, b in sides:
            for y in b:
                z = sum(t[(x, y)] for x in a)
                for x in a:
                    share = t[(x, y)] / z
                    count[(x, y)] += share
                    total[x] += share
        t = {k: v / total[k[0]] for k, v in count.items()}
    return t


def model1(pairs: list[tuple[str, str]], rounds: int = 8) -> list[tuple[str, str, int, float]]:
    """(a, b, count, t(b|a)) by IBM Model 1 (EM over the aligned pairs, with a null word): a word shared by both
    sides explains itself away, so what is left pairs a word with the other side's different words. With
    MIN_REVERSE, the pair must also hold the other way (t(a|b), a model trained from the CR side)."""
    from kb.search.analysis import analyse

    sides = [(sorted(set(analyse(a, "en"))), sorted(set(analyse(b, "en")))) for a, b in pairs]
    t = _model1(sides, rounds)
    back = _model1([(b, a) for a, b in sides], rounds) if MIN_REVERSE else {}
    seen: Counter[tuple[str, str]] = Counter()
    right = Counter(y for _, b in sides for y in b)
    for a, b in sides:
        for x in set(a) - set(b):
            for y in set(b) - set(a):
                seen[(x, y)] += 1
    found = [
        (x, y, seen[(x, y)], p)
        for (x, y), p in t.items()
        if x
        and x != y
        and p >= MIN_T
        and back.get((y, x), 0.0) >= MIN_REVERSE
        and seen[(x, y)] >= MIN_COUNT
        and right[y] <= MAX_SHARE * len(sides)
        and not (x.isdigit() or y.isdigit())
    ]
    return sorted(found, key=lambda f: -f[3])


def patch_expansion(table: dict[str, set[str]]) -> None:
    """Make every English question also search the mined words of its typed words, at WEIGHT."""
    from kb.search import query
    from kb.search.analysis import analyse
    from kb.search.postings import Clause, PostingsCache
    from kb.search.schema import BOOSTS, TEXT_FIELDS

    build = query.QueryBuilder.build

    def expanded(
        self: query.QueryBuilder, parsed: query.ParsedQuery, cache: PostingsCache
    ) -> query.ParsedQuery:
        parsed = build(self, parsed, cache)
        if not parsed.clauses or parsed.lang != "en":
            return parsed
        typed: dict[str, int] = {}
        for n, word in enumerate(parsed.words):
            for term in analyse(word, "en"):
                typed.setdefault(term, n)
        extra = [
            self._rarity(Clause(f, (y,), BOOSTS[f] * WEIGHT, n), cache)
            for term, n in typed.items()
            for y in sorted(table.get(term, ()))
            if y not in typed
            for f in TEXT_FIELDS["en"]
            if cache.has(f, y)
        ]
        parsed.clauses = query._once(parsed.clauses + extra)
        return parsed

    query.QueryBuilder.build = expanded  # type: ignore[method-assign]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--show", action="store_true", help="List the mined pairs.")
    parser.add_argument("--model1", action="store_true", help="IBM Model 1 instead of PMI.")
    parser.add_argument("--measure", action="store_true", help="Search with the pairs: the fixed halves.")
    parser.add_argument("--quality", action="store_true", help="With --measure: bench_search_quality --all.")
    parser.add_argument("--one-way", action="store_true", help="With --measure: only a -> b, not b -> a.")
    args = parser.parse_args()
    pairs = aligned_pairs()
    found = model1(pairs) if args.model1 else mine(pairs)
    print(f"{len(pairs)} aligned pairs, {len(found)} word pairs")
    if args.show:
        for x, y, c, score in found:
            print(f"  {x:16} -> {y:16} {c:3} {score:.2f}")
    if args.measure:
        table: dict[str, set[str]] = {}
        for x, y, _, _ in found:
            table.setdefault(x, set()).add(y)
            if not args.one_way:
                table.setdefault(y, set()).add(x)
        patch_expansion(table)
        sys.path.insert(0, str(ROOT / "bench"))
        import bench_first_misses
        import bench_search_quality

        sys.argv = [sys.argv[0], "--all"]
        (bench_search_quality if args.quality else bench_first_misses).main()


if __name__ == "__main__":
    main()
