"""A build with nothing changed since the last good one does nothing and says so; any edit to what a build reads
makes the next build run again."""

from __future__ import annotations

import shutil

from kb import build_stamp
from kb.paths import Paths
from tests.conftest import ROOT


def _tree(folder) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def test_a_build_with_nothing_changed_is_skipped_and_an_edit_is_not(small_project, run):
    """The second build reports nothing changed and leaves site/ as it was; a rule, scenario or page edit, or a
    missing index, makes the inputs out of date again."""
    for name in ("mkdocs.yml", "docs"):
        (shutil.copytree if (ROOT / name).is_dir() else shutil.copy)(ROOT / name, small_project / name)
    (small_project / "kb").symlink_to(ROOT / "kb")  # the site's theme, which mkdocs.yml names by path
    code, out, err = run(small_project, "build")
    assert code == 0, out + err
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
