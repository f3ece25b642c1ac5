"""Memos of parsed files are keyed by the files' contents and their places within the project: a project copied
elsewhere with its ``.rulekb/`` starts warm, and an edit is read anew even when it keeps a file's size and time."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from kb.core import loader, memo
from kb.core.paths import Paths
from tests.site.project import make_project


def _rewrite_keeping_size_and_time(path: Path, old: str, new: str) -> None:
    """Replace ``old`` by ``new`` (as long) in ``path`` and give the file back its modification time."""
    assert len(old) == len(new)
    stat = path.stat()
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new), encoding="utf-8")
    os.utime(path, ns=(stat.st_atime_ns, stat.st_mtime_ns))
    assert path.stat().st_size == stat.st_size


def test_per_file_reuses_a_copied_memo_and_rereads_an_edit_of_the_same_size_and_time(tmp_path):
    """A copy of a folder with its memo reads nothing again; a file rewritten with its old size and time is read."""
    first = tmp_path / "first"
    (first / "data").mkdir(parents=True)
    for name in ("a", "b"):
        (first / "data" / f"{name}.txt").write_text(f"file {name}", encoding="utf-8")
    read: list[str] = []

    def reader(path: Path) -> str:
        read.append(path.name)
        return path.read_text(encoding="utf-8").upper()

    def each(root: Path) -> dict[str, str]:
        files = sorted((root / "data").glob("*.txt"))
        return {
            p.name: v for p, v in memo.per_file(root / ".rulekb" / "memo" / "x.pickle", files, reader).items()
        }

    assert each(first) == {"a.txt": "FILE A", "b.txt": "FILE B"} and read == ["a.txt", "b.txt"]
    copy = tmp_path / "copy"
    shutil.copytree(first, copy)
    read.clear()
    assert each(copy) == {"a.txt": "FILE A", "b.txt": "FILE B"} and read == []
    _rewrite_keeping_size_and_time(copy / "data" / "b.txt", "file b", "file c")
    assert each(copy) == {"a.txt": "FILE A", "b.txt": "FILE C"} and read == ["b.txt"]


def test_a_copied_project_reads_its_knowledge_base_from_the_memo_with_its_own_paths(tmp_path, monkeypatch):
    """A project copied with its memos loads the knowledge base without parsing, its documents in the copy; an edit
    of a rule that keeps the file's size and time is parsed anew."""
    first = make_project(tmp_path / "first", hostile=False, with_proof=False)
    assert not loader.load_kb(first).errors
    copy = Paths(tmp_path / "copy")
    shutil.copytree(first.root, copy.root)
    built = loader.build_kb

    def no_parse(paths: Paths) -> loader.KnowledgeBase:
        raise AssertionError("parsed again")

    monkeypatch.setattr(loader, "build_kb", no_parse)
    kb = loader.load_kb(copy)
    assert [d.path for d in kb.documents] == [copy.rules / "athernum" / "cr.md"]
    assert kb.paths == copy and "Every card has a name" in kb.node("athernum:1.1.1").text
    _rewrite_keeping_size_and_time(copy.rules / "athernum" / "cr.md", "has a name", "has a word")
    with pytest.raises(AssertionError, match="parsed again"):
        loader.load_kb(copy)
    monkeypatch.setattr(loader, "build_kb", built)
    assert "Every card has a word" in loader.load_kb(copy).node("athernum:1.1.1").text
