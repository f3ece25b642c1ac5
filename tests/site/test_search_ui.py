"""The site's search boxes in real headless Chromium (assets/rulekb/search-ui.js over rulekb.query()).

Desktop (1366x900) and phone (390x844, touch) viewports, over http and from file://. The results drawn are
compared with what the page's own API (``rulekb.search``) returns, so these tests check the drawing, the
filters and the keyboard, never a ranking of their own.
"""

from __future__ import annotations

import json
from urllib.parse import quote

import pytest

from kb.site.views.search import SEARCH_PAGE
from kb.urls import page_url
from tests.browser import forget, open_page, wait_for

SEARCH_WAIT = 60  # the first search loads the index; an upper bound for a loaded machine
VIEWPORTS = {"desktop": (1366, 900, False), "phone": (390, 844, True)}
#: Queries a judge might paste or mistype: each must give results or a clear "no results", never an error.
HOSTILE = [
    "",
    "   ",
    "x" * 10_000,
    "AND OR NOT ( ) * ? ~ ^ : + - && || !",
    '"unclosed quote',
    '""',
    "'''",
    "\x00\x01\x07\x1b[31m\u202e\ufeff",
    "<script>alert(1)</script>",
    "4.2.2a OR (",
    "%s%n{0}${x}",
    "game:nowhere kind:nothing",
    "🂡🂱 ᚠᚢ 名前",
    "\\\\ // ..",
    "4.2.2a" * 2000,
]

#: Collect uncaught errors, rejected promises and console errors from the first script of every page on.
CATCH_ERRORS = """
window.__rkErrors = [];
addEventListener('error', (e) => window.__rkErrors.push('error: ' + e.message));
addEventListener('unhandledrejection', (e) => window.__rkErrors.push('rejection: ' + e.reason));
const consoleError = console.error.bind(console);
console.error = (...args) => { window.__rkErrors.push('console: ' + args.join(' ')); consoleError(...args); };
"""

#: What a box shows: its query once drawn, the status line, the notes, the results and the pressed chips.
STATE = """
const root = document.querySelector(`[data-rk-search="${arguments[0]}"]`);
const pressed = (group) => Array.from(root.querySelectorAll(`.rk-search__chips--${group} [aria-pressed="true"]`), (c) => c.textContent);
return {
  query: root.dataset.rkQuery === undefined ? null : root.dataset.rkQuery,
  status: root.querySelector('.rk-search__status').textContent,
  notes: root.querySelector('.rk-search__notes').textContent,
  open: root.querySelector('.rk-search__input').getAttribute('aria-expanded') === 'true',
  visible: root.querySelector('.rk-search__output').getClientRects().length > 0,
  hits: Array.from(root.querySelectorAll('[role=option]'), (a) => ({
    href: a.href, game: a.querySelector('.rk-hit__game').textContent, kind: a.querySelector('.rk-hit__kind').textContent,
    number: (a.querySelector('.rk-hit__number') || {}).textContent || '', marked: a.querySelectorAll('mark').length,
    selected: a.getAttribute('aria-selected') === 'true', id: a.id})),
  answer: root.querySelector('.rk-answer').hidden ? null : root.querySelector('.rk-answer').innerText,
  games: pressed('game'), kinds: pressed('kind'),
  event: root.querySelector('.rk-search__event') && !root.querySelector('.rk-search__event').hidden
    ? root.querySelector('.rk-search__event').textContent : null,
  active: root.querySelector('.rk-search__input').getAttribute('aria-activedescendant'),
};
"""

#: Calls back once the box has drawn the results of a query (its query set on it).
DRAWN = """
const [variant, query, done] = arguments;
const drawn = () => (document.querySelector(`[data-rk-search="${variant}"]`) || {dataset: {}}).dataset.rkQuery === query;
const check = () => (drawn() ? done(true) : setTimeout(check, 10));
check();
"""

#: The API's answer, with each result's URL resolved against the site root as the boxes resolve it.
API = """
const [query, options, done] = arguments;
const root = new URL('../../', document.querySelector('script[src$="assets/rulekb/search.js"]').src);
rulekb.query(query, options).then(
  (r) => done({game: r.game, notes: r.notes, answer: r.answer,
               hits: r.hits.map((h) => Object.assign({}, h, {href: new URL(h.url, root).href}))}),
  (e) => done({error: String(e)}));
"""


