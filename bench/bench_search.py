"""Benchmark of judge search beside a SQLite FTS5 baseline over the same documents.

Measures, on the full knowledge base and on a synthetic corpus ``--scale`` (10) times its size:
index build time; warm query latency p50/p95 over a mixed query set (judge questions in English and
German, keywords, abbreviations, typos, rule ids, Whoosh query syntax); rule-id lookup latency; the cold
end-to-end time of ``rulekb search`` as a process (and of the search path alone, without the CLI's other
commands); index size. Prints one table per corpus with ratios against FTS5, then how the figures grow.

Targets on a 2-core machine: warm p95 ≤ 5 ms, id lookup ≤ 1 ms, cold command ≤ 0.5 s. This is a script,
not a test: it asserts nothing. Usage::

    .venv/bin/python bench/bench_search.py [--scale 10] [--repeat 5] [--cold-runs 5]
    .venv/bin/python bench/bench_search.py --fts5-query DB QUERY   # the FTS5 baseline as a process
"""

from __future__ import annotations

import argparse
import os
import re
import sqlite3
import statistics
import subprocess
import sys
import time
from dataclasses import dataclass, field, replace
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
QUESTIONS = ROOT / "tests" / "search" / "judge_questions.yaml"
PYTHON = sys.executable
RULEKB = str(Path(PYTHON).with_name("rulekb"))

#: Queries besides the judge questions: what a judge types at a table.
EXTRA_QUERIES = [
    "OFV",
    "DFV 0",
    "state-based check",
    "SBC",
    "exhausted",
    "damage counters",
    "victory token pool",
    "mulligan",
    "Schadensmarke",
    "Hauptcharakter erschöpft",
    "Initiative",
    "exhuasted",
    "defensve value",
    "initative",
    '"face down" AND exhausted',
    "damage NOT combat",
    "exhaust*",
    "rule 4.2.2",
    "3.0.7e.II",
]
ID_FORMS = ("{n}", "rule {n}", "{game}:{n}", "{n}.")
FTS_WEIGHTS = (0.0, 2.0, 1.0, 4.0)  # id, title, body, terms: the same boosts as the Whoosh fields


# --- the FTS5 baseline ------------------------------------------------------------------------------


def fts_build(db: Path, docs) -> None:
    """An FTS5 table (porter stemming) over the same entries, and a table of id spellings for lookups."""
    db.unlink(missing_ok=True)
    conn = sqlite3.connect(db)
    conn.execute(
        "CREATE VIRTUAL TABLE docs USING fts5(id UNINDEXED, title, body, terms, "
        "tokenize='porter unicode61 remove_diacritics 2')"
    )
    conn.execute("CREATE TABLE keys(key TEXT PRIMARY KEY, rowid_ INTEGER)")
    for n, doc in enumerate(docs, start=1):
        conn.execute(
            "INSERT INTO docs(rowid, id, title, body, terms) VALUES (?, ?, ?, ?, ?)",
            (n, doc.id, doc.title, doc.text, " ; ".join(doc.terms)),
        )
        conn.executemany("INSERT OR IGNORE INTO keys VALUES (?, ?)", [(k, n) for k in doc.keys])
    conn.execute("INSERT INTO docs(docs) VALUES ('optimize')")
    conn.commit()
    conn.close()


def fts_match(text: str) -> str | None:
    """The query as FTS5 syntax: its words, each quoted, joined by OR (operators and punctuation dropped)."""
    words = [w for w in re.findall(r"\w+", text) if w not in ("AND", "OR", "NOT")]
    return " OR ".join(f'"{w}"' for w in words) or None


def fts_search(conn: sqlite3.Connection, text: str, limit: int = 10) -> list[tuple]:
    """The baseline's ranked hits: id, title, highlighted snippet, bm25 score (lower is better)."""
    match = fts_match(text)
    if match is None:
        return []
    return conn.execute(
        "SELECT id, title, snippet(docs, 2, '**', '**', '…', 16), bm25(docs, ?, ?, ?, ?) AS score "
        "FROM docs WHERE docs MATCH ? ORDER BY score LIMIT ?",
        (*FTS_WEIGHTS, match, limit),
    ).fetchall()


