"""Reading the rules in a real browser (headless Chromium): chapters folded to the rules on a phone, each ruling
in full once per page, previews of terms and rules in place on a tap, rulings one can filter, German labels
and terms, and no serious accessibility violation (axe-core) in light or dark mode.

The site is this repository's rules with their own rulings, every scenario recorded as run: the pages as a
judge meets them (``judge_project``). Skipped where Chromium or Selenium is missing; the axe test also where ``npm ci`` has not
installed axe-core.
"""

from __future__ import annotations

import json

import pytest

from kb.core.rulings import load_rulings
from tests.browser import forget, leave, open_page, serving, wait_for
from tests.site.conftest import ROOT
from tests.site.project import page_file

PHONE = {"width": 390, "height": 844, "deviceScaleFactor": 3, "mobile": True}
DESKTOP = {"width": 1366, "height": 900, "deviceScaleFactor": 1, "mobile": False}
AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
#: The pages the accessibility check covers: home, a CR chapter, the rulings, an example page, the German rulebook.
AXE_PAGES = ("", "athernum/cr/9", "athernum/rulings", "athernum/examples/9.3.0", "athernum/rulebook-de")
#: Runs axe-core with the options given: the serious and critical violations, as [rule, how many elements, the
#: first one's selector]. The check itself runs without selectors (a fifth of axe's time on these pages); only
#: the rules it finds violated run again with them, to name the elements.
AXE_RUN = """
const [options, done] = arguments;
axe.run(document, options).then((r) => done(r.violations
  .filter((v) => v.impact === 'serious' || v.impact === 'critical')
  .map((v) => [v.id, v.nodes.length, (v.nodes[0].target || []).join(' ')])));
"""


@pytest.fixture(scope="module")
def at(judge_project):
    """The judge project's site (tests/site/conftest.py), served on 127.0.0.1 at a free port: ``at("athernum/cr/4")`` is that page's URL
    (whichever URL style the site uses), ``at("athernum/cr/4", "#4.2.2a")`` a place on it."""
    out = judge_project.site
    with serving(out) as base:
        yield lambda page, anchor="": base + page_file(out, page) + anchor


@pytest.fixture
def phone(browser):
    """The browser as a 390×844 phone, with nothing remembered from an earlier page (notes folded). The next test's
    ``browser`` ends the emulation, once it has left the page (not before: the page would be laid out again)."""
    browser.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", PHONE)
    browser.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": True, "maxTouchPoints": 1})
    return browser


def _fresh(driver, url: str) -> None:
    """Open ``url`` with the site's remembered choices (notes shown, colour scheme) forgotten: the page before it
    left and its origin's local storage cleared, so that it loads once."""
    leave(driver)
    forget(driver, url, "local_storage")
    open_page(driver, url)


def _tap(driver, element) -> None:
    """A finger's tap on ``element`` (a touch pointer, as a phone sends it)."""
    from selenium.webdriver.common.actions import interaction
    from selenium.webdriver.common.actions.action_builder import ActionBuilder
    from selenium.webdriver.common.actions.pointer_input import PointerInput

    driver.execute_script("arguments[0].scrollIntoView({block: 'center'});", element)
    actions = ActionBuilder(driver, mouse=PointerInput(interaction.POINTER_TOUCH, "finger"))
    actions.pointer_action.move_to(element).pointer_down().pause(0.05).pointer_up()
    actions.perform()


def _popover(driver):
    return driver.execute_script(
        "const p = document.getElementById('rk-popover');return p && !p.hidden ? p.innerText : null;"
    )


@pytest.mark.parametrize("chapter,screens", [("4", 12), ("9", 10)])
def test_folded_chapter_fits_its_phone_screens(phone, at, chapter, screens):
    """With its notes folded, CR chapter 4 is at most 12 phone screens long and chapter 9 at most 10."""
    _fresh(phone, at(f"athernum/cr/{chapter}"))
    height = phone.execute_script("return document.documentElement.scrollHeight")
    folded = phone.execute_script(
        "return [...document.querySelectorAll('details.rk-notes')].every(d => !d.open)"
    )
    assert folded and height <= screens * PHONE["height"], (
        f"chapter {chapter}: {height / PHONE['height']:.1f} screens"
    )