@pytest.fixture(scope="module", autouse=True)
def _indexed(repo_search_site):
    """Every test here searches the repository site's own index."""


@pytest.fixture(params=sorted(VIEWPORTS))
def viewport(request, browser):
    """The browser at a desktop or a phone viewport (the phone with touch), catching every script error. The next
    test's ``browser`` ends the emulation, once it has left the page (not before: the page would be laid out
    again)."""
    width, height, touch = VIEWPORTS[request.param]
    browser.execute_cdp_cmd(
        "Emulation.setDeviceMetricsOverride",
        {"width": width, "height": height, "deviceScaleFactor": 2 if touch else 1, "mobile": touch},
    )
    browser.execute_cdp_cmd(
        "Emulation.setTouchEmulationEnabled", {"enabled": touch, "maxTouchPoints": 5 if touch else 1}
    )
    script = browser.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": CATCH_ERRORS})
    yield request.param
    browser.execute_cdp_cmd("Page.removeScriptToEvaluateOnNewDocument", {"identifier": script["identifier"]})


@pytest.fixture()
def forget_event_game(browser):
    """The event's game a test's chips set is forgotten after it (on the origin it ended on), so that the next
    test's boxes search every game."""
    yield
    browser.execute_script("localStorage.clear();")


@pytest.fixture(params=["http", "file"])
def site_url(request, base_url, repo_site):
    """The built site's root, served over http or opened from file://."""
    return base_url if request.param == "http" else repo_site.as_uri() + "/"


#: Calls back with how far the index is unpacked once loaded: whether every field's occurrences are, and how many
#: terms' postings have been built (each built by a query that needed it).
UNPACKED = """
const done = arguments[arguments.length - 1];
rulekb.ready().then((engine) => {
  const fields = Object.values(engine.cache.fields);
  done({all: fields.every((f) => f.occurrences !== null), terms: fields.reduce((n, f) => n + f.decoded.size, 0)});
}, (e) => done({error: String(e)}));
"""


def _unpacked_without_a_query(driver) -> dict:
    """How far the page's index is unpacked once every field is (waiting for the page to do it unasked)."""
    driver.set_script_timeout(SEARCH_WAIT)
    return wait_for(
        driver,
        lambda d: (state := d.execute_async_script(UNPACKED)).get("all") and state,
        "the index's fields were not unpacked without a query",
    )


def _page(site: str, source: str) -> str:
    """The URL of the page built from ``source`` (``athernum/cr/4.md``) in the site's URL style (kb.urls);
    a folder URL names its index.html from file://, where no server picks it."""
    url = site + page_url(source)
    return url + "index.html" if url.endswith("/") and site.startswith("file:") else url


def _errors(driver) -> list[str]:
    return driver.execute_script("return window.__rkErrors || ['the error catcher did not run'];")


def _api(driver, query: str, **options) -> dict:
    driver.set_script_timeout(SEARCH_WAIT)
    result = driver.execute_async_script(API, query, options)
    assert "error" not in result, result
    return result


def _state(driver, variant: str) -> dict:
    return driver.execute_script(STATE, variant)


def _drawn(driver, variant: str, query: str) -> dict:
    """The box's state once it has drawn the results of ``query``: the page itself watches for it (every 10 ms,
    where asking from here costs a round trip through chromedriver each time)."""
    from selenium.common.exceptions import TimeoutException

    driver.set_script_timeout(SEARCH_WAIT)
    try:
        driver.execute_async_script(DRAWN, variant, query)
    except TimeoutException as timeout:
        raise AssertionError(f"the {variant} box did not draw the results of {query[:60]!r}") from timeout
    state = _state(driver, variant)
    assert state["query"] == query, (state["query"], query)
    return state


def _tap(driver, element) -> None:
    """A finger's tap on an element (touch events, which Chromium turns into a click)."""
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'});", element)
    box = driver.execute_script(
        "const r = arguments[0].getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2];",
        element,
    )
    point = [{"x": box[0], "y": box[1]}]
    driver.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": point})
    driver.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})


