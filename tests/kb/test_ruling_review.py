"""Rulings are reviewed like scenarios: a change to a rule a ruling rests on makes it suspect in lint until
``rulekb review`` records the new text, which it writes into rulings.yaml keeping the rest as written."""

from __future__ import annotations

from kb.core.loader import load_kb
from kb.core.paths import Paths
from kb.lint import lint


def _suspect_rulings(root) -> list:
    return [f for f in lint(load_kb(Paths(root))) if f.code == "suspect" and f.path.endswith("rulings.yaml")]


def _change_4_2_2a(root) -> None:
    cr = root / "rules" / "athernum" / "cr.md"
    cr.write_text(
        cr.read_text().replace(
            "damage counters equal to or greater than its Defensive Value",
            "damage counters greater than its Defensive Value",
            1,
        )
    )


def test_a_changed_rule_makes_its_rulings_suspect_until_reviewed(small_project, run):
    """After 4.2.2a changes, R-ATH-003 (which rests on it) is suspect; ``review R-ATH-003`` clears it."""
    assert _suspect_rulings(small_project) == []
    _change_4_2_2a(small_project)
    suspect = {f.field.split(".")[0] for f in _suspect_rulings(small_project)}
    assert "R-ATH-003" in suspect
    rulings = small_project / "rules" / "athernum" / "rulings.yaml"
    before = rulings.read_text()
    code, out, _ = run(small_project, "review", "R-ATH-003")
    assert code == 0 and "updated ruling R-ATH-003" in out and "1 rulings (1 updated)" in out
    assert "R-ATH-003" not in {f.field.split(".")[0] for f in _suspect_rulings(small_project)}
    changed = [line for line in rulings.read_text().splitlines() if line not in before.splitlines()]
    assert len(changed) == 1 and changed[0].strip().startswith("fingerprint:") and '"4.2.2a"' in changed[0]


def test_review_suspect_touches_only_suspect_rulings_and_scenarios(small_project, run):
    """``review --suspect rulings scenarios`` updates exactly the suspect ones and says how many it reviewed."""
    _change_4_2_2a(small_project)
    suspect = {f.field.split(".")[0] for f in _suspect_rulings(small_project)}
    code, out, _ = run(small_project, "review", "--suspect", "rulings", str(small_project / "scenarios"))
    assert code == 0
    assert {line.split()[-1] for line in out.splitlines() if line.startswith("updated ruling")} == suspect
    assert _suspect_rulings(small_project) == []


def test_review_refuses_what_is_neither_a_path_nor_a_ruling(small_project, run):
    """A typo in a ruling id is an error, not a silent no-op."""
    code, _, err = run(small_project, "review", "R-ATH-999")
    assert code == 2 and "neither a scenario path nor a ruling id: R-ATH-999" in err
