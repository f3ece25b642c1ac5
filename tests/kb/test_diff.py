"""A rule author sees what a change to the rules is: added, removed, changed word by word, or moved."""

from __future__ import annotations

import shutil
import subprocess

import pytest

from kb.core.loader import build_kb
from kb.core.paths import Paths
from kb.core.versions import VersionNotFound, checkout
from kb.diff import ChangeKind, Citations, attach_impact, compare, word_diff
from tests.conftest import ROOT


def _project(tmp_path, name, edit):
    """The knowledge base of a copy of this project's rules with ``edit`` applied to the Athernum CR (the unedited
    one is the session's ``project_kb``)."""
    root = tmp_path / name
    shutil.copytree(ROOT / "rules", root / "rules")
    cr = root / "rules" / "athernum" / "cr.md"
    cr.write_text(edit(cr.read_text()))
    return build_kb(Paths(root))


def test_word_diff_marks_removed_and_added_words():
    """The word diff shows exactly the words that changed."""
    assert (
        word_diff("Only one location may be played", "Only two locations may be played")
        == "Only [-one location-] {+two locations+} may be played"
    )


def test_changed_rule_is_reported_with_its_words(tmp_path, project_kb):
    """Editing 2.4.2 reports 2.4.2 as changed, and nothing else."""
    old = project_kb
    new = _project(
        tmp_path,
        "new",
        lambda t: t.replace(
            "Only one location may be played per turn", "Only two locations may be played per turn"
        ),
    )
    changes = compare(old.graph, new.graph)
    assert [(c.kind, c.id) for c in changes] == [(ChangeKind.CHANGED, "athernum:2.4.2")]
    assert "[-one location-] {+two locations+}" in changes[0].word_diff


def test_renumbered_rule_is_a_move_not_a_delete_and_add(tmp_path, project_kb):
    """Inserting a rule before 2.4.2 and shifting the rest reports moves plus one addition."""

    def insert(text):
        text = text.replace("- 2.4.3 Locations are placed", "- 2.4.3b Locations are placed")
        return text.replace(
            "- 2.4.2 Only one location", "- 2.4.2 A new rule about locations\n- 2.4.3 Only one location", 1
        ).replace("- 2.4.3b Locations are placed", "- 2.4.3a Locations are placed")

    old = project_kb
    new = _project(tmp_path, "new", insert)
    changes = {(c.kind, c.old_id, c.id) for c in compare(old.graph, new.graph)}
    assert (ChangeKind.RENUMBERED, "athernum:2.4.2", "athernum:2.4.3") in changes
    assert (ChangeKind.ADDED, None, "athernum:2.4.2") in changes
    assert not any(kind == ChangeKind.REMOVED for kind, _, _ in changes)


def test_removed_rule_is_reported(tmp_path, project_kb):
    """Deleting a rule reports it as removed."""
    old = project_kb
    new = _project(
        tmp_path,
        "new",
        lambda t: t.replace(
            "- 1.1.8 All name-based comparisons and references are based "
            "on the English version of the card name as listed in the "
            "official database\n",
            "",
        ),
    )
    assert [(c.kind, c.id) for c in compare(old.graph, new.graph)] == [(ChangeKind.REMOVED, "athernum:1.1.8")]


def test_impact_reaches_scenarios_citing_the_rule_or_its_descendants(tmp_path, project_kb):
    """A change to 2.4.4 impacts scenarios citing 2.4.4 or its subrule 2.4.4b, and rulings citing them."""
    from kb.core.rulings import Ruling

    old = project_kb
    new = _project(
        tmp_path,
        "new",
        lambda t: t.replace(
            "Each player may control only one location at a time",
            "Each player may control only one location at any time",
        ),
    )
    scen = tmp_path / "scenarios" / "athernum"
    scen.mkdir(parents=True)
    (scen / "a.yaml").write_text("id: a\ntitle: cites the subrule\nrules: [2.4.4b]\nsetup: {}\nsteps: []\n")
    (scen / "b.yaml").write_text("id: b\ntitle: cites another rule\nrules: [9.1.1]\nsetup: {}\nsteps: []\n")
    ruling = Ruling("R-1", "athernum", "q", "a", ["athernum:2.4.4"])
    changes = compare(old.graph, new.graph)
    attach_impact(changes, old.graph, new.graph, Citations.read(tmp_path / "scenarios", [ruling]))
    assert changes[0].scenarios == ["a"] and changes[0].rulings == ["R-1"]


def test_git_revisions_can_be_compared(tmp_path):
    """A git revision of rules/ is checked out to compare against."""
    repo = tmp_path / "repo"
    shutil.copytree(ROOT / "rules", repo / "rules")
    git = lambda *a: subprocess.run(["git", "-C", str(repo), *a], check=True, capture_output=True)  # noqa: E731
    git("init", "-q")
    git("-c", "user.email=t@t", "-c", "user.name=t", "add", "-A")
    git("-c", "user.email=t@t", "-c", "user.name=t", "commit", "-qm", "rules")
    with checkout("HEAD", repo) as old_root:
        assert (old_root / "rules" / "athernum" / "cr.md").exists()
    with pytest.raises(VersionNotFound), checkout("no-such-revision", repo):
        pass
