"""The rulings pages: grouped by chapter and topic, listed by question, filtered by source, reasoning in plain
language with engine decision ids in a footnote."""

from __future__ import annotations

import re

from tests.conftest import ROOT
from tests.site.project import page_html


def test_engine_decisions_are_a_footnote_not_part_of_the_reasoning(repo_site):
    """A ruling's engine decisions (its ``decision:``) are named in a footnote for rule authors; the reasoning a
    judge reads never names one."""
    from kb.core.paths import Paths
    from kb.core.rulings import load_rulings

    rulings, _ = load_rulings(Paths(ROOT))
    footnotes = 0
    for game in ("athernum", "atnia", "altered"):
        html = page_html(repo_site, f"{game}/rulings")
        for reasoning in re.findall(r'<div class="rk-reasoning">(.*?)</div>', html, re.S):
            assert not re.search(r"[Ee]ngine decisions? D-", reasoning)
        shown = [r for r in rulings if r.game == game and r.decisions and f'id="{r.id}"' in html]
        footnotes += len(shown)
        for ruling in shown:
            entry = html[html.index(f'id="{ruling.id}"') :]
            footnote = entry[: entry.index("</details>")]
            assert f"follows this ruling as engine decision {', '.join(ruling.decisions)}." in footnote
    assert footnotes >= 30  # Atnia's and Altered's rulings each name their decision


def test_rulings_are_grouped_by_chapter_and_listed_by_question(repo_site):
    """Atnia's rulings page groups every ruling under a section heading, each once, its question its heading."""
    html = page_html(repo_site, "atnia/rulings")
    groups = re.findall(r'<h2 id="rulings-[^"]+">([^<]+)<a', html)
    assert len(groups) >= 3
    heads = re.findall(r'<summary><h3 id="(R-ATN-\d+)" class="rk-ruling-head">([^<]+)</h3></summary>', html)
    assert len(heads) == len({h for h, _ in heads}) >= 10
    assert all(not question.startswith("R-ATN") for _, question in heads)
    assert 'aria-current="page">Atnia' in html and re.search(r'href="[./]*altered/rulings(/|\.html)"', html)
