"""How a failed scenario reads, in `rulekb verify` and in pytest: reason, diff once, and the log's end."""

from __future__ import annotations

from kb.verify.report import failure_lines
from kb.verify.results import LogLine, ScenarioResult, Status


def _failed(reason: str, diff: str, entries: int) -> ScenarioResult:
    log = [LogLine(i, f"athernum:4.1.{i}", "event", f"event {i}") for i in range(entries)]
    return ScenarioResult(
        "athernum/x",
        "athernum",
        "scenarios/athernum/x.yaml",
        "x",
        ["4.1.7"],
        [],
        Status.FAILED,
        reason=reason,
        diff=diff,
        log=log,
    )


def test_a_single_difference_is_shown_once():
    """When the diff is just the reason, the report does not repeat it."""
    text = "\n".join(
        failure_lines(
            _failed(
                "at the end: p1.hand: expected [], got [X]", "at the end: p1.hand: expected [], got [X]", 2
            )
        )
    )
    assert text.count("expected [], got [X]") == 1


def test_several_differences_follow_the_reason():
    """With several differences the reason (the first) heads the report and the others follow, each once."""
    lines = failure_lines(_failed("first", "first\nsecond\nthird", 0))
    assert lines == ["failed: first", "", "second", "third"]


def test_a_reason_that_is_not_a_difference_keeps_the_whole_diff():
    """When the reason is not one of the differences (an error, a summary), the whole diff follows it."""
    lines = failure_lines(_failed("2 expectations failed", "first\nsecond", 0))
    assert lines == ["failed: 2 expectations failed", "", "first", "second"]


def test_the_report_ends_with_the_last_log_entries_and_their_rule_ids():
    """The report shows the engine's last entries with their rule ids and says how many there were."""
    lines = failure_lines(_failed("r", "", 40), log_tail=3)
    assert lines[-4] == "engine log (last 3 of 40 entries):"
    assert lines[-3:] == [
        "  [athernum:4.1.37] event 37",
        "  [athernum:4.1.38] event 38",
        "  [athernum:4.1.39] event 39",
    ]