@pytest.mark.parametrize("page", ["athernum/cr/4", "athernum/cr/9", "athernum/rulings"])
def test_each_ruling_answer_is_printed_at_most_once(browser, at, judge_project, page):
    """No ruling's answer appears twice on a page (folded or not); the rulings page has every answer once."""
    rulings, _ = load_rulings(judge_project)
    _fresh(browser, at(page))
    text = " ".join(browser.execute_script("return document.querySelector('.rk-page').textContent").split())
    counts = {r.id: text.count(" ".join(r.answer.split())[:80]) for r in rulings if r.game == "athernum"}
    assert max(counts.values()) <= 1, {k: n for k, n in counts.items() if n > 1}
    if page.endswith("rulings"):
        assert min(counts.values()) == 1
    else:
        assert sum(counts.values()) >= 5  # the chapter does print the rulings it cites, once


def test_notes_open_with_a_tap_and_the_choice_to_show_all_is_remembered(phone, at):
    """A tap on a rule's notes line opens them; "Show all notes" opens every rule's notes, here and on the next
    chapter, until hidden again."""
    from selenium.webdriver.common.by import By

    _fresh(phone, at("athernum/cr/4"))
    summary = phone.find_element(By.CSS_SELECTOR, "[id='4.2.2a'] + details.rk-notes > summary")
    assert "ruling" in summary.text and "example" in summary.text
    _tap(phone, summary)
    wait_for(
        phone,
        lambda d: summary.find_element(By.XPATH, "..").get_attribute("open") is not None,
        "did not open",
    )
    _tap(phone, phone.find_element(By.CSS_SELECTOR, "button.rk-notes-all"))
    open_page(phone, at("athernum/cr/9"))
    every = "return [...document.querySelectorAll('details.rk-notes')].every(d => d.open)"
    assert phone.execute_script(every)
    button = phone.find_element(By.CSS_SELECTOR, "button.rk-notes-all")
    assert button.get_attribute("aria-pressed") == "true"
    _tap(phone, button)
    open_page(phone, at("athernum/cr/4"))
    assert phone.execute_script(
        "return [...document.querySelectorAll('details.rk-notes')].every(d => !d.open)"
    )


def test_a_tap_on_a_term_or_rule_shows_it_in_place(phone, at, judge_project):
    """A tap on a glossary term shows its definition without leaving the page; a second tap closes it; a tap on a
    rule number (in a ruling under 4.2.2a) shows the rule's text; a tap outside closes it."""
    from selenium.webdriver.common.by import By

    from kb.core.loader import load_kb

    definition = " ".join(load_kb(judge_project).graph.node("athernum:term/permanent").text.split())
    _fresh(phone, at("athernum/cr/4"))
    url = phone.current_url
    term = phone.find_element(By.CSS_SELECTOR, "h4[id='4.2.2a'] a.rk-term[href$='#term-permanent']")
    _tap(phone, term)
    shown = wait_for(phone, lambda d: _popover(d), "no popover after a tap on a term")
    assert shown.startswith("Permanent") and definition[:60] in shown and phone.current_url == url
    _tap(phone, term)
    wait_for(phone, lambda d: _popover(d) is None, "a second tap did not close the popover")
    _tap(phone, phone.find_element(By.CSS_SELECTOR, "[id='4.2.2a'] + details.rk-notes > summary"))
    ref = next(
        a
        for a in phone.find_elements(By.CSS_SELECTOR, "[id='4.2.2a'] + details a.rk-ref")
        if a.is_displayed()
    )
    number = ref.text
    _tap(phone, ref)
    shown = wait_for(phone, lambda d: _popover(d), "no popover after a tap on a rule number")
    assert shown.startswith(number) and phone.current_url == url
    _tap(phone, phone.find_element(By.TAG_NAME, "h1"))
    wait_for(phone, lambda d: _popover(d) is None, "a tap outside did not close the popover")