def fts_lookup(conn: sqlite3.Connection, typed: str) -> tuple | None:
    """The baseline's id lookup: the same normalisation of what a judge types, then two indexed reads."""
    from kb.core.ids import normalise_lookup

    row = conn.execute("SELECT rowid_ FROM keys WHERE key = ?", (normalise_lookup(typed).key,)).fetchone()
    return conn.execute("SELECT id, title, body FROM docs WHERE rowid = ?", row).fetchone() if row else None


def fts_cold_main(db: str, query: str) -> None:
    """The baseline as a process: open the database, search, print the hits."""
    conn = sqlite3.connect(db)
    for row in fts_search(conn, query):
        print(f"{row[0]}  {row[3]:.2f}  {row[2]}")


# --- corpora ------------------------------------------------------------------------------------------


def full_corpus():
    """The knowledge base's index entries and synonyms, exactly as `rulekb index` collects them."""
    from kb.core.loader import load_kb
    from kb.core.paths import Paths
    from kb.core.rulings import load_rulings
    from kb.search.documents import collect_documents
    from kb.search.synonyms import load_synonyms
    from kb.verify.results import load_results

    paths = Paths(ROOT)
    kb = load_kb(paths)
    synonyms = load_synonyms()
    languages = {d.id: d.meta.language for d in kb.documents}
    docs = collect_documents(
        kb.graph,
        kb.lookup.keys,
        languages,
        load_rulings(paths)[0],
        load_results(paths),
        synonyms,
        kb.curated.defined_by,
    )
    return docs, synonyms


def synthetic_corpus(docs, factor: int, seed: int = 7):
    """``factor`` times the entries: the originals, then shuffled copies with a fifth of their words swapped
    for other words of the corpus, so that the vocabulary and term statistics grow like a real corpus."""
    import random

    rng = random.Random(seed)
    vocabulary = [w for d in docs for w in d.text.split()]

    def scramble(text: str) -> str:
        words = text.split()
        rng.shuffle(words)
        return " ".join(rng.choice(vocabulary) if rng.random() < 0.2 else w for w in words)

    out = list(docs)
    for copy in range(1, factor):

        def rename(node_id: str, copy: int = copy) -> str:
            game, local = node_id.split(":", 1)
            return f"{game}:syn{copy}/{local}"

        for doc in docs:
            new_id = rename(doc.id)
            out.append(
                replace(
                    doc,
                    id=new_id,
                    title=scramble(doc.title),
                    text=scramble(doc.text),
                    context=scramble(doc.context),
                    keys=[new_id.casefold()],
                    url=f"{doc.url}?copy={copy}",
                    related=[rename(r) for r in doc.related],
                    subrules=[rename(r) for r in doc.subrules],
                    order=doc.order + copy * len(docs),
                    extra=dict(doc.extra),
                )
            )
    return out


def query_set() -> list[str]:
    from kb.search.quality import load_questions

    return [q.question for q in load_questions(QUESTIONS)] + EXTRA_QUERIES


def id_queries(docs, count: int = 200, seed: int = 11) -> list[str]:
    """Rule ids as judges type them, drawn from the numbered entries of the corpus."""
    import random

    rng = random.Random(seed)
    numbered = [d for d in docs if d.number]
    out = []
    for doc in rng.sample(numbered, min(count, len(numbered))):
        game, local = doc.id.split(":", 1)
        form = rng.choice(ID_FORMS) if local == doc.number else "{game}:{n}"
        out.append(form.format(n=doc.number if local == doc.number else local, game=game))
    return out


# --- measuring ------------------------------------------------------------------------------------------


@dataclass
class Figures:
    """One engine's figures on one corpus."""

    build_s: float = 0.0
    warm_p50_ms: float = 0.0
    warm_p95_ms: float = 0.0
    lookup_p50_ms: float = 0.0
    lookup_p95_ms: float = 0.0
    cold_s: float = 0.0
    cold_cpu_s: float = 0.0
    cold_path_s: float = 0.0
    cold_path_cpu_s: float = 0.0
    size_mb: float = 0.0
    notes: list[str] = field(default_factory=list)


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(q * (len(ordered) - 1))))]


