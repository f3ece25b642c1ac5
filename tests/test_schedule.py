"""The order the test files run in under xdist (tests/schedule.py): the slowest of the last run first."""

from __future__ import annotations

from tests.schedule import file_of, slowest_first

IDS = [
    "tests/a.py::test_one",
    "tests/a.py::test_two",
    "tests/b.py::test_one[x::y]",
    "tests/c.py::test_one",
    "tests/c.py::test_two",
    "tests/c.py::test_three",
    "tests/d.py::test_one",
]


def test_the_slowest_file_of_the_last_run_goes_first_with_its_tests_in_their_order():
    """A file the last run timed longest is handed out first, so no worker starts it when the other is nearly
    done; within a file the tests keep the order they were written in."""
    ordered = slowest_first(IDS, {"tests/d.py": 9.0, "tests/a.py": 3.0, "tests/c.py": 5.0, "tests/b.py": 1.0})
    assert ordered == [
        "tests/d.py::test_one",
        "tests/c.py::test_one",
        "tests/c.py::test_two",
        "tests/c.py::test_three",
        "tests/a.py::test_one",
        "tests/a.py::test_two",
        "tests/b.py::test_one[x::y]",
    ]


def test_untimed_files_come_after_timed_ones_with_the_most_tests_first():
    """Without times (a first run, a new file) files go as xdist orders them, the most tests first, ties kept in
    collection order, after every file the last run timed."""
    ordered = slowest_first(IDS, {"tests/b.py": 0.5})
    assert [file_of(n) for n in ordered] == ["tests/b.py"] + ["tests/c.py"] * 3 + ["tests/a.py"] * 2 + [
        "tests/d.py"
    ]
    assert sorted(slowest_first(IDS, {})) == sorted(IDS)
