"""Verify tracks content: each stored result carries the key of its inputs, and a run that reuses results runs
again exactly the scenarios whose scenario file, card library or cited rule texts changed."""

from __future__ import annotations

from kb.core.loader import load_kb
from kb.core.paths import Paths
from kb.verify.session import verify


def _ran(root) -> set[str]:
    ran: set[str] = set()
    verify(load_kb(Paths(root)), reuse=True, on_result=lambda r: ran.add(r.path.rsplit("/", 1)[-1]))
    return ran


def test_only_scenarios_whose_inputs_changed_run_again(small_project):
    """Nothing changed: nothing runs; a scenario edit reruns it; a cited rule's edit reruns its citers; a card
    library edit reruns the game's scenarios."""
    names = {p.name for p in (small_project / "scenarios" / "athernum" / "ch05").glob("*.yaml")}
    assert _ran(small_project) == names
    assert _ran(small_project) == set()
    first, _second = sorted((small_project / "scenarios" / "athernum" / "ch05").glob("*.yaml"))
    first.write_text(first.read_text() + "# a comment is an edit\n")
    assert _ran(small_project) == {first.name}
    cr = small_project / "rules" / "athernum" / "cr.md"
    cited = "- 5.0.1a " if "5.0.1a" in first.read_text() else None
    assert cited and cited in cr.read_text()
    cr.write_text(cr.read_text().replace(cited, cited + "Indeed, ", 1))
    assert first.name in _ran(small_project)
    library = sorted((small_project / "scenarios" / "athernum" / "cards").glob("*.yaml"))[0]
    library.write_text(library.read_text() + "\n# edited\n")
    assert _ran(small_project) == names


def test_a_run_that_runs_nothing_keeps_the_time_the_results_were_verified(small_project, monkeypatch):
    """The results say when they were verified: a run whose every result is the stored one keeps that time (the
    examples pages showing it stay as they were); a run that runs a scenario gives its own time."""
    kb = load_kb(Paths(small_project))
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1735689600")
    first = verify(kb, reuse=True)
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1735776000")
    assert verify(kb, reuse=True).generated == first.generated == "2025-01-01T00:00:00+00:00"
    scenario = sorted((small_project / "scenarios" / "athernum" / "ch05").glob("*.yaml"))[0]
    scenario.write_text(scenario.read_text() + "# a comment is an edit\n")
    assert verify(kb, reuse=True).generated == "2025-01-02T00:00:00+00:00"
