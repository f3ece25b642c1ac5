"""The index on disk: built atomically, never half-read, rebuilt when asked, explained when missing."""

from __future__ import annotations

import dataclasses
import os
import time

import pytest

from kb.core.paths import Paths
from kb.core.rulings import load_rulings
from kb.search.indexer import STALE_SECONDS, index_knowledge_base
from kb.search.searcher import SearchEngine
from kb.search.store import POINTER, SYNONYMS, IndexMissing, generations, index_root, open_index, read_pointer
from tests.conftest import copy_project


@pytest.fixture(scope="session")
def small_docs(project_kb):
    """The entries of chapter 4.2 and the glossary: enough to search, quick to index again and again."""
    from kb.search.documents import collect_documents
    from kb.verify.results import VerifyResults

    languages = {d.id: d.meta.language for d in project_kb.documents}
    docs = collect_documents(project_kb.graph, project_kb.lookup.keys, languages, [], VerifyResults(""))
    return [d for d in docs if d.id.startswith(("athernum:4.2", "athernum:term/"))]


@pytest.fixture()
def build(small_docs):
    """Build a small index into a project (as `rulekb index` would, but over fewer entries)."""
    from kb.search.indexer import write_index
    from kb.search.synonyms import load_synonyms

    def _build(paths, _kb=None, **kwargs):
        return write_index(paths, small_docs, load_synonyms(), **kwargs)

    return _build


def test_searching_without_an_index_says_how_to_build_one(project):
    """With no index, opening one fails with a user error naming `rulekb index` and `rulekb build`."""
    with pytest.raises(IndexMissing) as excinfo:
        open_index(project)
    assert "rulekb index" in str(excinfo.value) and "rulekb build" in str(excinfo.value)


def test_command_without_an_index_prints_the_hint_not_a_traceback(project, run):
    """`rulekb search` with no index exits 2 with the build hint on stderr and no traceback."""
    code, out, err = run(project.root, "search", "damage")
    assert code == 2
    assert "rulekb index" in err and "Traceback" not in out + err


def test_build_writes_one_generation_and_points_at_it(project, project_kb):
    """A build leaves exactly one generation, named by ``CURRENT``, and nothing of the build in progress."""
    report = index_knowledge_base(project, project_kb)
    root = index_root(project)
    assert [g.name for g in generations(root)] == [report.path.name]
    assert read_pointer(root)["current"] == report.path.name
    assert not [p for p in root.iterdir() if p.name.startswith(".building-")]
    rulings, _ = load_rulings(project)
    assert report.documents == project_kb.graph.number_of_nodes() + len(rulings)


def test_rebuild_keeps_the_previous_generation_as_fallback(project, project_kb, build):
    """After a rebuild ``CURRENT`` names the new generation and remembers the previous one."""
    first = build(project, project_kb)
    second = build(project, project_kb)
    pointer = read_pointer(index_root(project))
    assert pointer == {"current": second.path.name, "previous": first.path.name}


def test_interrupted_build_leaves_the_previous_index_usable(project, project_kb, build):
    """Ctrl-C halfway through writing leaves the old index live and searchable; the half-built folder is ignored."""
    first = build(project, project_kb)

    def interrupt(done: int, total: int) -> None:
        if done > total // 2:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        build(project, project_kb, on_progress=interrupt)
    assert read_pointer(index_root(project))["current"] == first.path.name
    with SearchEngine(project) as engine:
        assert engine.search("4.2.2a").hits[0].id == "athernum:4.2.2a"


def test_leftover_of_a_killed_build_is_ignored_then_cleaned_up(project, project_kb, build):
    """A ``.building-*`` folder left by a killed build is never opened, and an old one is removed by the next build."""
    build(project, project_kb)
    leftover = index_root(project) / ".building-killed"
    leftover.mkdir()
    (leftover / "MAIN_WRITELOCK").write_text("")
    with SearchEngine(project) as engine:
        assert engine.search("initiative").hits
    old = time.time() - STALE_SECONDS - 60
    os.utime(leftover, (old, old))
    build(project, project_kb)
    assert not leftover.exists()


def test_corrupted_newest_generation_falls_back_to_the_previous_one(project, project_kb, build):
    """If the live generation's files are damaged, search uses the previous generation and warns."""
    build(project, project_kb)
    second = build(project, project_kb)
    (second.path / "postings.marshal").write_bytes(b"garbage")
    with SearchEngine(project) as engine:
        assert engine.search("4.2.2a").hits[0].id == "athernum:4.2.2a"
        assert "damaged" in engine.warnings[0] and "rulekb index" in engine.warnings[0]


def test_index_with_every_generation_damaged_is_reported_not_raised(project, project_kb, run, build):
    """When no generation can be read, the command says so and how to rebuild, without a traceback."""
    report = build(project, project_kb)
    (report.path / "meta.json").write_text("{not json")
    code, _out, err = run(project.root, "search", "damage")
    assert code == 2 and "cannot be read" in err and "rulekb index" in err and "Traceback" not in err


