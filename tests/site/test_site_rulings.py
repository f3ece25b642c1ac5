"""The rulings pages: grouped by chapter and topic, listed by question, filtered by source, reasoning in plain
language with engine decision ids in a footnote."""

from __future__ import annotations

import re

from kb.site.views.rulings import plain_reasoning
from tests.site.project import page_html


def test_reasoning_leaves_engine_decision_ids_to_a_footnote():
    """Engine decision ids leave the reasoning a judge reads, and are kept, in order, for the footnote."""
    text, ids = plain_reasoning(
        "Engine decision D-COMBAT-DEFENDER. 9.3.9 only speaks of the attacker. It is part "
        "of engine decision D-MAIN-LETHAL. See engine decision D-STATICS-AGAIN."
    )
    assert text == "9.3.9 only speaks of the attacker. It is part of an engine decision."
    assert ids == ["D-COMBAT-DEFENDER", "D-MAIN-LETHAL", "D-STATICS-AGAIN"]
    assert plain_reasoning("Engine decisions D-A-B and D-C: the CR is silent.") == (
        "the CR is silent.",
        ["D-A-B", "D-C"],
    )


def test_rulings_are_grouped_by_chapter_and_listed_by_question(repo_site):
    """Atnia's rulings page groups every ruling under a section heading, each once, its question its heading."""
    html = page_html(repo_site, "atnia/rulings")
    groups = re.findall(r'<h2 id="rulings-[^"]+">([^<]+)<a', html)
    assert len(groups) >= 3
    heads = re.findall(r'<summary><h3 id="(R-ATN-\d+)" class="rk-ruling-head">([^<]+)</h3></summary>', html)
    assert len(heads) == len({h for h, _ in heads}) >= 10
    assert all(not question.startswith("R-ATN") for _, question in heads)
    assert 'aria-current="page">Atnia' in html and re.search(r'href="[./]*altered/rulings(/|\.html)"', html)
    altered = page_html(repo_site, "altered/rulings")
    assert "follows this ruling as engine decision D-" in altered  # the footnotes
    for reasoning in re.findall(r'<div class="rk-reasoning">(.*?)</div>', altered, re.S):
        assert not re.search(r"[Ee]ngine decision D-", reasoning)
