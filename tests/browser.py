"""Headless Chromium for the browser tests: one browser per test process, put back to a blank state before each
test, and the helpers that drive it (serve a folder over http, open a page, wait for a condition).

Starting Chromium costs a second or two of CPU, so every browser test of a worker shares one; what a test may
leave behind (what the sites it opened stored, a viewport, touch, colour-scheme or network emulation, the
window's size, console messages) is cleared before the next one, so tests stay independent of their order.
Skipped (with the reason) where Chromium, chromedriver or Selenium is missing; ``.ci/run`` installs them.
"""

from __future__ import annotations

import functools
import http.server
import os
import shutil
import socketserver
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from urllib.parse import urlsplit

import pytest

CHROME_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
#: The window's size at the start of every test.
WINDOW = (1400, 1000)
WAIT = 30  # seconds; an upper bound for a loaded CI machine, not an expected time
#: How often a wait asks the browser again (Selenium's default is 0.5 s): each time costs a round trip through
#: chromedriver, some 5 ms of CPU.
POLL = 0.05
#: Origins opened since the browser was last reset: the ones it may have stored something for.
OPENED: set[str] = set()
#: Every origin a server of this process has had.
SERVED: set[str] = set()
#: Origins a new server took over from an earlier one (the same port): what the browser kept of the old site
#: (HTTP cache, service worker and its caches) must go before a page of the new one opens.
TAKEN_OVER: set[str] = set()
#: What a site's pages store in the browser, cleared after every test (Chromium's storage types; "all" takes twice
#: as long, for caches a page never writes).
STORED = "cookies,local_storage,session_storage,indexeddb,websql,file_systems"
#: What the offline app keeps: its service worker and the whole site in its caches. Kept from one test to the next
#: as long as the same server serves the same site, as a returning reader has it (installing it again would fetch
#: the whole site each test); the tests of the offline app open a server of their own.
OFFLINE_APP = "service_workers,cache_storage"
#: Run before every page's own scripts unless a test asks for the offline app (``offline_app``): the page sees a
#: browser without service workers, where assets/rulekb/offline.js installs nothing, so that the first visit to a
#: server does not fetch the whole site into the app (some 3 s of Chromium's CPU each time) for tests of other things.
NO_OFFLINE_APP = "delete Navigator.prototype.serviceWorker;"
#: The identifier Chromium gave ``NO_OFFLINE_APP`` while it is in force (``Page.addScriptToEvaluateOnNewDocument``).
BLOCKING: dict[str, str] = {}


def executable(*names: str) -> str | None:
    """The first of ``names`` found on the PATH (or given by an absolute path and executable)."""
    for name in names:
        found = shutil.which(name) or (name if os.path.isabs(name) and os.access(name, os.X_OK) else None)
        if found:
            return found
    return None


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    """A static file handler that logs nothing, to keep the test output clean."""

    def log_message(self, *args) -> None:
        """Log nothing."""


class Server(socketserver.ThreadingTCPServer):
    """A threaded test server whose idle browser connections never hold up its shutdown."""

    daemon_threads = True
    block_on_close = False


def origin_of(url: str) -> str:
    """The web origin of ``url`` (``http://127.0.0.1:8000``; ``file://`` for a page opened from a file)."""
    parts = urlsplit(url)
    return "file://" if parts.scheme == "file" else f"{parts.scheme}://{parts.netloc}"


def start(server: Server) -> str:
    """Run ``server`` in a daemon thread; its URL. The thread looks for a shutdown every 50 ms (not every 0.5 s):
    stopping a server then takes no noticeable time."""
    threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_address[1]}/"
    if origin_of(url) in SERVED:
        TAKEN_OVER.add(origin_of(url))
    SERVED.add(origin_of(url))
    return url


def stop(server: Server) -> None:
    """Stop a server ``start`` ran."""
    server.shutdown()
    server.server_close()


@contextmanager
def serving(site: Path) -> Iterator[str]:
    """``site`` served by a static file server on 127.0.0.1 at a free port, for as long as the context lasts."""
    server = Server(("127.0.0.1", 0), functools.partial(QuietHandler, directory=str(site)))
    try:
        yield start(server)
    finally:
        stop(server)


def serve(site: Path) -> Iterator[str]:
    """``site`` served as by ``serving``, for as long as the generator runs (for fixtures: ``yield from``)."""
    with serving(site) as url:
        yield url


def wait_for(driver, condition, message: str, timeout: float = WAIT, poll: float = POLL):
    """What ``condition(driver)`` returns once it is truthy, asked every ``poll`` seconds for up to ``timeout``."""
    from selenium.common.exceptions import StaleElementReferenceException
    from selenium.webdriver.support.ui import WebDriverWait

    # Material re-renders search results and tooltips as they change: a stale element means "not yet".
    return WebDriverWait(
        driver, timeout, poll_frequency=poll, ignored_exceptions=(StaleElementReferenceException,)
    ).until(condition, message)