def _press(driver, viewport: str, element) -> None:
    if viewport == "phone":
        _tap(driver, element)
    else:
        element.click()


def _header_box(driver, viewport: str):
    """The header's search input, opened first on a phone (where the header shows only a button)."""
    from selenium.webdriver.common.by import By

    box = driver.find_element(By.CSS_SELECTOR, ".rk-search--header .rk-search__input")
    if viewport == "phone":
        assert not box.is_displayed()
        _tap(driver, driver.find_element(By.CSS_SELECTOR, ".rk-search--header .rk-search__open"))
        wait_for(
            driver,
            lambda d: box.is_displayed() and d.switch_to.active_element == box,
            "the phone's search did not open",
        )
    else:
        box.click()
    return box


def test_typing_in_the_header_shows_ranked_results(browser, viewport, site_url):
    """Typing a rule number, then a phrase of a rule, in the header box lists the API's results as links, words marked;
    a numbered rule's paragraph shows its label, as the CLI does."""
    open_page(browser, _page(site_url, "athernum/cr/4.md"))
    box = _header_box(browser, viewport)
    box.send_keys("4.2.2a")
    state = _drawn(browser, "header", "4.2.2a")
    assert state["hits"][0]["number"] == "4.2.2a" and state["hits"][0]["href"].endswith("#4.2.2a")
    box.clear()
    query = "more than one location most recently placed"
    box.send_keys(query)
    state = _drawn(browser, "header", query)
    api = _api(browser, query, limit=8)
    assert [h["href"] for h in state["hits"]] == [h["href"] for h in api["hits"]]
    assert (
        state["hits"][0]["href"] == site_url + api["hits"][0]["url"]
        and api["hits"][0]["id"] == "athernum:4.2.2c"
    )
    assert state["hits"][0]["game"] == "Athernum" and state["hits"][0]["number"] == "4.2.2c"
    assert state["hits"][0]["marked"] >= 2 and state["open"] and state["visible"]
    assert state["status"].startswith("Top ")
    box.clear()
    phrase = '"This phase ends after all state-based checks"'
    box.send_keys(phrase)
    state = _drawn(browser, "header", phrase)
    first = _api(browser, phrase, limit=8)["hits"][0]  # a phase's paragraph, e.g. athernum:9.4.0/p2
    assert first["kind"] == "paragraph" and state["hits"][0]["number"] == first["id"].split(":")[1]
    assert _errors(browser) == []


def test_the_index_is_unpacked_while_the_page_is_idle_before_any_query(browser, site_url):
    """Once the index has loaded, the page unpacks every field of it while idle, so a judge's first query does not
    wait for that."""
    open_page(browser, _page(site_url, "athernum/cr/4.md"))
    unpacked = _unpacked_without_a_query(browser)
    assert unpacked == {"all": True, "terms": 0}


def test_a_browser_without_idle_callbacks_unpacks_the_index_too(browser, base_url):
    """A browser that cannot say when it is idle (Safari has no requestIdleCallback) still unpacks the index before
    the first query, a slice at a time."""
    script = browser.execute_cdp_cmd(
        "Page.addScriptToEvaluateOnNewDocument", {"source": "delete window.requestIdleCallback;"}
    )
    try:
        open_page(browser, _page(base_url, "athernum/cr/4.md"))
        assert browser.execute_script("return typeof requestIdleCallback") == "undefined"
        unpacked = _unpacked_without_a_query(browser)
    finally:
        browser.execute_cdp_cmd(
            "Page.removeScriptToEvaluateOnNewDocument", {"identifier": script["identifier"]}
        )
    assert unpacked == {"all": True, "terms": 0}


