"""Every Example of the Altered excerpt is the source of a scenario, and every scenario source names an Example."""

from __future__ import annotations

from pathlib import Path

import yaml

from tests.engine_altered.altered_helpers import ROOT

SCENARIOS = ROOT / "scenarios" / "altered"


def _sources() -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for path in sorted(SCENARIOS.rglob("*.yaml")):
        if path.parent == SCENARIOS:
            continue  # the card library and the not-testable list
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        if data.get("source"):
            out.setdefault(data["source"], []).append(str(Path(path).relative_to(ROOT)))
    return out


def test_every_example_of_the_excerpt_has_a_scenario():
    """Each example node altered:<rule>/example-N is named as the source of at least one scenario."""
    from kb.core.loader import load_kb

    graph = load_kb().graph
    examples = {n for n, d in graph.node_items() if n.startswith("altered:") and d.kind == "example"}
    assert len(examples) == 13
    sources = _sources()
    assert sorted(examples - set(sources)) == []
    assert sorted(set(sources) - examples) == []


def _scenario_ids() -> set[str]:
    from kb.verify.scenario import discover

    return {
        yaml.safe_load(p.read_text(encoding="utf-8"))["id"] for p in discover(ROOT / "scenarios", [SCENARIOS])
    }


def test_every_scenario_file_is_discovered():
    """Every YAML file in a folder under scenarios/altered is run as a scenario (no folder is mistaken for cards)."""
    from kb.verify.scenario import is_scenario_file

    skipped = [str(p) for p in SCENARIOS.rglob("*.yaml") if p.parent != SCENARIOS and not is_scenario_file(p)]
    assert skipped == []


def test_rulings_cite_existing_scenarios_that_cite_them():
    """Each scenario a ruling names exists, and names the ruling back under rulings:."""
    rulings = yaml.safe_load((ROOT / "rules" / "altered" / "rulings.yaml").read_text(encoding="utf-8"))[
        "rulings"
    ]
    ids = _scenario_ids()
    cited_back = {}
    for path in SCENARIOS.rglob("*.yaml"):
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        if isinstance(data, dict) and "id" in data:
            cited_back[data["id"]] = set(data.get("rulings") or [])
    for ruling in rulings:
        assert ruling["scenarios"], ruling["id"]
        for sid in ruling["scenarios"]:
            assert sid in ids, (ruling["id"], sid)
            assert ruling["id"] in cited_back[sid], (ruling["id"], sid)
