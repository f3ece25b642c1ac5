"""The package as a newcomer installs it (issue 18): a wheel built from the sources, installed (not editable) into a
fresh virtual environment, and run from folders outside the checkout."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import sysconfig
import zipfile
from dataclasses import dataclass
from pathlib import Path

import pytest

from tests.conftest import ROOT

#: What a checkout holds besides the sources: the wheel is built without them.
NOT_SOURCES = {".git", ".venv", "site", ".rulekb", "node_modules", "build", "test-artifacts"}
#: Leftovers that may be anywhere in a checkout.
LEFTOVERS = shutil.ignore_patterns("__pycache__", "*.egg-info", ".pytest_cache", ".hypothesis", ".site-*")


def _sources(folder: str, names: list[str]) -> set[str]:
    """What ``copytree`` leaves out of the checkout: generated folders at its top, leftovers anywhere."""
    top = NOT_SOURCES if Path(folder) == ROOT else set()
    return top.intersection(names) | LEFTOVERS(folder, names)


@dataclass(frozen=True)
class Installed:
    """The wheel, the venv it is installed in, and the environment that puts the venv's ``rulekb`` first."""

    wheel: Path
    venv: Path
    env: dict[str, str]


def _run(args: list[str], cwd: Path, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(args, cwd=cwd, env=env, capture_output=True, text=True, timeout=600)


@pytest.fixture(scope="module")
def installed(tmp_path_factory) -> Installed:
    """A fresh venv with the wheel installed; the dependencies come from this venv's site-packages (a ``.pth``
    line, which adds the folder without running its editable install of rulekb), so nothing is downloaded."""
    tmp = tmp_path_factory.mktemp("package")
    shutil.copytree(ROOT, tmp / "src", ignore=_sources)
    pip = [sys.executable, "-m", "pip", "--disable-pip-version-check", "--quiet"]
    env = {k: v for k, v in os.environ.items() if k not in ("RULEKB_ROOT", "PYTHONPATH")}
    built = _run(
        [*pip, "wheel", "--no-deps", "--no-build-isolation", "--no-index", "-w", "dist", "./src"], tmp, env
    )
    assert built.returncode == 0, built.stderr
    (wheel,) = (tmp / "dist").glob("rulekb-*.whl")
    venv = tmp / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)
    python = venv / "bin" / "python"
    purelib = _run([str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"], tmp, env)
    Path(purelib.stdout.strip(), "dependencies.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")
    done = _run([*pip, "--python", str(python), "install", "--no-deps", "--no-index", str(wheel)], tmp, env)
    assert done.returncode == 0, done.stderr
    env["PATH"] = f"{venv / 'bin'}{os.pathsep}{env['PATH']}"
    return Installed(wheel, venv, env)


def test_the_wheel_holds_the_package_data_and_its_metadata(installed, tmp_path):
    """The installed package is the wheel's copy, typed, licensed, with its templates, lexicon and engine data."""
    python = str(installed.venv / "bin" / "python")
    where = _run([python, "-c", "import kb; print(kb.__file__)"], tmp_path, installed.env)
    assert where.returncode == 0, where.stderr
    package = Path(where.stdout.strip()).parent
    assert installed.venv in package.parents
    assert (package / "py.typed").is_file()
    assert (package / "templates" / "site" / "theme" / "main.html").is_file()
    assert (package / "data" / "lexicon-en.txt").is_file() and (package / "data" / "lexicon-de.txt").is_file()
    with zipfile.ZipFile(installed.wheel) as z:
        metadata = next(n for n in z.namelist() if n.endswith(".dist-info/METADATA"))
        text = z.read(metadata).decode()
    assert "License-Expression: MIT" in text
    assert "Project-URL: Athernum rules, https://" in text
    assert "Classifier: Typing :: Typed" in text


def test_outside_any_project_a_command_says_so_and_writes_nothing(installed, tmp_path):
    """In an empty folder, ``rulekb rule 4.2.2a`` says no project was found and leaves the folder empty."""
    done = _run(["rulekb", "rule", "4.2.2a"], tmp_path, installed.env)
    assert done.returncode != 0
    assert "no rulekb project" in done.stderr + done.stdout
    assert list(tmp_path.iterdir()) == []


def test_root_option_searches_a_project_from_elsewhere(installed, judged, tmp_path):
    """``rulekb --root PROJECT search defender`` answers from any folder."""
    done = _run(
        ["rulekb", "--root", str(judged.root), "search", "defender", "--json"], tmp_path, installed.env
    )
    assert done.returncode == 0, done.stderr
    assert '"athernum:' in done.stdout
    assert list(tmp_path.iterdir()) == []


def test_init_then_build_gives_a_site(installed, tmp_path):
    """``rulekb init demo && cd demo && rulekb build`` gives a site, with the theme from the installed package."""
    init = _run(["rulekb", "init", "demo"], tmp_path, installed.env)
    assert init.returncode == 0, init.stderr
    build = _run(["rulekb", "build"], tmp_path / "demo", installed.env)
    assert build.returncode == 0, build.stdout + build.stderr
    assert (tmp_path / "demo" / "site" / "index.html").is_file()
    assert "rulekb" in (tmp_path / "demo" / "site" / "index.html").read_text(encoding="utf-8")