def test_missing_pointer_file_opens_the_newest_generation(project, project_kb, build):
    """Without ``CURRENT`` (deleted by hand), the newest complete generation is still found."""
    report = build(project, project_kb)
    (index_root(project) / POINTER).unlink()
    assert open_index(project).path == report.path


def test_changed_rule_source_marks_the_index_stale(project, project_kb, build):
    """Editing a rule source after the build makes the index report itself out of date."""
    build(project, project_kb)
    with SearchEngine(project) as engine:
        assert not engine.is_stale()
        source = project.rules / "athernum" / "cr.md"
        source.write_text(source.read_text(encoding="utf-8") + "\n", encoding="utf-8")
        assert engine.is_stale()


def test_a_project_copied_with_its_index_finds_it_current_and_sees_an_edit(judged, tmp_path):
    """A built project copied elsewhere (times kept) reports its index up to date; a rule edited in the copy makes
    the copy's index out of date and leaves the original's current."""
    copy = Paths(copy_project(judged.root, tmp_path / "copy"))
    with SearchEngine(copy) as engine:
        assert not engine.is_stale()
        source = copy.rules / "athernum" / "cr.md"
        source.write_text(source.read_text(encoding="utf-8") + "\n", encoding="utf-8")
        assert engine.is_stale()
    with SearchEngine(judged) as engine:
        assert not engine.is_stale()


def test_a_verify_with_nothing_changed_leaves_the_index_up_to_date(project, project_kb, build):
    """Verify results written again with new times (a `rulekb verify` after no edit) keep the index up to date;
    a scenario whose result changed makes it out of date."""
    from dataclasses import replace

    from kb.verify.results import ScenarioResult, Status, VerifyResults, write_results

    scenario = ScenarioResult(
        "athernum/x/y", "athernum", "scenarios/athernum/x/y.yaml", "Y", [], [], Status.PASSED
    )
    write_results(project, VerifyResults("2026-01-01T00:00:00", [replace(scenario, key="k", duration=0.1)]))
    os.utime(project.verify_details, ns=(0, 0))  # the results' folder as of long before the build
    build(project, project_kb)
    with SearchEngine(project) as engine:
        write_results(
            project, VerifyResults("2026-01-02T00:00:00", [replace(scenario, key="k", duration=0.2)])
        )
        assert not engine.is_stale()
        write_results(
            project, VerifyResults("2026-01-03T00:00:00", [replace(scenario, key="k", status=Status.FAILED)])
        )
        assert engine.is_stale()


def test_rulings_and_scenarios_join_the_index(indexed_with_rulings):
    """A ruling and a verified scenario beside the rules are indexed and found by their words."""
    with SearchEngine(indexed_with_rulings) as engine:
        ruling = engine.search("defender or the target deal combat damage back", kind="ruling").hits[0]
        assert ruling.id == "athernum:ruling/R-ATH-900"
        assert ruling.url == "athernum/rulings.html#R-ATH-900"
        scenario = engine.search("target strikes back", kind="example").hits[0]
        assert scenario.id == "athernum:scenario/combat/target-strikes-back"
        assert scenario.extra["status"] == "passed"
        assert engine.search("R-ATH-900").hits[0].id == "athernum:ruling/R-ATH-900"


def test_scenario_match_puts_the_rule_it_demonstrates_first(indexed_with_rulings):
    """A question matching a verified scenario's title ranks the rule the scenario shows above the scenario."""
    with SearchEngine(indexed_with_rulings) as engine:
        found = [
            (h.id, h.via)
            for h in engine.search(
                "target strikes back at the attacker with its own offensive value", limit=10
            ).hits
        ]
    ids = [node_id for node_id, _ in found]
    scenario = "athernum:scenario/combat/target-strikes-back"
    assert ids.index("athernum:9.3.9b") < ids.index(scenario)
    assert dict(found)["athernum:9.3.9b"] in ("text", f"shown by {'athernum/combat/target-strikes-back'}")


def test_a_second_publisher_waits_for_the_lock_and_changes_nothing_when_it_times_out(
    project, small_docs, monkeypatch
):
    """While another process holds the index lock, publishing fails with IndexBusy and the live index stays."""
    from filelock import FileLock

    from kb.search import indexer
    from kb.search.synonyms import load_synonyms

    live = indexer.write_index(project, small_docs, load_synonyms()).path.name
    prepared = indexer.prepare_index(project, small_docs, load_synonyms())
    monkeypatch.setattr(indexer, "LOCK_SECONDS", 0.2)
    root = index_root(project)
    with FileLock(root / indexer.LOCK), pytest.raises(indexer.IndexBusy, match="try again"):
        indexer.publish_index(prepared)
    assert read_pointer(root)["current"] == live
    assert [g.name for g in generations(root)] == [live]
    assert not prepared.folder.exists()


def test_publishers_taking_turns_never_prune_the_live_index(project, small_docs):
    """Two indexes prepared at once and published one after the other: the second is live, the first kept as previous."""
    from kb.search import indexer
    from kb.search.synonyms import load_synonyms

    first = indexer.prepare_index(project, small_docs, load_synonyms())
    second = indexer.prepare_index(project, small_docs, load_synonyms())
    a = indexer.publish_index(first).path.name
    b = indexer.publish_index(second).path.name
    root = index_root(project)
    assert read_pointer(root) == {"current": b, "previous": a}
    assert {g.name for g in generations(root)} == {a, b}
    assert open_index(project).path.name == b


