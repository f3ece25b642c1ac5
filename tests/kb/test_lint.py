"""Lint catches what breaks a build or a page: dangling references from any file, duplicate ids, rules outside
the document's structure, malformed scenarios, and (as warnings) testable rules with no scenario."""

from __future__ import annotations

import json
from pathlib import Path

from kb.cli import main
from kb.core.errors import Severity
from kb.core.loader import load_kb
from kb.core.paths import Paths
from kb.core.rulings import load_rulings
from kb.lint import lint


def _findings(root: Path, code: str, severity: Severity | None = None) -> list:
    return [f for f in lint(load_kb(Paths(root))) if f.code == code and severity in (None, f.severity)]


def _scenario(root: Path) -> Path:
    return next((root / "scenarios" / "athernum" / "ch05").glob("a-created-resource-token-*.yaml"))


def test_the_project_lints_without_errors(small_project):
    """The rules and scenarios as shipped have no lint error (so the build gate lets them through)."""
    assert [f for f in lint(load_kb(Paths(small_project))) if f.severity == Severity.ERROR] == []


def test_a_ruling_resting_on_a_rule_that_does_not_exist_is_an_error(small_project):
    """A ruling citing 2.4.4z (no such rule) is an error naming the ruling, its line, and rules to try instead."""
    rulings = small_project / "rules" / "athernum" / "rulings.yaml"
    text = rulings.read_text()
    rulings.write_text(text.replace('rules: ["9.3.7", ', 'rules: ["2.4.4z", ', 1))
    [finding] = _findings(small_project, "dangling-reference", Severity.ERROR)
    assert finding.severity == Severity.ERROR and finding.path == "rules/athernum/rulings.yaml"
    assert (
        finding.field == "R-ATH-001.rules"
        and finding.line == text[: text.index("- id: R-ATH-001")].count("\n") + 1
    )
    assert "athernum:2.4.4z" in finding.message and "did you mean: athernum:2.4.4" in finding.message


def test_a_scenario_citing_a_missing_rule_is_an_error_at_its_line(small_project):
    """A scenario's ``rules:`` entry that is not a rule is reported with file, line and field."""
    path = _scenario(small_project)
    path.write_text(path.read_text().replace("rules: [5.0.1a,", "rules: [5.0.1q,"))
    [finding] = _findings(small_project, "dangling-reference", Severity.ERROR)
    assert (finding.path, finding.line, finding.field) == (
        str(path.relative_to(small_project)),
        3,
        "rules[0]",
    )


def test_duplicate_scenario_ids_are_an_error(small_project):
    """Two scenario files with one id: the second is reported, naming the first."""
    first = _scenario(small_project)
    copy = first.with_name("zz-copy.yaml")
    copy.write_text(first.read_text())
    [finding] = _findings(small_project, "duplicate-id")
    assert finding.path.endswith("zz-copy.yaml") and str(first.relative_to(small_project)) in finding.message


def test_malformed_scenarios_are_reported_without_running_them(small_project):
    """A scenario with an unknown field and one with steps that are not a list are both errors of lint."""
    path = _scenario(small_project)
    path.with_name("bad-field.yaml").write_text(path.read_text().replace("title:", "titel:"))
    path.with_name("bad-steps.yaml").write_text(
        path.read_text()
        .replace("id: athernum/ch05/a-created", "id: athernum/ch05/b-created")
        .split("steps:")[0]
        + "steps: 3\n"
    )
    found = {Path(f.path).name: f for f in _findings(small_project, "scenario-invalid")}
    assert set(found) == {"bad-field.yaml", "bad-steps.yaml"}
    assert "titel" in found["bad-field.yaml"].message and found["bad-steps.yaml"].field.startswith("steps")


def test_a_rule_outside_the_documents_structure_is_an_error(small_project):
    """A rule appended as 77.7.7a after the last chapter is on no page: lint says so at its line."""
    cr = small_project / "rules" / "athernum" / "cr.md"
    cr.write_text(cr.read_text().rstrip("\n") + "\n  - 77.7.7a A stray rule\n")
    [finding] = _findings(small_project, "outside-structure", Severity.ERROR)
    assert finding.severity == Severity.ERROR and "77.7.7a" in finding.message
    assert finding.line == len(cr.read_text().splitlines())


def test_testable_rules_without_a_scenario_are_warnings(small_project):
    """With two scenarios only, rules no scenario cites are warned about; a not-testable rule and cited ones are not."""
    found = {f.message.split()[0] for f in _findings(small_project, "untested")}
    assert "athernum:9.3.7" in found
    assert "athernum:5.0.1a" not in found and "athernum:1.1.2" not in found  # cited; listed as not testable
    assert all(f.severity == Severity.WARNING for f in _findings(small_project, "untested"))


