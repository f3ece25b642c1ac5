"""Rulings are read from a memo while their files are unchanged, and never from a stale one."""

from __future__ import annotations

import os

from kb.core.paths import Paths
from kb.core.rulings import RULINGS_FILE, load_rulings

RULING = """\
rulings:
  - id: R-ATH-900
    question: Does the defender deal damage?
    answer: {answer}
    rules: ["9.3.9b"]
    source: cr
    date: 2026-11-20
"""


def test_an_edit_is_read_even_when_size_and_time_stay_the_same(tmp_path):
    """A rulings file rewritten with an answer of the same length and its old modification time is read anew:
    the memo is keyed by the files' contents, not by their size and time."""
    paths = Paths(tmp_path)
    path = paths.rules / "athernum" / RULINGS_FILE
    path.parent.mkdir(parents=True)
    path.write_text(RULING.format(answer="Yes, it does."), encoding="utf-8")
    stat = path.stat()
    assert load_rulings(paths)[0][0].answer == "Yes, it does."
    assert (paths.memo / "rulings.pickle").is_file()
    path.write_text(RULING.format(answer="No, it cannot"), encoding="utf-8")
    os.utime(path, ns=(stat.st_atime_ns, stat.st_mtime_ns))
    assert path.stat().st_size == stat.st_size
    assert load_rulings(paths)[0][0].answer == "No, it cannot"


def test_a_broken_file_is_reported_from_the_memo_too(tmp_path):
    """The problems of a malformed ruling are kept with the memo: the second reading reports them as the first."""
    paths = Paths(tmp_path)
    path = paths.rules / "athernum" / RULINGS_FILE
    path.parent.mkdir(parents=True)
    path.write_text("rulings:\n  - id: R-ATH-901\n", encoding="utf-8")
    first = load_rulings(paths)
    assert first[1] and load_rulings(paths) == first
