"""The three games side by side: a card per game on the home page, coverage, rulings and examples of each,
and Atnia's and Altered's rulings and verified examples beside the rules they cite, as the CR pages have them."""

from __future__ import annotations

import re
from collections import Counter

import pytest

from kb.core.loader import load_kb
from kb.core.rulings import load_rulings
from kb.site.templates import _percent
from kb.urls import ruling_anchor, scenario_url, url_of
from kb.verify.report import summarise
from kb.verify.results import Status, load_results
from tests.site.conftest import read
from tests.site.project import listed_examples

GAMES = ("athernum", "altered", "atnia")  # the home page's order: the main game first
OTHERS = ("atnia", "altered")
STATUS_COUNT = re.compile(r'rk-status--([\w-]+)">[^<]*</span> (\d+)')


@pytest.fixture(scope="module")
def repo(repo_project):
    """The copy's graph, rulings, verify results and the summary ``rulekb verify`` prints from them."""
    kb = load_kb(repo_project)
    rulings, _ = load_rulings(repo_project)
    results = load_results(repo_project)
    return kb.graph, rulings, results, summarise(repo_project, kb.graph, results, rulings)


def _cards(html: str) -> dict[str, str]:
    """Each game's card on the home page, by game."""
    cards = {}
    for part in html.split('<div class="card rk-game">')[1:]:
        game = re.search(r'<h2 id="game-([\w-]+)"', part)
        assert game, part[:200]
        cards[game.group(1)] = part
    return cards


def _block(html: str, anchor: str) -> str:
    """A rule's block on its page: from its id to the next block's id (what stands under it included)."""
    start = html.index(f'id="{anchor}"')
    following = html.find(' id="', start + 5)
    return html[start : following if following > 0 else len(html)]


def test_status_page_has_a_card_per_game_with_documents_examples_and_coverage(repo_site, repo):
    """For authors, one card per game, side by side: its documents, its scenarios by status and its coverage figure."""
    graph, _, results, summary = repo
    html = read(repo_site, "status.html")
    assert '<div class="grid rk-games">' in html
    cards = _cards(html)
    assert list(cards) == list(GAMES)
    for game, card in cards.items():
        documents = [n for n, d in graph.node_items() if d.kind == "document" and d.game == game]
        for document in documents:
            assert f'href="{url_of(graph, document)}"' in card, (game, document)
        overall = summary.coverage[game].overall
        assert f'<strong class="rk-figure">{_percent(overall.percent)}</strong>' in card
        assert f"{overall.total} " in card and f"{overall.missing} missing" in card
        shown = {status: int(n) for status, n in STATUS_COUNT.findall(card)}
        counted = Counter(str(s.status) for s in results.scenarios if s.game == game)
        assert shown == {str(s): counted.get(str(s), 0) for s in Status}, game
    assert f"{summary.coverage['atnia'].overall.total} paragraphs and list items" in cards["atnia"]
    assert dict(STATUS_COUNT.findall(cards["altered"]))["failed"] == "1"  # the copy records one as failed


@pytest.mark.parametrize("game,document_page", [("atnia", "rules.html"), ("altered", "cr.html")])
def test_coverage_page_of_each_game_groups_its_units_as_verify_does(repo_site, repo, game, document_page):
    """Atnia's paragraphs and items by section, Altered's numbered rules by first number: every unit has its row."""
    graph, _, _, summary = repo
    coverage = summary.coverage[game]
    html = read(repo_site, f"{game}/coverage.html")
    o = coverage.overall
    assert f"{o.total} " in html and f"{_percent(o.percent)} of the testable ones covered" in html
    headings = re.findall(r'<h2 id="([^"]+)">([^<]+)<a', html)
    assert len(headings) == len(coverage.chapters)
    if game == "altered":
        assert [h for _, h in headings] == [f"Rules {c.chapter}.x" for c in coverage.chapters]
    else:
        assert [h for _, h in headings][:2] == ["Introduction", "Shared Round"]
        assert [h.replace("&amp;", "&") for _, h in headings][1:] == [c.title for c in coverage.chapters][1:]
    for rule, status in coverage.rules.items():
        anchor = url_of(graph, rule).split("#")[1]
        row = html[html.index(f'href="{document_page}#{anchor}"') :]
        row = row[: row.index("</tr>")]
        assert str(status) in row, rule


