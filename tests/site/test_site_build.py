"""``rulekb build`` with the site step: broken links fail it, and a failed build keeps the previous site."""

from __future__ import annotations

import pytest
from rich.console import Console

from kb.build import STEPS as BUILD_STEPS
from kb.build import run_build
from kb.site.build import SiteBuildError
from tests.site.project import make_project

STEPS = [s for s in BUILD_STEPS if s.name in {"parse rules and build the graph", "generate the site"}]


def _break_one_anchor(monkeypatch):
    """Make every link to rule 1.1.2 point at an anchor no page has. The code changes in memory only, which the
    memo of generated pages (keyed by the code's files) cannot see: every page is made again."""
    from kb.site.content_memo import ContentMemo
    from kb.site.links import Linker

    monkeypatch.setattr(ContentMemo, "lookup", lambda self, src_uri, page: None)

    real = Linker.node

    def broken(self, node_id):
        return (
            self.to(self.model.relations.location[node_id][0], "no-such-rule")
            if node_id == "athernum:1.1.2"
            else real(self, node_id)
        )

    monkeypatch.setattr(Linker, "node", broken)


def test_build_writes_site_with_graph_downloads(tmp_path):
    """The build produces the pages and the downloads of the graph beside them."""
    paths = make_project(tmp_path, hostile=False)
    run_build(paths, Console(quiet=True), STEPS)
    assert (paths.site / "athernum" / "cr" / "1.html").is_file()
    assert (paths.site / "downloads" / "graph.json").is_file()
    assert (paths.site / "search" / "index.html").is_file()


def test_the_downloads_a_build_offers_are_those_the_site_makes_from_its_model(tmp_path):
    """The downloads a build publishes hold exactly the bytes the site makes of the knowledge base and results
    loaded afresh: what the build handed the site step from memory is what is on disk."""
    from kb.core.loader import load_kb
    from kb.site.data import load_site_data
    from kb.site.downloads import downloads
    from kb.site.model import build_model

    paths = make_project(tmp_path, hostile=False)
    run_build(paths, Console(quiet=True), draft=True)
    model = build_model(load_site_data(load_kb(paths)))
    made = {item.path: item.content for item in downloads(model)}
    assert {"downloads/graph.json", "downloads/rules.json", "downloads/verify-results.json"} <= set(made)
    assert {path: (paths.site / path).read_bytes() for path in made} == made


def test_broken_anchor_fails_build_and_keeps_previous_site(tmp_path, monkeypatch):
    """A link to a missing anchor stops the build with a message naming it; the previous site/ stays."""
    paths = make_project(tmp_path, hostile=False)
    paths.site.mkdir()
    (paths.site / "previous.txt").write_text("the last good build", encoding="utf-8")
    _break_one_anchor(monkeypatch)
    with pytest.raises(SiteBuildError) as failure:
        run_build(paths, Console(quiet=True), STEPS)
    assert "no-such-rule" in str(failure.value)
    assert (paths.site / "previous.txt").read_text(encoding="utf-8") == "the last good build"
    assert not list(tmp_path.glob(".site*")) + list(
        paths.cache.glob("site-staging-*")
    )  # nothing half-built left


def test_hand_written_pages_are_listed_and_their_rule_links_checked(tmp_path):
    """A page in docs/ joins the navigation, and its link to a rule anchor that does not exist fails the build."""
    from kb.site.build import build_site

    paths = make_project(tmp_path, hostile=False, with_proof=False)
    (paths.docs / "authors").mkdir(parents=True)
    page = paths.docs / "authors" / "guide.md"
    page.write_text("# Guide\n\nSee [rule 1.1.1](../athernum/cr/1.md#1.1.1).\n", encoding="utf-8")
    site = build_site(paths, paths.site).out
    assert 'href="authors/guide.html"' in (site / "index.html").read_text(encoding="utf-8")
    page.write_text("# Guide\n\nSee [rule 1.1.9](../athernum/cr/1.md#1.1.9).\n", encoding="utf-8")
    with pytest.raises(SiteBuildError) as failure:
        build_site(paths, tmp_path / "second")
    assert "does not contain an anchor '#1.1.9'" in str(failure.value)


def test_failed_build_keeps_the_previous_search_index(tmp_path, monkeypatch):
    """When the site step fails, the index the build prepared is thrown away and the live index stays."""
    from kb.search.store import generations, index_root, read_pointer

    paths = make_project(tmp_path, hostile=False)
    steps = [s for s in BUILD_STEPS if s.name != "lint the sources" and s.name != "verify scenarios"]
    run_build(paths, Console(quiet=True), steps)
    root = index_root(paths)
    live = read_pointer(root)["current"]
    _break_one_anchor(monkeypatch)
    with pytest.raises(SiteBuildError):
        run_build(paths, Console(quiet=True), steps)
    assert read_pointer(root)["current"] == live
    assert [g.name for g in generations(root)] == [live]
    assert not list(root.glob(".building-*"))  # the prepared generation is gone, not left for later
