"""``$RULEKB_JOBS``: how many processes a build may keep busy (kb/jobs.py)."""

from __future__ import annotations

import os

import pytest

from kb import forked
from kb.core.errors import RulekbError
from kb.jobs import JOBS_VARIABLE, build_jobs


def test_without_the_variable_a_build_may_use_every_core_it_may_run_on(monkeypatch):
    """Unset or empty, the jobs are the cores this process may run on."""
    monkeypatch.setenv(JOBS_VARIABLE, " ")
    assert build_jobs() == len(os.sched_getaffinity(0))


@pytest.mark.parametrize("value", ["0", "-1", "two", "1.5"])
def test_a_value_that_is_no_count_of_processes_is_an_error_naming_the_variable(monkeypatch, value):
    """Anything but a whole number of at least 1 is refused with a message naming the variable and the value."""
    monkeypatch.setenv(JOBS_VARIABLE, value)
    with pytest.raises(RulekbError, match=rf"\$RULEKB_JOBS is {value!r}"):
        build_jobs()


def test_a_build_with_one_job_sets_no_step_aside(small_project, run, monkeypatch):
    """With ``RULEKB_JOBS=1`` every step runs in the build's own process, one after the other."""
    monkeypatch.setenv(JOBS_VARIABLE, "1")
    started: list[str] = []
    monkeypatch.setattr(forked, "start", lambda name, work: started.append(name))
    code, out, err = run(small_project, "build")
    assert code == 0, out + err
    assert started == []


def test_a_bad_value_stops_the_build_before_it_writes_anything(small_project, run, monkeypatch):
    """``rulekb build`` with a bad ``RULEKB_JOBS`` exits 2 with the message, no traceback, and writes no site."""
    monkeypatch.setenv(JOBS_VARIABLE, "many")
    code, out, err = run(small_project, "build")
    assert code == 2 and "$RULEKB_JOBS is 'many'" in err and "Traceback" not in out + err, out + err
    assert not (small_project / "site").exists()
