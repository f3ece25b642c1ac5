"""The German rulebook for German readers: its labels in German, and German glossary terms previewing the
German rulebook's wording with a link to the English definition."""

from __future__ import annotations

import json
import re

from kb.site.i18n import tr
from tests.site.project import page_html


def _previews(html: str) -> dict:
    found = re.search(r'<script type="application/json" id="rk-previews">(.*?)</script>', html, re.S)
    assert found, "the page carries its link previews"
    return json.loads(found.group(1))


def test_interface_strings_have_german_and_fall_back_to_english():
    """A German page's labels come from the string table; a count picks singular or plural; unknown stays English."""
    assert tr("de", "In the rulebook") == "Im Regelbuch" and tr("en", "In the rulebook") == "In the rulebook"
    assert tr("de", "{n} rulings", 1) == "1 Entscheidung" and tr("de", "{n} rulings", 3) == "3 Entscheidungen"
    assert tr("de", "no such label") == "no such label"


def test_german_rulebook_labels_are_german(repo_site):
    """The German rulebook's notes, toggle and search placeholder speak German; the English rulebook's do not."""
    de = page_html(repo_site, "athernum/rulebook-de")
    assert 'data-rk-placeholder="Suchen"' in de and "Alle Anmerkungen zeigen" in de
    labels = set(re.findall(r'class="rk-label">([^<]+)<', de))
    assert labels and labels <= {"Regeln der CR", "Übersetzung", "Entscheidung", "Beispiele", "Änderungen"}
    en = page_html(repo_site, "athernum/rulebook-en")
    assert "Translation" in re.findall(r'class="rk-label">([^<]+)<', en) and "Suchen" not in en


def test_german_terms_preview_the_german_wording_and_link_to_the_english_glossary(repo_site):
    """ "Befehlsmarken" in the German rulebook previews its German definition and the English one, and links to the
    English glossary entry."""
    html = page_html(repo_site, "athernum/rulebook-de")
    link = re.search(
        r'<a class="rk-term" href="([^"]+)" data-node="de:athernum:term/command-token" hreflang="en">'
        r"(Befehlsmarken?)</a>",
        html,
    )
    assert link and re.search(r"glossary(/|\.html)#term-command-token$", link.group(1))
    entry = _previews(html)["de:athernum:term/command-token"]
    assert entry["t"].startswith("Befehlsmarken: Eine begrenzte Ressource")
    assert entry["e"].startswith("Englisch (Command Token):") and "Im englischen Glossar" in entry["o"]
    assert 'data-node="de:' not in page_html(repo_site, "athernum/rulebook-en")
