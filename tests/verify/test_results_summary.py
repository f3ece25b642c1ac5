"""The verify summary: what quick readers (``rulekb ask``) need of the results, without steps, logs or boards."""

from __future__ import annotations

import json
import os
from dataclasses import asdict

from kb.paths import Paths
from kb.verify.results import (
    SUMMARY_FILE,
    LogLine,
    ScenarioResult,
    Status,
    StepRecord,
    VerifyResults,
    load_results,
    results_path,
    write_results,
)


def _results(status: Status) -> VerifyResults:
    return VerifyResults(
        "2025-01-01T00:00:00+00:00",
        [
            ScenarioResult(
                id="athernum/names/pass",
                game="athernum",
                path="scenarios/athernum/names/pass.yaml",
                title="A card keeps its name",
                rules=["athernum:1.1.1"],
                rulings=[],
                status=status,
                steps=[StepRecord(1, "p1 passes", "ok")],
                log=[LogLine(1, "athernum:1.1.1", "rule", "setup", step=None)],
            )
        ],
    )


def test_summary_keeps_status_and_rules_and_drops_what_each_scenario_did(tmp_path):
    """Read as a summary, the results name each scenario's rules and status but carry no steps or log."""
    paths = Paths(tmp_path)
    write_results(paths, _results(Status.PASSED))
    full, short = load_results(paths), load_results(paths, summary=True)
    assert full.scenarios[0].steps and full.scenarios[0].log
    assert [(s.id, s.rules, s.status) for s in short.scenarios] == [
        ("athernum/names/pass", ["athernum:1.1.1"], Status.PASSED)
    ]
    assert short.scenarios[0].steps == [] and short.scenarios[0].log == []


def test_a_summary_older_than_the_results_is_not_trusted(tmp_path):
    """When the results file was written after the summary (by another tool), the summary reader reads the results."""
    paths = Paths(tmp_path)
    write_results(paths, _results(Status.PASSED))
    results_path(paths).write_text(_results(Status.FAILED).to_json(), encoding="utf-8")
    old = paths.cache / SUMMARY_FILE
    os.utime(old, ns=(0, 0))
    assert load_results(paths, summary=True).scenarios[0].status == Status.FAILED


def test_results_json_holds_every_field_in_order_and_reads_back():
    """The results file writes each result's fields as ``dataclasses.asdict`` names them, and reads back equal."""
    results = _results(Status.PASSED)
    text = results.to_json()
    assert json.loads(text) == json.loads(json.dumps(asdict(results)))
    assert list(json.loads(text)["scenarios"][0]) == list(asdict(results.scenarios[0]))
    assert VerifyResults.from_dict(json.loads(text)) == results