def test_search_page_shows_the_apis_ranking_and_keeps_the_query_in_its_url(browser, viewport, site_url):
    """search/?q= shows the same ranking as rulekb.search, and typing there updates the URL to share."""
    from selenium.webdriver.common.by import By

    query = "damage equal defensive value"
    open_page(browser, _page(site_url, SEARCH_PAGE) + "?q=" + quote(query))
    state = _drawn(browser, "page", query)
    api = _api(browser, query, limit=50)
    assert [h["href"] for h in state["hits"]] == [h["href"] for h in api["hits"]] and len(state["hits"]) >= 5
    box = browser.find_element(By.CSS_SELECTOR, ".rk-search--page .rk-search__input")
    assert box.get_attribute("value") == query
    box.send_keys(" attacker")
    _drawn(browser, "page", query + " attacker")
    assert (
        browser.execute_script("return new URLSearchParams(location.search).get('q')") == query + " attacker"
    )
    assert query + " attacker" in browser.title
    browser.refresh()
    assert [h["href"] for h in _drawn(browser, "page", query + " attacker")["hits"]] == [
        h["href"] for h in _api(browser, query + " attacker", limit=50)["hits"]
    ]
    assert _errors(browser) == []


def test_a_ruling_among_the_first_results_heads_them_as_an_answer_card(browser, viewport, base_url):
    """A question a ruling answers shows the ruling ``rulekb ask`` leads with first: its question, whole answer,
    rules and examples."""
    from selenium.webdriver.common.by import By

    query = "is a main character with lethal damage discarded"  # R-SITE-1 of tests/site/project.py
    open_page(browser, _page(base_url, SEARCH_PAGE) + "?q=" + quote(query))
    state = _drawn(browser, "page", query)
    ruling = _api(browser, query, limit=50)["answer"]
    assert ruling["kind"] == "ruling"
    card = state["answer"]
    assert (
        card is not None
        and ruling["question"] in card
        and " ".join(ruling["answer"].split()) in " ".join(card.split())
    )
    links = browser.find_elements(By.CSS_SELECTOR, ".rk-search--page .rk-answer__rules a")
    root = base_url
    assert [a.get_attribute("href") for a in links] == [root + r["url"] for r in ruling["rules"]]
    assert f"Proven by {len(ruling['examples'])} example" in card and ruling["examples"]
    summary = browser.find_element(By.CSS_SELECTOR, ".rk-search--page .rk-answer__examples summary")
    _press(browser, viewport, summary)
    examples = browser.find_elements(By.CSS_SELECTOR, ".rk-search--page .rk-answer__examples li a")
    wait_for(browser, lambda d: examples[0].is_displayed(), "the examples did not open")
    assert [a.get_attribute("href") for a in examples] == [root + e["url"] for e in ruling["examples"]]
    _press(browser, viewport, examples[0])
    wait_for(
        browser, lambda d: d.current_url == root + ruling["examples"][0]["url"], "the example did not open"
    )
    assert _errors(browser) == []


def test_game_and_kind_chips_filter_the_results(browser, viewport, base_url, forget_event_game):
    """The game and kind chips are pressed buttons of 44 px that keep the results to the API's filtered answer; the
    game chip is remembered as the event's game and written into the page's URL, so that a shared link shows the
    same results."""
    from selenium.webdriver.common.by import By

    query = "location"
    open_page(browser, _page(base_url, SEARCH_PAGE) + "?q=" + quote(query))
    state = _drawn(browser, "page", query)
    assert state["games"] == ["All games"] and state["kinds"] == ["All kinds"]
    assert {h["game"] for h in state["hits"]} > {"Atnia"}
    chips = browser.find_elements(By.CSS_SELECTOR, ".rk-search--page .rk-search__chip")
    assert all(c.size["height"] >= 44 and c.size["width"] >= 44 for c in chips if c.is_displayed())
    _press(browser, viewport, next(c for c in chips if c.text == "Atnia"))
    wait_for(browser, lambda d: _state(d, "page")["games"] == ["Atnia"], "the Atnia chip was not pressed")
    state = _drawn(browser, "page", query)
    assert state["hits"] and {h["game"] for h in state["hits"]} == {"Atnia"}
    assert [h["href"] for h in state["hits"]] == [
        h["href"] for h in _api(browser, query, limit=50, game="atnia")["hits"]
    ]
    assert browser.execute_script("return new URLSearchParams(location.search).get('game')") == "atnia"
    assert browser.execute_script("return localStorage.getItem('rulekb:event-game')") == "atnia"
    _press(browser, viewport, next(c for c in chips if c.text == "All games"))
    _press(browser, viewport, next(c for c in chips if c.text == "Rulings"))
    wait_for(browser, lambda d: _state(d, "page")["kinds"] == ["Rulings"], "the Rulings chip was not pressed")
    state = _drawn(browser, "page", query)
    assert state["hits"] and {h["kind"] for h in state["hits"]} == {"Ruling"}
    assert [h["href"] for h in state["hits"]] == [
        h["href"] for h in _api(browser, query, limit=50, kind="ruling")["hits"]
    ]
    _press(browser, viewport, next(c for c in chips if c.text == "Rulebook"))
    wait_for(
        browser, lambda d: _state(d, "page")["kinds"] == ["Rulebook"], "the Rulebook chip was not pressed"
    )
    state = _drawn(browser, "page", query)
    assert state["hits"] and {h["kind"] for h in state["hits"]} == {"Rulebook"}
    assert [h["href"] for h in state["hits"]] == [
        h["href"] for h in _api(browser, query, limit=50, kind="rulebook")["hits"]
    ]
    assert _errors(browser) == []


