"""The built site in a real browser: headless Chromium, driven by Selenium, over a local static file server.

The browser is the test process's one Chromium (``browser``, tests/browser.py), skipped (with the reason) where
Chromium, chromedriver or Selenium is missing; ``.ci/run`` installs them.
Screenshots of the home page and of a rule go to ``test-artifacts/``.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from kb.core.loader import load_kb
from kb.urls import scenario_anchor as scenario_anchor_of
from tests.browser import in_view, open_page, serve, wait_for
from tests.site.conftest import ROOT, example_page

ARTIFACTS = ROOT / "test-artifacts"


@pytest.fixture(scope="module")
def proof_url(proof_site):
    """The site of the repository's rules with a sample of real examples run, served like ``base_url``."""
    yield from serve(proof_site)


def _open_notes(driver, rule: str) -> None:
    """Open the folded notes under a rule with a click on their summary line."""
    from selenium.webdriver.common.by import By

    summary = driver.find_element(By.CSS_SELECTOR, f"[id='{rule}'] + details.rk-notes > summary")
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'});", summary)
    summary.click()
    wait_for(
        driver,
        lambda d: summary.find_element(By.XPATH, "..").get_attribute("open") is not None,
        f"the notes under {rule} did not open",
    )


def test_chapter_rule_number_link_goes_to_its_anchor(browser, base_url):
    """From a CR chapter, a rule number in a ruling under 4.2.2a (its notes opened) leads to rule 3.0.7e, scrolled
    into view."""
    from selenium.webdriver.common.by import By

    open_page(browser, base_url + "athernum/cr/4.html")
    assert browser.find_element(By.TAG_NAME, "h1").text == "4. Abilities and Effects"
    _open_notes(browser, "4.2.2a")
    link = browser.find_element(By.CSS_SELECTOR, "a.rk-ref[href$='#3.0.7e']")
    browser.execute_script("arguments[0].scrollIntoView({block: 'center'});", link)
    link.click()
    wait_for(
        browser,
        lambda d: d.current_url.endswith("/athernum/cr/3.html#3.0.7e"),
        "the link did not open 3.0.7e",
    )
    target = browser.find_element(By.ID, "3.0.7e")
    wait_for(browser, lambda d: in_view(d, target), "rule 3.0.7e is not scrolled into view")
    assert " ".join(target.text.split()).startswith("3.0.7e If the main character has damage counters")


def test_glossary_term_shows_its_definition_on_hover(browser, base_url, repo_project):
    """Pointing at a marked term in a rule shows a popover with the term's definition."""
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.by import By

    definition = load_kb(repo_project).graph.node("athernum:term/permanent").text
    open_page(browser, base_url + "athernum/cr/4.html")
    term = browser.find_element(By.CSS_SELECTOR, "h4[id='4.2.2a'] a.rk-term[href$='#term-permanent']")
    browser.execute_script("arguments[0].scrollIntoView({block: 'center'});", term)
    ActionChains(browser).move_to_element(term).perform()
    tip = wait_for(
        browser,
        lambda d: next(
            (t for t in d.find_elements(By.CSS_SELECTOR, "#rk-popover") if t.is_displayed() and t.text), None
        ),
        "no popover appeared",
    )
    assert " ".join(definition.split())[:60] in tip.text


def test_verified_example_shows_steps_outcome_and_log(browser, base_url):
    """The verified example under 4.2.2a opens with its steps, its outcome and the log's rules linked."""
    from selenium.webdriver.common.by import By

    open_page(browser, base_url + "athernum/cr/4.html")
    _open_notes(browser, "4.2.2a")
    link = browser.find_element(By.CSS_SELECTOR, "h4[id='4.2.2a'] + .rk-notes .rk-example--passed a")
    browser.execute_script("arguments[0].scrollIntoView({block: 'center'});", link)
    link.click()
    wait_for(
        browser, lambda d: d.current_url.endswith("#state-based--lethal-damage"), "the example did not open"
    )
    card = browser.find_element(By.CSS_SELECTOR, "#state-based--lethal-damage + .rk-example-card")
    assert "✓ verified" in card.text and "p1 activates an ability of Stone Breaker" in card.text
    assert "Verified: every step and expectation held" in card.text
    log = card.find_element(By.CSS_SELECTOR, "details.rk-step-log")
    log.find_element(By.TAG_NAME, "summary").click()
    assert log.find_element(By.CSS_SELECTOR, "ol.rk-log a[href$='#4.2.2a']").text == "4.2.2a"


def test_screenshots_of_home_and_a_rule(browser, base_url):
    """Screenshots of the home page and of rule 4.2.2a are saved as test artefacts."""
    ARTIFACTS.mkdir(exist_ok=True)
    open_page(browser, base_url)
    assert browser.save_screenshot(str(ARTIFACTS / "home.png"))
    open_page(browser, base_url + "athernum/cr/4.html#4.2.2a")
    assert browser.save_screenshot(str(ARTIFACTS / "rule-4.2.2a.png"))
    assert all(Path(ARTIFACTS / name).stat().st_size > 10_000 for name in ("home.png", "rule-4.2.2a.png"))


