"""The site with no network, in real headless Chromium: opened from the files, and as the offline app.

From ``file://``: links open pages (never a folder listing), anchors land on their rule, the search
answers and no page reports an error. Over http: after one visit the service worker keeps the whole site,
so that with the network off (DevTools' offline emulation, and the server seeing no request) pages never
opened before load and the search answers; a rebuild publishes a new cache that the next online visit
takes up whole. The site is this repository's rules built by ``rulekb build``'s own steps, so it holds the search
index (``judge_project``, built once for the run and shared with test_browser_reading.py); the rebuild test
changes and rebuilds the small project of tests/site/project.py.
"""

from __future__ import annotations

import functools
import json
import re
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from rich.console import Console

from kb.build import run_build
from kb.core.paths import Paths
from tests.browser import WAIT, QuietHandler, Server, in_view, open_page, start, stop, wait_for
from tests.site.project import SITE_STEPS, make_project, page_file

RULE = "4.2.2a If a face-up permanent has damage counters equal to or greater than its Defensive Value, it is discarded"
#: A rule of the small project (tests/site/project.py) that the rebuild test extends by ``CHANGED``.
SMALL_RULE = "2.1.1 A permanent is discarded when its damage equals its value"
CHANGED = " at once, as this rebuild says"
#: Pages the offline test opens only once the network is off (never visited before).
UNSEEN = {
    "athernum/cr/9.html": "9.",
    "athernum/glossary.html": "Glossary",
    "atnia/rules.html": "Atnia",
    "altered/cr.html": "Altered",
    "athernum/rulings.html": "Rulings",
}
SEARCH = """
const [query, done] = arguments;
rulekb.search(query, {limit: 5}).then((hits) => done(hits.map((h) => h.id)), (e) => done(['error: ' + e]));
"""


class _Logged(QuietHandler):
    """Records every path the browser asks the server for."""

    requests: list[str]

    def do_GET(self) -> None:
        self.requests.append(self.path)
        super().do_GET()


class _Recording(Server):
    """The test server, with the paths requested of it and its address."""

    requests: list[str]
    url: str


@contextmanager
def _recording(project: Paths) -> Iterator[_Recording]:
    """The project's site/ served on 127.0.0.1 (the folder by name, so a rebuild swapped in is served), with a
    log of the requests of this test alone."""
    handler: type[_Logged] = type("Handler", (_Logged,), {"requests": []})
    httpd = _Recording(("127.0.0.1", 0), functools.partial(handler, directory=str(project.site)))
    httpd.requests = handler.requests
    httpd.url = start(httpd)
    try:
        yield httpd
    finally:
        stop(httpd)


@pytest.fixture
def server(judge_project):
    """The built site served over http, logging what this test asks of it."""
    with _recording(judge_project) as httpd:
        yield httpd


@pytest.fixture
def changed_project(tmp_path) -> Paths:
    """The small project (tests/site/project.py) built by ``rulekb build``'s own steps, which the test may change
    and rebuild: how a new build reaches the offline app does not depend on the size of the site, and its app
    installs in a fraction of the time the whole repository's takes (twice a test)."""
    paths = make_project(tmp_path / "project", hostile=False)
    run_build(paths, Console(quiet=True), SITE_STEPS)
    return paths


@pytest.fixture
def changed_server(changed_project):
    """The copy's site served over http, like ``server``."""
    with _recording(changed_project) as httpd:
        yield httpd


def _errors(driver) -> list[str]:
    """The console errors the browser logged since last asked (failed loads, uncaught errors)."""
    return [e["message"] for e in driver.get_log("browser") if e["level"] == "SEVERE"]


def _search(driver, query: str) -> list[str]:
    driver.set_script_timeout(WAIT)
    return driver.execute_async_script(SEARCH, query)


def _kept_version(driver) -> str:
    """Wait until the service worker controls the page, and return the cache version it keeps."""
    driver.set_script_timeout(WAIT * 4)
    state = driver.execute_async_script("""
        const done = arguments[0];
        navigator.serviceWorker.ready.then(async () => {
          while (!navigator.serviceWorker.controller) await new Promise((r) => setTimeout(r, 50));
          done(await caches.keys());
        }, (e) => done(['error: ' + e]));""")
    assert len(state) == 1 and state[0].startswith("rulekb-"), state
    return state[0].removeprefix("rulekb-")


def _precache(site: Path) -> tuple[str, list[str]]:
    text = (site / "sw.js").read_text(encoding="utf-8")
    version, precache = re.search(r"const VERSION = (.*);", text), re.search(r"const PRECACHE = (.*);", text)
    assert version and precache
    return json.loads(version.group(1)), json.loads(precache.group(1))


@pytest.fixture(params=["desktop", "phone"])
def viewport(request, browser):
    """The browser at a desktop (1366x900) or a phone (390x844, touch) viewport, until the next test's ``browser``
    ends the emulation."""
    phone = request.param == "phone"
    width, height = (390, 844) if phone else (1366, 900)
    browser.execute_cdp_cmd(
        "Emulation.setDeviceMetricsOverride",
        {"width": width, "height": height, "deviceScaleFactor": 2 if phone else 1, "mobile": phone},
    )
    browser.execute_cdp_cmd(
        "Emulation.setTouchEmulationEnabled", {"enabled": phone, "maxTouchPoints": 5 if phone else 1}
    )
    return request.param


