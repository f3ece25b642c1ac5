"""A build with nothing changed since the last good one does nothing and says so; any edit to what a build reads
makes the next build run again."""

from __future__ import annotations

import os
import re
import shutil

import pytest

from kb import build_stamp
from kb.core.paths import Paths
from tests.conftest import ROOT, copy_project, with_memo


def _tree(folder) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def test_a_build_with_nothing_changed_is_skipped_and_an_edit_is_not(built_small, tmp_path, run):
    """The second build, in a copy of the built project (times kept), reports nothing changed and leaves site/ as
    it was; a rule, scenario or page edit, or a missing index, makes the copy's inputs out of date again and leaves
    the original up to date (that the copy's build then runs is shown by the test after next)."""
    small_project = copy_project(built_small, tmp_path / "copy")
    site = _tree(small_project / "site")
    code, out, _ = run(small_project, "build")
    assert code == 0 and "nothing changed since the last build" in out
    assert _tree(small_project / "site") == site
    paths = Paths(small_project)
    digest = build_stamp.inputs_digest(paths, draft=False)
    assert build_stamp.up_to_date(paths, digest) and not build_stamp.up_to_date(
        paths, build_stamp.inputs_digest(paths, True)
    )
    scenario = next((small_project / "scenarios" / "athernum" / "ch05").glob("*.yaml"))
    for edited in (
        small_project / "rules" / "athernum" / "cr.md",
        scenario,
        small_project / "docs" / "authors" / "guide.md",
    ):
        before = edited.read_bytes()
        edited.write_bytes(before + b"\n")
        assert not build_stamp.up_to_date(paths, build_stamp.inputs_digest(paths, draft=False)), edited
        edited.write_bytes(before)
    (small_project / ".rulekb" / "index" / "CURRENT").unlink()
    assert not build_stamp.up_to_date(paths, digest)
    original = Paths(built_small)
    assert build_stamp.up_to_date(original, build_stamp.inputs_digest(original, draft=False))


#: Edits of each kind a site build must notice: (file, text, replacement, what the site then shows, whether pages of
#: the previous build stay): a rule's text (a few pages change), an example's title (its page and the lists of
#: examples), a chapter's title (the navigation of every page).
EDITS = (
    (
        "rules/athernum/cr.md",
        "may be played per turn",
        "may be played per turn, edited",
        "per turn, edited",
        True,
    ),
    (
        "scenarios/athernum/ch05/a-created-resource-token-enters-the-resource-zone.yaml",
        "title: A resource token created by an effect",
        "title: A resource token made by an effect",
        "A resource token made by an effect",
        True,
    ),
    ("rules/athernum/cr.md", "# 1. Card Elements", "# 1. Elements of a Card", "Elements of a Card", False),
)


def _cold_site(project, folder, run, *, memo: bool) -> dict[str, bytes]:
    """The site a first build of a copy of ``project``'s sources writes: no site/, index or results, and, unless
    ``memo``, none of the memos either (the memos are keyed by content: they save parsing, not a page)."""
    for name in ("rules", "scenarios", "docs"):
        shutil.copytree(project / name, folder / name)
    for name in ("mkdocs.yml", "pyproject.toml"):
        shutil.copy(project / name, folder / name)
    if memo:
        with_memo(Paths(project).memo, folder)
    (folder / "kb").symlink_to(ROOT / "kb")
    assert run(folder, "build")[0] == 0
    return _tree(folder / "site")


def test_an_edit_that_keeps_a_files_size_changes_the_inputs(tmp_path):
    """A file rewritten with other bytes of the same length is read again: the digest follows content, the memo
    of each file's digest only saves reading files whose size and time are unchanged."""
    paths = Paths(tmp_path)
    (tmp_path / "mkdocs.yml").write_text("site_name: a\n", encoding="utf-8")
    before = build_stamp.inputs_digest(paths, draft=False)
    assert build_stamp.inputs_digest(paths, draft=False) == before
    (tmp_path / "mkdocs.yml").write_text("site_name: b\n", encoding="utf-8")
    os.utime(tmp_path / "mkdocs.yml", ns=(1, 1))
    assert build_stamp.inputs_digest(paths, draft=False) != before