def test_lint_output_is_one_finding_per_line_and_json_on_request(small_project, run, capsys, monkeypatch):
    """Outside a terminal no finding is wrapped (path whole, one per line); ``--format json`` gives the same findings."""
    rulings = small_project / "rules" / "athernum" / "rulings.yaml"
    rulings.write_text(rulings.read_text().replace('"9.3.9a.I", "9.3.11",', '"9.3.9a.I", "2.4.4z",', 1))
    monkeypatch.setenv("RULEKB_ROOT", str(small_project))
    monkeypatch.setenv("COLUMNS", "60")  # a narrow terminal's width must not wrap output written to a pipe
    code = main(["lint"])
    out = capsys.readouterr().out
    assert code == 1
    [line] = [line for line in out.splitlines() if "2.4.4z" in line]
    assert line.startswith("rules/athernum/rulings.yaml:") and ": error [R-ATH-001.rules]: " in line
    code, out, _ = run(small_project, "lint", "--format", "json")
    found = json.loads(out)
    assert code == 1 and found["errors"] == 1
    assert any(f["code"] == "dangling-reference" and f["severity"] == "error" for f in found["findings"])


def test_every_engine_decision_is_stated_by_a_ruling_citing_its_rules(small_project):
    """A decision no ruling names and a ruling naming a decision the engine lacks are errors, a decision resting on a
    rule its ruling does not cite a warning, each naming the ruling (or the rulings file) and the way to fix it."""
    rulings = small_project / "rules" / "athernum" / "rulings.yaml"
    text = rulings.read_text().replace("    decision: D-COMBAT-DEFENDER\n", "", 1)
    text = text.replace(
        "    decision: D-POINT-SUPERIORITY\n", "    decision: [D-POINT-SUPERIORITY, D-MAJORITE]\n", 1
    )
    rulings.write_text(text.replace('"10.1.4", "10.1.5", "10.1.6"]', '"10.1.4", "10.1.5"]', 1))
    [unpublished] = _findings(small_project, "decision-unpublished", Severity.ERROR)
    [rules] = _findings(small_project, "decision-rules", Severity.WARNING)
    [dangling] = [f for f in _findings(small_project, "dangling-reference") if f.field.endswith(".decision")]
    assert (
        "D-COMBAT-DEFENDER" in unpublished.message
        and "add 'decision: D-COMBAT-DEFENDER'" in unpublished.message
    )
    assert rules.field == "R-ATH-008.rules" and "10.1.6" in rules.message
    assert dangling.field == "R-ATH-009.decision" and "did you mean: D-MAJORITY" in dangling.message


def test_a_rulings_decision_field_is_read_in_every_game(project_kb):
    """Rulings name the engine decisions they state, in Atnia as in Athernum and Altered (one or a list)."""
    rulings, _ = load_rulings(project_kb.paths)
    by_id = {r.id: r for r in rulings}
    assert by_id["R-ATN-003"].decisions == ["D-INFINITE-SOURCE"]
    assert by_id["R-ATH-001"].decisions == ["D-COMBAT-DEFENDER"]
    assert set(by_id["R-ALT-017"].decisions) == {"D-ADVENTURE-END", "D-NO-VICTORY"}
    assert "atnia/advanced/trigger-of-a-fast-play-resolves-on-pass" in by_id["R-ATN-003"].scenarios


def test_an_engine_crashing_on_a_scenario_is_a_finding_not_a_crash_of_lint(small_project, monkeypatch):
    """If the engine's own check of a scenario raises, lint reports it for that file and goes on."""
    from kb.verify.athernum.adapter import AthernumAdapter

    def crash(self, scenario, rules=frozenset()):
        raise TypeError("odd input")

    monkeypatch.setattr(AthernumAdapter, "lint", crash)
    found = [f for f in lint(load_kb(Paths(small_project))) if "could not check it" in f.message]
    assert found and all("TypeError: odd input" in f.message and f.severity == Severity.ERROR for f in found)


def test_one_typo_apart_is_exactly_one_letter_left_out_swapped_put_in_or_replaced():
    """The misspelling check finds every word one typo from a frequent one, and no word two typos away."""
    from kb.lint import _one_typo_apart

    word = "devensive"
    letters = "abcdefghijklmnopqrstuvwxyz"
    variants = (
        {word[:i] + word[i + 1 :] for i in range(len(word))}
        | {word[:i] + word[i + 1] + word[i] + word[i + 2 :] for i in range(len(word) - 1)}
        | {word[:i] + c + word[i + 1 :] for i in range(len(word)) for c in letters}
        | {word[:i] + c + word[i:] for i in range(len(word) + 1) for c in letters}
    )
    assert all(_one_typo_apart(word, v) for v in variants)
    assert not any(_one_typo_apart(word, v) for v in ("defensiv", "edvensiev", "devensiveness", "dévensive"))
    assert _one_typo_apart("dévensive", "devensive") and not _one_typo_apart("devensive", "dévensive")
