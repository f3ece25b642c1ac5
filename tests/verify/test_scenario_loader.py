"""A broken scenario file gets a clear error naming file, line and field, and the others still run."""

from __future__ import annotations

import textwrap

import pytest

from kb.core.errors import Problem
from kb.verify import adapters, runner
from kb.verify.adapters import RunOutcome
from kb.verify.results import Status
from kb.verify.runner import RunContext, run_all
from kb.verify.scenario import ScenarioInvalid, discover, load_scenario


class EchoAdapter:
    """A stand-in engine: a scenario passes when its setup says so."""

    game = "testgame"

    def __init__(self, scenarios_dir):
        self.scenarios_dir = scenarios_dir

    def schema(self):
        return {
            "properties": {
                "setup": {
                    "type": "object",
                    "properties": {"outcome": {"enum": ["pass", "fail"]}},
                    "additionalProperties": False,
                }
            }
        }

    def run(self, scenario, parameters):
        if scenario.setup.get("outcome") == "pass":
            return RunOutcome(Status.PASSED)
        return RunOutcome(Status.FAILED, reason="expected p2 to win", diff="- winner: p2\n+ winner: none")

    def rule_ids(self):
        return set()


@pytest.fixture()
def scenarios(tmp_path, monkeypatch):
    monkeypatch.setitem(adapters.ADAPTERS, "testgame", f"{__name__}:EchoAdapter")
    folder = tmp_path / "scenarios" / "testgame"
    folder.mkdir(parents=True)

    def write(name, body):
        path = folder / name
        path.write_text(textwrap.dedent(body))
        return path

    return write


def _ctx(tmp_path):
    return RunContext(
        tmp_path, tmp_path / "scenarios", frozenset({"testgame:1.1.1", "testgame:2.4.2"}), frozenset({"R-1"})
    )


def test_schema_error_names_line_and_field(scenarios, tmp_path):
    """A value the schema forbids is reported at its own line with its field path."""
    path = scenarios(
        "bad.yaml",
        """\
        id: bad
        title: A bad outcome
        rules: [1.1.1]
        setup:
          outcome: maybe
        steps: []
    """,
    )
    with pytest.raises(ScenarioInvalid) as info:
        load_scenario(path, scenarios_dir=tmp_path / "scenarios", game_schema=EchoAdapter(None).schema())
    [problem] = info.value.problems
    assert (problem.line, problem.field) == (5, "setup.outcome")
    assert "maybe" in problem.message


def test_missing_and_unknown_fields_are_all_reported(scenarios, tmp_path):
    """A missing title and an unknown key are both reported, each with its line."""
    path = scenarios(
        "worse.yaml",
        """\
        id: worse
        rules: [1.1.1]
        setup: {}
        steps: []
        colour: blue
    """,
    )
    with pytest.raises(ScenarioInvalid) as info:
        load_scenario(path, scenarios_dir=tmp_path / "scenarios")
    messages = {(p.line, p.message) for p in info.value.problems}
    assert any("'title' is a required property" in m for _, m in messages)
    assert any(line == 5 and "colour" in m for line, m in messages)


def test_invalid_yaml_names_the_line(scenarios, tmp_path):
    """Broken YAML is reported with the line the parser stopped at."""
    path = scenarios("broken.yaml", "id: x\ntitle: [unclosed\nrules: [1.1.1]\n")
    with pytest.raises(ScenarioInvalid) as info:
        load_scenario(path, scenarios_dir=tmp_path / "scenarios")
    assert info.value.problems[0].field == "(yaml)" and info.value.problems[0].line >= 2


