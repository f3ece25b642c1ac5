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


def test_per_file_reads_no_unchanged_file_once_its_status_is_settled(tmp_path, monkeypatch):
    """A file unchanged since before its digest was taken is not read again (a build with nothing changed reads no
    file whole); one whose status changed is read, and read anew only when its content changed; one changed within
    the racy interval before its digest is read every time."""
    data = tmp_path / "data"
    data.mkdir()
    files = []
    for name in ("a", "b"):
        path = data / f"{name}.txt"
        path.write_text(f"file {name}", encoding="utf-8")
        files.append(path)
    store = tmp_path / ".rulekb" / "memo" / "x.pickle"
    read: list[str] = []

    def reader(path: Path) -> str:
        read.append(path.name)
        return path.read_text(encoding="utf-8")

    assert list(memo.per_file(store, files, reader).values()) == ["file a", "file b"]
    hashed: list[str] = []
    real_stamp = memo.file_stamp

    def counted_stamp(path: Path) -> tuple[int, str]:
        hashed.append(path.name)
        return real_stamp(path)

    monkeypatch.setattr(memo, "file_stamp", counted_stamp)
    read.clear()
    assert list(memo.per_file(store, files, reader).values()) == ["file a", "file b"]
    assert hashed == ["a.txt", "b.txt"] and read == []  # just written: within the racy interval
    monkeypatch.setattr(memo, "RACY_NS", 0)  # as if the files had been written long before
    hashed.clear()
    memo.per_file(store, files, reader)
    hashed.clear()
    assert list(memo.per_file(store, files, reader).values()) == ["file a", "file b"]
    assert hashed == [] and read == []
    os.utime(files[0], ns=(10**9, 10**9))  # touched: its content is hashed, found the same, not read
    assert list(memo.per_file(store, files, reader).values()) == ["file a", "file b"]
    assert hashed == ["a.txt"] and read == []
    files[1].write_text("file B", encoding="utf-8")
    assert list(memo.per_file(store, files, reader).values()) == ["file a", "file B"]
    assert read == ["b.txt"]


def test_a_stale_keyed_memo_is_rebuilt_and_a_foreign_one_ignored(tmp_path):
    """A memo under another key is built anew (its value never returned), and a file that is no keyed memo is too."""
    store = tmp_path / "m.pickle"
    assert memo.cached(store, "k1", lambda: "one") == "one"
    assert memo.cached(store, "k1", lambda: "never built") == "one"
    assert memo.cached(store, "k2", lambda: "two") == "two"
    memo.store(store, ("k2", "plain"))
    assert memo.cached(store, "k2", lambda: "again") == "again"


def _edges(kb: loader.KnowledgeBase) -> list[tuple[str, str, str]]:
    return sorted((u, v, k) for u, v, k in kb.graph.edges(keys=True))


def test_a_graph_built_after_an_edit_from_the_texts_memo_equals_one_built_afresh(tmp_path):
    """After a rule edit that changes the terms a rule uses, the graph built recalling the unchanged texts has exactly
    the edges of a graph built with no memo at all."""
    paths = make_project(tmp_path / "p", hostile=False, with_proof=False)
    first = loader.load_kb(paths)
    assert not first.errors and (paths.memo / loader.TEXTS_MEMO).is_file()
    terms = sorted(
        first.node(t).title for t, _ in first.graph.node_items() if t.split(":", 1)[1].startswith("term/")
    )
    assert terms, "the project defines no term"
    cr = paths.rules / "athernum" / "cr.md"
    cr.write_text(
        cr.read_text(encoding="utf-8").replace("has a name", f"has a name and a {terms[0]}"), "utf-8"
    )
    again = loader.load_kb(paths)
    assert _edges(again) == _edges(loader.build_kb(paths, memo=False))
    assert _edges(again) != _edges(first)
    glossary = paths.rules / "athernum" / "terms.yaml"  # a curated term added: the curated memo is read anew
    glossary.write_text("terms:\n  - term: Card Name\n    defined_by: 1.1.1\n  - term: Broken\n", "utf-8")
    third, fresh = loader.load_kb(paths), loader.build_kb(paths, memo=False)
    assert _edges(third) == _edges(fresh) != _edges(again)
    assert [str(p) for p in third.problems] == [str(p) for p in fresh.problems]
    assert any("terms.yaml" in str(p) for p in third.problems)


@pytest.mark.parametrize(
    "path", ["memo/../rules/a.md", "rules/athernum/cr.md", "../elsewhere/x.yaml", "rules", "memoir/x", "/"]
)
def test_per_file_names_a_file_relative_to_the_memo_as_relpath_does(tmp_path, path):
    """A file is known by its place relative to the memo's folder, however the path is written."""
    base = str(tmp_path.absolute())
    target = tmp_path / path if path != "/" else Path("/")
    assert memo._relative(target, base) == os.path.relpath(target, base)
