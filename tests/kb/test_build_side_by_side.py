"""``rulekb build`` runs the lint beside verify and the search index beside the site's pages: the site it writes is
the one a build of the same steps one after the other writes, and a failure in the index step's child process fails
the build as clearly as in this process, leaving the previous site, index and results as they were."""

from __future__ import annotations

import hashlib
import os
import shutil
from pathlib import Path

import pytest
from rich.console import Console

import kb.search.build_step as index_step
from kb import forked
from kb.build import SITE_PREFIX, STEPS, run_build
from kb.build_context import BuildStep, StepAside
from kb.core.errors import RulekbError
from kb.core.paths import Paths
from kb.search.store import BUILDING_PREFIX
from kb.verify.results import results_path
from tests.conftest import copy_project

pytestmark = pytest.mark.skipif(not forked.CAN_FORK, reason="this platform does not fork")


@pytest.fixture(autouse=True)
def two_jobs(monkeypatch):
    """Builds here may keep two processes busy, so that they set steps aside (the suite's builds keep one)."""
    monkeypatch.setenv("RULEKB_JOBS", "2")


def _tree(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def _digest(folder: Path) -> str:
    digest = hashlib.sha256()
    for name, content in _tree(folder).items():
        digest.update(name.encode() + b"\0" + content)
    return digest.hexdigest()


def test_the_default_build_sets_the_lint_and_the_index_aside():
    """The lint runs beside verify and the index beside the site, the site waiting for neither before it starts
    but for the lint (its findings are on the pages)."""
    aside = [s.name for s in STEPS if isinstance(s, StepAside)]
    assert aside == ["lint the sources", "index for search"]
    site = STEPS[-1]
    assert (
        site.needs is not None and "index for search" not in site.needs and "lint the sources" in site.needs
    )


def test_the_site_built_side_by_side_is_the_site_built_step_after_step(built_small, tmp_path, monkeypatch):
    """A first build setting the lint and the index aside, in a copy of a project built one step after the other
    (the suite's builds keep one process busy; its site, index and results removed, its memos kept), writes exactly
    the same site."""
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1735689600")
    project = copy_project(built_small, tmp_path / "copy")
    paths = Paths(project)
    shutil.rmtree(paths.site)
    for entry in paths.cache.iterdir():
        if entry != paths.memo:
            shutil.rmtree(entry) if entry.is_dir() else entry.unlink()
    started: list[str] = []
    start = forked.start

    def counted(name, work):
        started.append(name)
        return start(name, work)

    monkeypatch.setattr(forked, "start", counted)
    run_build(paths, Console(quiet=True))
    assert started == ["lint the sources", "index for search"]
    one_after_the_other, side_by_side = _tree(built_small / "site"), _tree(paths.site)
    assert sorted(side_by_side) == sorted(one_after_the_other)
    assert [name for name in side_by_side if side_by_side[name] != one_after_the_other[name]] == []


@pytest.mark.parametrize(
    ("error", "code", "message"),
    [
        (
            RulekbError("the search index could not be written"),
            2,
            "error: the search index could not be written",
        ),
        (ValueError("a bug in the indexer"), 70, "internal error: ValueError: a bug in the indexer"),
    ],
)
def test_a_failure_in_the_index_step_beside_the_site_fails_the_build_and_keeps_everything(
    built_small, tmp_path, run, monkeypatch, error, code, message
):
    """The index step failing in its child process (a kb error, or a bug) stops the build with the error's message,
    no traceback, and site/, the search index and the stored results stay byte-identical, no folder left behind."""
    project = copy_project(built_small, tmp_path / "copy")
    paths = Paths(project)
    cr = project / "rules" / "athernum" / "cr.md"
    cr.write_text(cr.read_text().replace("may be played per turn", "may be played per turn, edited", 1))
    before = (_digest(paths.site), _digest(paths.cache / "index"), results_path(paths).read_bytes())
    failed_in = tmp_path / "pid"

    def broken(*args: object, **kwargs: object) -> None:
        failed_in.write_text(str(os.getpid()))
        raise error

    monkeypatch.setattr(index_step, "prepare_knowledge_base_index", broken)
    done, out, err = run(project, "build")
    assert done == code and message in err and "Traceback" not in out + err, out + err
    assert int(failed_in.read_text()) != os.getpid()  # it failed in the child
    assert (_digest(paths.site), _digest(paths.cache / "index"), results_path(paths).read_bytes()) == before
    assert not list(project.glob(f"{SITE_PREFIX}*")) and not list(
        (paths.cache / "index").glob(f"{BUILDING_PREFIX}*")
    )


def test_the_site_is_published_before_what_only_later_commands_read(small_project):
    """``published`` (``rulekb serve`` reloads its pages then) is called once the new site is in place and before
    the commits a later command reads (the search index published) are made; a failed build never calls it."""
    seen: list[tuple[str, bool]] = []
    site = small_project / "site"

    def step(ctx) -> None:
        (ctx.out / "index.html").write_text("new site")
        ctx.on_success.append(lambda: seen.append(("commit", (site / "index.html").exists())))

    def failing(ctx) -> None:
        raise RulekbError("a step failed")

    paths, console = Paths(small_project), Console(quiet=True)
    with pytest.raises(RulekbError):
        run_build(
            paths, console, [BuildStep("fail", failing)], published=lambda: seen.append(("failed", True))
        )
    run_build(
        paths,
        console,
        [BuildStep("write", step)],
        published=lambda: seen.append(("published", (site / "index.html").read_text() == "new site")),
    )
    assert seen == [("published", True), ("commit", True)]