def test_a_game_named_in_the_query_is_the_selected_chip(browser, base_url):
    """A query naming a game keeps to it, and the box shows that game's chip pressed."""
    from selenium.webdriver.common.by import By

    open_page(browser, _page(base_url, SEARCH_PAGE))
    box = browser.find_element(By.CSS_SELECTOR, ".rk-search--page .rk-search__input")
    query = "atnia starting location"
    box.send_keys(query)
    state = _drawn(browser, "page", query)
    assert _api(browser, query)["game"] == "atnia"
    assert state["games"] == ["Atnia"] and {h["game"] for h in state["hits"]} == {"Atnia"}


def test_the_all_games_chip_undoes_the_game_the_query_names(browser, base_url):
    """Pressing "All games" after the query kept to one game searches every game (``game: "all"``), keeps
    that choice in the page's URL, and shows the "All games" chip pressed."""
    from selenium.webdriver.common.by import By

    query = "atnia starting location"
    open_page(browser, _page(base_url, SEARCH_PAGE) + "?q=" + quote(query))
    assert _drawn(browser, "page", query)["games"] == ["Atnia"]
    chips = browser.find_elements(
        By.CSS_SELECTOR, ".rk-search--page .rk-search__chips--game .rk-search__chip"
    )
    next(c for c in chips if c.text == "All games").click()
    wait_for(
        browser, lambda d: _state(d, "page")["games"] == ["All games"], "the All games chip was not pressed"
    )
    state = _drawn(browser, "page", query)
    expected = _api(browser, query, limit=50, game="all")
    assert expected["game"] is None and len({h["game"] for h in expected["hits"]}) > 1
    assert [h["href"] for h in state["hits"]] == [h["href"] for h in expected["hits"]]
    assert browser.execute_script("return new URLSearchParams(location.search).get('game')") == "all"
    browser.refresh()
    assert _drawn(browser, "page", query)["games"] == ["All games"]


