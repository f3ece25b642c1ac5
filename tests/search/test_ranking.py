"""Ranking patterns judges rely on: a limit-independent order, game sense, definitions first, rare words."""

from __future__ import annotations

from pathlib import Path

import pytest

from kb.search.evaluate import load_questions

HERE = Path(__file__).parent


@pytest.fixture(scope="module")
def sample_questions():
    """Every fourth question of both judge question sets (sealed ones left out): all groups, all phrasings."""
    questions = load_questions(HERE / "judge_questions.yaml") + [
        q for q in load_questions(HERE / "judge_questions_independent.yaml") if not q.sealed]
    return [q.question for q in questions[::4]]


def test_top_results_do_not_depend_on_the_limit(engine, sample_questions):
    """The first hits are the same whether one, three, ten or thirty hits are asked for."""
    changed = []
    for question in sample_questions:
        ranked = {limit: [h.id for h in engine.search(question, limit=limit).hits] for limit in (1, 3, 10, 30)}
        if not all(ranked[limit] == ranked[30][:limit] for limit in (1, 3, 10)):
            changed.append(question)
    assert changed == []


def test_a_game_named_in_the_question_keeps_results_in_that_game(engine):
    """"in Altered" or "atnia's" keeps every hit in that game, and the word itself is not searched for."""
    for question, game in (("in altered how many phases does a day have", "altered"),
                           ("atnia's starting life total", "atnia")):
        result = engine.search(question, limit=10)
        assert result.game == game and {h.game for h in result.hits} == {game}


def test_vocabulary_only_one_game_uses_keeps_results_in_that_game(engine):
    """Words only one game uses (Noon, horizon, Contingency) keep the results in that game, said in a note."""
    for question, game in (("what happens at noon", "altered"), ("what is the horizon", "atnia"),
                           ("who may use contingency", "athernum")):
        result = engine.search(question, limit=10)
        assert result.game == game and {h.game for h in result.hits} == {game}
        assert any(game in note for note in result.notes)


def test_words_every_game_uses_keep_all_games(engine):
    """A question in words all games share (or with an odd word one game happens to use once) is not
    kept to one game."""
    for question in ("how many cards do I draw", "in combat does the target hit back at the attacker"):
        assert engine.search(question, limit=10).game is None


def test_ask_ranks_rules_as_search_does(engine, project_kb):
    """`ask` answers with the rules of search's hits in search's order, so the CLI and the site agree."""
    from kb.search.ask import ask, companion_documents, rules_for_hit
    from kb.verify.results import VerifyResults

    graph, defined_by = project_kb.graph, project_kb.curated.defined_by
    companions = companion_documents(graph)
    for question in ("Can a token be shuffled into a deck?", "Wer darf verdeckte Karten ansehen?",
                     "how many times can I attack per round"):
        expected: list[str] = []
        for hit in engine.search(question, limit=25).hits:
            expected += [r for r in rules_for_hit(graph, hit, defined_by, companions) if r not in expected]
        answer = ask(question, engine, graph, [], VerifyResults(""), defined_by, limit=5)
        assert [r.id for r in answer.rules] == expected[:5]


def test_an_unnumbered_rules_text_answers_with_its_paragraphs(engine, project_kb):
    """Atnia's rules have no numbers: `ask` answers with its paragraphs, not with nothing."""
    from kb.search.ask import ask
    from kb.verify.results import VerifyResults

    answer = ask("atnia how many times can I attack per round", engine, project_kb.graph, [], VerifyResults(""),
                 project_kb.curated.defined_by, limit=5)
    assert answer.rules and all(r.id.startswith("atnia:rules/") for r in answer.rules)