def in_view(driver, element) -> bool:
    """Whether the top of ``element`` is within the window."""
    return driver.execute_script(
        "const r = arguments[0].getBoundingClientRect(); return r.top >= 0 && r.top < window.innerHeight;",
        element,
    )


def open_page(driver, url: str) -> None:
    """Open ``url`` and wait until it has loaded (its origin is one the browser forgets between tests); never from
    what the browser kept of an earlier server at the same address."""
    if TAKEN_OVER:
        driver.execute_cdp_cmd("Network.clearBrowserCache", {})
        for origin in sorted(TAKEN_OVER):
            forget(driver, origin, f"{STORED},{OFFLINE_APP}")
        TAKEN_OVER.clear()
    OPENED.add(origin_of(url))
    driver.get(url)
    wait_for(
        driver, lambda d: d.execute_script("return document.readyState") == "complete", f"{url} did not load"
    )


#: Whether the browser shows an empty page, loaded.
BLANK = "return location.href === 'about:blank' && document.readyState === 'complete'"


def leave(driver) -> None:
    """Leave the current page for an empty one, so that nothing of it runs any more (its unload done). The page
    itself navigates: a navigation the browser starts would swap in a new renderer process, at several times the
    cost. On an empty page already (a test's first page, after ``reset``), nothing is left: even a navigation
    from one empty page to another costs Chromium some 80 ms of CPU."""
    if driver.execute_script(BLANK):
        return
    driver.execute_script("location.replace('about:blank')")
    wait_for(
        driver,
        lambda d: d.execute_script(BLANK),
        "the page was not left",
        poll=0.005,  # an empty page loads within milliseconds: a 50 ms poll would be most of the reset's cost
    )


def forget(driver, url: str, what: str = STORED) -> None:
    """Clear what the browser stored for the origin of ``url`` (``what``: Chromium's storage types, comma
    separated)."""
    driver.execute_cdp_cmd("Storage.clearDataForOrigin", {"origin": origin_of(url), "storageTypes": what})


def reset(driver) -> None:
    """Put the browser back as a test expects to find it: an empty page, nothing stored by the sites a test opened
    (but their offline app, see ``OFFLINE_APP``), no emulation, the network on, the window at its size, no console
    messages pending, and the offline app kept out of the pages it opens next (``NO_OFFLINE_APP``)."""
    leave(driver)
    for origin in sorted(OPENED):
        forget(driver, origin)
    OPENED.clear()
    driver.execute_cdp_cmd("Network.disable", {})  # ends an offline emulation too, and the network events
    driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
    driver.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": False})
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})
    if tuple(driver.get_window_size().values()) != WINDOW:
        driver.set_window_size(*WINDOW)
    driver.set_page_load_timeout(WAIT)
    driver.set_script_timeout(WAIT)
    driver.get_log("browser")
    block_offline_app(driver)


def block_offline_app(driver) -> None:
    """Keep the pages opened from now on from installing the offline app (``NO_OFFLINE_APP``)."""
    if not BLOCKING:
        script = driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": NO_OFFLINE_APP})
        BLOCKING["identifier"] = script["identifier"]


def allow_offline_app(driver) -> None:
    """Let the pages opened from now on install the offline app, as a reader's browser does."""
    if BLOCKING:
        driver.execute_cdp_cmd("Page.removeScriptToEvaluateOnNewDocument", BLOCKING)
        BLOCKING.clear()


@pytest.fixture(scope="session")
def chromium(tmp_path_factory):
    """Headless Debian Chromium with its chromedriver, never anything Selenium would download: one per test
    process, shared by its browser tests (see ``browser``)."""
    webdriver = pytest.importorskip("selenium.webdriver", reason="selenium is not installed")
    found = executable("chromium", "/usr/bin/chromium", "chromium-browser")
    driver_path = executable("chromedriver", "/usr/bin/chromedriver")
    if found is None or driver_path is None:
        pytest.skip(
            "Chromium or chromedriver is missing (apt-get install chromium chromium-driver); "
            "the browser test needs both"
        )
    os.environ.setdefault("SE_OFFLINE", "true")
    from selenium.webdriver.chrome.options import Options
    from selenium.webdriver.chrome.service import Service

    options = Options()
    options.binary_location = found
    for argument in [*CHROME_ARGS, f"--window-size={WINDOW[0]},{WINDOW[1]}"]:
        options.add_argument(argument)
    options.add_argument(f"--user-data-dir={tmp_path_factory.mktemp('chromium-profile')}")
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})  # console errors, for get_log("browser")
    driver = webdriver.Chrome(service=Service(executable_path=driver_path), options=options)
    yield driver
    driver.quit()


@pytest.fixture
def browser(chromium):
    """The worker's Chromium, blank as if just started (see ``reset``), with the offline app kept out (see
    ``NO_OFFLINE_APP``; ``offline_app`` for the tests of that app)."""
    reset(chromium)
    return chromium


@pytest.fixture
def offline_app(browser):
    """The worker's Chromium as ``browser``, where pages served over http install the offline app."""
    allow_offline_app(browser)
    yield browser
    block_offline_app(browser)