def test_the_game_chip_is_remembered_as_the_event_game_on_every_page_until_cleared(
    browser, viewport, site_url, forget_event_game
):
    """A game chip pressed once (a judge at an Atnia event) keeps every box on every page and visit to that game,
    shown pressed and named under the chips, from file:// as over http; a game the query names wins over it, a
    link's ``&game=`` too, a link without one shows it and the page's URL then carries it; one tap on Clear
    forgets it."""
    from selenium.webdriver.common.by import By

    query = "location"
    search_page = _page(site_url, SEARCH_PAGE)
    forget(browser, search_page, "local_storage")  # no event game from before, and the page loads once
    open_page(browser, search_page + "?q=" + quote(query))
    state = _drawn(browser, "page", query)
    assert state["games"] == ["All games"] and state["event"] is None
    assert len({h["game"] for h in state["hits"]}) > 1
    chips = browser.find_elements(
        By.CSS_SELECTOR, ".rk-search--page .rk-search__chips--game .rk-search__chip"
    )
    _press(browser, viewport, next(c for c in chips if c.text == "Atnia"))
    wait_for(
        browser, lambda d: _state(d, "page")["event"] == "Event game: Atnia Clear", "no event game shown"
    )
    state = _drawn(browser, "page", query)
    assert state["games"] == ["Atnia"] and {h["game"] for h in state["hits"]} == {"Atnia"}
    assert [h["href"] for h in state["hits"]] == [
        h["href"] for h in _api(browser, query, limit=50, defaultGame="atnia")["hits"]
    ]

    open_page(browser, _page(site_url, "athernum/cr/4.md"))  # another page: the header box keeps to Atnia
    box = _header_box(browser, viewport)
    box.send_keys(query)
    state = _drawn(browser, "header", query)
    assert state["games"] == ["Atnia"] and {h["game"] for h in state["hits"]} == {"Atnia"}
    assert state["event"] == "Event game: Atnia Clear"
    named = "in altered how many phases does a day have"
    box.clear()
    box.send_keys(named)
    state = _drawn(browser, "header", named)
    assert state["games"] == ["Altered"] and {h["game"] for h in state["hits"]} == {"Altered"}

    open_page(browser, search_page + "?q=" + quote(query) + "&game=athernum")  # the link's game wins
    state = _drawn(browser, "page", query)
    assert state["games"] == ["Athernum"] and {h["game"] for h in state["hits"]} == {"Athernum"}
    url_game = "return new URLSearchParams(location.search).get('game')"
    open_page(browser, search_page + "?q=" + quote(named))  # the game the query names is not the link's
    state = _drawn(browser, "page", named)
    assert state["games"] == ["Altered"] and browser.execute_script(url_game) is None
    open_page(browser, search_page + "?q=" + quote(query))  # a link without one: the event game, shown
    state = _drawn(browser, "page", query)
    assert state["games"] == ["Atnia"] and "kept to atnia: the game set for the event" in state["notes"]
    assert browser.execute_script(url_game) == "atnia"  # shared, the link shows what the judge sees
    clear = browser.find_element(By.CSS_SELECTOR, ".rk-search--page .rk-search__event-clear")
    assert clear.size["height"] >= 44 and clear.size["width"] >= 44
    _press(browser, viewport, clear)
    wait_for(browser, lambda d: _state(d, "page")["event"] is None, "the event game was not cleared")
    state = _drawn(browser, "page", query)
    assert state["games"] == ["All games"] and len({h["game"] for h in state["hits"]}) > 1
    browser.refresh()
    assert _drawn(browser, "page", query)["games"] == ["All games"]
    assert _errors(browser) == []


def test_keyboard_slash_arrows_enter_and_escape(browser, base_url):
    """ "/" focuses the box, arrows move through the results, Escape closes them, Enter opens the chosen one."""
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys

    open_page(browser, _page(base_url, "athernum/glossary.md"))
    browser.find_element(By.TAG_NAME, "body").click()
    ActionChains(browser).send_keys("/").perform()
    box = browser.find_element(By.CSS_SELECTOR, ".rk-search--header .rk-search__input")
    wait_for(browser, lambda d: d.switch_to.active_element == box, '"/" did not focus the search box')
    assert box.get_attribute("value") == ""
    box.send_keys("location")
    state = _drawn(browser, "header", "location")
    assert len(state["hits"]) >= 3 and state["open"] and state["active"] is None
    box.send_keys(Keys.ARROW_DOWN, Keys.ARROW_DOWN)
    state = _state(browser, "header")
    assert [h["selected"] for h in state["hits"][:3]] == [False, True, False]
    assert state["active"] == state["hits"][1]["id"]
    box.send_keys(Keys.ARROW_UP)
    assert _state(browser, "header")["active"] == state["hits"][0]["id"]
    box.send_keys(Keys.ESCAPE)
    state = _state(browser, "header")
    assert state["active"] is None and state["open"]
    box.send_keys(Keys.ESCAPE)
    assert not _state(browser, "header")["open"] and not _state(browser, "header")["visible"]
    box.send_keys(Keys.ARROW_DOWN)  # reopens on the first result
    wait_for(
        browser,
        lambda d: _state(d, "header")["active"] == state["hits"][0]["id"],
        "ArrowDown did not reopen the results",
    )
    box.send_keys(Keys.ARROW_DOWN, Keys.ENTER)
    target = state["hits"][1]["href"]
    wait_for(browser, lambda d: d.current_url == target, f"Enter did not open {target}")


