"""The site of this repository's rules: every rule a permalink, links everywhere, licences, offline."""

from __future__ import annotations

import json
import re

import pytest

from kb.loader import load_kb
from kb.model import NodeKind
from kb.urls import page_url, url_of
from tests.site.conftest import read

HEADING_ID = re.compile(r'<h[1-6] id="([^"]+)"')


@pytest.fixture(scope="module")
def repo_graph(repo_project):
    return load_kb(repo_project).graph


def _numbered(graph, game="athernum", document="cr"):
    return [n for n, d in graph.nodes(data=True) if d["game"] == game and d["document"] == document
            and d["kind"] in (NodeKind.RULE, NodeKind.SECTION) and d.get("number")]


def test_every_cr_rule_is_a_heading_with_its_number_as_anchor(repo_site, repo_graph):
    """Each of the 577 numbered CR rules is a heading whose id is its number, on the page its URL names."""
    rules = _numbered(repo_graph)
    assert len(rules) == 577
    headings: dict[str, set[str]] = {}
    for rule in rules:
        url, anchor = url_of(repo_graph, rule).split("#")
        if url not in headings:
            headings[url] = set(HEADING_ID.findall(read(repo_site, url)))
        assert anchor in headings[url], rule


def test_every_page_carries_the_licences_of_the_rule_texts(repo_site):
    """The footer of every page names each game's rule texts with their attribution and licence."""
    pages = list(repo_site.rglob("index.html"))
    assert len(pages) > 30
    for page in pages:
        html = page.read_text(encoding="utf-8")
        footer = html[html.index('class="md-copyright"'):]
        assert "© 2025 Shaarigan – Schroedinger Entertainment" in footer, page
        assert "CC BY-NC-SA 4.0" in footer and "CC BY 4.0" in footer, page
        assert "Atnia Card Game rules document" in footer and "Altered TCG comprehensive rules" in footer, page


def test_a_rule_shows_its_ruling_and_verified_example(repo_site):
    """Under 4.2.2a stand the ruling resting on it (its rule numbers linked) and its verified example."""
    html = read(repo_site, "athernum/cr/4/")
    body = html[html.index('id="4.2.2a"'):html.index('id="4.2.2b"')]
    assert 'href="../../rulings/#R-SITE-1"' in body
    assert '<a class="rk-ref" href="../3/#3.0.7e">3.0.7e</a>' in body
    assert "rk-status--passed" in body and 'href="../../examples/4/#state-based--lethal-damage"' in body


def test_verified_example_shows_steps_outcome_and_linked_log(repo_site):
    """The example page shows the steps, the verified outcome and each log line's rule as a link."""
    html = read(repo_site, "athernum/examples/4/")
    card = html[html.index('id="state-based--lethal-damage"'):]
    assert "p1 activates an ability of Stone Breaker" in card and "Verified: every step and expectation held" in card
    assert 'href="../../cr/4/#4.2.2a"' in card and 'href="../../cr/4/#4.1.9"' in card


def test_glossary_gives_definition_defining_rule_and_uses(repo_site):
    """A glossary entry has its definition, the rule defining it, and links to the rules using it."""
    html = read(repo_site, "athernum/glossary/")
    entry = html[html.index('id="term-permanent"'):html.index('id="term-prevent"')]
    assert "Any face-up character, item, or location card" in re.sub(r"<[^>]+>", "", entry)
    assert 'href="../cr/2/#2.1.1"' in entry and "Used in" in entry and 'href="../cr/4/#4.2.2a"' in entry


def test_rulebook_sections_link_to_cr_rules_and_translation(repo_site):
    """A rulebook section links to the CR rules it explains and to its German translation."""
    html = read(repo_site, "athernum/rulebook-en/")
    section = html[html.index('id="combat-phase"'):]
    section = section[:section.index("<h2", 10)]
    assert 'href="../cr/9/#9.3.0"' in section and 'href="../rulebook-de/#' in section


def test_altered_excerpt_shows_its_examples_and_remarks(repo_site, repo_graph):
    """Every Example and Remark of the Altered excerpt is on its page under its own anchor."""
    html = read(repo_site, "altered/cr/")
    notes = [n for n, d in repo_graph.nodes(data=True) if d["kind"] in (NodeKind.EXAMPLE, NodeKind.REMARK)]
    assert len(notes) == 17
    for note in notes:
        assert f'id="{url_of(repo_graph, note).split("#")[1]}"' in html


