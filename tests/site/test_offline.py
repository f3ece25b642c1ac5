"""The site with no network, in real headless Chromium: opened from the files, and as the offline app.

From ``file://``: links open pages (never a folder listing), anchors land on their rule, the search
answers and no page reports an error. Over http: after one visit the service worker keeps the whole site,
so that with the network off (DevTools' offline emulation, and the server seeing no request) pages never
opened before load and the search answers; a rebuild publishes a new cache that the next online visit
takes up whole. The site is built by ``rulekb build``'s own steps, so it holds the search index.
"""

from __future__ import annotations

import functools
import json
import re
import threading
from pathlib import Path

import pytest
from rich.console import Console

from kb.build import STEPS as BUILD_STEPS
from kb.build import run_build
from tests.conftest import with_memo
from tests.site.conftest import ROOT
from tests.site.project import copy_repository_rules
from tests.site.test_browser import WAIT, _in_view, _open, _Quiet, _Server, _wait, browser  # noqa: F401 (fixture)

STEPS = [
    s
    for s in BUILD_STEPS
    if s.name in {"parse rules and build the graph", "index for search", "generate the site"}
]
RULE = "4.2.2a If a face-up permanent has damage counters equal to or greater than its Defensive Value, it is discarded"
CHANGED = "it is discarded at once, as this rebuild says"
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


@pytest.fixture(scope="module")
def offline_project(tmp_path_factory, warm_memo):
    """This repository's rules built by ``rulekb build`` (parse, index, site) into the project's site/."""
    paths = copy_repository_rules(ROOT, with_memo(warm_memo, tmp_path_factory.mktemp("offline")))
    run_build(paths, Console(quiet=True), STEPS)
    return paths


class _Logged(_Quiet):
    """Records every path the browser asks the server for."""

    requests: list[str]

    def do_GET(self) -> None:
        self.requests.append(self.path)
        super().do_GET()


class _Recording(_Server):
    """The test server, with the paths requested of it and its address."""

    requests: list[str]
    url: str


@pytest.fixture(scope="module")
def server(offline_project):
    """The project's site/ served on 127.0.0.1 (the folder by name, so a rebuild swapped in is served)."""
    handler: type[_Logged] = type("Handler", (_Logged,), {"requests": []})
    httpd = _Recording(("127.0.0.1", 0), functools.partial(handler, directory=str(offline_project.site)))
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    httpd.requests = handler.requests
    httpd.url = f"http://127.0.0.1:{httpd.server_address[1]}/"
    yield httpd
    httpd.shutdown()
    httpd.server_close()


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
def viewport(request, browser):  # noqa: F811 (fixture)
    """The browser at a desktop (1366x900) or a phone (390x844, touch) viewport."""
    phone = request.param == "phone"
    width, height = (390, 844) if phone else (1366, 900)
    browser.execute_cdp_cmd(
        "Emulation.setDeviceMetricsOverride",
        {"width": width, "height": height, "deviceScaleFactor": 2 if phone else 1, "mobile": phone},
    )
    browser.execute_cdp_cmd(
        "Emulation.setTouchEmulationEnabled", {"enabled": phone, "maxTouchPoints": 5 if phone else 1}
    )
    yield request.param
    browser.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": False})
    browser.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})


def test_from_files_links_anchors_and_search_work(browser, viewport, offline_project):  # noqa: F811 (the imported fixture)
    """Opened from file://, on a desktop or a phone, the home page's link to rule 4.2.2a lands on the rule in
    view, pages link to pages (not folder listings), the search answers, and no page reports an error."""
    from selenium.webdriver.common.by import By

    root = offline_project.site.as_uri() + "/"
    _errors(browser)
    _open(browser, root + "index.html")
    link = browser.find_element(By.CSS_SELECTOR, "article a[href='athernum/cr/4.html#4.2.2a']")
    browser.execute_script("arguments[0].scrollIntoView({block: 'center'});", link)
    link.click()
    _wait(
        browser, lambda d: d.current_url == root + "athernum/cr/4.html#4.2.2a", "the link did not open 4.2.2a"
    )
    target = browser.find_element(By.ID, "4.2.2a")
    _wait(browser, lambda d: _in_view(d, target), "rule 4.2.2a is not scrolled into view")
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
        assert page.endswith(".html") and (offline_project.site / page.removeprefix(root)).is_file(), page
    _open(browser, root + "athernum/graph/4.html")
    assert _errors(browser) == []


