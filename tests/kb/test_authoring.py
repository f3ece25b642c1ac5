"""A rule author sees what an edit breaks before it ships: diff, verify --changed, diff --run."""

from __future__ import annotations

import json
import shutil
import subprocess

import pytest

from kb.cli import main
from tests.conftest import ROOT, with_memo

LOCATION_SCENARIOS = "scenarios/athernum/ch02/second-location-same-turn.yaml"


#: The Athernum scenarios of the authoring project: the chapters the tests edit and verify (2.4.2's scenarios are in
#: ch02), with the card library; every scenario reading them, diffing and verifying them costs time, not proof.
AUTHORING_SCENARIOS = ("cards", "cards.yaml", "not-testable.yaml", "ch02", "ch07")


def _repository(root, monkeypatch, warm_memo, scenarios: tuple[str, ...] | None):
    """A git repository at ``root`` holding this project's rules and the Athernum ``scenarios`` (all of every game
    for None), committed, with the memos beside them; the project rulekb runs in."""
    shutil.copytree(ROOT / "rules", root / "rules")
    if scenarios is None:
        shutil.copytree(ROOT / "scenarios", root / "scenarios")
    for name in scenarios or ():
        source, target = ROOT / "scenarios" / "athernum" / name, root / "scenarios" / "athernum" / name
        if source.is_dir():
            shutil.copytree(source, target)
        else:
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy(source, target)
    (root / "pyproject.toml").write_text("")
    git = lambda *a: subprocess.run(["git", "-C", str(root), *a], check=True, capture_output=True)  # noqa: E731
    git("init", "-q")
    git("-c", "user.email=t@t", "-c", "user.name=t", "add", "-A")
    git("-c", "user.email=t@t", "-c", "user.name=t", "commit", "-qm", "rules")
    monkeypatch.setenv("RULEKB_ROOT", str(root))
    return with_memo(warm_memo, root)


@pytest.fixture()
def repo(tmp_path, monkeypatch, warm_memo):
    """A git repository holding this project's rules and the Athernum scenarios of ``AUTHORING_SCENARIOS``,
    committed (the memos beside them)."""
    return _repository(tmp_path, monkeypatch, warm_memo, AUTHORING_SCENARIOS)


@pytest.fixture()
def full_repo(tmp_path, monkeypatch, warm_memo):
    """A git repository holding this project's rules and every scenario of every game, committed (the memos
    beside them): what a rule author's checkout holds."""
    return _repository(tmp_path, monkeypatch, warm_memo, None)


def _run(capsys, *args):
    code = main(list(args))
    out, _ = capsys.readouterr()
    return code, out


def _edit(repo, old, new):
    cr = repo / "rules" / "athernum" / "cr.md"
    text = cr.read_text()
    assert old in text
    cr.write_text(text.replace(old, new, 1))


def test_two_locations_per_turn_breaks_the_scenarios_citing_2_4_2(repo, capsys):
    """Allowing two locations per turn: diff lists 2.4.2 with its scenarios, verify --changed finds them
    failing, and diff --run reports their outcome changed."""
    _edit(repo, "Only one location may be played per turn", "Only two locations may be played per turn")
    code, out = _run(capsys, "diff", "HEAD", "--json")
    data = json.loads(out)
    [change] = data["changes"]
    assert code == 0 and change["kind"] == "changed" and change["id"] == "athernum:2.4.2"
    assert "athernum/ch02/second-location-same-turn" in change["scenarios"]

    code, out = _run(capsys, "verify", "--changed", "--json")
    report = json.loads(out)
    assert code == 1
    assert "athernum/ch02/second-location-same-turn" in report["failing"]
    assert "athernum/ch02/second-location-same-turn" in report["suspects"]

    code, out = _run(capsys, "diff", "--run", "HEAD", "--json")
    changed = {b["scenario"]: b for b in json.loads(out)["outcome_changed"]}
    assert changed["athernum/ch02/second-location-same-turn"]["old_status"] == "passed"
    assert changed["athernum/ch02/second-location-same-turn"]["new_status"] == "failed"


def test_a_renumbered_rule_is_reported_as_a_move(repo, capsys):
    """Renumbering 1.1.8 to 1.1.9 is a move, not a removal and an addition."""
    _edit(repo, "- 1.1.8 All name-based", "- 1.1.9 All name-based")
    _code, out = _run(capsys, "diff", "HEAD", "--json")
    changes = json.loads(out)["changes"]
    assert [(c["kind"], c["old_id"], c["id"]) for c in changes] == [
        ("renumbered", "athernum:1.1.8", "athernum:1.1.9")
    ]


def test_an_unchanged_tree_impacts_nothing(full_repo, capsys):
    """With no edit since the last commit, verify --changed runs nothing and succeeds."""
    code, out = _run(capsys, "verify", "--changed", "--json")
    assert code == 0 and json.loads(out)["scenarios"] == []


def test_verifying_one_file_reports_and_exits_on_that_run(repo, capsys, monkeypatch):
    """`rulekb verify FILE` prints that file's result in a one-line summary, with no coverage tables, and its exit
    status is that of the run: a stored failure of a scenario it did not run is not reported."""
    monkeypatch.chdir(repo)
    _run(capsys, "verify", "scenarios/athernum/ch07")
    results = repo / ".rulekb" / "verify-results.json"
    stored = json.loads(results.read_text())
    stored["scenarios"][0]["status"] = "failed"  # a stale failure of another scenario
    results.write_text(json.dumps(stored))
    code, out = _run(capsys, "verify", LOCATION_SCENARIOS)
    lines = " ".join(out.split())
    assert code == 0 and "this run: 1 scenario: 1 passed, 0 failed" in lines
    assert "coverage" not in lines and "FAILED" not in lines
    assert "R-ATN-008" not in lines and "rulings this run did not touch are not shown" in lines
    code, out = _run(capsys, "verify", "--coverage", LOCATION_SCENARIOS)
    assert code == 0 and "coverage" in out


def test_a_path_outside_the_scenarios_folder_is_refused_by_name(repo, tmp_path_factory, capsys):
    """A file outside the project's scenarios/ gets a message naming it and the folder, not an engine error."""
    stray = tmp_path_factory.mktemp("elsewhere") / "ch07"
    stray.mkdir()
    (stray / "x.yaml").write_text("id: x\n")
    code = main(["verify", str(stray)])
    _, err = capsys.readouterr()
    assert code != 0 and "is not in this project's scenarios folder" in " ".join(err.split())


def test_verify_changed_runs_a_scenario_whose_own_file_changed(repo, capsys):
    """After breaking an expectation in a scenario (no rule edit), verify --changed runs it, fails, and stores it."""
    for folder in (repo / "scenarios").glob("*/*/"):
        if folder.name not in ("ch02", "cards"):
            shutil.rmtree(folder)
    code, _ = _run(capsys, "verify")
    assert code == 0
    scenario = repo / LOCATION_SCENARIOS
    scenario.write_text(scenario.read_text().replace("location: Old Mill", "location: Harbor Market"))
    code, out = _run(capsys, "verify", "--changed", "--json")
    report = json.loads(out)
    assert code == 1
    assert [s["id"] for s in report["scenarios"]] == ["athernum/ch02/second-location-same-turn"]
    assert (
        report["edited"] == ["athernum/ch02/second-location-same-turn"]
        and report["failing"] == report["edited"]
    )
    code, out = _run(capsys, "verify", "--changed", "--json")
    assert (
        json.loads(out)["scenarios"] == [] and code == 0
    )  # its result is stored: its inputs are unchanged since
