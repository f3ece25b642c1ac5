"""`rulekb ask` as a judge reads it: the ruling that settles the question whole, its rule, its proof, in one screen."""

from __future__ import annotations

import json

import pytest

from kb.core.rulings import load_rulings
from kb.search.render_answer import SCREEN_LINES

DEFENDER = "does the defender deal combat damage back to the attacker"


def _flat(text: str) -> str:
    return " ".join(text.split())


@pytest.fixture(scope="module")
def rulings(judged):
    return {r.id: r for r in load_rulings(judged)[0]}


def test_ask_leads_with_the_whole_ruling_and_its_proof(judged, run, rulings):
    """The first lines of the answer hold the settling ruling's question and whole answer, then its rule, then
    the verified example that proves it: its start, its outcome and the engine's rule chain."""
    code, out, _ = run(judged.root, "ask", DEFENDER)
    assert code == 0
    lines = out.splitlines()
    assert lines[0].startswith("Ruling R-ATH-001")
    ruling = rulings["R-ATH-001"]
    head = _flat("\n".join(lines[:12]))
    assert _flat(ruling.question) in head and _flat(ruling.answer) in head
    rule = next(n for n, line in enumerate(lines) if line.startswith("Rule "))
    proof = next(n for n, line in enumerate(lines) if line.startswith("Proof: "))
    assert rule < proof < 25 and "(verified)" in lines[proof]
    assert "Start: " in lines[proof + 1] and any("Outcome: " in line for line in lines[proof : proof + 5])
    chain = next(line for line in lines[proof:] if "Rule chain: " in line)
    assert "9.3.7" in chain and "9.3.9" in chain
    assert len(lines) <= SCREEN_LINES


def test_brief_shows_the_answer_and_its_rule_only(judged, run, rulings):
    """`--brief` prints the ruling and its deciding rule, with no proof and no other rules."""
    code, out, _ = run(judged.root, "ask", "--brief", DEFENDER)
    assert code == 0 and out.startswith("Ruling R-ATH-001") and "\nRule 9.3." in out
    assert "Proof:" not in out and "Other rules" not in out


def test_full_shows_the_reasoning_and_every_rule_in_context(judged, run):
    """`--full` adds the ruling's reasoning and each rule's breadcrumb and sections."""
    code, out, _ = run(judged.root, "ask", "--full", DEFENDER)
    assert (
        code == 0
        and "Why: 9.3.9 only speaks of the attacker" in out
        and "Subrules" in out
        and " › 9.3.0 " in out
    )
    assert len(out.splitlines()) > SCREEN_LINES


@pytest.mark.parametrize(
    "question, ruling, game",
    [
        ("in Altered when does an expedition move forward at Dusk", "R-ALT-002", "altered"),
        ("atnia what happens to energy left unspent at the end of a round", "R-ATN-005", "atnia"),
    ],
)
def test_other_games_are_answered_in_their_own_game(judged, run, question, ruling, game):
    """A question that names or speaks another game is answered with that game's ruling and rules only."""
    code, out, _ = run(judged.root, "ask", "--json", question)
    data = json.loads(out)
    assert code == 0 and data["game"] == game and data["ruling"]["id"] == ruling
    assert all(rule["id"].startswith(f"{game}:") for rule in data["rules"])
    assert data["proof"]["status"] == "passed" and data["proof"]["id"].startswith(f"{game}/")


def test_german_question_shows_the_german_passage_and_german_words(judged, run, project_kb):
    """A German question shows the German rulebook passage's text beside the CR rule, and German labels."""
    passage = project_kb.graph.node("athernum:rulebook-de/verdeckte-karten/p1").text
    code, out, _ = run(judged.root, "ask", "Wer darf verdeckte Karten ansehen?")
    assert code == 0 and out.startswith("Entscheidung ") and "\nRegel 6.1.4" in out
    assert _flat(f"Regelbuch: {passage}") in _flat(out)
    code, out, _ = run(judged.root, "ask", "--lang", "en", "Wer darf verdeckte Karten ansehen?")
    assert out.startswith("Ruling ") and "Regelbuch" not in out


def test_no_rule_found_exits_1(judged, run):
    """A question nothing matches says so and exits 1, so that a script can tell."""
    code, out, _ = run(judged.root, "ask", "qwxzv", "zzqpf")
    assert code == 1 and "no rule found" in out


def test_scores_only_with_explain(judged, run):
    """Scores are not printed by default; --explain shows them with the words matched per field."""
    _, out, _ = run(judged.root, "ask", DEFENDER)
    assert "score" not in out
    code, out, _ = run(judged.root, "ask", "--explain", DEFENDER)
    assert code == 0 and "Why (search's hits" in out and "score " in out
    assert "damage → body_en: damag" in out


def test_links_are_site_paths_or_absolute_urls(judged, run, monkeypatch):
    """Links are the built page's path under site/, or absolute URLs when the site's address is configured."""
    _, out, _ = run(judged.root, "ask", "--brief", DEFENDER)
    assert str(judged.site / "athernum/rulings.html#R-ATH-001") in out
    monkeypatch.setenv("RULEKB_SITE_URL", "https://rules.example.org/kb")
    _, out, _ = run(judged.root, "ask", "--brief", DEFENDER)
    assert "https://rules.example.org/kb/athernum/rulings.html#R-ATH-001" in out
