"""Finding the project: walking up from the current folder, --root, $RULEKB_ROOT, and nowhere at all."""

from __future__ import annotations

import subprocess
import sys

import pytest

from kb.cli import main
from kb.core.paths import NoProjectError, find_root
from tests.conftest import ROOT


def _listing(folder):
    return sorted(p.relative_to(folder) for p in folder.rglob("*"))


def test_outside_any_project_a_command_says_so_and_writes_nothing(tmp_path, monkeypatch, capsys):
    """`rulekb rule 4.2.2a` in an empty folder names the problem and the way out, exits 2, writes no file."""
    monkeypatch.delenv("RULEKB_ROOT", raising=False)
    monkeypatch.chdir(tmp_path)
    code = main(["rule", "4.2.2a"])
    err = capsys.readouterr().err
    assert code == 2
    assert "no rulekb project" in err and "--root" in err
    assert _listing(tmp_path) == []


def test_root_option_finds_the_project_from_anywhere(tmp_path, monkeypatch, capsys):
    """`rulekb --root CHECKOUT rule 4.2.2a` answers from a folder outside the checkout."""
    monkeypatch.delenv("RULEKB_ROOT", raising=False)
    monkeypatch.chdir(tmp_path)
    code = main(["--root", str(ROOT), "rule", "4.2.2a"])
    assert code == 0
    assert "Defensive" in capsys.readouterr().out
    assert _listing(tmp_path) == []


def test_the_project_is_found_walking_up_from_a_subfolder(monkeypatch):
    """A command run inside scenarios/athernum finds the project root above it."""
    monkeypatch.delenv("RULEKB_ROOT", raising=False)
    assert find_root(ROOT / "scenarios" / "athernum") == ROOT


def test_a_root_that_is_not_a_folder_is_refused(tmp_path, monkeypatch):
    """$RULEKB_ROOT naming a missing folder is an error naming it, not a silent guess."""
    monkeypatch.setenv("RULEKB_ROOT", str(tmp_path / "missing"))
    with pytest.raises(NoProjectError, match="missing"):
        find_root()


@pytest.mark.parametrize("module", ["rulekb", "kb.cli"])
def test_every_command_runs_through_python_m(module, tmp_path):
    """`python -m rulekb …` and `python -m kb.cli …` run the same commands as the `rulekb` script."""
    done = subprocess.run(
        [sys.executable, "-m", module, "--root", str(ROOT), "rule", "4.2.2a"],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert "4.2.2a" in done.stdout


def test_a_path_below_a_folder_reads_relative_to_it_as_pathlib_gives_it():
    """Scenario paths and games are worked out as text: exactly what ``relative_to`` gives below the folder, and
    nothing for a path beside it that merely starts with the same letters, or for the folder itself."""
    from pathlib import Path

    from kb.core.paths import relative_text

    root = Path("/p/project")
    for below in ("scenarios/athernum/a.yaml", "mkdocs.yml", "a b/ü.md"):
        assert relative_text(root / below, root) == str((root / below).relative_to(root))
    assert relative_text(Path("/p/project2/x"), root) is None
    assert relative_text(root, root) is None and relative_text(Path("x/y"), root) is None