def test_each_cr_section_has_a_graph_view(repo_site, repo_graph):
    """Every section holding rules has a Mermaid diagram on its chapter's graph page, linked from the section."""
    sections = [n for n in _numbered(repo_graph) if repo_graph.nodes[n]["kind"] == NodeKind.SECTION
                and any(repo_graph.nodes[c]["kind"] == NodeKind.RULE for c in repo_graph.successors(n))]
    assert len(sections) > 40
    for section in sections:
        chapter = repo_graph.nodes[section]["number"].split(".")[0]
        html = read(repo_site, f"athernum/graph/{chapter}/")
        after = html[html.index(f'id="graph-{repo_graph.nodes[section]["number"]}"'):]
        assert after.index('<pre class="mermaid">') < 400


def test_site_works_offline(repo_site):
    """No page loads a script, stylesheet or font from another host, and Mermaid is served locally."""
    for page in repo_site.rglob("*.html"):
        html = page.read_text(encoding="utf-8")
        assert not re.search(r'<(script|link)[^>]+(src|href)="(https?:)?//', html), page
        assert "fonts.googleapis" not in html and "fonts.gstatic" not in html, page
    graph_page = read(repo_site, "athernum/graph/4/")
    local, bundle = graph_page.index("javascripts/mermaid.min.js"), graph_page.index("assets/javascripts/bundle.")
    assert local < bundle  # defined before Material looks for it, so Material never fetches it
    assert (repo_site / "javascripts" / "mermaid.min.js").stat().st_size > 1_000_000
    assert "mermaid.min.js" not in read(repo_site, "athernum/cr/4/")


def test_downloads_hold_rules_by_id_and_verify_results(repo_site):
    """The downloads give the rules keyed by qualified id and the verify results the pages show."""
    rules = json.loads((repo_site / "downloads" / "rules.json").read_text(encoding="utf-8"))
    assert rules["athernum:4.2.2a"]["text"].startswith("If a face-up permanent")
    results = json.loads((repo_site / "downloads" / "verify-results.json").read_text(encoding="utf-8"))
    assert results["scenarios"][0]["id"] == "athernum/state-based/lethal-damage"
    assert {s["game"] for s in results["scenarios"]} == {"athernum", "atnia", "altered"}
    assert 'href="rules.json"' in read(repo_site, "downloads/")


def test_search_has_one_entry_per_rule_titled_by_its_number(repo_site, repo_graph):
    """The search index has an entry per rule, deep-linked to its anchor, and keeps rule numbers whole."""
    index = json.loads((repo_site / "search" / "search_index.json").read_text(encoding="utf-8"))
    entries = {doc["location"]: doc for doc in index["docs"]}
    for rule in _numbered(repo_graph):
        entry = entries[url_of(repo_graph, rule)]
        assert entry["title"].split(" ")[0] == repo_graph.nodes[rule]["number"]
    separator = re.compile(index["config"]["separator"])
    assert separator.split("4.2.2a") == ["4.2.2a"] and separator.split("3.0.7e.II") == ["3.0.7e.II"]
    assert index["config"]["lang"] == ["en", "de"]


def test_home_page_lists_documents_and_status(repo_site):
    """The home page links every document and says where coverage and examples stand and how to search."""
    html = read(repo_site, "")
    for document in ("athernum:cr", "athernum:rulebook-en", "athernum:rulebook-de", "atnia:rules", "altered:cr"):
        game, name = document.split(":")
        assert f'href="{game}/{name}/"' in html
    assert "577 numbered rules" in html and "How to search" in html
    assert page_url("athernum/coverage.md") in html


def test_search_covers_reference_pages_not_reports_or_logs(repo_site):
    """Rules, glossary, rulings, rulebooks and the examples index are searched; logs, graphs and reports are not."""
    index = json.loads((repo_site / "search" / "search_index.json").read_text(encoding="utf-8"))
    pages = {doc["location"].split("#")[0] for doc in index["docs"]}
    for searched in ("athernum/cr/4/", "athernum/glossary/", "athernum/rulings/", "athernum/rulebook-de/",
                     "athernum/examples/", "altered/cr/", "atnia/rules/"):
        assert searched in pages
    for unsearched in ("athernum/examples/4/", "athernum/graph/4/", "athernum/coverage/", "open-questions/"):
        assert unsearched not in pages