def test_from_files_links_anchors_and_search_work(browser, viewport, judge_project):
    """Opened from file://, on a desktop or a phone, the home page's link to rule 4.2.2a lands on the rule in
    view, pages link to pages (not folder listings), the search answers, and no page reports an error."""
    from selenium.webdriver.common.by import By

    root = judge_project.site.as_uri() + "/"
    _errors(browser)
    open_page(browser, root + "index.html")
    link = browser.find_element(By.CSS_SELECTOR, "article a[href='athernum/cr/4.html#4.2.2a']")
    browser.execute_script("arguments[0].scrollIntoView({block: 'center'});", link)
    link.click()
    wait_for(
        browser, lambda d: d.current_url == root + "athernum/cr/4.html#4.2.2a", "the link did not open 4.2.2a"
    )
    target = browser.find_element(By.ID, "4.2.2a")
    wait_for(browser, lambda d: in_view(d, target), "rule 4.2.2a is not scrolled into view")
    assert " ".join(target.text.split()).startswith(RULE[:60])
    assert _search(browser, "4.2.2a")[0] == "athernum:4.2.2a"
    assert _search(browser, "damage counters equal to defensive value")  # words, not only a number
    # Every link of the navigation opens an HTML page of the site: no folder, nothing missing.
    hrefs = browser.execute_script(
        "return Array.from(document.querySelectorAll('nav a[href]'), (a) => a.href);"
    )
    pages = {h.split("#")[0] for h in hrefs if h.startswith(root)}
    assert len(pages) > 10
    for page in pages:
        assert page.endswith(".html") and (judge_project.site / page.removeprefix(root)).is_file(), page
    open_page(browser, root + "athernum/graph/4.html")
    assert _errors(browser) == []


def test_graph_diagram_loads_mermaid_only_when_opened(browser, judge_project):
    """A graph page lists its rules without Mermaid; opening a section's diagram loads it once and draws it."""
    from selenium.webdriver.common.by import By

    _errors(browser)
    open_page(browser, judge_project.site.as_uri() + "/athernum/graph/4.html")
    loaded = "return document.querySelectorAll('script[src$=\"mermaid.min.js\"]').length;"
    assert (
        browser.execute_script(loaded) == 0 and browser.execute_script("return typeof mermaid") == "undefined"
    )
    panel = browser.find_element(By.CSS_SELECTOR, "details.rk-graph")
    browser.execute_script("arguments[0].scrollIntoView({block: 'center'});", panel)
    panel.find_element(By.TAG_NAME, "summary").click()
    wait_for(
        browser,
        lambda d: panel.find_elements(By.CSS_SELECTOR, ".rk-graph-svg svg"),
        "the diagram was not drawn",
    )
    assert "4.1.0" in panel.find_element(By.CSS_SELECTOR, ".rk-graph-svg svg").text
    assert browser.execute_script(loaded) == 1 and not panel.find_elements(By.CSS_SELECTOR, "pre.rk-mermaid")
    assert _errors(browser) == []


@pytest.mark.usefixtures("offline_app")
def test_over_http_the_whole_site_is_kept_offline(browser, server, judge_project):
    """After one visit over http, with the network off, five pages never opened load and the search answers;
    the server sees no request meanwhile, and downloads were never fetched ahead."""
    from selenium.webdriver.common.by import By

    version, precache = _precache(judge_project.site)
    assert "assets/rulekb/search-index.js" in precache and "athernum/cr/4.html" in precache
    assert not any(p.startswith("downloads/") for p in precache)
    open_page(browser, server.url)
    assert _kept_version(browser) == version
    assert not any(r.startswith("/downloads/") for r in server.requests)
    seen = len(server.requests)
    browser.execute_cdp_cmd("Network.enable", {})
    browser.execute_cdp_cmd(
        "Network.emulateNetworkConditions",
        {"offline": True, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1},
    )
    try:
        for page, title in UNSEEN.items():
            open_page(browser, server.url + page)
            assert title in browser.find_element(By.TAG_NAME, "h1").text, page
        assert _search(browser, "4.2.2a")[0] == "athernum:4.2.2a"
        open_page(browser, server.url + "search/index.html?q=lethal+damage")
        # Every answer came from the kept copy. The browser's own update check of the service worker (after a
        # navigation, at most once a second) is fetched for the worker, not the page, and DevTools' offline
        # emulation of the page does not cover it: it is not an answer, and failing offline does no harm.
        assert [r for r in server.requests[seen:] if r != "/sw.js"] == []
    finally:
        browser.execute_cdp_cmd(
            "Network.emulateNetworkConditions",
            {"offline": False, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1},
        )


@pytest.mark.usefixtures("offline_app")
def test_a_rebuild_reaches_the_app_on_the_next_online_visit(browser, changed_project, changed_server):
    """With one rule changed and the site rebuilt, the next online visit shows the new text, from a new
    cache that replaced the old one whole."""
    from selenium.webdriver.common.by import By

    page = changed_server.url + page_file(changed_project.site, "athernum/cr/2")
    open_page(browser, page)
    before = _kept_version(browser)
    source = changed_project.rules / "athernum" / "cr.md"
    text = source.read_text(encoding="utf-8")
    assert SMALL_RULE in text
    source.write_text(text.replace(SMALL_RULE, SMALL_RULE + CHANGED), encoding="utf-8")
    run_build(changed_project, Console(quiet=True), SITE_STEPS)
    after, _ = _precache(changed_project.site)
    assert after != before
    open_page(browser, page)
    wait_for(
        browser,
        lambda d: CHANGED in d.find_element(By.ID, "2.1.1").text,
        "the new text did not arrive",
        WAIT * 4,
        poll=0.25,  # the app fetches the new build before the page reloads: asking every 50 ms only costs CPU
    )
    assert _kept_version(browser) == after  # the old build's cache is gone