def test_an_incremental_build_after_an_edit_equals_a_cold_build_of_the_same_tree(
    built_small, run, tmp_path, tmp_path_factory, monkeypatch
):
    """In a copy of a built project, after a rule edit (the build runs again: the scenarios citing it run, the others
    keep their results, the pages nothing changed for are kept, unless changed by hand), an example's edit and a
    chapter's retitling, site/ holds exactly the bytes a first build of the edited tree writes (at the same
    $SOURCE_DATE_EPOCH); the last first build starts without memos too, as in a fresh checkout. The project the copy
    was made from stays up to date."""
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1735689600")
    small_project = copy_project(built_small, tmp_path / "copy")
    with (small_project / "site" / "index.html").open("a", encoding="utf-8") as page:
        page.write("<!-- changed by hand: not a page a build wrote -->")
    for step, (path, old, new, shown, kept) in enumerate(EDITS, 1):
        edited = small_project / path
        text = edited.read_text(encoding="utf-8")
        assert old in text, (path, old)
        edited.write_text(text.replace(old, new, 1), encoding="utf-8")
        code, out, err = run(small_project, "build")
        assert code == 0 and "the others' inputs unchanged" in out, out + err
        assert "nothing changed since the last build" not in out, out
        assert (re.search(r"site: .*, [1-9]\d* pages unchanged", out) is not None) == kept, out
        incremental = _tree(small_project / "site")
        fresh = _cold_site(small_project, tmp_path_factory.mktemp("cold"), run, memo=step < len(EDITS))
        assert sorted(incremental) == sorted(fresh)
        assert [name for name in incremental if incremental[name] != fresh[name]] == [], path
        assert any(shown.encode() in page for page in incremental.values()), shown
    original = Paths(built_small)  # the copy's builds leave the project it was copied from up to date
    assert build_stamp.up_to_date(original, build_stamp.inputs_digest(original, draft=False))


#: Edits whose effect reaches pages other than the edited thing's own, each of which a build that keeps the pages
#: nothing changed for must still follow: (file, text, replacement, what the site then shows).
CROSS_PAGE_EDITS = {
    "a term's definition": (
        "rules/athernum/cr.md",
        "- **Permanent** Any face-up character",
        "- **Permanent** Any face-up (edited) character",
        "Any face-up (edited) character",
    ),
    "a rule's title": ("rules/athernum/cr.md", "## 2.4.0 Locations", "## 2.4.0 Places", "Places"),
    "a ruling": (
        "rules/athernum/rulings.yaml",
        "The defender, in the target's place.",
        "The defender, in the target's stead.",
        "in the target&#39;s stead",
    ),
    "a card": (
        "scenarios/athernum/cards.yaml",
        "Tessa of the Tides:\n  type: character\n  faction: tide\n  cost: 3",
        "Tessa of the Tides:\n  type: character\n  faction: tide\n  cost: 4",
        "Tessa of the Tides",
    ),
    "a hand-written page": ("docs/authors/guide.md", "\n", "\nAn edited line.\n\n", "An edited line."),
}


@pytest.mark.parametrize("kind", sorted(CROSS_PAGE_EDITS))
def test_an_incremental_build_after_a_cross_page_edit_equals_a_cold_build(
    kind, built_small, run, tmp_path, tmp_path_factory, monkeypatch
):
    """After an edit that shows on other pages than its own (a term's definition is previewed wherever the term is
    used, a rule's title wherever it is linked, a ruling under the rules it rests on, a card on the examples that
    use it, a hand-written page in the navigation), the build that keeps the unchanged pages writes exactly the
    bytes a first build of the edited tree writes."""
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1735689600")
    path, old, new, shown = CROSS_PAGE_EDITS[kind]
    project = copy_project(built_small, tmp_path / "copy")
    edited = project / path
    text = edited.read_text(encoding="utf-8")
    assert old in text, (path, old)
    edited.write_text(text.replace(old, new, 1), encoding="utf-8")
    code, out, err = run(project, "build")
    assert code == 0, out + err
    incremental = _tree(project / "site")
    fresh = _cold_site(project, tmp_path_factory.mktemp("cold"), run, memo=True)
    assert sorted(incremental) == sorted(fresh)
    assert [name for name in incremental if incremental[name] != fresh[name]] == [], kind
    assert any(shown.encode() in page for page in incremental.values()), shown