@pytest.mark.parametrize("game", OTHERS)
def test_rulings_page_of_each_game_lists_its_rulings(repo_site, repo, game):
    """Every ruling of the game's rulings file has its entry, with its question and the rules it rests on."""
    graph, rulings, _, _ = repo
    html = read(repo_site, f"{game}/rulings.html")
    own = [r for r in rulings if r.game == game]
    assert len(own) >= 10
    for ruling in own:
        assert f'id="{ruling_anchor(ruling.id)}"' in html
        entry = html[html.index(f'id="{ruling_anchor(ruling.id)}"') :]
        for rule in ruling.rules:
            if rule in graph:
                assert f'href="{url_of(graph, rule).removeprefix(game + "/")}"' in entry[:6000], (
                    ruling.id,
                    rule,
                )


@pytest.mark.parametrize("game", OTHERS)
def test_examples_of_each_game_are_listed_and_shown(repo_site, repo, game):
    """The examples index lists every scenario of the game by group; the page of the section it cites first shows each in full."""
    graph, _, results, _ = repo
    index = read(repo_site, f"{game}/examples/index.html")
    scenarios = [s for s in results.scenarios if s.game == game]
    assert len(scenarios) > 50
    assert "Other examples" not in re.findall(r"<h2[^>]*>([^<]+)", index)  # each is under a group it cites
    for scenario in scenarios:
        assert f"<code>{scenario.id}</code>" in index
        url, anchor = scenario_url(graph, game, scenario.id, scenario.rules).split("#")
        card = _block(read(repo_site, url), anchor)
        assert ("✓ verified" in card) == (scenario.status == Status.PASSED), scenario.id


@pytest.mark.parametrize("game", OTHERS)
def test_rules_show_their_rulings_and_verified_examples(repo_site, repo, game):
    """Under each Atnia paragraph and Altered rule stand the rulings resting on it and the examples citing it."""
    graph, rulings, results, _ = repo
    pages: dict[str, str] = {}

    def block(rule: str) -> str:
        url, anchor = url_of(graph, rule).split("#")
        if url not in pages:
            pages[url] = read(repo_site, url)
        return _block(pages[url], anchor)

    checked = 0
    for ruling in (r for r in rulings if r.game == game):
        for rule in (r for r in ruling.rules if r in graph):
            assert f'href="rulings.html#{ruling_anchor(ruling.id)}"' in block(rule), (ruling.id, rule)
            checked += 1
    for scenario in (s for s in results.scenarios if s.game == game):
        for rule in (r for r in scenario.rules if r in graph):
            listed = {url: status for url, _, status in listed_examples(repo_site, block(rule))}
            assert listed[scenario_url(graph, game, scenario.id, scenario.rules)] == str(scenario.status), (
                scenario.id,
                rule,
            )
            checked += 1
    assert checked > 100


def test_not_testable_reasons_are_for_authors_not_readers(repo_site, repo):
    """Why an Atnia paragraph is not testable is told on the authors' coverage page, not under the rule's text."""
    graph, _, _, summary = repo
    reasons = summary.coverage["atnia"].reasons
    rule, reason = next(iter(reasons.items()))
    url, anchor = url_of(graph, rule).split("#")
    assert reason[:40] not in _block(read(repo_site, url), anchor)
    coverage = read(repo_site, "atnia/coverage.html")
    row = coverage[coverage.index(f'href="rules.html#{anchor}"') :]
    assert reason.split(" - ")[0].replace("'", "&#39;") in row[: row.index("</tr>")]


def test_every_page_of_every_game_is_built(repo_site):
    """Each game has its rules, rulings, examples (an index and a page per section), coverage and changes pages."""
    for game, rules in (("athernum", "cr/4"), ("atnia", "rules"), ("altered", "cr")):
        for url in (rules, "rulings", "examples/index", "coverage", "changes"):
            assert (repo_site / game / f"{url}.html").is_file(), (game, url)
    for game in OTHERS:
        assert len(list((repo_site / game / "examples").glob("*.html"))) > 5, game
