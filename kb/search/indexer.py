"""Build the search index atomically: write a new generation beside the live one, prove it, then swap it in.

An exception, Ctrl-C or a killed process at any point before the swap leaves only a ``.building-*`` folder
behind, which readers ignore and the next build removes; the previous index stays live throughout.
``rulekb build`` prepares the generation in its index step and publishes it only once the whole build
has succeeded, so a failed build leaves the index as it was, like the site.
"""

from __future__ import annotations

import hashlib
import json
import marshal
import os
import shutil
import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from filelock import FileLock, Timeout

from kb.core.collector import collector_paused
from kb.core.errors import RulekbError
from kb.core.paths import Paths
from kb.folders import make_temp, remove_stale
from kb.search.documents import IndexDoc
from kb.search.filters import game_spellings
from kb.search.lexicon import REAL_WORDS_FILE, real_words, real_words_to_json
from kb.search.postings import Inverted, PostingsCache
from kb.search.site_index import SITE_INDEX_FILE, SITE_INDEX_FORMAT, constants, site_index, site_index_script
from kb.search.store import (
    BUILDING_PREFIX,
    GENERATION_PREFIX,
    INDEX_FORMAT,
    META,
    SYNONYMS,
    _open_generation,
    index_root,
    read_pointer,
    source_fingerprint,
    write_pointer,
)
from kb.search.synonyms import Synonyms

if TYPE_CHECKING:
    from kb.core.loader import KnowledgeBase
    from kb.verify.results import VerifyResults

Progress = Callable[[int, int], None]
#: The lock file publishers take turns on, and how long one waits for another.
LOCK = ".lock"
LOCK_SECONDS = 120
#: The ``marshal`` version the entries are hashed in: the last one without references (from 3 on, an object met
#: twice is written once, so equal entries built differently give different bytes).
MARSHAL_VERSION = 2
#: A ``.building-*`` folder older than this is the leftover of an interrupted build.
STALE_SECONDS = 3600


class IndexBusy(RulekbError):
    """Another process kept the index locked for too long; nothing was changed."""


@dataclass
class BuildReport:
    """What a build produced: where, how many entries of each kind, how long it took, what to mention."""

    path: Path
    documents: int
    seconds: float
    kinds: dict[str, int] = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)


def _generation_name() -> str:
    return f"{GENERATION_PREFIX}{time.strftime('%Y%m%d-%H%M%S')}-{time.time_ns() % 10**9:09d}"


def _prune(root: Path, keep: set[str]) -> None:
    """Remove generations no reader will open again, and leftovers of interrupted builds."""
    now = time.time()
    for entry in root.iterdir():
        if entry.name.startswith(GENERATION_PREFIX) and entry.name not in keep:
            shutil.rmtree(entry, ignore_errors=True)
        elif (
            entry.name.startswith((BUILDING_PREFIX, ".CURRENT."))
            and now - entry.stat().st_mtime > STALE_SECONDS
        ):
            if entry.is_dir():
                shutil.rmtree(entry, ignore_errors=True)
            else:
                entry.unlink(missing_ok=True)


def _write(
    folder: Path,
    docs: Sequence[IndexDoc],
    stored: list[dict[str, Any]],
    synonyms: Synonyms,
    meta: dict[str, Any],
    on_progress: Progress | None,
    memo_dir: Path | None = None,
) -> None:
    """Invert every entry (``stored``: each one's fields) and write the postings with what each hit shows, the
    real words typo correction leaves alone, and the browser's copy of them (``search-index.js``)."""
    keys = {key: doc.id for doc in docs for key in doc.keys}
    inverted = Inverted.of(stored, on_progress)
    PostingsCache.from_inverted(inverted, stored, keys).save(folder)
    words = real_words(inverted.postings, memo_dir)
    (folder / REAL_WORDS_FILE).write_text(real_words_to_json(words), encoding="utf-8")
    data = site_index(inverted, stored, keys, synonyms, meta, words)
    (folder / SITE_INDEX_FILE).write_text(site_index_script(data), encoding="utf-8")


@dataclass
class PreparedIndex:
    """A complete, proven index generation that readers cannot see yet (still a ``.building-*`` folder)."""

    root: Path
    folder: Path
    report: BuildReport
    #: The live generation, kept because it was built from the same entries: publishing only records that
    #: it is current for today's sources; discarding leaves it alone.
    reused: bool = False
    #: The sources' fingerprint to record in a kept generation when it is published.
    fingerprint: dict[str, list[int]] = field(default_factory=dict)


