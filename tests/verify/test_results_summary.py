"""The verify summary and each scenario's own file: what quick readers (``rulekb ask``) need of the results, without
reading every scenario's steps, logs and boards."""

from __future__ import annotations

import json
import os
from dataclasses import asdict, replace

from kb.core.paths import Paths
from kb.verify.results import (
    SUMMARY_FILE,
    LogLine,
    Record,
    ScenarioResult,
    Status,
    StepRecord,
    VerifyResults,
    detail_path,
    held_records,
    load_results,
    load_scenario,
    load_stored,
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


def test_each_scenario_reads_in_full_from_its_own_file(judged):
    """A scenario of the summary reads back in full (steps, log, boards, checks) from its own file, equal to the
    whole results file's record of it."""
    full = load_results(judged).by_id()
    for scenario in load_results(judged, summary=True).scenarios:
        assert judged.verify_details.is_dir() and detail_path(judged, scenario.id).is_file()
        assert load_scenario(judged, scenario) == full[scenario.id]
        assert full[scenario.id].start is not None


def test_a_scenario_file_of_another_run_is_not_trusted(tmp_path):
    """When a scenario's own file holds another run of it (other inputs), its record comes from the whole results."""
    paths = Paths(tmp_path)
    results = _results(Status.PASSED)
    results.scenarios[0].key = "inputs-1"
    write_results(paths, results)
    summary = load_results(paths, summary=True).scenarios[0]
    detail = detail_path(paths, summary.id)
    detail.write_text(detail.read_text(encoding="utf-8").replace("p1 passes", "p1 plays"), encoding="utf-8")
    assert load_scenario(paths, summary).steps[0].text == "p1 plays"
    summary.key = "inputs-2"
    assert load_scenario(paths, summary).steps[0].text == "p1 passes"
    detail.unlink()
    summary.key = "inputs-1"
    assert load_scenario(paths, summary).steps[0].text == "p1 passes"


def test_unchanged_scenario_files_are_not_rewritten_and_gone_ones_are_removed(tmp_path):
    """Writing the same results again leaves each scenario's file as it was (byte for byte, same time); a scenario
    no longer in the results loses its file."""
    paths = Paths(tmp_path)
    results = _results(Status.PASSED)
    write_results(paths, results)
    detail = detail_path(paths, results.scenarios[0].id)
    os.utime(detail, ns=(0, 0))
    before = detail.read_bytes()
    write_results(paths, results)
    assert detail.read_bytes() == before and detail.stat().st_mtime_ns == 0
    write_results(paths, VerifyResults(results.generated, []))
    assert list(paths.verify_details.iterdir()) == []


def test_a_scenario_file_holding_the_same_run_is_left_alone(tmp_path):
    """A result with the same inputs and status as its scenario's file does not rewrite it; another status does."""
    paths = Paths(tmp_path)
    results = _results(Status.PASSED)
    results.scenarios[0].key = "inputs-1"
    write_results(paths, results)
    detail = detail_path(paths, results.scenarios[0].id)
    os.utime(detail, ns=(0, 0))
    write_results(paths, results)
    assert detail.stat().st_mtime_ns == 0
    results.scenarios[0].status = Status.FAILED
    write_results(paths, results)
    assert json.loads(detail.read_text(encoding="utf-8"))["status"] == "failed"


def test_results_kept_as_stored_are_written_back_byte_for_byte(tmp_path):
    """Results written back from their stored records give the very file the dataclasses give."""
    paths = Paths(tmp_path)
    results = _results(Status.PASSED)
    results.scenarios[0].key = "inputs-1"
    write_results(paths, results)
    written = results_path(paths).read_bytes()
    stored, records = load_stored(paths)
    assert list(records) == ["scenarios/athernum/names/pass.yaml"]
    assert (
        stored.to_json({p: r.text for p, r in records.items()}) == stored.to_json() == written.decode("utf-8")
    )
    write_results(paths, stored, records)
    assert results_path(paths).read_bytes() == written


def test_results_this_process_wrote_are_given_back_unread_until_another_writes_the_file(
    tmp_path, monkeypatch
):
    """A process that rebuilds again and again (``rulekb serve``) gets the results it wrote without reading the file
    again, records included; once the file is replaced by another writer, what the file holds is read."""
    import kb.verify.results as results_module

    paths = Paths(tmp_path)
    results = _results(Status.PASSED)
    results.scenarios[0].key = "inputs-1"
    write_results(paths, results)
    reads: list[object] = []
    real_read = results_module._read

    def counted_read(path):
        reads.append(path)
        return real_read(path)

    monkeypatch.setattr(results_module, "_read", counted_read)
    stored, records = load_stored(paths)
    assert reads == [] and stored.to_json() == results.to_json()
    assert list(records) == ["scenarios/athernum/names/pass.yaml"]
    assert stored.to_json({p: r.text for p, r in records.items()}) == results_path(paths).read_text(
        encoding="utf-8"
    )
    other = _results(Status.FAILED)
    replacement = results_path(paths).with_suffix(".other")
    replacement.write_text(other.to_json(), encoding="utf-8")
    os.replace(replacement, results_path(paths))
    stored, _ = load_stored(paths)
    assert len(reads) == 1 and [s.status for s in stored.scenarios] == [Status.FAILED]


def test_held_records_are_those_of_the_very_results_held_and_write_as_they_do(tmp_path):
    """The records handed out for writing results quickly (the site's download) are only those of the results this
    process holds for the file as it is, and give the JSON the results' dataclasses give, durations left out too."""
    paths = Paths(tmp_path)
    results = _results(Status.PASSED)
    results.scenarios[0].key, results.scenarios[0].duration = "inputs-1", 1.5
    write_results(paths, results)
    stored, _ = load_stored(paths)
    records = held_records(paths, stored)
    assert list(records) == ["scenarios/athernum/names/pass.yaml"]
    blanked = {path: record.published() for path, record in records.items()}
    assert stored.published().to_json(blanked) == stored.published().to_json()
    assert '"duration":1.5' not in stored.published().to_json(blanked)
    assert held_records(paths, load_results(paths)) == {}  # equal results read afresh are not the ones held
    replacement = results_path(paths).with_suffix(".other")
    replacement.write_text(_results(Status.FAILED).to_json(), encoding="utf-8")
    os.replace(replacement, results_path(paths))
    assert held_records(paths, stored) == {}


def test_a_records_published_form_blanks_its_own_duration_only(tmp_path):
    """The site's download of a kept result is the result without its duration, however its title or its setup
    spell "duration" (a title quoting it, a card's own duration), as its dataclass gives it."""
    results = _results(Status.PASSED)
    scenario = results.scenarios[0]
    scenario.title, scenario.duration = 'Says "duration": 2, "duration":3', 1.5
    scenario.setup = {"cards": [{"name": "Hourglass", "duration": 4}]}
    record = Record.of(scenario)
    assert record.published() == Record.of(replace(scenario, duration=0.0)).text
    assert '"duration":1.5' in record.text and '"duration":4' in record.published()
    published = results.published()
    assert published.to_json({scenario.path: record.published()}) == published.to_json()


def test_results_written_are_held_with_every_record_and_read_back_unchanged(tmp_path):
    """After writing results (scenarios just run included) the process holds a record of each, which writes the
    very file written."""
    paths = Paths(tmp_path)
    results = _results(Status.PASSED)
    write_results(paths, results)
    stored, records = load_stored(paths)
    assert list(records) == [results.scenarios[0].path]
    assert stored.to_json({p: r.text for p, r in records.items()}) == results_path(paths).read_text("utf-8")
