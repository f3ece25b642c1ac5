"""The pytest plugin runs each scenario file in the project that holds it."""

from __future__ import annotations

from pathlib import Path

from kb.pytest_plugin import _run_context, project_of
from tests.conftest import ROOT

SCENARIO = ROOT / "scenarios" / "atnia" / "zones" / "void.yaml"


def test_a_scenario_belongs_to_the_project_above_its_scenarios_folder():
    """A scenario's project is the folder holding the nearest ``scenarios/`` above the file."""
    assert project_of(SCENARIO) == ROOT
    assert project_of(Path("/a/scenarios/b/scenarios/game/x.yaml")) == Path("/a/scenarios/b")


def test_a_scenario_runs_in_its_own_project_whatever_the_environment_names(monkeypatch, tmp_path):
    """A ``$RULEKB_ROOT`` left naming another project (by a test, or by the user) does not change where the
    checkout's scenarios run: their context is their own project's."""
    monkeypatch.setenv("RULEKB_ROOT", str(tmp_path))
    ctx = _run_context(SCENARIO)
    assert ctx.root == ROOT
    assert ctx.scenarios_dir == ROOT / "scenarios"