def timed_runs(func, items: list[str], repeat: int) -> list[float]:
    """Each item's median latency in ms over ``repeat`` timed passes, after one warm-up pass: the spread of
    the query mix, not of the machine's other load (this runs beside other work on 2 cores)."""
    for item in items:
        func(item)
    samples: dict[int, list[float]] = {i: [] for i in range(len(items))}
    for _ in range(repeat):
        for i, item in enumerate(items):
            started = time.perf_counter()
            func(item)
            samples[i].append((time.perf_counter() - started) * 1000)
    return [statistics.median(times) for times in samples.values()]


def process_env(extra: dict | None = None) -> dict:
    """The environment of a measured process: bytecode cached (in a scratch folder) as after a first run."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONPYCACHEPREFIX"] = str(Path(os.environ.get("TMPDIR", "/tmp")) / "rulekb-bench-pycache")
    return {**env, **(extra or {})}


def cold_process(command: list[str], env: dict, runs: int) -> tuple[float, float]:
    """Median wall time and median CPU time (user + system, which other load on the machine inflates far
    less) of a fresh process running ``command``, after one run that fills the bytecode cache."""
    import resource

    subprocess.run(command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
    walls, cpus = [], []
    for _ in range(runs):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        started = time.perf_counter()
        subprocess.run(command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
        walls.append(time.perf_counter() - started)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpus.append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
    return statistics.median(walls), statistics.median(cpus)


def folder_size(path: Path) -> float:
    return sum(p.stat().st_size for p in path.rglob("*") if p.is_file()) / 1e6


def measure_rulekb(workdir: Path, docs, synonyms, queries, ids, args) -> Figures:
    from kb.core.paths import Paths
    from kb.search.indexer import write_index
    from kb.search.searcher import SearchEngine

    (workdir / "rules").mkdir(parents=True, exist_ok=True)
    paths = Paths(workdir)
    figures = Figures()
    started = time.perf_counter()
    report = write_index(paths, docs, synonyms)
    figures.build_s = time.perf_counter() - started
    figures.size_mb = folder_size(report.path)
    with SearchEngine(paths) as engine:
        warm = timed_runs(lambda q: engine.search(q, limit=10), queries, args.repeat)
        lookups = timed_runs(lambda q: engine.search(q, limit=10), ids, args.repeat)
    figures.warm_p50_ms, figures.warm_p95_ms = percentile(warm, 0.5), percentile(warm, 0.95)
    figures.lookup_p50_ms, figures.lookup_p95_ms = percentile(lookups, 0.5), percentile(lookups, 0.95)
    env = process_env({"RULEKB_ROOT": str(workdir), "COLUMNS": "120"})
    query = "Is a main character discarded when its damage counters reach its DFV?"
    if args.cold_runs:
        figures.cold_s, figures.cold_cpu_s = cold_process([RULEKB, "search", query], env, args.cold_runs)
        path_only = (
            "from kb.search.searcher import SearchEngine; from kb.search.render import print_hits; import sys; "
            "print_hits(SearchEngine().search(sys.argv[1]))"
        )
        figures.cold_path_s, figures.cold_path_cpu_s = cold_process(
            [PYTHON, "-c", path_only, query], env, args.cold_runs
        )
    return figures


def measure_fts5(workdir: Path, docs, queries, ids, args) -> Figures:
    db = workdir / "fts5.sqlite"
    figures = Figures()
    started = time.perf_counter()
    fts_build(db, docs)
    figures.build_s = time.perf_counter() - started
    figures.size_mb = db.stat().st_size / 1e6
    conn = sqlite3.connect(db)
    warm = timed_runs(lambda q: fts_search(conn, q), queries, args.repeat)
    lookups = timed_runs(lambda q: fts_lookup(conn, q), ids, args.repeat)
    conn.close()
    figures.warm_p50_ms, figures.warm_p95_ms = percentile(warm, 0.5), percentile(warm, 0.95)
    figures.lookup_p50_ms, figures.lookup_p95_ms = percentile(lookups, 0.5), percentile(lookups, 0.95)
    if args.cold_runs:
        query = "Is a main character discarded when its damage counters reach its DFV?"
        command = [PYTHON, __file__, "--fts5-query", str(db), query]
        figures.cold_s, figures.cold_cpu_s = cold_process(command, process_env(), args.cold_runs)
        figures.cold_path_s, figures.cold_path_cpu_s = figures.cold_s, figures.cold_cpu_s
    return figures


# --- reporting ------------------------------------------------------------------------------------------

ROWS = [
    ("index build", "build_s", "s", None),
    ("warm query p50", "warm_p50_ms", "ms", None),
    ("warm query p95", "warm_p95_ms", "ms", 5.0),
    ("id lookup p50 (search by number)", "lookup_p50_ms", "ms", 1.0),
    ("id lookup p95", "lookup_p95_ms", "ms", None),
    ("cold `rulekb search` (wall)", "cold_s", "s", 0.5),
    ("cold `rulekb search` (CPU)", "cold_cpu_s", "s", 0.5),
    ("cold search path only (wall)", "cold_path_s", "s", 0.5),
    ("cold search path only (CPU)", "cold_path_cpu_s", "s", 0.5),
    ("index size", "size_mb", "MB", None),
]


def fmt(value: float, unit: str) -> str:
    if not value:
        return "—"
    return f"{value:.3f} {unit}" if value < 10 else f"{value:.1f} {unit}"


def table(title: str, ours: Figures, base: Figures) -> str:
    lines = [title, f"  {'':32} {'rulekb (Whoosh)':>16} {'FTS5 baseline':>16} {'ratio':>8} {'target':>10}"]
    for name, attr, unit, target in ROWS:
        a, b = getattr(ours, attr), getattr(base, attr)
        ratio = f"{a / b:.2f}×" if a and b else "—"
        mark = "" if target is None or not a else (" ok" if a <= target else " MISS")
        lines.append(
            f"  {name:32} {fmt(a, unit):>16} {fmt(b, unit):>16} {ratio:>8} "
            f"{(f'≤ {target:g} {unit}' if target else ''):>10}{mark}"
        )
    return "\n".join(lines)


def growth(small: tuple[Figures, Figures], large: tuple[Figures, Figures], factor: int) -> str:
    lines = [f"growth from 1× to {factor}× ({'rulekb':>8} {'FTS5':>8})"]
    for name, attr, _, _ in ROWS:
        cells = []
        for one, big in zip(small, large):
            a, b = getattr(one, attr), getattr(big, attr)
            cells.append(f"{b / a:.2f}×" if a and b else "—")
        lines.append(f"  {name:32} {cells[0]:>8} {cells[1]:>8}")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--scale", type=int, default=10, help="Size of the synthetic corpus (0: skip it).")
    parser.add_argument("--repeat", type=int, default=5, help="Timed passes over the query set.")
    parser.add_argument("--cold-runs", type=int, default=5, help="Fresh processes per cold measurement.")
    parser.add_argument("--fts5-query", nargs=2, metavar=("DB", "QUERY"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.fts5_query:
        fts_cold_main(*args.fts5_query)
        return
    import tempfile

    docs, synonyms = full_corpus()
    queries = query_set()
    print(
        f"corpus: {len(docs)} entries; {len(queries)} mixed queries; {os.cpu_count()} CPUs; "
        f"SQLite {sqlite3.sqlite_version}; load average {os.getloadavg()[0]:.2f} at start"
    )
    print(
        "warm figures: percentiles over the queries of each query's median of --repeat runs; "
        "cold: median of fresh processes with bytecode cached"
    )
    results = {}
    with tempfile.TemporaryDirectory(prefix="bench-search-") as tmp:
        for factor in [1] + ([args.scale] if args.scale and args.scale > 1 else []):
            corpus = docs if factor == 1 else synthetic_corpus(docs, factor)
            ids = id_queries(corpus)
            workdir = Path(tmp) / f"x{factor}"
            ours = measure_rulekb(workdir, corpus, synonyms, queries, ids, args)
            base = measure_fts5(workdir, corpus, queries, ids, args)
            results[factor] = (ours, base)
            print()
            print(table(f"{factor}× — {len(corpus)} entries", ours, base))
    if len(results) == 2:
        print()
        print(growth(results[1], results[args.scale], args.scale))


if __name__ == "__main__":
    main()
