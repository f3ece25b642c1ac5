"""Several releases of a document give a page of changes per release."""

from __future__ import annotations

import shutil

from kb.core.loader import build_kb
from kb.core.paths import Paths
from kb.diff import ChangeKind
from kb.releases import CURRENT, history, releases
from tests.conftest import ROOT


def test_releases_are_ordered_and_the_current_source_is_last(tmp_path):
    """An older release file sits beside the current source; only the current one is in the graph."""
    shutil.copytree(ROOT / "rules", tmp_path / "rules")
    cr = tmp_path / "rules" / "athernum" / "cr.md"
    old = cr.read_text().replace(
        "Only one location may be played per turn", "Only one location may be played each turn"
    )
    (tmp_path / "rules" / "athernum" / "cr@2025-06.md").write_text(old)
    found = releases(Paths(tmp_path))[("athernum", "cr")]
    assert [r.release for r in found] == ["2025-06", CURRENT]
    kb = build_kb(Paths(tmp_path))
    assert not kb.errors  # the old release does not clash with the current ids
    [changes] = history(Paths(tmp_path))
    assert (changes.previous, changes.release) == ("2025-06", CURRENT)
    assert [(c.kind, c.id) for c in changes.changes] == [(ChangeKind.CHANGED, "athernum:2.4.2")]