def test_a_preview_opens_from_the_keyboard_and_escape_closes_it(browser, at):
    """Tabbing onto a term shows its definition; Escape closes it and leaves the focus on the term."""
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys

    _fresh(browser, at("athernum/cr/4"))
    term = browser.find_element(By.CSS_SELECTOR, "h4[id='4.2.2a'] a.rk-term")
    browser.execute_script(
        "arguments[0].scrollIntoView({block: 'center'});"
        "arguments[0].closest('h4').querySelector('a.rk-num').focus()",
        term,
    )
    ActionChains(browser).send_keys(Keys.TAB).perform()
    assert browser.switch_to.active_element == term
    assert wait_for(browser, lambda d: _popover(d), "no popover on keyboard focus")
    assert term.get_attribute("aria-describedby") == "rk-popover"
    ActionChains(browser).send_keys(Keys.ESCAPE).perform()
    assert _popover(browser) is None and browser.switch_to.active_element == term


@pytest.mark.parametrize(
    "page",
    [
        "athernum/cr/4",
        "athernum/cr/9",
        "athernum/rulings",
        "athernum/examples/9.3.0",
        "athernum/glossary",
        "atnia/rules",
        "altered/cr",
    ],
)
def test_every_rule_reference_previews_its_rule(browser, at, page):
    """Every rule number linked in rule, ruling and example text has its rule's text in the page's previews."""
    _fresh(browser, at(page))
    missing, total = browser.execute_script("""
        const data = JSON.parse((document.getElementById('rk-previews') || {}).textContent || '{}');
        const refs = [...document.querySelectorAll('.rk-page a.rk-ref, .rk-page a.rk-term')];
        const key = (a) => a.dataset.node || a.getAttribute('href');
        return [refs.filter(a => !(key(a) in data) || !data[key(a)].t).map(a => a.href), refs.length];
    """)
    assert not missing, missing[:10]
    if page.startswith(("athernum/cr", "athernum/rulings")):
        assert total > 0


def test_rulings_filter_by_source_and_open_by_permalink(browser, at):
    """Unpressing a source hides its rulings (and topics left empty); a ruling's permalink opens its answer."""
    from selenium.webdriver.common.by import By

    _fresh(browser, at("athernum/rulings"))
    count = "return [...document.querySelectorAll('details.rk-ruling')].filter(d => d.offsetParent).length"
    every = browser.execute_script(count)
    chip = browser.find_element(By.CSS_SELECTOR, "button[data-filter-source='interpretation']")
    chip.click()
    hidden = browser.execute_script(
        "return document.querySelectorAll(\"details.rk-ruling[data-source='interpretation']\").length"
    )
    assert browser.execute_script(count) == every - hidden and hidden > 0
    assert not browser.execute_script(
        "return [...document.querySelectorAll(\"details.rk-ruling[data-source='interpretation']\")].some(d => d.offsetParent)"
    )
    chip.click()
    assert browser.execute_script(count) == every
    open_page(browser, at("athernum/rulings", "#R-ATH-050"))
    ruling = browser.find_element(By.ID, "R-ATH-050").find_element(By.XPATH, "../..")
    assert ruling.get_attribute("open") is not None
    assert "rests on" in ruling.text.lower() and "reasoning" in ruling.text.lower()


def test_tab_titles_name_the_game_and_the_page(browser, at):
    """A chapter's tab names the chapter and the game, and the rule a link leads to; a rulings page names its game."""
    open_page(browser, at("athernum/cr/4"))
    assert browser.title.startswith("4. Abilities and Effects · Athernum")
    open_page(browser, at("athernum/cr/4", "#4.2.2a"))
    assert browser.title.startswith("4.2.2a · 4. Abilities and Effects · Athernum")
    open_page(browser, at("athernum/rulings"))
    assert browser.title.startswith("Rulings · Athernum")