def inputs_digest(
    docs: Sequence[IndexDoc],
    synonyms: Synonyms,
    games: Sequence[str] = (),
    *,
    stored: Sequence[dict[str, Any]] | None = None,
    synonyms_json: str | None = None,
) -> str:
    """The hash of everything a generation is written from (its entries, the synonyms, the index's and the site
    index's formats, and the ranking's constants the site's copy carries: a search.js that reads a new one must
    not meet an old copy); ``stored`` and ``synonyms_json``: the entries' fields and the synonyms' JSON, when already at hand. The entries
    are hashed as ``marshal`` writes them (a quarter of JSON's time), in the version without references to objects
    met before, so that equal entries give the same bytes in every process."""
    stored = [doc.fields() for doc in docs] if stored is None else stored
    h = hashlib.sha256(f"{INDEX_FORMAT}\0{SITE_INDEX_FORMAT}\0{sorted(games)}\0".encode())
    h.update(json.dumps(constants(), sort_keys=True, default=list).encode("utf-8"))
    h.update((synonyms.to_json() if synonyms_json is None else synonyms_json).encode("utf-8"))
    entries = [[fields, doc.translated] for fields, doc in zip(stored, docs)]
    try:
        h.update(marshal.dumps(entries, MARSHAL_VERSION))
    except ValueError:  # a value marshal does not write
        h.update(json.dumps(entries, ensure_ascii=False, sort_keys=True, default=list).encode("utf-8"))
    return h.hexdigest()


def _live_generation(root: Path, inputs: str) -> Path | None:
    """The live generation, when it was written from entries with the hash ``inputs``."""
    current = read_pointer(root).get("current")
    folder = root / current if isinstance(current, str) and current else None
    try:
        meta = json.loads((folder / META).read_text(encoding="utf-8")) if folder else {}
    except (OSError, ValueError):
        return None
    return folder if meta.get("inputs") == inputs and meta.get("format") == INDEX_FORMAT else None


@collector_paused()
def prepare_index(
    paths: Paths,
    docs: Sequence[IndexDoc],
    synonyms: Synonyms,
    *,
    on_progress: Progress | None = None,
    games: Sequence[str] = (),
    reuse: bool = False,
    companions: Sequence[str] = (),
) -> PreparedIndex:
    """Write ``docs`` as a new generation and prove it readable, without making it live (see :func:`publish_index`);
    with ``reuse``, keep the live generation instead when it was written from the same entries. ``companions``:
    the documents (``game:document``) whose passages explain or translate another's rules."""
    started = time.perf_counter()
    root = index_root(paths)
    kinds = Counter(d.kind for d in docs)
    stored = [doc.fields() for doc in docs]
    synonyms_json = synonyms.to_json()
    inputs = inputs_digest(docs, synonyms, games, stored=stored, synonyms_json=synonyms_json)
    live = _live_generation(root, inputs) if reuse else None
    if live is not None:
        report = BuildReport(live, len(docs), time.perf_counter() - started, dict(kinds))
        report.notes.append(f"search index: {len(docs)} entries, unchanged: the live index stays")
        return PreparedIndex(root, live, report, reused=True, fingerprint=source_fingerprint(paths))
    remove_stale(root, BUILDING_PREFIX)
    tmp = make_temp(root, BUILDING_PREFIX)
    try:
        meta = {
            "format": INDEX_FORMAT,
            "documents": len(docs),
            "probe": docs[0].id if docs else None,
            "built": time.strftime("%Y-%m-%dT%H:%M:%S%z"),
            "kinds": dict(sorted(kinds.items())),
            "games": sorted({d.game for d in docs} | set(games)),
            "game_names": game_spellings((d.game, d.title) for d in docs if d.kind == "document"),
            "docids": sorted({f"{d.game}:{d.document}" for d in docs}),
            "translated": {
                docid: list(langs)
                for docid, langs in sorted(
                    {(f"{d.game}:{d.document}", d.translated) for d in docs if d.translated}
                )
            },
            "companions": sorted(companions),
            "fingerprint": source_fingerprint(paths),
            "inputs": inputs,
        }
        _write(tmp, docs, stored, synonyms, meta, on_progress, paths.memo)
        (tmp / SYNONYMS).write_text(synonyms_json, encoding="utf-8")
        (tmp / META).write_text(json.dumps(meta, ensure_ascii=False, indent=1), encoding="utf-8")
        _open_generation(tmp)  # prove the new generation readable before anyone can see it
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise
    return PreparedIndex(root, tmp, BuildReport(tmp, len(docs), time.perf_counter() - started, dict(kinds)))