def test_the_same_entries_keep_the_live_index_and_new_ones_replace_it(project, small_docs):
    """Prepared with ``reuse`` from the entries the live index was written from, the live generation stays (no new
    one, nothing discarded); one changed entry writes a new generation."""
    from kb.search.indexer import discard_index, prepare_index, publish_index, write_index
    from kb.search.synonyms import load_synonyms

    live = write_index(project, small_docs, load_synonyms()).path
    kept = prepare_index(project, small_docs, load_synonyms(), reuse=True)
    assert kept.reused and kept.folder == live
    discard_index(kept)
    assert publish_index(kept).path == live and open_index(project).path == live
    assert [g.name for g in generations(index_root(project))] == [live.name]
    edited = [*small_docs[:-1], dataclasses.replace(small_docs[-1], text=small_docs[-1].text + " edited")]
    fresh = prepare_index(project, edited, load_synonyms(), reuse=True)
    assert not fresh.reused and fresh.folder != live
    assert publish_index(fresh).path != live


def test_an_index_rebuilt_after_edits_is_byte_identical_to_a_cold_build(project, small_docs, tmp_path):
    """After edits (a word added, then another entry changed), the index files are the bytes a first build of the
    same entries writes in a project of its own: what a build keeps from the last one never shows."""
    from kb.search.indexer import write_index
    from kb.search.lexicon import REAL_WORDS_FILE
    from kb.search.postings import POSTINGS_FILE
    from kb.search.site_index import SITE_INDEX_FILE
    from kb.search.synonyms import load_synonyms

    synonyms = load_synonyms()
    write_index(project, small_docs, synonyms)
    edited = [
        dataclasses.replace(small_docs[0], text=small_docs[0].text + " zebrafish talks"),
        *small_docs[1:],
    ]
    write_index(project, edited, synonyms)
    edited[-1] = dataclasses.replace(edited[-1], title=edited[-1].title + " Schlägt")
    rebuilt = write_index(project, edited, synonyms).path
    (tmp_path / "cold" / "rules").mkdir(parents=True)
    cold = write_index(Paths(tmp_path / "cold"), edited, synonyms).path
    for name in (POSTINGS_FILE, SITE_INDEX_FILE, REAL_WORDS_FILE, SYNONYMS):
        assert (rebuilt / name).read_bytes() == (cold / name).read_bytes(), name


def test_a_changed_ranking_constant_replaces_the_live_index(project, small_docs, monkeypatch):
    """The same entries indexed by code with another ranking constant write a new generation, so the site's copy
    of the index never carries constants older than the search.js shipped beside it."""
    from kb.search import indexer, site_index
    from kb.search.synonyms import load_synonyms

    live = indexer.write_index(project, small_docs, load_synonyms()).path
    changed = {**site_index.constants(), "LEAD": 2.0}
    monkeypatch.setattr(indexer, "constants", lambda: changed)
    fresh = indexer.prepare_index(project, small_docs, load_synonyms(), reuse=True)
    assert not fresh.reused and fresh.folder != live
    indexer.discard_index(fresh)


def test_a_verify_that_changes_no_result_leaves_the_index_current(project, build):
    """Rewriting the verify results with new times and durations but the same outcomes does not make the index
    out of date; a changed outcome does."""
    from kb.verify.results import ScenarioResult, Status, VerifyResults, write_results

    def results(generated: str, duration: float, status: Status) -> VerifyResults:
        scenario = ScenarioResult("athernum/x", "athernum", "scenarios/athernum/x.yaml", "X", [], [], status)
        scenario.duration = duration
        return VerifyResults(generated, [scenario])

    write_results(project, results("monday", 0.5, Status.PASSED))
    build(project)
    with SearchEngine(project) as engine:
        write_results(project, results("tuesday", 0.7, Status.PASSED))
        assert not engine.is_stale()
        write_results(project, results("wednesday", 0.7, Status.FAILED))
        assert engine.is_stale()


def test_equal_entries_built_apart_have_the_same_inputs_digest(small_docs):
    """Entries equal to the live index's but made afresh (as another process makes them) keep the live index,
    and an edited one does not."""
    from kb.search.indexer import inputs_digest
    from kb.search.synonyms import Synonyms

    first = small_docs[0]
    shared = dataclasses.replace(first, title=first.text, text=first.text)  # one string object, met twice
    apart = dataclasses.replace(first, title="".join(first.text), text="".join([first.text, ""]))
    assert apart.title is not apart.text
    digest = inputs_digest([shared, *small_docs[1:]], Synonyms())
    assert inputs_digest([apart, *small_docs[1:]], Synonyms()) == digest
    edited = dataclasses.replace(first, title=first.text, text=first.text + " zebrafish")
    assert inputs_digest([edited, *small_docs[1:]], Synonyms()) != digest