def test_enter_in_a_box_opens_the_search_page(browser, base_url):
    """Enter with no result chosen in the home page's box opens the search page for the question."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys

    open_page(browser, base_url)
    box = browser.find_element(By.CSS_SELECTOR, ".rk-search--home .rk-search__input")
    assert browser.find_element(By.CSS_SELECTOR, ".rk-search--home label").text == "Ask a rules question"
    box.send_keys("mulligan", Keys.ENTER)
    wait_for(browser, lambda d: "/search/index.html?" in d.current_url, "Enter did not open the search page")
    assert browser.execute_script("return new URLSearchParams(location.search).get('q')") == "mulligan"
    assert _drawn(browser, "page", "mulligan")["hits"]


@pytest.mark.parametrize("variant", ["page", "header"])
def test_odd_queries_give_results_or_no_results_and_no_error(browser, base_url, variant):
    """Empty, 10,000-character, operator, quote and control-character queries answer cleanly, never with an error."""
    script = browser.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": CATCH_ERRORS})
    try:
        open_page(
            browser,
            _page(base_url, SEARCH_PAGE) if variant == "page" else _page(base_url, "athernum/cr/1.md"),
        )
        for query in HOSTILE:
            browser.execute_script(
                """
                const input = document.querySelector(`[data-rk-search="${arguments[0]}"] .rk-search__input`);
                input.focus(); input.value = arguments[1]; input.dispatchEvent(new Event('input', {bubbles: true}));""",
                variant,
                query,
            )
            state = _drawn(browser, variant, query)
            assert state["status"], query[:40]
            if query.strip():
                assert state["hits"] or state["status"].startswith("No results for"), (
                    query[:40],
                    state["status"],
                )
            assert "Sorry" not in state["status"], (query[:40], state["status"])
            assert (
                browser.execute_script(
                    "return document.querySelectorAll('.rk-search script, .rk-search img').length"
                )
                == 0
            )
            _api(browser, query)
        assert _errors(browser) == []
    finally:
        browser.execute_cdp_cmd(
            "Page.removeScriptToEvaluateOnNewDocument", {"identifier": script["identifier"]}
        )


def test_game_chips_name_every_game_of_the_site(browser, base_url):
    """The game chips offer every game of the site, by its short name."""
    from selenium.webdriver.common.by import By

    open_page(browser, _page(base_url, SEARCH_PAGE))
    settings = json.loads(browser.find_element(By.ID, "rk-search-settings").get_attribute("textContent"))
    games = browser.execute_script(
        "return Array.from(document.querySelectorAll('.rk-search--page .rk-search__chips--game .rk-search__chip'), (c) => c.textContent);"
    )
    assert (
        games
        == ["All games"] + [g["label"] for g in settings["games"]]
        == ["All games", "Athernum", "Altered", "Atnia"]
    )


def test_hostile_text_in_the_rules_is_shown_as_text(browser, small_search_site):
    """Markup in a rule, ruling or example reaches the results and the answer card only as text: nothing runs."""
    from selenium.webdriver.common.by import By

    script = browser.execute_cdp_cmd(
        "Page.addScriptToEvaluateOnNewDocument",
        {"source": CATCH_ERRORS + "window.__rkAlerts = []; window.alert = (m) => window.__rkAlerts.push(m);"},
    )
    try:
        open_page(
            browser, _page(small_search_site.as_uri() + "/", SEARCH_PAGE) + "?q=" + quote("alert script")
        )
        state = _drawn(browser, "page", "alert script")
        assert len(state["hits"]) >= 3
        shown = browser.find_element(By.CSS_SELECTOR, ".rk-search--page .rk-search__output").text
        assert '<script>alert("' in shown
        assert (
            browser.execute_script(
                "return document.querySelectorAll('.rk-search script, .rk-search img, .rk-search iframe').length"
            )
            == 0
        )
        assert browser.execute_script("return window.__rkAlerts") == [] and _errors(browser) == []
    finally:
        browser.execute_cdp_cmd(
            "Page.removeScriptToEvaluateOnNewDocument", {"identifier": script["identifier"]}
        )
