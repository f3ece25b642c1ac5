"""Shared fixtures: the project's knowledge base, built once per test session, and a small copy of the project."""

from __future__ import annotations

import os
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest
from filelock import FileLock

from tests.browser import browser, chromium  # noqa: F401 (the browser tests' fixtures, for every folder)

ROOT = Path(__file__).resolve().parent.parent
# Builds run their steps one after the other (kb/jobs.py): the test workers keep every core busy already, and a
# build's children would only compete with them. The tests of running side by side set more.
os.environ.setdefault("RULEKB_JOBS", "1")


def built_once(tmp_path_factory, name: str, build: Callable[[Path], object]) -> Path:
    """A folder ``build`` fills once for the whole run, for session fixtures whose tests only read it (a project,
    its index, its site). Under pytest-xdist the first worker that needs it builds it, the others wait for it
    and share it, so that a site is not built once per worker."""
    if "PYTEST_XDIST_WORKER" not in os.environ:
        folder = tmp_path_factory.mktemp(name)
        build(folder)
        return folder
    folder = tmp_path_factory.getbasetemp().parent / f"shared-{name}"
    with FileLock(f"{folder}.lock"):
        if not (folder.parent / f"{folder.name}.built").exists():
            shutil.rmtree(folder, ignore_errors=True)
            folder.mkdir()
            build(folder)
            (folder.parent / f"{folder.name}.built").touch()
    return folder


def seeds_dir() -> Path | None:
    """The seed documents (``../shared/seeds``), where this checkout has them beside it."""
    env = os.environ.get("RULEKB_SEEDS")
    candidates = [Path(env)] if env else []
    candidates += [ROOT.parent / "shared" / "seeds", ROOT.parent.parent / "shared" / "seeds"]
    return next((c for c in candidates if c.is_dir()), None)


@pytest.fixture(scope="session")
def warm_memo(tmp_path_factory) -> Path:
    """The memos of this repository's rules and scenarios (the parsed sources, rulings, card libraries, scenario
    checks, the search lexicon), made once for the run. A test's project that copies the sources takes a copy of
    them and starts warm, as a project does after its first command; they are keyed by content, so whatever a test
    changes is read anew."""
    from kb.core.loader import load_kb
    from kb.core.paths import Paths
    from kb.lint import lint
    from kb.search.indexer import index_knowledge_base

    def build(root: Path) -> None:
        for name in ("rules", "scenarios"):
            shutil.copytree(ROOT / name, root / name)
        paths = Paths(root)
        kb = load_kb(paths)
        lint(kb)
        index_knowledge_base(paths, kb)

    return built_once(tmp_path_factory, "warm-memo", build) / ".rulekb" / "memo"


def with_memo(memo: Path, root: Path) -> Path:
    """``root`` holding a copy of ``memo`` (see ``warm_memo``) as its project's memos."""
    from kb.core.paths import Paths

    shutil.copytree(memo, Paths(root).memo, dirs_exist_ok=True)
    return root


@pytest.fixture(scope="session")
def project_kb():
    """The knowledge base of this repository's rules/, built without the cache."""
    from kb.core.loader import build_kb
    from kb.core.paths import Paths

    return build_kb(Paths(ROOT))


@pytest.fixture(scope="session")
def graph(project_kb):
    return project_kb.graph


@pytest.fixture(scope="session")
def seeds() -> Path:
    found = seeds_dir()
    if found is None:
        pytest.skip("the seed documents (../shared/seeds) are not beside this checkout")
    return found


@pytest.fixture()
def run(capsys, monkeypatch):
    """Run ``rulekb`` in-process in the project at ``root``; returns (exit code, stdout, stderr)."""
    from kb.cli import main

    def _run(root: Path, *args: str):
        monkeypatch.setenv("RULEKB_ROOT", str(root))
        monkeypatch.setenv("COLUMNS", "200")
        code = main(list(args))
        out, err = capsys.readouterr()
        return code, out, err

    return _run