def test_the_code_digest_does_not_depend_on_where_kb_is_imported_from(tmp_path, monkeypatch):
    """kb imported through a link elsewhere (a project's ``kb`` link to the theme, first on the path) while the
    engines come from the repository digests the same code, and does not fail."""
    link = tmp_path / "elsewhere" / "kb"
    link.parent.mkdir()
    link.symlink_to(build_stamp.CODE)
    before = build_stamp.code_digest()
    monkeypatch.setattr(build_stamp, "CODE", link)
    assert build_stamp.code_digest() == before


def test_a_process_building_again_digests_only_the_scenario_results_it_has_not_met(
    built_small, tmp_path, monkeypatch
):
    """``rulekb serve`` rebuilding after a rule edit in one process does not digest again the scenario results its
    last build digested, still shows the edit, and holds on to no results but the last build's."""
    from rich.console import Console

    import kb.site.content_memo as content_memo
    import kb.site.fingerprint as fingerprint_module
    from kb.build import run_build
    from kb.verify.results import ScenarioResult

    paths = Paths(copy_project(built_small, tmp_path / "copy"))
    path, old, new, shown, _ = EDITS[0]
    edited = paths.root / path
    edited.write_text(edited.read_text(encoding="utf-8").replace(old, new, 1), "utf-8")
    first = run_build(paths, Console(quiet=True))
    assert first.results is not None and first.results.scenarios
    digested: list[type] = []
    real_shared = fingerprint_module._shared

    def counted(seen, obj):
        if seen.get(id(obj), (None,))[0] is not obj:
            digested.append(type(obj))
        return real_shared(seen, obj)

    monkeypatch.setattr(fingerprint_module, "_shared", counted)
    edited.write_text(edited.read_text(encoding="utf-8").replace(new, f"{new} again", 1), "utf-8")
    second = run_build(paths, Console(quiet=True))
    assert second.results is not None
    assert (
        digested and ScenarioResult not in digested
    )  # coverage entries are new each build; results are kept
    assert {id(s) for s in second.results.scenarios} >= set(content_memo._CARRIED)
    assert {type(known[0]) for known in content_memo._CARRIED.values()} == {ScenarioResult}
    assert any(f"{shown} again".encode() in p.read_bytes() for p in paths.site.rglob("*.html"))


def test_a_rule_text_edit_keeps_the_pages_linking_the_rule_and_makes_their_previews_again(
    built_small, run, tmp_path, tmp_path_factory, monkeypatch
):
    """After a rule's text is edited, the pages that link the rule without showing its text (its rulings, its
    examples) are kept with their link previews made again: the site is byte for byte a first build's, and the
    rulings page previews the new text."""
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1735689600")
    project = copy_project(built_small, tmp_path / "copy")
    cr = project / "rules" / "athernum" / "cr.md"
    for old, new in [  # a first edit has the copy's build record its pages, which the second one keeps
        ("## 2.4.0 Locations", "## 2.4.0 Places"),
        ("Only one location may be played per turn", "Only one location may be played per turn, edited"),
    ]:
        cr.write_text(cr.read_text(encoding="utf-8").replace(old, new, 1), encoding="utf-8")
        code, out, err = run(project, "build")
        assert code == 0, out + err
    assert re.search(r"site: .*\([1-9]\d* generated pages not made again\)", out) is not None, out
    incremental = _tree(project / "site")
    fresh = _cold_site(project, tmp_path_factory.mktemp("cold"), run, memo=False)
    assert [name for name in incremental if incremental.get(name) != fresh.get(name)] == []
    assert sorted(incremental) == sorted(fresh)
    assert b"Only one location may be played per turn, edited" in incremental["athernum/rulings.html"]
