"""``rulekb serve``: the served page shows a rule edit after the rebuild it sets off, a page reloads itself, and a
rule source that does not parse keeps the previous site served and says why."""

from __future__ import annotations

import json
import os
import sys
import threading
import time
import urllib.request
import weakref
from pathlib import Path

import pytest

from tests.browser import open_page, wait_for
from tests.conftest import copy_project
from tests.serve_process import start_serve

#: Generous: a rebuild on a loaded machine; the time an edit takes to reach the page is in bench/bench_build.py.
TIMEOUT = 300
RULE = "Only one location may be played per turn"


def _get(url: str) -> str:
    with urllib.request.urlopen(url, timeout=30) as response:
        return response.read().decode("utf-8")


def _until(check, what: str) -> None:
    deadline = time.monotonic() + TIMEOUT
    while not check():
        if time.monotonic() > deadline:
            pytest.fail(f"{what} within {TIMEOUT} s")
        time.sleep(0.3)


@pytest.fixture()
def served(built_small, tmp_path):
    """``rulekb serve --port 0`` in a copy of a built small project, with the site's pages and theme; yields its
    address."""
    small_project = copy_project(built_small, tmp_path / "copy")
    env = {**os.environ, "RULEKB_ROOT": str(small_project), "COLUMNS": "200"}
    try:
        proc, _, address = start_serve([sys.executable, "-m", "rulekb", "serve", "--port", "0"], env, TIMEOUT)
    except TimeoutError as exc:
        pytest.fail(str(exc))
    try:
        yield small_project, address
    finally:
        proc.terminate()
        proc.wait(timeout=30)


def test_an_edited_rule_reaches_the_open_page_and_a_broken_source_keeps_it(served, browser):
    """After a rule edit the page open in Chromium reloads itself and shows the new text; a rule source that does
    not parse leaves that page served and reports the error to the pages."""
    from selenium.webdriver.common.by import By

    project, address = served
    page = address + "athernum/cr/2.html"
    open_page(browser, page)
    html = _get(page)
    assert RULE in html and RULE + ", as served" not in html
    assert '<script src="/__rulekb__/live-reload.js" defer></script>' in html
    assert "location.reload()" in _get(address + "__rulekb__/live-reload.js")
    assert "unregister" in _get(address + "sw.js")  # no offline app keeping old pages while authoring
    first = json.loads(_get(address + "__rulekb__/build"))["build"]
    cr = project / "rules" / "athernum" / "cr.md"
    text = cr.read_text(encoding="utf-8")
    cr.write_text(text.replace(RULE, RULE + ", as served"), encoding="utf-8")
    wait_for(
        browser,
        lambda d: RULE + ", as served" in d.find_element(By.ID, "2.4.2").text,
        "the open page did not reload with the edit",
        TIMEOUT,
    )
    assert RULE + ", as served" in _get(page)
    assert json.loads(_get(address + "__rulekb__/build"))["build"] > first
    cr.write_text(text.replace("- 4.2.2 ", "- 4.2.2[/x] "), encoding="utf-8")
    _until(
        lambda: json.loads(_get(address + "__rulekb__/build"))["error"], "the failed rebuild was not reported"
    )
    assert "malformed rule number '4.2.2[/x]'" in json.loads(_get(address + "__rulekb__/build"))["error"]
    assert RULE + ", as served" in _get(page)