#: Rulings whose examples the ``judged`` project verifies: one a question settles per game, and the German one.
JUDGED_RULINGS = ("R-ATH-001", "R-ATH-068", "R-ATN-005", "R-ATN-007", "R-ALT-002")


@pytest.fixture(scope="session")
def judged(tmp_path_factory, project_kb, warm_memo):
    """A scratch project with this repository's rules and scenarios, the examples of ``JUDGED_RULINGS`` verified on
    the engines (real boards, steps and logs) and the search index built: what a judge's machine holds."""
    from kb.core.paths import Paths
    from kb.core.rulings import load_rulings
    from kb.search.indexer import index_knowledge_base
    from kb.verify.results import VerifyResults, write_results
    from kb.verify.runner import run_scenario
    from kb.verify.session import context

    def build(root: Path) -> None:
        shutil.copytree(ROOT / "rules", root / "rules")
        shutil.copytree(ROOT / "scenarios", root / "scenarios")
        (root / "pyproject.toml").write_text("")
        paths = Paths(with_memo(warm_memo, root))
        rulings, _ = load_rulings(paths)
        ids = [s for r in rulings if r.id in JUDGED_RULINGS for s in r.scenarios]
        ctx = context(project_kb, paths, rulings)
        write_results(
            paths,
            VerifyResults(
                "2026-11-25T00:00:00+00:00", [run_scenario(paths.scenarios / f"{i}.yaml", ctx) for i in ids]
            ),
        )
        index_knowledge_base(paths, project_kb)

    return Paths(built_once(tmp_path_factory, "judged", build))


def make_small_project(root: Path, memo: Path) -> Path:
    """``root`` holding the rules and two Athernum scenarios with their card library, and a copy of ``memo``."""
    shutil.copytree(ROOT / "rules", root / "rules")
    source = ROOT / "scenarios" / "athernum"
    target = root / "scenarios" / "athernum"
    shutil.copytree(source / "cards", target / "cards")
    for name in ("cards.yaml", "not-testable.yaml"):
        if (source / name).exists():
            shutil.copy(source / name, target / name)
    for path in sorted((source / "ch05").glob("*.yaml"))[:2]:
        (target / "ch05").mkdir(parents=True, exist_ok=True)
        shutil.copy(path, target / "ch05" / path.name)
    (root / "pyproject.toml").write_text("")
    return with_memo(memo, root)


@pytest.fixture()
def small_project(tmp_path, warm_memo) -> Path:
    """The rules and two Athernum scenarios with their card library, and the memos of the whole repository: a
    project that verifies in seconds."""
    return make_small_project(tmp_path, warm_memo)


def add_site_sources(root: Path) -> Path:
    """``root`` with this repository's mkdocs.yml and docs/, and its theme (which mkdocs.yml names by path)."""
    shutil.copy(ROOT / "mkdocs.yml", root / "mkdocs.yml")
    shutil.copytree(ROOT / "docs", root / "docs")
    (root / "kb").symlink_to(ROOT / "kb")
    return root


@pytest.fixture(scope="session")
def built_small(tmp_path_factory, warm_memo) -> Path:
    """A small project (see ``small_project``) with its site sources after one successful `rulekb build`, made
    once for the run: tests that start from a built project take a copy (``copy_project``)."""
    from kb.cli import main

    def build(root: Path) -> None:
        add_site_sources(make_small_project(root, warm_memo))
        with pytest.MonkeyPatch.context() as env:
            env.setenv("RULEKB_ROOT", str(root))
            env.setenv("SOURCE_DATE_EPOCH", "1735689600")
            assert main(["build"]) == 0

    return built_once(tmp_path_factory, "built-small", build)


def copy_project(project: Path, folder: Path) -> Path:
    """A copy of ``project`` at ``folder``, times and symlinks kept, as a user copying a built project gets."""
    return shutil.copytree(project, folder, symlinks=True)
