"""The site of this repository's rules: every rule a permalink, links everywhere, licences, offline."""

from __future__ import annotations

import json
import re

import pytest

from kb.core.loader import load_kb
from kb.core.nodes import NodeKind
from kb.urls import page_url, url_of
from tests.site.conftest import read
from tests.site.project import listed_examples

HEADING_ID = re.compile(r'<h[1-6] id="([^"]+)"')


@pytest.fixture(scope="module")
def repo_graph(repo_project):
    return load_kb(repo_project).graph


def _numbered(graph, game="athernum", document="cr"):
    return [
        n
        for n, d in graph.node_items()
        if d.game == game
        and d.document == document
        and d.kind in (NodeKind.RULE, NodeKind.SECTION)
        and d.number
    ]


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
    pages = list(repo_site.rglob("*.html"))
    assert len(pages) > 30
    for page in pages:
        html = page.read_text(encoding="utf-8")
        footer = html[html.index('class="md-copyright"') :]
        assert "© 2025 Shaarigan – Schroedinger Entertainment" in footer, page
        assert "CC BY-NC-SA 4.0" in footer and "CC BY 4.0" in footer, page
        assert "Atnia Card Game rules document" in footer and "Altered TCG comprehensive rules" in footer, (
            page
        )


def test_a_rule_shows_its_ruling_and_verified_example(repo_site):
    """Under 4.2.2a stand the ruling resting on it (its rule numbers linked) and its verified example."""
    html = read(repo_site, "athernum/cr/4.html")
    body = html[html.index('id="4.2.2a"') : html.index('id="4.2.2b"')]
    assert 'href="../rulings.html#R-SITE-1"' in body
    assert '<a class="rk-ref" href="3.html#3.0.7e">3.0.7e</a>' in body
    listed = listed_examples(repo_site, body)
    assert (
        "athernum/examples/4.2.0.html#state-based--lethal-damage",
        "A permanent with lethal damage is discarded",
        "passed",
    ) in listed
    assert 'href="../examples/4.2.0.html" data-examples=' in body  # without scripts: the examples page


def test_verified_example_shows_steps_outcome_and_linked_log(repo_site):
    """The example page shows the steps, the verified outcome and each log line's rule as a link."""
    html = read(repo_site, "athernum/examples/4.2.0.html")
    card = html[html.index('id="state-based--lethal-damage"') :]
    assert (
        "p1 activates an ability of Stone Breaker" in card
        and "Verified: every step and expectation held" in card
    )
    assert 'href="../cr/4.html#4.2.2a"' in card and 'href="../cr/4.html#4.1.9"' in card


def test_glossary_gives_definition_defining_rule_and_uses(repo_site):
    """A glossary entry has its definition, the rule defining it, and links to the rules using it."""
    html = read(repo_site, "athernum/glossary.html")
    entry = html[html.index('id="term-permanent"') : html.index('id="term-prevent"')]
    assert "Any face-up character, item, or location card" in re.sub(r"<[^>]+>", "", entry)
    assert 'href="cr/2.html#2.1.1"' in entry and "Used in" in entry and 'href="cr/4.html#4.2.2a"' in entry


def test_rulebook_sections_link_to_cr_rules_and_translation(repo_site):
    """A rulebook section links to the CR rules it explains and to its German translation."""
    html = read(repo_site, "athernum/rulebook-en.html")
    section = html[html.index('id="combat-phase"') :]
    section = section[: section.index("<h2", 10)]
    assert 'href="cr/9.html#9.3.0"' in section and 'href="rulebook-de.html#' in section


def test_altered_excerpt_shows_its_examples_and_remarks(repo_site, repo_graph):
    """Every Example and Remark of the Altered excerpt is on its page under its own anchor."""
    html = read(repo_site, "altered/cr.html")
    notes = [n for n, d in repo_graph.node_items() if d.kind in (NodeKind.EXAMPLE, NodeKind.REMARK)]
    assert len(notes) == 17
    for note in notes:
        assert f'id="{url_of(repo_graph, note).split("#")[1]}"' in html


def test_each_cr_section_has_a_graph_view(repo_site, repo_graph):
    """Every section holding rules has a Mermaid diagram on its chapter's graph page, linked from the section."""
    sections = [
        n
        for n in _numbered(repo_graph)
        if repo_graph.node(n).kind == NodeKind.SECTION
        and any(repo_graph.node(c).kind == NodeKind.RULE for c in repo_graph.successors(n))
    ]
    assert len(sections) > 40
    for section in sections:
        chapter = repo_graph.node(section).number.split(".")[0]
        html = read(repo_site, f"athernum/graph/{chapter}.html")
        after = html[html.index(f'id="graph-{repo_graph.node(section).number}"') :]
        assert after.index('<details class="rk-graph">') < after.index('<pre class="rk-mermaid">') < 400