@pytest.mark.parametrize("page", ["", "athernum/rulings", "athernum/cr/4"])
def test_chips_and_navigation_are_tap_sized(phone, at, page):
    """On a phone, chips, the notes toggle and the links of the navigation drawer are at least 44 px tall."""
    _fresh(phone, at(page))
    phone.execute_script("document.getElementById('__drawer').checked = true")
    small = phone.execute_script("""
        return [...document.querySelectorAll('.rk-pill, button.rk-notes-all, .md-nav--primary .md-nav__link')]
          .filter(e => e.offsetParent && e.getClientRects().length)
          .map(e => [e.textContent.trim().slice(0, 30), e.getBoundingClientRect().height])
          .filter(([, h]) => h < 44);
    """)
    assert not small, small[:10]


def test_german_rulebook_speaks_german_and_previews_german_terms(phone, at):
    """On the German rulebook the search asks in German, and a tap on "Befehlsmarken" shows the German wording
    and the English definition."""
    from selenium.webdriver.common.by import By

    _fresh(phone, at("athernum/rulebook-de"))
    boxes = phone.find_elements(
        By.CSS_SELECTOR, "input[data-md-component=search-query], input.rk-search__input"
    )
    assert boxes and all(box.get_attribute("placeholder") == "Suchen" for box in boxes)
    term = phone.find_element(By.CSS_SELECTOR, "a.rk-term[data-node='de:athernum:term/command-token']")
    _tap(phone, term)
    shown = wait_for(phone, lambda d: _popover(d), "no popover on a German term")
    assert "Eine begrenzte Ressource" in shown and "Command Token" in shown


#: Colour schemes as the emulated preference, the palette Material keeps for it (``data-md-color-scheme``) and the
#: input of its toggle that chooses that palette.
SCHEMES = {"light": ("default", "__palette_0"), "dark": ("slate", "__palette_1")}


def _prefer(driver, scheme: str) -> None:
    """Emulate a reader whose system prefers the ``scheme`` colours."""
    driver.execute_cdp_cmd(
        "Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": scheme}]}
    )


def _scheme(driver, scheme: str) -> None:
    """Emulate a reader preferring ``scheme`` and wait until the page has taken it. Material follows the preference
    on load and keeps it (not on a change), so an open page switches as a click on its palette toggle switches it:
    the page is then what the same load in that scheme gives, element for element."""
    _prefer(driver, scheme)
    palette, toggle = SCHEMES[scheme]
    attribute = "return document.body.getAttribute('data-md-color-scheme')"
    if driver.execute_script(attribute) != palette:
        driver.execute_script("document.getElementById(arguments[0]).click()", toggle)
    wait_for(
        driver,
        lambda d: d.execute_script(attribute) == palette,
        f"the page did not take the {scheme} scheme",
    )  # Material sets it from a script


def test_axe_finds_no_serious_violations(browser, at):
    """axe-core reports no serious or critical violation on the home page, a CR chapter, the rulings, an example
    page and the German rulebook, in light and in dark mode (each page loaded once, in light mode, then switched)."""
    if not AXE.is_file():
        pytest.skip("axe-core is not installed: run `npm ci` at the repository root (.ci/run does)")
    browser.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", DESKTOP)
    browser.set_script_timeout(120)  # the emulations end with the next test's ``browser``
    found = {}
    for page in AXE_PAGES:
        _prefer(browser, "light")
        _fresh(browser, at(page))
        browser.execute_script(AXE.read_text(encoding="utf-8"))
        for scheme in SCHEMES:
            _scheme(browser, scheme)
            serious = browser.execute_async_script(
                AXE_RUN, {"resultTypes": ["violations"], "selectors": False}
            )
            if serious:
                found[f"{page or 'home'} ({scheme})"] = browser.execute_async_script(
                    AXE_RUN, {"resultTypes": ["violations"], "runOnly": [v[0] for v in serious]}
                )
    assert not found, json.dumps(found, indent=1)