def test_run_reports_each_status_and_keeps_going(scenarios, tmp_path):
    """Passing, failing, invalid, unknown-rule and expected-failure scenarios each get their honest status."""
    scenarios("pass.yaml", "id: p\ntitle: passes\nrules: [1.1.1]\nsetup: {outcome: pass}\nsteps: []\n")
    scenarios("fail.yaml", "id: f\ntitle: fails\nrules: [1.1.1]\nsetup: {outcome: fail}\nsteps: []\n")
    scenarios(
        "xfail.yaml",
        "id: x\ntitle: known divergence\nrules: [1.1.1]\nxfail: the rulebook says otherwise\n"
        "setup: {outcome: fail}\nsteps: []\n",
    )
    scenarios(
        "unknown.yaml",
        "id: u\ntitle: cites a ghost\nrules: [1.1.1, 9.9.9]\nsetup: {outcome: pass}\nsteps: []\n",
    )
    scenarios(
        "ruling.yaml",
        "id: r\ntitle: cites a ghost ruling\nrules: [1.1.1]\nrulings: [R-404]\n"
        "setup: {outcome: pass}\nsteps: []\n",
    )
    scenarios("invalid.yaml", "id: i\ntitle: invalid\nrules: []\nsetup: {}\nsteps: []\n")
    results = run_all(discover(tmp_path / "scenarios"), _ctx(tmp_path))
    status = {r.id: r.status for r in results.scenarios}
    assert status["p"] == Status.PASSED
    assert status["f"] == Status.FAILED
    assert status["x"] == Status.XFAIL
    assert status["u"] == Status.ERROR and status["r"] == Status.ERROR
    assert len(results.scenarios) == 6
    by_id = results.by_id()
    assert "scenarios/testgame/unknown.yaml:3" in by_id["u"].reason and "testgame:9.9.9" in by_id["u"].reason
    assert "+ winner: none" in by_id["f"].diff
    assert by_id["x"].reason == "the rulebook says otherwise"


def test_parallel_run_gives_the_same_results(scenarios, tmp_path, monkeypatch):
    """Running across processes gives the same statuses as running in one."""
    monkeypatch.setattr(runner, "PARALLEL_MIN", 2)
    for i in range(6):
        scenarios(
            f"s{i}.yaml",
            f"id: s{i}\ntitle: scenario {i}\nrules: [1.1.1]\n"
            f"setup: {{outcome: {'pass' if i % 2 else 'fail'}}}\nsteps: []\n",
        )
    serial = {r.id: r.status for r in run_all(discover(tmp_path / "scenarios"), _ctx(tmp_path)).scenarios}
    parallel = {
        r.id: r.status for r in run_all(discover(tmp_path / "scenarios"), _ctx(tmp_path), jobs=2).scenarios
    }
    assert serial == parallel and len(serial) == 6


def test_problem_text_names_file_line_and_field():
    """A problem reads as file:line, severity, field and message."""
    assert (
        str(Problem("scenarios/a.yaml", 7, "steps[2].play", "unknown card"))
        == "scenarios/a.yaml:7: error [steps[2].play]: unknown card"
    )


def test_a_few_scenarios_run_without_worker_processes(scenarios, tmp_path, monkeypatch):
    """A handful of scenarios (a build after one edit) run at once in this process, not after starting workers."""
    for i in range(3):
        scenarios(
            f"s{i}.yaml",
            f"id: s{i}\ntitle: scenario {i}\nrules: [1.1.1]\nsetup: {{outcome: pass}}\nsteps: []\n",
        )
    monkeypatch.setattr(runner, "ProcessPoolExecutor", None)  # starting a pool would fail
    results = run_all(discover(tmp_path / "scenarios"), _ctx(tmp_path), jobs=2)
    assert [r.status for r in results.scenarios] == [Status.PASSED] * 3


def test_a_scenario_checked_again_gives_the_problems_of_the_schema_it_is_checked_against(scenarios, tmp_path):
    """A scenario read again in one process (lint, then verify) has the same problems, and a schema that allows what
    another forbade finds none: what was found is kept per schema, never taken for another's."""
    path = scenarios(
        "maybe.yaml",
        """\
        id: maybe
        title: A maybe outcome
        rules: [1.1.1]
        setup:
          outcome: maybe
        steps: []
    """,
    )
    strict = EchoAdapter(None).schema()
    for _ in range(2):
        with pytest.raises(ScenarioInvalid) as info:
            load_scenario(path, scenarios_dir=tmp_path / "scenarios", game_schema=strict)
        assert [(p.line, p.field) for p in info.value.problems] == [(5, "setup.outcome")]
    lenient = {"properties": {"setup": {"type": "object"}}}
    assert load_scenario(path, scenarios_dir=tmp_path / "scenarios", game_schema=lenient).setup == {
        "outcome": "maybe"
    }
