"""A draft site in Chromium: on a phone the banner is the first thing on every page, and it leads to the list of
what is broken."""

from __future__ import annotations

import pytest

from tests.browser import open_page, serve, wait_for

PHONE = {"width": 390, "height": 844, "deviceScaleFactor": 3, "mobile": True}


@pytest.fixture(scope="module")
def draft_url(small_project, tmp_path_factory):
    """The small project (failing examples among its results) built as a draft, served on 127.0.0.1."""
    from kb.site.build import build_site

    out = build_site(small_project, tmp_path_factory.mktemp("draft-site"), draft=True).out
    yield from serve(out)


def test_the_draft_banner_shows_at_the_top_of_a_phone_page_and_leads_to_the_list(browser, draft_url):
    """On a 390×844 phone the draft banner is visible at the top of the home page; tapping it opens the list."""
    from selenium.webdriver.common.by import By

    browser.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", PHONE)  # until the next test's ``browser``
    open_page(browser, draft_url + "index.html")
    banner = browser.find_element(By.CSS_SELECTOR, ".md-banner a.rk-draft")
    box = browser.execute_script(
        "const r = arguments[0].getBoundingClientRect(); return [r.top, r.height];", banner
    )
    assert banner.is_displayed() and 0 <= box[0] < 200 and box[1] > 0
    assert banner.text.startswith("Draft: ") and "failing example" in banner.text
    banner.click()
    wait_for(
        browser, lambda d: d.current_url.endswith("status.html#draft"), "the banner did not open the list"
    )
    heading = browser.find_element(By.ID, "draft")
    assert heading.is_displayed()
    assert browser.find_elements(By.CSS_SELECTOR, ".rk-draft-examples li")
