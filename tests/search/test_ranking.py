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