# --- the proof of real examples --------------------------------------------------------------------

PHONE, DESKTOP = (390, 844), (1366, 900)


def _shown_example(proof_project, game: str):
    """The first sampled example of ``game`` with a card on the board (not in a pile) and an end state checked."""
    from kb.verify.results import load_results

    paths, _ = proof_project
    for result in load_results(paths).scenarios:
        on_board = result.start and any(not a.pile and a.cards for p in result.start.players for a in p.areas)
        if result.game == game and on_board and result.checks:
            return result
    raise AssertionError(f"no sampled {game} example has a card on the board and an end state")


def _example_url(proof_url: str, proof_project, result) -> str:
    """The URL of the examples page showing ``result``, at its example."""
    site = proof_project[0].site
    page = example_page(site, result.game, result.id).relative_to(site).as_posix()
    return f"{proof_url}{page}#{scenario_anchor_of(result.id)}"


@pytest.mark.parametrize("game", ["athernum", "atnia", "altered"])
def test_an_example_shows_its_start_board_and_end_state(browser, proof_url, proof_project, game):
    """An example page shows the board at the start as card boxes with their statistics, and the end state
    expected beside what the engine reached, within the width of a desktop and of a phone."""
    from selenium.webdriver.common.by import By

    result = _shown_example(proof_project, game)
    anchor = scenario_anchor_of(result.id)
    face = next(f for p in result.start.players for a in p.areas if not a.pile for f in a.cards)
    browser.set_window_size(*DESKTOP)  # the next test's ``browser`` sets it back
    open_page(browser, _example_url(proof_url, proof_project, result))
    # One load for both widths: the page lays itself out by its stylesheet's width queries alone (its scripts
    # draw nothing by the width), so a window narrowed to a phone's shows what a phone loading it shows.
    for size in (DESKTOP, PHONE):
        browser.set_window_size(*size)
        card = browser.find_element(By.CSS_SELECTOR, f"[id='{anchor}'] + .rk-example-card")
        board = card.find_element(By.CSS_SELECTOR, ".rk-board")
        boxes = board.find_elements(By.CSS_SELECTOR, ".rk-card")
        assert boxes and all(box.is_displayed() for box in boxes), size
        box = next(b for b in boxes if b.find_element(By.CSS_SELECTOR, ":scope > b").text == face.name)
        for label, value in face.stats.items():
            assert f"{label} {value}" in box.text.replace("\n", " "), (size, label, value, box.text)
        table = card.find_elements(By.CSS_SELECTOR, "table.rk-checks")[-1]
        headers = [th.text for th in table.find_elements(By.CSS_SELECTOR, "thead th")]
        assert headers == ["What", "Expected", "Engine reached"], size
        rows = table.find_elements(By.CSS_SELECTOR, "tbody tr")
        assert len(rows) == len(result.checks) and all("✓" in row.text for row in rows), size
        overflow = browser.execute_script("return document.documentElement.scrollWidth - window.innerWidth")
        assert overflow <= 0, f"the page is {overflow} px wider than a window of {size}"
        assert browser.execute_script("return arguments[0].getBoundingClientRect().right", box) <= size[0]


def test_a_card_name_opens_its_library_entry(browser, proof_url, proof_project):
    """A card name on an example links to its entry in the game's card library, with its statistics and text."""
    from selenium.webdriver.common.by import By

    result = _shown_example(proof_project, "athernum")
    face = next(f for p in result.start.players for a in p.areas if not a.pile for f in a.cards)
    open_page(browser, _example_url(proof_url, proof_project, result))
    card = browser.find_element(By.CSS_SELECTOR, f"[id='{scenario_anchor_of(result.id)}'] + .rk-example-card")
    link = card.find_element(By.XPATH, f".//li[@class='rk-card']/b/a[text()={face.name!r}]")
    browser.execute_script("arguments[0].scrollIntoView({block: 'center'});", link)
    link.click()
    wait_for(
        browser,
        lambda d: "/athernum/cards" in d.current_url and "#card-" in d.current_url,
        "the card's entry did not open",
    )
    entry = browser.find_element(By.ID, browser.current_url.split("#", 1)[1])
    assert entry.find_element(By.TAG_NAME, "h3").text == face.name and in_view(browser, entry)
    stats = entry.find_element(By.CSS_SELECTOR, "dl.rk-card-stats").text
    assert "OFV" in stats and "DFV" in stats
    used = entry.find_element(By.CSS_SELECTOR, ".rk-card-used").get_attribute("innerHTML")
    assert f"#{scenario_anchor_of(result.id)}" in used
