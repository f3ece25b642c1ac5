"""A site build keeps the generated pages nothing they read changed for, and writes exactly what a build from
scratch writes (kb/site/watched.py records what each page reads; kb/site/content_memo.py keeps the pages)."""

from __future__ import annotations

import gc
from dataclasses import replace
from pathlib import Path

from kb.core import memo
from kb.core.collector import collector_paused
from kb.core.paths import Paths
from kb.site.build import CONTENT_MEMO, PAGES_MEMO, build_site
from kb.site.content_memo import MEMO_VERSION, ContentMemo, PageOutput
from kb.site.fingerprint import fingerprint
from kb.site.generate import SiteGenerator
from kb.site.watched import MISSING, current_value, real_model, recording
from kb.verify.results import load_results, write_results
from tests.site.project import make_project


def _tree(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def test_a_page_depends_on_the_nodes_and_entries_it_reads_and_on_the_whole_of_what_it_walks(tmp_path):
    """Reading a node, a ruling or a node's relations records just that; walking an index or using the graph in a
    way the stand-in does not narrow records the whole; each key looks up what the model holds now."""
    model = SiteGenerator.load(make_project(tmp_path)).model
    with recording() as reads:
        assert model.graph.node("athernum:1.1.1").number == "1.1.1"
        assert model.rulings.get("R-T-001") is not None
        assert "R-T-404" not in model.rulings
        model.relations.get("children", "athernum:cr")
        model.scenarios_of("athernum")
    assert {key for key in reads if key[0] != "item" or key[1] != ("model", "scenarios")} == {
        ("node", "athernum:1.1.1"),
        ("item", ("model", "rulings"), "R-T-001"),
        ("item", ("model", "rulings"), "R-T-404"),
        ("item", ("relations", "children"), "athernum:cr"),
        ("all", ("model", "scenarios")),
    }
    with recording() as walked:
        list(model.graph.edges(keys=True))
    assert walked == {("graph",)}
    real = real_model(model)
    node = real.graph.node("athernum:1.1.1")
    assert current_value(real, ("node", "athernum:1.1.1")) == tuple(
        getattr(node, f)
        for f in ("id", "game", "document", "kind", "title", "number", "parent", "order", "line")
    ) + ((), node.path)
    with recording() as texts:
        assert model.graph.node("athernum:1.1.1").text == node.text
    assert texts == {("node", "athernum:1.1.1"), ("text", "athernum:1.1.1")}
    assert current_value(real, ("text", "athernum:1.1.1")) == node.text
    assert current_value(real, ("item", ("model", "rulings"), "R-T-404")) == MISSING
    assert current_value(real, ("all", ("model", "scenarios"))) == list(real.scenarios.items())


def test_a_page_is_kept_only_while_everything_it_read_is_unchanged(tmp_path):
    """The memo gives back a page's output when the values it read are the same in the next build's model, and
    nothing once one of them changed, or when the page itself (its title, its view) is described differently."""
    model = SiteGenerator.load(make_project(tmp_path)).model
    reads = {("node", "athernum:1.1.1"), ("item", ("model", "rulings"), "R-T-001")}
    before = ContentMemo(tmp_path / "memo.pickle")
    before.start(model, ["shared"], [])
    before.keep("a.md", ("a.md", "A"), reads, PageOutput(html="<p>a</p>"))
    before.record()
    after = ContentMemo(tmp_path / "memo.pickle")
    after.start(model, ["shared"], [])
    kept = after.lookup("a.md", ("a.md", "A"))
    assert kept is not None and kept.html == "<p>a</p>" and after.kept == {"a.md"}
    assert after.lookup("a.md", ("a.md", "A, retitled")) is None
    real_model(model).graph.node("athernum:1.1.1").text += " (edited)"
    text_edited = ContentMemo(tmp_path / "memo.pickle")
    text_edited.start(model, ["shared"], [])
    assert text_edited.lookup("a.md", ("a.md", "A")) is not None  # the page read the node, not its text
    real_model(model).graph.node("athernum:1.1.1").title += " (edited)"
    edited = ContentMemo(tmp_path / "memo.pickle")
    edited.start(model, ["shared"], [])
    assert edited.lookup("a.md", ("a.md", "A")) is None
    other = ContentMemo(tmp_path / "memo.pickle")
    other.start(model, ["shared, changed"], [])
    assert other.lookup("a.md", ("a.md", "A")) is None


def test_a_kept_page_has_its_previews_made_again_once_a_linked_rule_text_changed(tmp_path):
    """A page that links a rule without showing its text is kept after that text is edited, but what its previews
    read has changed: the previews are made again, and the next build keeps them as made."""
    model = SiteGenerator.load(make_project(tmp_path)).model
    before = ContentMemo(tmp_path / "memo.pickle")
    before.start(model, ["shared"], [])
    node = ("node", "athernum:1.1.1")
    before.keep(
        "a.md", ("a.md", "A"), {node}, PageOutput(html="<p>a</p>"), {node, ("text", "athernum:1.1.1")}
    )
    before.record()
    same = ContentMemo(tmp_path / "memo.pickle")
    same.start(model, ["shared"], [])
    assert same.lookup("a.md", ("a.md", "A")) is not None and same.previews_hold("a.md")
    real_model(model).graph.node("athernum:1.1.1").text += " (edited)"
    edited = ContentMemo(tmp_path / "memo.pickle")
    edited.start(model, ["shared"], [])
    assert edited.lookup("a.md", ("a.md", "A")) is not None and not edited.previews_hold("a.md")
    edited.keep_previews("a.md", PageOutput(html="<p>a, previews again</p>"), {("text", "athernum:1.1.1")})
    edited.record()
    after = ContentMemo(tmp_path / "memo.pickle")
    after.start(model, ["shared"], [])
    kept = after.lookup("a.md", ("a.md", "A"))
    assert kept is not None and kept.html == "<p>a, previews again</p>" and after.previews_hold("a.md")


def test_a_build_in_the_same_process_takes_the_recorded_pages_until_another_writes_the_memo(
    tmp_path, monkeypatch
):
    """``rulekb serve``'s next build looks pages up in those its last build recorded without reading back the file
    it wrote; once another process's build has written the file, the file's pages are the ones looked up."""
    model = SiteGenerator.load(make_project(tmp_path)).model
    path = tmp_path / "memo.pickle"
    before = ContentMemo(path)
    before.start(model, ["shared"], [])
    before.keep("a.md", ("a.md", "A"), set(), PageOutput(html="<p>a</p>"))
    before.record()
    loads: list[Path] = []
    load = memo.load

    def counted(p: Path) -> object:
        loads.append(p)
        return load(p)

    monkeypatch.setattr(memo, "load", counted)
    again = ContentMemo(path)
    again.start(model, ["shared"], [])
    kept = again.lookup("a.md", ("a.md", "A"))
    assert kept is not None and kept.html == "<p>a</p>" and loads == []
    memo.store(path, {"version": MEMO_VERSION, "pages": {}})
    other = ContentMemo(path)
    other.start(model, ["shared"], [])
    assert other.lookup("a.md", ("a.md", "A")) is None and loads == [path]


def test_fingerprints_leave_no_garbage_for_the_collector():
    """A fingerprint frees what it made as it goes: a rebuild in ``rulekb serve`` takes some 16,000, which would
    otherwise wait for the collector (whose pass lies on the way from an edit to its page)."""
    gc.collect()
    with collector_paused():
        for _ in range(20):
            fingerprint({"a": [1, 2]}, {})
        assert gc.collect() == 0


def test_a_value_pickle_cannot_write_never_matches():
    """A value whose fingerprint cannot be taken is never taken for an earlier one: what read it is made again."""
    assert fingerprint(lambda: 1) != fingerprint(lambda: 1)
    assert fingerprint({"a": [1, 2]}) == fingerprint({"a": [1, 2]})


def test_the_pages_show_no_scenarios_duration_or_inputs_key(tmp_path):
    """Two builds from scratch of results that differ only in each scenario's duration and the key of its inputs
    (which the memo's fingerprints leave out) write the same pages (the results download, made every build, has
    the keys)."""
    paths = make_project(tmp_path / "project")
    build_site(paths, tmp_path / "first")
    results = load_results(paths)
    assert results.scenarios
    results.scenarios = [
        replace(s, duration=s.duration + 12.5, key=f"other-{s.id}") for s in results.scenarios
    ]
    write_results(paths, results)
    build_site(paths, tmp_path / "second")
    first, second = _tree(tmp_path / "first"), _tree(tmp_path / "second")
    pages = [name for name in first if name.endswith(".html")]
    assert pages and [name for name in pages if first[name] != second[name]] == []


def test_a_rebuild_keeps_the_pages_an_edit_does_not_reach_and_equals_a_build_from_scratch(
    tmp_path, monkeypatch
):
    """With nothing changed every generated page is kept; after a ruling's answer is edited, the pages showing it
    are made again, the others kept, and the site is byte for byte the one a build from scratch writes."""
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1735689600")
    paths = make_project(tmp_path / "project")
    build_site(paths, paths.site, previous=paths.site)
    again = build_site(paths, tmp_path / "again", previous=paths.site)
    assert again.kept == again.pages > 0
    assert _tree(tmp_path / "again") == _tree(paths.site)
    rulings = paths.rules / "athernum" / "rulings.yaml"
    rulings.write_text(rulings.read_text(encoding="utf-8").replace("The CR wins", "The CR prevails"), "utf-8")
    edited = build_site(paths, tmp_path / "edited", previous=tmp_path / "again")
    assert 0 < edited.kept < edited.pages
    fresh = Paths(tmp_path / "fresh")
    make_project(fresh.root)
    (fresh.rules / "athernum" / "rulings.yaml").write_text(rulings.read_text(encoding="utf-8"), "utf-8")
    build_site(fresh, tmp_path / "fresh-site")
    assert _tree(tmp_path / "edited") == _tree(tmp_path / "fresh-site")
    assert any(b"The CR prevails" in page for page in _tree(tmp_path / "edited").values())


def test_a_build_recording_later_keeps_nothing_for_the_next_build_until_told(tmp_path):
    """A site built with ``record_later`` (the build's site step, which keeps them only once the site is published)
    writes no memo of its pages until its report's ``record`` is called; then the next build keeps every page."""
    paths = make_project(tmp_path / "project")
    build_site(paths, paths.site)
    first = build_site(paths, tmp_path / "first", previous=paths.site, record_later=True)
    memos = (paths.memo / PAGES_MEMO, paths.memo / CONTENT_MEMO)
    assert first.record is not None and not any(m.exists() for m in memos)
    first.record()
    assert all(m.exists() for m in memos)
    again = build_site(paths, tmp_path / "again", previous=tmp_path / "first")
    assert again.record is None and again.kept == again.pages > 0
