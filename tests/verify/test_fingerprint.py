"""A scenario whose cited rule changed is suspect until someone reviews it."""

from __future__ import annotations

import shutil

from kb.core.loader import load_kb
from kb.core.paths import Paths
from kb.core.yamlio import yaml_load
from kb.verify.fingerprint import lint_scenarios, update_file
from kb.verify.scenario import discover
from tests.conftest import ROOT, with_memo

SCENARIO = """id: athernum/test/second-location
title: A second location cannot be played in the same turn
rules: [2.4.2]
setup: {}
steps: []
"""


def _project(tmp_path, memo):
    """The rules (with the repository's memos, so that reading them is quick) and one Athernum scenario."""
    shutil.copytree(ROOT / "rules", with_memo(memo, tmp_path) / "rules")
    folder = tmp_path / "scenarios" / "athernum"
    folder.mkdir(parents=True)
    (folder / "a.yaml").write_text(SCENARIO)
    return tmp_path, folder / "a.yaml"


def _suspects(root):
    kb = load_kb(Paths(root))
    return lint_scenarios(root / "scenarios", root, kb.graph, discover(root / "scenarios"))


def test_review_records_fingerprints_and_clears_suspicion(tmp_path, warm_memo):
    """`review` writes a quoted fingerprint per cited rule; the scenario is then not suspect."""
    root, scenario = _project(tmp_path, warm_memo)
    assert next(p.message for p in _suspects(root)).startswith(
        "suspect: athernum:2.4.2 has no fingerprint yet"
    )
    assert update_file(scenario, "athernum", load_kb(Paths(root)).graph)
    data = yaml_load(scenario.read_text())
    assert isinstance(data["fingerprint"]["2.4.2"], str) and data["title"].startswith("A second location")
    assert _suspects(root) == []
    assert not update_file(scenario, "athernum", load_kb(Paths(root)).graph)  # idempotent


def test_changed_rule_text_makes_the_scenario_suspect(tmp_path, warm_memo):
    """Editing the text of a cited rule flags the scenario in lint until it is reviewed again."""
    root, scenario = _project(tmp_path, warm_memo)
    update_file(scenario, "athernum", load_kb(Paths(root)).graph)
    cr = root / "rules" / "athernum" / "cr.md"
    cr.write_text(
        cr.read_text().replace(
            "Only one location may be played per turn", "Only two locations may be played per turn"
        )
    )
    [finding] = _suspects(root)
    assert "text changed since the scenario was last reviewed" in finding.message
    assert finding.path == "scenarios/athernum/a.yaml" and finding.severity == "warning"
    update_file(scenario, "athernum", load_kb(Paths(root)).graph)
    assert _suspects(root) == []
