"""Fixtures of the kb tests: a small copy of the project to build and break."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tests.conftest import ROOT


@pytest.fixture()
def small_project(tmp_path) -> Path:
    """The rules and two Athernum scenarios with their card library: a project that verifies in seconds."""
    shutil.copytree(ROOT / "rules", tmp_path / "rules")
    source = ROOT / "scenarios" / "athernum"
    target = tmp_path / "scenarios" / "athernum"
    shutil.copytree(source / "cards", target / "cards")
    for name in ("cards.yaml", "not-testable.yaml"):
        if (source / name).exists():
            shutil.copy(source / name, target / name)
    for path in sorted((source / "ch05").glob("*.yaml"))[:2]:
        (target / "ch05").mkdir(parents=True, exist_ok=True)
        shutil.copy(path, target / "ch05" / path.name)
    (tmp_path / "pyproject.toml").write_text("")
    return tmp_path