def test_graph_diagram_loads_mermaid_only_when_opened(browser, offline_project):  # noqa: F811 (the imported fixture)
    """A graph page lists its rules without Mermaid; opening a section's diagram loads it once and draws it."""
    from selenium.webdriver.common.by import By

    _errors(browser)
    _open(browser, offline_project.site.as_uri() + "/athernum/graph/4.html")
    loaded = "return document.querySelectorAll('script[src$=\"mermaid.min.js\"]').length;"
    assert (
        browser.execute_script(loaded) == 0 and browser.execute_script("return typeof mermaid") == "undefined"
    )
    panel = browser.find_element(By.CSS_SELECTOR, "details.rk-graph")
    browser.execute_script("arguments[0].scrollIntoView({block: 'center'});", panel)
    panel.find_element(By.TAG_NAME, "summary").click()
    _wait(
        browser,
        lambda d: panel.find_elements(By.CSS_SELECTOR, ".rk-graph-svg svg"),
        "the diagram was not drawn",
    )
    assert "4.1.0" in panel.find_element(By.CSS_SELECTOR, ".rk-graph-svg svg").text
    assert browser.execute_script(loaded) == 1 and not panel.find_elements(By.CSS_SELECTOR, "pre.rk-mermaid")
    assert _errors(browser) == []


def test_over_http_the_whole_site_is_kept_offline(browser, server, offline_project):  # noqa: F811 (the imported fixture)
    """After one visit over http, with the network off, five pages never opened load and the search answers;
    the server sees no request meanwhile, and downloads were never fetched ahead."""
    from selenium.webdriver.common.by import By

    version, precache = _precache(offline_project.site)
    assert "assets/rulekb/search-index.js" in precache and "athernum/cr/4.html" in precache
    assert not any(p.startswith("downloads/") for p in precache)
    _open(browser, server.url)
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
            _open(browser, server.url + page)
            assert title in browser.find_element(By.TAG_NAME, "h1").text, page
        assert _search(browser, "4.2.2a")[0] == "athernum:4.2.2a"
        _open(browser, server.url + "search/index.html?q=lethal+damage")
        assert server.requests[seen:] == []  # every answer came from the kept copy
    finally:
        browser.execute_cdp_cmd(
            "Network.emulateNetworkConditions",
            {"offline": False, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1},
        )


def test_a_rebuild_reaches_the_app_on_the_next_online_visit(browser, server, offline_project):  # noqa: F811 (the imported fixture)
    """With one rule changed and the site rebuilt, the next online visit shows the new text, from a new
    cache that replaced the old one whole."""
    from selenium.webdriver.common.by import By

    _open(browser, server.url + "athernum/cr/4.html")
    before = _kept_version(browser)
    source = offline_project.rules / "athernum" / "cr.md"
    text = source.read_text(encoding="utf-8")
    assert RULE in text
    source.write_text(text.replace(RULE, RULE.removesuffix("it is discarded") + CHANGED), encoding="utf-8")
    run_build(offline_project, Console(quiet=True), STEPS)
    after, _ = _precache(offline_project.site)
    assert after != before
    _open(browser, server.url + "athernum/cr/4.html")
    _wait(
        browser,
        lambda d: CHANGED in d.find_element(By.ID, "4.2.2a").text,
        "the new text did not arrive",
        WAIT * 4,
    )
    assert _kept_version(browser) == after  # the old build's cache is gone