def test_edits_of_what_a_build_reads_set_off_a_rebuild_and_its_own_output_does_not(small_project):
    """A saved rule source, scenario, page or mkdocs.yml sets off a rebuild; what a build writes beside them (site/,
    .rulekb/, the temporary site folders) and editors' temporary files do not."""
    from watchdog.events import FileModifiedEvent, FileMovedEvent

    from kb.core.paths import Paths
    from kb.serve import _Changes, watched

    paths = Paths(small_project)
    paths.docs.mkdir()
    changed = threading.Event()
    handler = _Changes(paths, changed)
    root = Path(small_project)
    for path in (
        "rules/athernum/cr.md",
        "scenarios/athernum/ch05/x.yaml",
        "docs/authors/guide.md",
        "mkdocs.yml",
    ):
        changed.clear()
        handler.dispatch(FileModifiedEvent(str(root / path)))
        assert changed.is_set(), path
    for path in (
        "site/index.html",
        ".rulekb/verify-results.json",
        ".site-1234/index.html",
        "rules/athernum/.cr.md.swp",
        "rules/athernum/cr.md~",
    ):
        changed.clear()
        handler.dispatch(FileModifiedEvent(str(root / path)))
        assert not changed.is_set(), path
    handler.dispatch(
        FileMovedEvent(str(root / "rules/athernum/.cr.md.tmp"), str(root / "rules/athernum/cr.md"))
    )
    assert changed.is_set()  # an editor's atomic save
    assert {folder for folder, _ in watched(paths)} >= {paths.rules, paths.scenarios, root}


def test_a_port_in_use_is_a_clear_error_before_any_build(small_project):
    """Serving on a port another program holds stops at once with a message naming the address, building nothing."""
    import socket

    from rich.console import Console

    from kb.core.errors import RulekbError
    from kb.core.paths import Paths
    from kb.serve import serve

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        with pytest.raises(RulekbError, match=f"cannot serve on 127.0.0.1:{port}"):
            serve(Paths(small_project), Console(quiet=True), "127.0.0.1", port)
    assert not (small_project / "site").exists()


def test_a_port_out_of_range_is_refused_as_bad_usage(run, small_project):
    """`rulekb serve --port 70000` is a usage error naming the option and its range, never an internal error."""
    code, _, err = run(small_project, "serve", "--port", "70000")
    assert code == 2 and "--port" in err and "0<=x<=65535" in err


def test_a_page_asking_for_the_next_rebuild_hears_of_it_as_soon_as_it_is_done():
    """A page's request for the rebuild after the one it has seen is answered as soon as that rebuild is in place
    (so the page reloads at once), and after the waiting time when there is none."""
    from kb.serve import ServeState

    state = ServeState()
    assert json.loads(state.to_json(after=0, timeout=0.05)) == {"build": 0, "error": ""}
    timer = threading.Timer(0.2, state.finished)
    start = time.monotonic()
    timer.start()
    assert json.loads(state.to_json(after=0, timeout=60))["build"] == 1
    assert time.monotonic() - start < 30
    assert json.loads(state.to_json())["build"] == 1


class _Cycle:
    """Garbage only the cyclic collector frees: an object that refers to itself."""

    def __init__(self) -> None:
        self.me = self


def _garbage_cycle() -> weakref.ref:
    """A reference to a new cycle nothing else holds: dead once the cyclic collector has run."""
    return weakref.ref(_Cycle())


def test_a_rebuilds_garbage_is_collected_while_no_edit_comes_else_before_the_next_rebuild():
    """After a rebuild serve collects its garbage while it waits for the next edit (not on the way from an edit to
    its page), and when an edit comes at once, before that edit's rebuild, so that garbage never piles up."""
    from kb.core.collector import collector_paused
    from kb.serve import Garbage

    garbage = Garbage(idle=0.05)
    changed = threading.Event()
    with collector_paused():
        cycle = _garbage_cycle()
        garbage.rebuilt()
        collected_before_the_edit: list[bool] = []

        def edit() -> None:
            collected_before_the_edit.append(cycle() is None)
            changed.set()

        threading.Timer(1.0, edit).start()
        garbage.wait(changed)
        assert collected_before_the_edit == [True] and not garbage.pending
        changed.clear()
        cycle = _garbage_cycle()
        garbage.rebuilt()
        changed.set()  # the next edit is already there
        garbage.wait(changed)
        assert cycle() is None and not garbage.pending
