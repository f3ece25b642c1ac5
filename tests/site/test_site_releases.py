"""Releases on the site: a page of changes per game, each rule's history, and old numbers that still link."""

from __future__ import annotations

import re

from kb.core.loader import load_kb
from kb.diff import ChangeKind
from kb.site.data import load_site_data
from kb.site.model import build_model
from tests.site.conftest import read
from tests.site.project import make_project, old_release

ESCAPED_OLD = "&lt;script&gt;alert(&#34;old&#34;)&lt;/script&gt;"


def _change(html: str, kind: str, text: str) -> str:
    """The entry of one change on the changes page: the first of ``kind`` whose HTML contains ``text``."""
    for entry in html.split(f'<div class="rk-change rk-change--{kind}">')[1:]:
        entry = entry[: entry.index("</div>")]
        if text in entry:
            return entry
    raise AssertionError(f"no {kind} change with {text!r}")


def test_changes_page_lists_each_change_with_links_and_diffs(release_site):
    """Per release: the changed rule with its word diff, renumbered rules linked under their new numbers,
    and the removed rule with its old text."""
    html = read(release_site, "athernum/changes.html")
    assert 'id="release-current"' in html and 'id="release-current--cr"' in html
    assert "1 changed, 2 renumbered, 1 removed" in html
    changed = _change(html, "changed", 'href="cr/1.html#1.1.1"')
    assert "<del>one printed</del> <ins>a</ins> name" in changed
    assert f"<del>{ESCAPED_OLD}</del>" in changed
    same_page = _change(html, "renumbered", "1.1.3")
    assert '<span class="rk-old">1.1.3</span> → <a href="cr/1.html#1.1.2a">1.1.2a</a>' in same_page
    other_page = _change(html, "renumbered", "1.1.4")
    assert '<a href="cr/2.html#2.1.1">2.1.1</a>' in other_page
    removed = _change(html, "removed", "1.1.5")
    assert "<del>Every card has a card back</del>" in removed and "<a " not in removed
    assert "2025-06 → current" in html


def test_a_rule_shows_the_releases_in_which_it_changed(release_site):
    """Under rule 1.1.1 stands its history: the release, the one before, the change and its diff, linked to the
    release's changes; an unchanged rule has none."""
    html = read(release_site, "athernum/cr/1.html")
    block = html[html.index('id="1.1.1"') : html.index('id="1.1.2"')]
    history = block[block.index("rk-history") :]
    assert '<a href="../changes.html#release-current--cr">current</a>' in history
    assert "(from 2025-06)" in history and "<del>one printed</del> <ins>a</ins>" in history
    assert "rk-history" not in html[html.index('id="1.1.2"') : html.index('id="1.1.2a"')]
    moved = html[html.index('id="1.1.2a"') :]
    assert "renumbered from 1.1.3" in moved[: moved.index("</details>")]


def test_old_numbers_still_lead_to_the_rule(release_site, release_project):
    """A link to an old number resolves: inside the renumbered rule's block when it stayed on the page, as a
    note pointing to the rule on another page, or saying it was removed. The strict build of a page linking
    to all three proves MkDocs finds each anchor."""
    html = read(release_site, "athernum/cr/1.html")
    heading = html[html.index('<h4 id="1.1.2a"') :]
    heading = heading[: heading.index("</h4>")]
    assert '<span id="1.1.3" class="rk-former" title="formerly 1.1.3"></span>' in heading
    stub = re.search(r'<p id="1.1.4" class="rk-former-stub">(.*?)</p>', html)
    assert stub
    moved = stub.group(1)
    assert 'is now <a href="2.html#2.1.1">2.1.1</a>' in moved
    stub = re.search(r'<p id="1.1.5" class="rk-former-stub">(.*?)</p>', html)
    assert stub
    removed = stub.group(1)
    assert "was removed in release" in removed
    guide = read(release_site, "authors/old-links.html")
    for number in ("1.1.3", "1.1.4", "1.1.5"):
        assert f'href="../athernum/cr/1.html#{number}"' in guide
    assert len(re.findall(r'\sid="1\.1\.1"', html)) == 1  # no anchor is given twice


def test_release_texts_are_escaped(release_site):
    """The old release's hostile text is shown escaped on the changes page and in the rule's history."""
    for url in ("athernum/changes.html", "athernum/cr/1.html"):
        html = read(release_site, url)
        assert ESCAPED_OLD in html
        assert "<script>alert(" not in html
    for page in release_site.rglob("*.html"):
        assert "<script>alert(" not in page.read_text(encoding="utf-8"), page


def test_old_release_texts_are_not_searched(release_project):
    """The site's search index holds neither the changes page nor old wordings, which would compete with the rules."""
    from kb.search.indexer import discard_index, prepare_knowledge_base_index
    from kb.search.site_index import SITE_INDEX_FILE, read_site_index

    prepared = prepare_knowledge_base_index(release_project)
    try:
        index = (prepared.folder / SITE_INDEX_FILE).read_text(encoding="utf-8")
        docs = read_site_index(prepared.folder / SITE_INDEX_FILE)["docs"]
    finally:
        discard_index(prepared)
    assert (
        "1.1.1" in docs["number"] and "1.1.1" in docs["id"]
    )  # the current rule is there (ids without their game)
    assert "athernum/changes" not in index and "one printed name" not in index


def test_a_game_with_one_release_says_so(small_site):
    """With only the current sources, the changes page says there is a single release."""
    html = read(small_site, "athernum/changes.html")
    assert "have a single release" in html and "rk-change--" not in html
    assert "Changes</a> (one release)" in read(small_site, "status.html")


def test_history_follows_renumberings_across_releases(tmp_path):
    """Three releases: a change two releases back links to the rule as it is now, through a later renumbering;
    old numbers that a current rule has (two rules swapped) get no anchor."""
    paths = make_project(tmp_path)
    cr = paths.rules / "athernum" / "cr.md"
    june = old_release(cr.read_text(encoding="utf-8"))
    january = (
        june.replace("- 1.1.3 A token", "- 1.1.6 A token")  # 1.1.6 → 1.1.3 → 1.1.2a
        .replace("- 1.1.1 Every card", "- 1.1.9 Every card")  # 1.1.1 and 1.1.2 swapped
        .replace("- 1.1.2 A permanent", "- 1.1.1 A permanent")
        .replace("- 1.1.9 Every card", "- 1.1.2 Every card")
    )
    (cr.parent / "cr@2025-06.md").write_text(june, encoding="utf-8")
    (cr.parent / "cr@2025-01.md").write_text(january, encoding="utf-8")
    model = build_model(load_site_data(load_kb(paths)))
    index = model.releases
    assert [(t.previous, t.release) for t in index.transitions] == [
        ("2025-01", "2025-06"),
        ("2025-06", "current"),
    ]
    token = [(c.release, c.kind, c.change.old_id) for c in index.by_node["athernum:1.1.2a"]]
    assert token == [
        ("2025-06", ChangeKind.RENUMBERED, "athernum:1.1.6"),
        ("current", ChangeKind.RENUMBERED, "athernum:1.1.3"),
    ]
    assert sorted(a.number for a in index.former_in_block["athernum:1.1.2a"]) == ["1.1.3", "1.1.6"]
    first = [(c.release, c.kind) for c in index.by_node["athernum:1.1.1"]]
    assert first == [("2025-06", ChangeKind.RENUMBERED), ("current", ChangeKind.CHANGED)]
    anchors = {a.number for found in (*index.former_in_block.values(), *index.stubs.values()) for a in found}
    assert not anchors & {"1.1.1", "1.1.2"}  # swapped: both numbers belong to current rules