def test_site_works_offline(repo_site):
    """No page loads a script, stylesheet or font from another host; Mermaid is served locally, loaded only when
    a diagram is opened, and never left for Material to fetch from a CDN."""
    for page in repo_site.rglob("*.html"):
        html = page.read_text(encoding="utf-8")
        assert not re.search(r'<(script|link)[^>]+(src|href)="(https?:)?//', html), page
        assert "fonts.googleapis" not in html and "fonts.gstatic" not in html, page
    graph_page = read(repo_site, "athernum/graph/4.html")
    assert 'src="../../assets/rulekb/graph.js" data-mermaid="../../javascripts/mermaid.min.js"' in graph_page
    assert not re.search(r'<script src="[^"]*mermaid', graph_page)
    assert 'class="mermaid"' not in graph_page  # Material would fetch Mermaid from a CDN for it
    assert (repo_site / "javascripts" / "mermaid.min.js").stat().st_size > 1_000_000
    assert "mermaid.min.js" not in read(repo_site, "athernum/cr/4.html")


def test_downloads_hold_rules_by_id_and_verify_results(repo_site):
    """The downloads give the rules keyed by qualified id and the verify results the pages show."""
    rules = json.loads((repo_site / "downloads" / "rules.json").read_text(encoding="utf-8"))
    assert rules["athernum:4.2.2a"]["text"].startswith("If a face-up permanent")
    results = json.loads((repo_site / "downloads" / "verify-results.json").read_text(encoding="utf-8"))
    assert results["scenarios"][0]["id"] == "athernum/state-based/lethal-damage"
    assert {s["game"] for s in results["scenarios"]} == {"athernum", "atnia", "altered"}
    assert 'href="downloads/rules.json"' in read(repo_site, "downloads.html")


def test_the_graph_download_holds_the_graph_as_the_json_export_gives_it(repo_site, repo_graph):
    """The graph download is the node-link data ``rulekb graph export --format json`` writes (compact, one line)."""
    from kb.export import export

    text = (repo_site / "downloads" / "graph.json").read_text(encoding="utf-8")
    assert json.loads(text) == json.loads(export(repo_graph, "json")) and "\n" not in text


def test_home_page_leads_judges_to_the_rules_and_authors_to_the_status(repo_site, repo_graph):
    """The home page links every document, each CR chapter, the rulings and the newest rulings; coverage figures
    are on the authors' status page, linked from it."""
    html = read(repo_site, "index.html")
    for document in (
        "athernum:cr",
        "athernum:rulebook-en",
        "athernum:rulebook-de",
        "atnia:rules",
        "altered:cr",
    ):
        assert f'href="{url_of(repo_graph, document)}"' in html
    assert 'href="athernum/cr/9.html">9. ' in html and 'href="athernum/rulings.html">Rulings (' in html
    assert 'data-rk-search="home"' in html and "Newest rulings" in html
    home = html.split('class="rk-page rk-home"')[1].split("</article>")[0]
    assert "numbered rules" not in home and "of the testable" not in home and "rk-figure" not in home
    status = read(repo_site, "status.html")
    assert 'href="status.html"' in html and "577 numbered rules" in status
    assert page_url("athernum/coverage.md").removeprefix("/") in status


def test_every_page_has_the_one_search_box(repo_site):
    """Every page's header holds rulekb's search box and loads its scripts; Material's search is gone."""
    assert not (repo_site / "search" / "search_index.json").exists()
    assert not list((repo_site / "assets" / "javascripts").glob("workers/search.*"))
    for page in ("index.html", "athernum/cr/4.html", "athernum/rulings.html", "search/index.html"):
        html = read(repo_site, page)
        assert 'data-md-component="search"' not in html, page
        assert html.count('data-rk-search="header"') == 1, page
        assert re.search(
            r'<script src="[./]*assets/rulekb/search\.js" defer></script>\s*'
            r'<script src="[./]*assets/rulekb/search-ui\.js" defer></script>',
            html,
        ), page
        assert "assets/rulekb/search-ui.css" in html, page
    settings = re.search(
        r'<script type="application/json" id="rk-search-settings">(.*?)</script>',
        read(repo_site, "index.html"),
    )
    assert settings is not None
    assert [g["id"] for g in json.loads(settings.group(1))["games"]] == ["athernum", "altered", "atnia"]


def test_search_page_and_home_page_hold_a_search_box(repo_site):
    """The search page (search/index.html?q=…) holds the box with its results inline; the home page asks a question."""
    assert 'data-rk-search="page"' in read(repo_site, "search/index.html")
    home = read(repo_site, "index.html")
    assert 'data-rk-search="home"' in home and "Ask a rules question" in home
    assert home.index('data-rk-search="home"') < home.index('class="grid rk-games"')
