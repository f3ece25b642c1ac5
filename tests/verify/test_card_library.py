"""A game's card library: problems named by file, line and card; a cache reused until a library file changes."""

from __future__ import annotations

import os
import shutil
import textwrap
from pathlib import Path

import pytest

from kb.verify import card_library
from kb.verify.athernum.adapter import AthernumAdapter
from kb.verify.atnia.adapter import AtniaAdapter

ROOT = Path(__file__).resolve().parent.parent.parent


@pytest.fixture()
def project(tmp_path):
    """A project with a copy of Athernum's card library (``cards.yaml`` and ``cards/``)."""
    folder = tmp_path / "scenarios" / "athernum"
    shutil.copytree(ROOT / "scenarios" / "athernum" / "cards", folder / "cards")
    shutil.copyfile(ROOT / "scenarios" / "athernum" / "cards.yaml", folder / "cards.yaml")
    return tmp_path


def _write(path: Path, text: str) -> None:
    path.write_text(textwrap.dedent(text), encoding="utf-8")
    stat = path.stat()  # a later modification time, even on a coarse clock
    os.utime(path, ns=(stat.st_atime_ns, stat.st_mtime_ns + 10**9))


def test_the_library_is_read_once_then_from_the_cache(project, monkeypatch):
    cards = AthernumAdapter(project / "scenarios").library()
    assert "Aria the Bold" in cards and (project / ".rulekb" / "memo" / "cards-athernum.pickle").exists()

    def unread(*args):
        raise AssertionError("the library files were read again")

    monkeypatch.setattr(card_library, "read_library", unread)
    assert AthernumAdapter(project / "scenarios").library() == cards


def test_a_copied_project_reads_its_library_from_the_memo_until_a_card_changes(
    project, tmp_path, monkeypatch
):
    """A project copied elsewhere with its memos reads no library file again; a card edited in the copy (the file
    keeping its size and modification time) is read anew."""
    cards = AthernumAdapter(project / "scenarios").library()
    copy = tmp_path / "copy"
    shutil.copytree(project / "scenarios", copy / "scenarios")
    shutil.copytree(project / ".rulekb", copy / ".rulekb")
    read = card_library.read_library

    def unread(*args):
        raise AssertionError("the library files were read again")

    monkeypatch.setattr(card_library, "read_library", unread)
    assert AthernumAdapter(copy / "scenarios").library() == cards
    edited = copy / "scenarios" / "athernum" / "cards.yaml"
    stat, text = edited.stat(), edited.read_text(encoding="utf-8")
    edited.write_text(text.replace("Aria the Bold", "Aria the Cold"), encoding="utf-8")
    os.utime(edited, ns=(stat.st_atime_ns, stat.st_mtime_ns))
    monkeypatch.setattr(card_library, "read_library", read)
    assert "Aria the Cold" in AthernumAdapter(copy / "scenarios").library()


def test_an_edited_library_file_is_read_again(project):
    AthernumAdapter(project / "scenarios").library()
    _write(
        project / "scenarios" / "athernum" / "cards" / "extra.yaml",
        """\
        Newcomer:
          type: character
          cost: 1
          ofv: 1
          dfv: 1
        """,
    )
    assert "Newcomer" in AthernumAdapter(project / "scenarios").library()


def test_a_card_defined_twice_names_the_second_file_line_and_card(project):
    _write(
        project / "scenarios" / "athernum" / "cards" / "zz.yaml",
        """\
        # again
        Aria the Bold:
          type: character
          cost: 1
        """,
    )
    adapter = AthernumAdapter(project / "scenarios")
    adapter.library()
    assert str(adapter._library_problem) == (
        "scenarios/athernum/cards/zz.yaml:2: error [Aria the Bold]: card 'Aria the Bold' is already defined in "
        "another library file"
    )


def test_a_bad_card_and_bad_yaml_are_named_by_file_and_line(project, tmp_path):
    _write(
        project / "scenarios" / "athernum" / "cards" / "ch03-04.yaml",
        """\
        Fine:
          type: character
          cost: 1
        Broken:
          type: character
          cost: banana
        """,
    )
    adapter = AthernumAdapter(project / "scenarios")
    adapter.library()
    problem = adapter._library_problem
    assert problem is not None
    assert (problem.path, problem.line, problem.field) == (
        "scenarios/athernum/cards/ch03-04.yaml",
        4,
        "Broken",
    )

    folder = tmp_path / "other" / "scenarios" / "atnia"
    folder.mkdir(parents=True)
    _write(folder / "cards.yaml", "a: [unclosed\n")
    other = AtniaAdapter(folder.parent)
    other.library()
    problem = other._library_problem
    assert problem is not None
    assert (problem.path, problem.field) == ("scenarios/atnia/cards.yaml", "(yaml)")
    assert problem.message.startswith("invalid YAML:")
