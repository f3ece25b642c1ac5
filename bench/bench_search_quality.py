"""Search quality over the judge questions: recall@1, recall@5 and MRR, for rulekb and the SQLite FTS5 baseline.

Two question sets, both written as judges ask at events, with the rules a good answer contains:
tests/search/judge_questions.yaml (the project's first set, English and German) and
tests/search/judge_questions_independent.yaml (written from the source documents before the ranking saw
them, in four groups: en, de, atnia, altered). For each, `rulekb search` (the hits as ranked), `rulekb ask`
(the rules it answers with) and an FTS5 table over the same documents; the first set per language and per
held-out block, the independent set per group. Sealed questions (marked ``sealed: true``, or in a block named
``sealed-…``) are left out unless ``--sealed`` (then only they are measured: once, when tuning is finished);
``--block sealed-de-2`` measures that one block, ``--batch`` narrows the independent set to one round of writing
(e.g. ``--sealed --batch sealed-s6``), ``--all`` measures sealed and unsealed questions together (for tuning on
sealed questions already measured once). Also "search at the event": each question searched with its group's game
as the event's game (``RULEKB_GAME``, the site's remembered game chip: athernum for en and de and the first set),
as a judge at an event of one game has it set — the question naming another game still wins. Also: how many questions change
their top 1 or top 3 between ``--limit`` 1, 3 and 10 (the target is none). Targets: recall@5 ≥ 0.95 and
recall@1 ≥ 0.75 in every group.

    .venv/bin/python bench/bench_search_quality.py [--misses] [--block held-out-de-2] [--sealed | --all] [--batch sealed-s6]
"""

from __future__ import annotations

import argparse
import sqlite3
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_search import QUESTIONS, ROOT, fts_build, fts_search, full_corpus

INDEPENDENT = ROOT / "tests" / "search" / "judge_questions_independent.yaml"
GROUPS = ("en", "de", "atnia", "altered")
TARGET_R5, TARGET_R1 = 0.95, 0.75
#: The event's game a judge of each group has set (``RULEKB_GAME`` or the site's game chip).
EVENT_GAME = {"en": "athernum", "de": "athernum", "atnia": "atnia", "altered": "altered"}
#: Blocks whose name starts so are held out, as questions marked ``sealed: true`` are.
SEALED = "sealed-"


def figures(report, lang: str | None = None) -> str:
    return f"R@1 {report.recall_at(1, lang):.3f}  R@5 {report.recall(lang):.3f}  MRR {report.mrr(lang):.3f}"


def misses(title: str, report) -> None:
    print(f"{title}: {len(report.misses())} questions not fully answered in the first five hits")
    for result in report.misses():
        needs = " + ".join("/".join(sorted(n)) for n in result.question.needs)
        print(
            f"  - [{result.question.block or result.question.lang}] {result.question.question}\n"
            f"      needs {needs}; top 5: {result.ranking[:5]}"
        )


def not_first(title: str, report) -> None:
    """The questions answered in the top five whose first hit is not one the answer needs (recall@1 misses)."""
    late = [r for r in report.results if r.recall == 1.0 and r.first_rank != 1]
    print(f"{title}: {len(late)} more questions answered in the first five hits, but not by the first")
    for result in late:
        print(
            f"  - [{result.question.block or result.question.lang}] {result.question.question}\n      top 3: {result.ranking[:3]}"
        )


