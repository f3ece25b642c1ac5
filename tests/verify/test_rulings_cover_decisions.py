"""Every engine decision is stated by a ruling, and every ruling cites rules and scenarios that exist."""

from __future__ import annotations

import pytest

from engine.athernum.decisions import DECISIONS
from kb.core.loader import load_kb
from kb.core.paths import Paths
from kb.core.rulings import load_rulings
from kb.core.yamlio import yaml_load
from kb.verify.scenario import discover
from tests.conftest import ROOT

RULINGS_PATH = "rules/athernum/rulings.yaml"


@pytest.fixture(scope="module")
def rulings():
    """The Athernum rulings, loaded the way kb loads them (rule ids qualified with the game)."""
    found, problems = load_rulings(Paths(ROOT))
    assert problems == [], problems
    athernum = [r for r in found if r.path == RULINGS_PATH]
    assert athernum, f"no rulings read from {RULINGS_PATH}"
    return athernum


def test_every_decision_is_stated_by_a_ruling(rulings):
    """Each decision id of engine.athernum.decisions.DECISIONS is named by the ``decision:`` of some ruling."""
    named = {d for r in rulings for d in r.decisions}
    missing = [d.id for d in DECISIONS if d.id not in named]
    assert missing == [], f"engine decisions no ruling states: {missing}"


def test_every_cited_rule_exists_in_the_graph(rulings):
    """Every rule a ruling cites is a node of the rule graph."""
    graph = load_kb(Paths(ROOT)).graph
    missing = {r.id: [rule for rule in r.rules if rule not in graph] for r in rulings}
    assert {k: v for k, v in missing.items() if v} == {}


def test_every_listed_scenario_exists(rulings):
    """Every scenario a ruling lists is the id of a scenario file under scenarios/."""
    scenarios_dir = ROOT / "scenarios"
    ids = {yaml_load(p.read_text()).get("id") for p in discover(scenarios_dir)}
    missing = {r.id: [s for s in r.scenarios if s not in ids] for r in rulings}
    assert {k: v for k, v in missing.items() if v} == {}
