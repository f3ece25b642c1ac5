"""A build cleans up after itself: no worker outlives it, temporary folders of dead builds go at the next build,
the site swap never leaves neither site, and a failed build leaves the stored results as they were."""

from __future__ import annotations

import contextlib
import gc
import os
import signal
import subprocess
import sys
import time
import weakref
from pathlib import Path

import pytest
from rich.console import Console

from kb.build import SITE_PREFIX, STEPS, run_build
from kb.build_context import BuildStep
from kb.core.collector import collector_paused
from kb.core.errors import RulekbError
from kb.core.paths import Paths
from kb.folders import make_temp, recover, remove_stale, swap_in
from kb.search.indexer import discard_index, prepare_index
from kb.search.synonyms import load_synonyms
from kb.verify.results import results_path
from tests.conftest import ROOT


@pytest.fixture()
def dead_pid() -> int:
    """The id of a process that has ended."""
    proc = subprocess.Popen([sys.executable, "-c", "pass"])
    proc.wait()
    return proc.pid


def test_stale_folders_of_dead_builds_are_removed_and_live_ones_kept(tmp_path, dead_pid):
    """Folders of a killed build go; a running build's folder, and an unowned recent one, stay."""
    with subprocess.Popen([sys.executable, "-c", "import time; time.sleep(30)"]) as alive:
        dead = tmp_path / f"{SITE_PREFIX}{dead_pid}-abc"
        live = tmp_path / f"{SITE_PREFIX}{alive.pid}-def"
        unowned = tmp_path / f"{SITE_PREFIX}xyz"
        for folder in (dead, live, unowned):
            (folder / "assets").mkdir(parents=True)
        assert remove_stale(tmp_path, SITE_PREFIX) == [dead]
        assert live.is_dir() and unowned.is_dir() and not dead.exists()
        alive.kill()


def test_a_build_removes_the_leftovers_of_a_killed_one(small_project, dead_pid, run):
    """The next build, even a failing one, removes the site and index folders a killed build left."""
    site_leftover = small_project / f"{SITE_PREFIX}{dead_pid}-x"
    index_leftover = small_project / ".rulekb" / "index" / f".building-{dead_pid}-y"
    for folder in (site_leftover, index_leftover):
        folder.mkdir(parents=True)
        (folder / "big.bin").write_bytes(b"0" * 1000)
    cr = small_project / "rules" / "athernum" / "cr.md"
    cr.write_text(cr.read_text().replace("- 1.1.2 ", "- 1.1.1 ", 1))
    code, out, err = run(small_project, "build")
    assert code == 2 and "there is no previous site/ yet" in out + err
    assert not site_leftover.exists()
    prepared = prepare_index(
        Paths(small_project), [], load_synonyms()
    )  # what the build's index step does first
    assert not index_leftover.exists()
    discard_index(prepared)


def test_the_swap_replaces_the_site_and_leaves_nothing_behind(tmp_path):
    """Swapping a new site in replaces the old one entirely, with no temporary folder left."""
    site = tmp_path / "site"
    site.mkdir()
    (site / "old.html").write_text("old")
    new = make_temp(tmp_path, SITE_PREFIX)
    (new / "new.html").write_text("new")
    swap_in(new, site)
    assert [p.name for p in site.iterdir()] == ["new.html"]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["site"]


def test_a_swap_interrupted_between_its_renames_is_recovered(tmp_path):
    """A crash after the old site was set aside leaves it recoverable: the next build puts it back first."""
    (tmp_path / ".site-old").mkdir()
    (tmp_path / ".site-old" / "index.html").write_text("previous")
    recover(tmp_path / "site")
    assert (tmp_path / "site" / "index.html").read_text() == "previous"
    assert not (tmp_path / ".site-old").exists()


def test_a_failed_build_keeps_the_previous_site_and_results(small_project):
    """A step failing after verify leaves site/ and the stored verify results exactly as they were."""
    site = small_project / "site"
    site.mkdir()
    (site / "index.html").write_text("previous site")
    results = results_path(Paths(small_project))
    results.parent.mkdir(parents=True, exist_ok=True)
    results.write_text('{"generated": "before", "scenarios": []}')

    def fail(ctx):
        raise RulekbError("a step failed")

    parse, verify = (
        next(s for s in STEPS if s.name == name)
        for name in ("parse rules and build the graph", "verify scenarios")
    )
    with open(os.devnull, "w") as devnull, pytest.raises(RulekbError):
        run_build(
            Paths(small_project), Console(file=devnull), [parse, verify, BuildStep("fail after verify", fail)]
        )
    assert (site / "index.html").read_text() == "previous site"
    assert results.read_text() == '{"generated": "before", "scenarios": []}'
    assert not list(small_project.glob(f"{SITE_PREFIX}*"))


def _children(pid: int) -> list[int]:
    out = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == pid:
                out.append(int(entry.name))
    return out


@pytest.mark.skipif(not Path("/proc").is_dir(), reason="reads process parents from /proc")
def test_workers_die_with_a_killed_verify():
    """``kill -9`` of a verify running on two processes leaves no worker behind."""
    env = {**os.environ, "RULEKB_ROOT": str(ROOT)}
    proc = subprocess.Popen(
        [sys.executable, "-c", "import sys; from kb.cli import main; sys.exit(main())", "verify", "-j", "2"],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
    try:
        deadline = time.monotonic() + 60
        while len(workers := _children(proc.pid)) < 2 and time.monotonic() < deadline:
            time.sleep(0.2)
        assert len(workers) >= 2, "the verify never started its workers"
        proc.send_signal(signal.SIGKILL)
        proc.wait()
        deadline = time.monotonic() + 10
        while any(Path(f"/proc/{w}").exists() for w in workers) and time.monotonic() < deadline:
            time.sleep(0.2)
        left = [
            w
            for w in workers
            if Path(f"/proc/{w}").exists()
            and (Path(f"/proc/{w}") / "stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
        ]
        assert not left, f"workers {left} outlived their verify"
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGKILL)


class _Cycle:
    """Garbage only the cyclic collector frees: an object that refers to itself."""

    def __init__(self) -> None:
        self.me = self


def test_a_build_runs_without_the_cyclic_collector_and_collects_its_garbage_after(small_project):
    """The collector does not interrupt a build's steps; the build's garbage is collected once it is over (a failed
    one's too), unless the caller said it sees to that itself (``rulekb serve``, a process about to end)."""
    enabled: list[bool] = []
    cycles: list[weakref.ref] = []

    def step(ctx):
        enabled.append(gc.isenabled())
        cycles.append(weakref.ref(_Cycle()))

    def failing(ctx):
        step(ctx)
        raise RulekbError("a step failed")

    paths, console = Paths(small_project), Console(quiet=True)
    run_build(paths, console, [BuildStep("make garbage", step)])
    with pytest.raises(RulekbError):
        run_build(paths, console, [BuildStep("make garbage and fail", failing)])
    with collector_paused():  # no automatic collection before the check
        run_build(paths, console, [BuildStep("make garbage", step)], collect=False)
        assert [c() is None for c in cycles] == [True, True, False]
    assert enabled == [False, False, False] and gc.isenabled()