def limit_changes(engine, questions) -> int:
    """How many questions rank a different top 1 or top 3 with ``--limit`` 1, 3 and 10."""
    changed = 0
    for q in questions:
        tops = {limit: [h.id for h in engine.search(q.question, limit=limit).hits] for limit in (1, 3, 10)}
        if not (tops[1][:1] == tops[3][:1] == tops[10][:1] and tops[3][:3] == tops[10][:3]):
            changed += 1
    return changed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--misses", action="store_true", help="List every question rulekb search misses.")
    parser.add_argument("--block", help="Only the first set's questions of this block (e.g. held-out-de-2).")
    held_out = parser.add_mutually_exclusive_group()
    held_out.add_argument(
        "--sealed",
        action="store_true",
        help="Measure only the independent set's sealed questions (once, after tuning).",
    )
    held_out.add_argument(
        "--all",
        action="store_true",
        help="Measure sealed and unsealed questions together (only once the sealed ones have been measured).",
    )
    parser.add_argument(
        "--batch", help="Only the independent set's questions of this batch (e.g. sealed-s6)."
    )
    args = parser.parse_args()

    def chosen(q) -> bool:
        return args.all or (q.sealed or q.block.startswith(SEALED)) == args.sealed

    from kb.core.loader import load_kb
    from kb.core.paths import Paths
    from kb.core.rulings import load_rulings
    from kb.search.ask import ask
    from kb.search.indexer import write_index
    from kb.search.quality import evaluate, load_questions
    from kb.search.searcher import SearchEngine
    from kb.verify.results import load_results

    first = load_questions(QUESTIONS)
    blocks = sorted({q.block for q in first if q.block})
    if args.block:
        if args.block not in blocks:
            parser.error(f"no block {args.block!r} (blocks: {', '.join(blocks) or 'none'})")
        first = [q for q in first if q.block == args.block]
        blocks = [args.block]
    else:  # a block named sealed-… is held out like a sealed question: measured with --sealed (or by name)
        first = [q for q in first if chosen(q)]
        blocks = [b for b in blocks if args.all or b.startswith(SEALED) == args.sealed]
    independent = [q for q in load_questions(INDEPENDENT) if chosen(q)]
    if args.batch:
        batches = sorted({q.batch for q in independent if q.batch})
        if args.batch not in batches:
            parser.error(f"no batch {args.batch!r} (batches: {', '.join(batches) or 'none'})")
        independent = [q for q in independent if q.batch == args.batch]
    docs, synonyms = full_corpus()
    paths = Paths(ROOT)
    kb = load_kb(paths)
    rulings, _ = load_rulings(paths)
    results = load_results(paths)
    if not results.scenarios:
        print(
            "note: no verify results (run `rulekb build` first): verified scenarios lift the rules they show, so"
            " these figures are lower than a built project's"
        )
    with tempfile.TemporaryDirectory(prefix="bench-quality-") as tmp:
        work = Path(tmp)
        (work / "rules").mkdir()
        write_index(Paths(work), docs, synonyms)
        fts_build(work / "fts5.sqlite", docs)
        conn = sqlite3.connect(work / "fts5.sqlite")
        with SearchEngine(Paths(work)) as engine:

            def searched(q: str) -> list[str]:
                return [h.id for h in engine.search(q, limit=10).hits]

            def asked(q: str) -> list[str]:
                return [
                    r.id
                    for r in ask(q, engine, kb.graph, rulings, results, kb.curated.defined_by, limit=10).rules
                ]

            # the first set is all Athernum; an independent question's group names its event's game
            event_of = {q.question: EVENT_GAME.get(q.block, "athernum") for q in independent}

            def at_event(q: str) -> list[str]:
                return [
                    h.id for h in engine.search(q, limit=10, default_game=event_of.get(q, "athernum")).hits
                ]

            def baseline(q: str) -> list[str]:
                return [row[0] for row in fts_search(conn, q, limit=10)]

            runs = {
                name: (evaluate(first, rank), evaluate(independent, rank))
                for name, rank in (
                    ("rulekb search", searched),
                    ("rulekb ask (rules)", asked),
                    ("search at the event", at_event),
                    ("FTS5 baseline", baseline),
                )
            }
            changed = (limit_changes(engine, first), limit_changes(engine, independent))
        conn.close()

    en, de = sum(q.lang == "en" for q in first), sum(q.lang == "de" for q in first)
    in_block = f" in block {args.block}" if args.block else ""
    print(f"First set: {len(first)} judge questions{in_block} ({en} English, {de} German)")
    for name, (report, _) in runs.items():
        print(f"  {name:20} {figures(report)}   (en {figures(report, 'en')}; de {figures(report, 'de')})")
    for block in blocks:
        part = runs["rulekb search"][0].only(block)
        print(f"  search, block {block + ':':15} {figures(part)}   ({len(part.results)} questions)")
    kind = (
        "sealed and unsealed questions"
        if args.all
        else "SEALED questions only"
        if args.sealed
        else "unsealed questions"
    )
    print(
        f"Independent set: {len(independent)} {kind}; target R@5 ≥ {TARGET_R5}, R@1 ≥ {TARGET_R1} per group"
    )
    for name, (_, report) in runs.items():
        print(f"  {name:20} all        {figures(report)}   ({len(report.results)} questions)")
        for group in GROUPS:
            part = report.only(group)
            if part.results:
                met = (
                    "ok" if part.recall() >= TARGET_R5 and part.recall_at(1) >= TARGET_R1 else "below target"
                )
                print(f"  {'':20} {group:10} {figures(part)}   ({len(part.results)} questions; {met})")
    print(
        f"Top 1 or top 3 changed between --limit 1, 3 and 10: first set {changed[0]} of {len(first)}, "
        f"independent set {changed[1]} of {len(independent)} (target: 0)"
    )
    if args.misses:
        misses("rulekb search, first set", runs["rulekb search"][0])
        misses("rulekb search, independent set", runs["rulekb search"][1])
        not_first("rulekb search, first set", runs["rulekb search"][0])
        not_first("rulekb search, independent set", runs["rulekb search"][1])


if __name__ == "__main__":
    main()
