"""The quality gate: judge questions find the rules that answer them.

The first set (English and German) keeps recall@5 ≥ 0.9. The independent set (written from the source
documents before the ranking saw it, issue 12) keeps, in each of its four groups, the figures the
ranking reached when it was tuned, a little below them (the goal is recall@5 ≥ 0.95 and recall@1 ≥ 0.75;
see bench/bench_search_quality.py); its sealed questions are left out of the floors, measured once.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from kb.search.quality import evaluate, load_questions

QUESTIONS = Path(__file__).with_name("judge_questions.yaml")
INDEPENDENT = Path(__file__).with_name("judge_questions_independent.yaml")
TARGET_RECALL = 0.9
#: Per group of the independent set: the least recall@5 and recall@1 of `search` and of `ask`, on the test
#: index (rules, rulings and synonyms, but no verified scenarios, which lift some rules in a real build:
#: the benchmark, over the full build, measures higher).
FLOORS = {
    "en": (0.75, 0.55, 0.7, 0.5),
    "de": (0.7, 0.45, 0.75, 0.45),
    "atnia": (0.9, 0.5, 0.9, 0.5),
    "altered": (0.8, 0.55, 0.85, 0.55),
}


@pytest.fixture(scope="module")
def questions():
    return load_questions(QUESTIONS)


def test_question_set_is_large_enough_in_both_languages(questions):
    """The set holds at least 50 English and 10 German judge questions, each naming what its answer needs."""
    assert sum(q.lang == "en" for q in questions) >= 50
    assert sum(q.lang == "de" for q in questions) >= 10
    assert all(q.needs and all(q.needs) for q in questions)


def test_every_expected_rule_exists(questions, graph):
    """Every rule id a question expects is a node of the graph (a typo would make the gate meaningless)."""
    missing = sorted({i for q in questions for need in q.needs for i in need if i not in graph})
    assert missing == []


def test_recall_at_5_meets_the_target(questions, engine):
    """Over all judge questions, the first five hits hold at least 90 % of the rules the answers need."""
    report = evaluate(questions, lambda q: [h.id for h in engine.search(q, limit=10).hits], k=5)
    misses = "\n".join(f"  {r.question.question} → {r.ranking[:5]}" for r in report.misses())
    assert report.recall() >= TARGET_RECALL, f"recall@5 {report.recall():.3f}; missed:\n{misses}"


def test_scoring_counts_any_of_alternatives_and_ranks():
    """recall counts a need met by any of its alternatives; reciprocal rank uses the first useful hit."""
    from kb.search.quality import JudgeQuestion, score_question

    question = JudgeQuestion("q", (frozenset({"a:1", "a:2"}), frozenset({"a:3"})))
    result = score_question(question, ["a:9", "a:2", "a:8", "a:7", "a:6", "a:3"], k=5)
    assert result.recall == 0.5 and result.first_rank == 2 and result.reciprocal_rank == 0.5


def test_german_questions_alone_stay_well_answered(questions, engine):
    """German judge questions on their own keep recall@5 ≥ 0.85 (they were the weak spot at 0.50)."""
    german = [q for q in questions if q.lang == "de"]
    report = evaluate(german, lambda q: [h.id for h in engine.search(q, limit=10).hits], k=5)
    misses = "\n".join(f"  {r.question.question} → {r.ranking[:5]}" for r in report.misses())
    assert report.recall() >= 0.85, f"German recall@5 {report.recall():.3f}; missed:\n{misses}"


@pytest.fixture(scope="module")
def independent():
    return [q for q in load_questions(INDEPENDENT) if not q.sealed]


def test_independent_set_covers_four_groups_with_a_sealed_block(graph):
    """At least 150 independent questions in the four groups, each group with sealed questions, every
    expected rule a node of the graph."""
    questions = load_questions(INDEPENDENT)
    assert len(questions) >= 150
    assert {q.block for q in questions} == set(FLOORS)
    assert all(any(q.sealed and q.block == group for q in questions) for group in FLOORS)
    assert sorted({i for q in questions for need in q.needs for i in need if i not in graph}) == []


def test_sealed_batches_are_held_out_whole():
    """Every question of a sealed batch (a round written blind, e.g. sealed-s6) is marked sealed, so the
    benchmark and the floors leave the whole round out until it is measured once."""
    questions = load_questions(INDEPENDENT)
    batches = {q.batch for q in questions if q.batch.startswith("sealed-")}
    assert "sealed-s6" in batches
    assert all(q.sealed for q in questions if q.batch in batches)


@pytest.mark.parametrize("group", sorted(FLOORS))
def test_independent_questions_keep_their_floor_for_search_and_ask(independent, engine, project_kb, group):
    """Each group of the independent questions keeps its recall@5 and recall@1 floor, for search and ask."""
    from kb.search.ask import ask
    from kb.verify.results import VerifyResults

    questions = [q for q in independent if q.block == group]
    searched = evaluate(questions, lambda q: [h.id for h in engine.search(q, limit=10).hits])
    asked = evaluate(
        questions,
        lambda q: [
            r.id
            for r in ask(
                q, engine, project_kb.graph, [], VerifyResults(""), project_kb.curated.defined_by, limit=10
            ).rules
        ],
    )
    figures = (searched.recall(), searched.recall_at(1), asked.recall(), asked.recall_at(1))
    misses = "\n".join(f"  {r.question.question} → {r.ranking[:5]}" for r in searched.misses())
    assert all(f >= floor for f, floor in zip(figures, FLOORS[group])), (
        f"{group}: search R@5 {figures[0]:.3f} R@1 {figures[1]:.3f}, ask R@5 {figures[2]:.3f} R@1 {figures[3]:.3f}; "
        f"search missed:\n{misses}"
    )
