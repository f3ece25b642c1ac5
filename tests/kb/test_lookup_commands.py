"""`rulekb ruling`, `rulekb example` and `rulekb rule --game`: one entry whole, in each of the three games."""

from __future__ import annotations

import json

import pytest

from kb.core.rulings import load_rulings

RULINGS = [
    ("R-ATH-001", "athernum:9.3.9b"),
    ("R-ATN-005", "atnia:rules/energy-system/p1"),
    ("R-ALT-002", "altered:1.3.2.e"),
]
EXAMPLES = [
    "athernum/ch09/defender-takes-targets-place",
    "atnia/combat/challenger-attacks-a-unit",
    "altered/day/dusk-progress-greater-statistic",
]


@pytest.mark.parametrize("ruling_id, rule", RULINGS)
def test_ruling_shows_question_answer_reasoning_rules_and_examples(judged, run, project_kb, ruling_id, rule):
    """A ruling prints whole: its question, whole answer and reasoning, its rules' text, its examples' status."""
    ruling = next(r for r in load_rulings(judged)[0] if r.id == ruling_id)
    code, out, _ = run(judged.root, "ruling", ruling_id.lower())
    flat = " ".join(out.split())
    assert code == 0 and out.startswith(ruling_id)
    for said in (ruling.question, ruling.answer, ruling.reasoning, project_kb.graph.node(rule).text):
        assert " ".join(said.split()) in flat
    assert flat.count("passed ") == len(ruling.scenarios)


@pytest.mark.parametrize("example_id", EXAMPLES)
def test_example_shows_board_steps_end_state_and_log(judged, run, example_id):
    """An example prints its verdict, the start board with card statistics, its steps, its end state checked and
    the engine's rule chain."""
    code, out, _ = run(judged.root, "example", example_id)
    data = json.loads(run(judged.root, "example", "--json", example_id)[1])
    assert code == 0 and out.startswith(data["title"]) and "Verified: every step" in out
    card = next(
        c
        for p in data["start"]["players"]
        for a in p["areas"]
        if not a["pile"]
        for c in a["cards"]
        if c["stats"]
    )
    stat, value = next(iter(card["stats"].items()))
    assert f"{card['name']} [{stat} {value}" in out
    assert "\nAt the start\n" in out and "\nSteps\n" in out and "\nEnd state\n" in out
    assert "  1. " + data["steps"][0]["words"] in out and "✓ " in out
    assert "Rule chain: " + " → ".join(data["chain"][:2]) in out


def test_example_is_found_by_its_file_or_its_id_within_a_game(judged, run):
    """An example is found by its scenario file or, with --game, by its id without the game."""
    assert run(judged.root, "example", "scenarios/atnia/energy/bonus-above-ten.yaml")[0] == 0
    assert run(judged.root, "example", "--game", "atnia", "energy/bonus-above-ten")[0] == 0
    code, _, err = run(judged.root, "example", "--game", "altered", "energy/bonus-above-ten")
    assert code == 2 and "no verified example" in err


@pytest.mark.parametrize(
    "game, typed, rule",
    [
        ("athernum", "4.2.2a", "athernum:4.2.2a"),
        ("atnia", "rules/energy-system/p1", "atnia:rules/energy-system/p1"),
        ("altered", "1.4.1.b", "altered:1.4.1.b"),
    ],
)
def test_rule_takes_game_and_shows_its_rulings_and_examples(judged, run, game, typed, rule):
    """`rule --game G ID` shows that game's rule with the rulings on it and its verified examples."""
    code, out, _ = run(judged.root, "rule", "--game", game, typed, "--json")
    data = json.loads(out)
    assert code == 0 and data["id"] == rule
    rulings = [r for r in load_rulings(judged)[0] if rule in r.rules]
    assert [r["id"] for r in data["rulings"]] == [r.id for r in rulings]
    assert all(r["answer"] for r in data["rulings"])


def test_rule_shows_rulings_whole_and_verified_examples(judged, run):
    """`rule 9.3.7` lists R-ATH-001's whole answer and the verified examples demonstrating the rule."""
    code, out, _ = run(judged.root, "rule", "9.3.7")
    assert code == 0 and "\nRulings" in out and "R-ATH-001" in out and "in the target's place" in out
    assert "\nExamples" in out and "athernum/ch09/defender-takes-targets-place (passed)" in out


def test_rule_prints_whole_lines_into_a_pipe(judged, capsys, monkeypatch, project_kb):
    """Into a file or pipe, however narrow the console, `rule` prints the rule's text and each ruling's answer
    whole on their lines, never cut at the console's width."""
    from kb.cli import main

    monkeypatch.setenv("RULEKB_ROOT", str(judged.root))
    monkeypatch.setenv("COLUMNS", "40")
    assert main(["rule", "4.2.2a"]) == 0
    lines = capsys.readouterr().out.splitlines()
    (ruling,) = [r for r in load_rulings(judged)[0] if r.id == "R-ATH-003"]
    assert "  " + project_kb.node("athernum:4.2.2a").text in lines
    assert "    " + ruling.answer.splitlines()[0] in lines


def test_rule_finds_another_games_number_and_refuses_a_number_outside_the_game(judged, run):
    """`rule 1.4.1.b` is Altered's rule without --game; `--game atnia` says Atnia has no such rule."""
    code, out, _ = run(judged.root, "rule", "1.4.1.b")
    assert code == 0 and "altered:1.4.1.b" in out
    code, _, err = run(judged.root, "rule", "--game", "atnia", "1.4.1.b")
    assert code == 2 and "no rule '1.4.1.b' in atnia" in err


def test_rule_knows_ruling_and_example_ids(judged, run):
    """`rule R-ATH-001` shows the ruling and `rule` of an example's id its proof, each naming its own command."""
    code, out, err = run(judged.root, "rule", "R-ATH-001")
    assert code == 0 and out.startswith("R-ATH-001") and "`rulekb ruling R-ATH-001`" in err
    code, out, err = run(judged.root, "rule", EXAMPLES[0])
    assert code == 0 and "Verified: every step" in out and "`rulekb example " in err
