"""Search quality over the judge questions: recall@5 and MRR, for rulekb and the SQLite FTS5 baseline.

The questions (tests/search/judge_questions.yaml) are what judges ask at events, in English and German,
with the rules a good answer contains. Reports recall@5 and mean reciprocal rank overall and per
language, for `rulekb search` (the hits as ranked), `rulekb ask` (the rules it answers with) and an FTS5
table over the same documents; then `rulekb search` on each named block of questions (the held-out sets,
marked ``block:`` in the file); then lists the questions rulekb misses. Target: recall@5 ≥ 0.9.
``--block NAME`` restricts everything to one block.

    .venv/bin/python bench/bench_search_quality.py [--misses] [--block held-out-de-2]
"""

from __future__ import annotations

import argparse
import sqlite3
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_search import QUESTIONS, fts_build, fts_search, full_corpus  # noqa: E402

TARGET = 0.9


def line(name: str, report) -> str:
    def per(figure, lang: str) -> str:
        asked = any(r.question.lang == lang for r in report.results)
        return f"{lang} {figure(lang):.3f}" if asked else f"{lang} —"

    return (f"  {name:22} recall@5 {report.recall():.3f} ({per(report.recall, 'en')}, {per(report.recall, 'de')})"
            f"   MRR {report.mrr():.3f} ({per(report.mrr, 'en')}, {per(report.mrr, 'de')})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--misses", action="store_true", help="List every question rulekb misses.")
    parser.add_argument("--block", help="Only the questions of this block (e.g. held-out-de-2).")
    args = parser.parse_args()

    from kb.loader import load_kb
    from kb.paths import Paths
    from kb.rulings import load_rulings
    from kb.search.ask import ask
    from kb.search.engine import SearchEngine
    from kb.search.evaluate import evaluate, load_questions
    from kb.search.indexer import write_index
    from kb.verify.results import load_results

    questions = load_questions(QUESTIONS)
    blocks = sorted({q.block for q in questions if q.block})
    if args.block:
        if args.block not in blocks:
            parser.error(f"no block {args.block!r} (blocks: {', '.join(blocks) or 'none'})")
        questions = [q for q in questions if q.block == args.block]
        blocks = [args.block]
    docs, synonyms = full_corpus()
    paths = Paths(Path(__file__).resolve().parent.parent)
    kb = load_kb(paths)
    rulings, _ = load_rulings(paths)
    results = load_results(paths)
    with tempfile.TemporaryDirectory(prefix="bench-quality-") as tmp:
        work = Path(tmp)
        (work / "rules").mkdir()
        write_index(Paths(work), docs, synonyms)
        fts_build(work / "fts5.sqlite", docs)
        conn = sqlite3.connect(work / "fts5.sqlite")
        with SearchEngine(Paths(work)) as engine:
            searched = evaluate(questions, lambda q: [h.id for h in engine.search(q, limit=10).hits])
            asked = evaluate(questions, lambda q: [r.id for r in ask(q, engine, kb.graph, rulings, results,
                                                                        kb.curated.defined_by, limit=10).rules])
        baseline = evaluate(questions, lambda q: [row[0] for row in fts_search(conn, q, limit=10)])
        conn.close()
    en, de = sum(q.lang == "en" for q in questions), sum(q.lang == "de" for q in questions)
    chosen = f" in block {args.block}" if args.block else ""
    print(f"{len(questions)} judge questions{chosen} ({en} English, {de} German); target recall@5 ≥ {TARGET}")
    print(line("rulekb search", searched))
    print(line("rulekb ask (rules)", asked))
    print(line("FTS5 baseline", baseline))
    for block in blocks:
        part = searched.only(block)
        print(f"  search, block {block + ':':15} recall@5 {part.recall():.3f}   MRR {part.mrr():.3f}"
              f"   ({len(part.results)} questions)")
    verdict = "meets" if searched.recall() >= TARGET else "MISSES"
    print(f"rulekb search {verdict} the target ({searched.recall():.3f}); "
          f"{len(searched.misses())} questions not fully answered in the first five hits")
    if args.misses:
        for result in searched.misses():
            needs = " + ".join("/".join(sorted(n)) for n in result.question.needs)
            print(f"  - {result.question.question}\n      needs {needs}; top 5: {result.ranking[:5]}")


if __name__ == "__main__":
    main()
