"""Rulings, examples, coverage and open questions as the verify results and rulings files have them."""

from __future__ import annotations

import re

from tests.site.conftest import read
from tests.site.project import listed_examples


def _section(html: str, anchor: str) -> str:
    """The HTML from the heading with ``anchor`` to the next heading of any level."""
    start = html.index(f'id="{anchor}"')
    following = re.search(r"<h[1-6][ >]", html[start + 10 :])
    return html[start : start + 10 + following.start()] if following else html[start:]


def test_only_a_passing_example_is_verified(small_site):
    """The passing scenario is marked verified; failed, expected-failure and error ones are shown as such."""
    html = read(small_site, "athernum/examples/2.1.0.html")
    failed = _section(html, "board--fail")
    xfail = _section(html, "board--xfail")
    assert "rk-status--failed" in failed and "- discard: [Ember Knight]" in failed
    assert "rk-status--expected-failure" in xfail and "the engine follows the CR, not the rulebook" in xfail
    for card in (failed, xfail):
        assert "verified" not in card.replace("not verified", "")
    passed = _section(read(small_site, "athernum/examples/1.1.0.html"), "names--pass")
    assert "✓ verified" in passed and "every step and expectation held" in passed
    assert "FAILED: the engine did not do what the example expects" in failed
    error = _section(read(small_site, "athernum/examples/other.html"), "broken")
    assert "rk-status--error" in error and "steps: expected a list" in error and "✓ verified" not in error


def test_examples_index_lists_every_scenario_by_chapter(small_site):
    """Each scenario is listed under every chapter it cites, with its status; one citing no known rule under Other."""
    html = read(small_site, "athernum/examples/index.html")
    assert "names/pass" in _section(html, "chapter-1")
    board = _section(html, "chapter-2")
    assert "board/fail" in board and "board/xfail" in board
    assert "athernum/broken" in _section(html, "chapter-other")


def test_coverage_counts_only_passing_scenarios(small_site):
    """A rule is demonstrated by a passing scenario, covered by its settled subrules, not testable when listed, else missing."""
    html = read(small_site, "athernum/coverage.html")

    def row(rule: str) -> str:
        start = html.index(f">{rule}</a></td>")
        return html[start : html.index("</tr>", start)]

    assert "demonstrated" in row("1.1.1")
    [(_, title, status)] = listed_examples(small_site, row("1.1.1"))
    assert title.startswith("A card keeps its name") and status == "passed"
    assert "not testable" in row("1.1.2a") and "matter of card layout" in row("1.1.2a")
    assert "covered by its subrules" in row("1.1.0")
    assert "missing" in row("2.1.1")  # only a failed and an expected-failure scenario cite it


def test_rulings_show_status_from_their_scenarios(small_site):
    """A ruling is demonstrated when its scenarios pass, failing when one fails, else not demonstrated."""
    html = read(small_site, "athernum/rulings.html")
    first, second, third = (html[html.index(f'id="R-T-00{n}"') :].split("</details>")[0] for n in (1, 2, 3))
    assert "rk-status--passed" in first and "demonstrated" in first
    assert "rk-status--failed" in second and "failing" in second
    assert "not demonstrated" in third


def test_open_questions_list_disagreements_ambiguities_and_findings(small_site):
    """The rulebook disagreement and the ambiguity appear with their rulings, and each finding is listed."""
    html = read(small_site, "open-questions.html")
    disagreements = html[html.index('id="disagreements"') : html.index('id="ambiguities"')]
    ambiguities = html[html.index('id="ambiguities"') : html.index('id="findings"')]
    assert "R-T-002" in disagreements and "R-T-003" not in disagreements
    assert "R-T-003" in ambiguities
    assert "9.9.9 is not a rule" in html[html.index('id="findings"') :]


def test_bad_inputs_leave_an_empty_but_working_site(tmp_path):
    """Malformed rulings, results and not-testable files become findings and empty states, never a crash."""
    from kb.site.build import build_site
    from kb.verify.results import results_path
    from tests.site.project import make_project

    paths = make_project(tmp_path, hostile=False, with_proof=False)
    (paths.rules / "athernum" / "rulings.yaml").write_text("rulings: [unclosed\n", encoding="utf-8")
    (paths.scenarios / "athernum").mkdir(parents=True)
    (paths.scenarios / "athernum" / "not-testable.yaml").write_text("- just a list\n", encoding="utf-8")
    results_path(paths).parent.mkdir(parents=True, exist_ok=True)
    results_path(paths).write_text("{not json", encoding="utf-8")
    site = build_site(paths, paths.site).out
    assert "No verify results yet" in read(site, "athernum/examples/index.html")
    assert "No rulings yet" in read(site, "athernum/rulings.html")
    questions = read(site, "open-questions.html")
    assert "invalid YAML" in questions and "cannot read: expected &#39;rules:&#39;" in questions