def publish_index(prepared: PreparedIndex) -> BuildReport:
    """Make a prepared generation the live one. Two publishers at once take turns (a lock file), so neither
    prunes the generation the other has just made live."""
    root = prepared.root
    try:
        with FileLock(root / LOCK, timeout=LOCK_SECONDS):
            if prepared.reused:
                _refresh_fingerprint(prepared)
                return prepared.report
            name = _generation_name()
            os.rename(prepared.folder, root / name)
            previous = read_pointer(root).get("current")
            previous = previous if isinstance(previous, str) and (root / previous).is_dir() else None
            write_pointer(root, name, previous)
            _prune(root, keep={name} if previous is None else {name, previous})
    except Timeout as exc:
        discard_index(prepared)
        raise IndexBusy(
            f"another rulekb process has held {root / LOCK} for over {LOCK_SECONDS} s; "
            "the search index was not updated: try again"
        ) from exc
    prepared.report.path = root / name
    return prepared.report


def _refresh_fingerprint(prepared: PreparedIndex) -> None:
    """Record that a kept generation is current for the sources as they are now (an atomic replace of its
    metadata), so that searches do not call it out of date."""
    meta_file = prepared.folder / META
    meta = json.loads(meta_file.read_text(encoding="utf-8"))
    meta["fingerprint"] = prepared.fingerprint
    tmp = meta_file.with_name(f".{META}.{os.getpid()}.tmp")
    tmp.write_text(json.dumps(meta, ensure_ascii=False, indent=1), encoding="utf-8")
    os.replace(tmp, meta_file)


def discard_index(prepared: PreparedIndex) -> None:
    """Throw away a prepared generation that will not be published (the live index stays as it was)."""
    if not prepared.reused:
        shutil.rmtree(prepared.folder, ignore_errors=True)


def write_index(
    paths: Paths,
    docs: Sequence[IndexDoc],
    synonyms: Synonyms,
    *,
    on_progress: Progress | None = None,
    games: Sequence[str] = (),
) -> BuildReport:
    """Write ``docs`` as a new index generation and make it the live one, or leave the live one untouched."""
    return publish_index(prepare_index(paths, docs, synonyms, on_progress=on_progress, games=games))


@collector_paused()
def prepare_knowledge_base_index(
    paths: Paths,
    kb: KnowledgeBase | None = None,
    on_progress: Progress | None = None,
    *,
    reuse: bool = False,
    results: VerifyResults | None = None,
) -> PreparedIndex:
    """Index everything kb knows (the graph of every rule source, the rulings, the verify results: ``results``,
    else the stored ones) into a generation that is not live yet (with ``reuse``, the live one when its entries
    are the same)."""
    from kb.core.loader import load_graph_view, load_kb
    from kb.core.rulings import load_rulings
    from kb.search.documents import collect_documents, companion_documents
    from kb.search.synonyms import load_synonyms
    from kb.verify.results import load_results

    kb = kb or load_kb(paths)
    load_graph_view(paths, kb)  # what `rulekb ask` reads of the knowledge base, ready for the first question
    rulings, ruling_problems = load_rulings(paths)
    results = load_results(paths) if results is None else results
    languages = {d.id: d.meta.language for d in kb.documents}
    synonyms = load_synonyms()
    docs = collect_documents(
        kb.graph, kb.lookup.keys, languages, rulings, results, synonyms, kb.curated.defined_by, paths.memo
    )
    companions = [f"{game}:{document}" for game, document in companion_documents(kb.graph)]
    prepared = prepare_index(
        paths, docs, synonyms, on_progress=on_progress, reuse=reuse, companions=companions
    )
    if kb.errors:
        prepared.report.notes.append(
            f"indexed despite {len(kb.errors)} error(s) in the rule sources (see `rulekb lint`)"
        )
    if ruling_problems:
        prepared.report.notes.append(
            f"{len(ruling_problems)} malformed ruling(s) left out (see `rulekb lint`)"
        )
    return prepared


def index_knowledge_base(
    paths: Paths, kb: KnowledgeBase | None = None, on_progress: Progress | None = None
) -> BuildReport:
    """Index everything kb knows and make it the live index at once (``rulekb index``)."""
    return publish_index(prepare_knowledge_base_index(paths, kb, on_progress))
