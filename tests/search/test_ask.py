"""`rulekb ask`: the rules that settle a judge's question, each with its context, terms, rulings and examples."""

from __future__ import annotations

import json

from kb.core.rulings import load_rulings
from kb.search.ask import ask
from kb.search.indexer import index_knowledge_base
from kb.search.searcher import SearchEngine
from kb.verify.results import load_results


def answer(engine, project_kb, question, rulings=(), results=None, **kwargs):
    from kb.verify.results import VerifyResults

    return ask(
        question,
        engine,
        project_kb.graph,
        list(rulings),
        results or VerifyResults(""),
        project_kb.curated.defined_by,
        **kwargs,
    )


def test_answer_leads_with_the_rule_that_settles_the_question(engine, project_kb):
    """Asking whether a main character is discarded at its DFV answers with 3.0.7e first."""
    result = answer(
        engine, project_kb, "Is a main character discarded when its damage counters reach its DFV?"
    )
    assert result.rules[0].id == "athernum:3.0.7e"


def test_each_rule_comes_with_parent_chain_subrules_and_terms(engine, project_kb):
    """A rule in an answer carries its breadcrumb, its subrules' text and the definitions of the terms it uses."""
    rules = answer(engine, project_kb, "main character damage counters equal to defensive value").rules
    rule = next(r for r in rules if r.id == "athernum:3.0.7e")
    assert [r.label for r in rule.breadcrumb][-2:] == ["3 Main Character", "3.0.7"]
    assert [r.id for r in rule.subrules] == ["athernum:3.0.7e.I", "athernum:3.0.7e.II", "athernum:3.0.7e.III"]
    assert rule.subrules[1].text == "All damage counters on it are removed"
    terms = {t.label: t for t in rule.terms}
    assert "State-Based Check" in terms and terms["State-Based Check"].text.startswith("A game rule check")
    assert terms["State-Based Check"].url == "athernum/glossary.html#term-state-based-check"


def test_every_item_of_an_answer_has_its_site_link(engine, project_kb):
    """Rules, breadcrumbs, subrules and terms in an answer all carry their URL on the site."""
    for rule in answer(engine, project_kb, "What does an exhausted permanent lose?").rules:
        assert rule.url.startswith("athernum/cr/")
        assert all(r.url for r in rule.breadcrumb + rule.subrules + rule.terms + rule.passages)


def test_glossary_hit_stands_for_the_rule_defining_the_term(engine, project_kb):
    """A matched glossary term leads to the numbered rule defining it: curated (terms.yaml) or its parent rule."""
    from kb.search.ask import rules_for_hit

    defined_by = project_kb.curated.defined_by
    hits = {h.id: h for h in engine.search("state-based check offensive value", kind="term", limit=20).hits}
    assert rules_for_hit(project_kb.graph, hits["athernum:term/state-based-check"], defined_by) == [
        "athernum:4.2.0"
    ]
    assert rules_for_hit(project_kb.graph, hits["athernum:term/offensive-value"], defined_by) == [
        "athernum:2.2.3"
    ]


def test_a_term_defined_by_a_heading_answers_with_its_glossary_entry_first(engine, project_kb):
    """ "whats a resource pool": the rule the term names (5.0.3 Resource Pool and Usage) is a heading without text,
    so the answer gives the glossary entry's definition first and the heading, with its subrules, next."""
    rules = [r.id for r in answer(engine, project_kb, "whats a resource pool").rules]
    assert rules[:2] == ["athernum:term/resource-pool", "athernum:5.0.3"]


def test_german_question_is_answered_with_cr_rules(engine, project_kb):
    """A German question is answered with CR rules, reached through the German passage that matched."""
    result = answer(engine, project_kb, "Wer darf verdeckte Karten ansehen?", limit=3)
    assert "athernum:6.1.4" in [r.id for r in result.rules]
    assert all(r.id.startswith("athernum:") and r.url.startswith("athernum/cr/") for r in result.rules)
    assert result.rules[0].found_by.startswith("explained by rulebook-de/")


def test_rulings_and_passing_scenarios_appear_under_the_rules_they_cite(indexed_with_rulings, project_kb):
    """A ruling citing 9.3.9b and a passing scenario demonstrating it are listed under 9.3.9b, with links."""
    paths = indexed_with_rulings
    rulings, _ = load_rulings(paths)
    with SearchEngine(paths) as engine:
        result = answer(
            engine,
            project_kb,
            "Does the target deal damage back to the attacker?",
            rulings,
            load_results(paths),
        )
    rule = next(r for r in result.rules if r.id == "athernum:9.3.9b")
    assert [(r.id, r.url) for r in rule.rulings] == [("R-ATH-900", "athernum/rulings.html#R-ATH-900")]
    assert [(e.id, e.kind, e.status) for e in rule.examples] == [
        ("athernum/combat/target-strikes-back", "scenario", "passed")
    ]
    assert rule.examples[0].url == "athernum/examples/9.3.0.html#combat--target-strikes-back"


def test_failing_scenario_is_not_offered_as_an_example(with_rulings_and_results, project_kb):
    """Only passing scenarios demonstrate a rule: a failed one is left out of the answer."""
    from tests.search.conftest import results_json

    paths = with_rulings_and_results
    (paths.cache / "verify-results.json").write_text(results_json("failed"), encoding="utf-8")
    index_knowledge_base(paths, project_kb)
    with SearchEngine(paths) as engine:
        result = answer(
            engine, project_kb, "Does the target deal damage back to the attacker?", [], load_results(paths)
        )
    assert all(not r.examples for r in result.rules if r.id == "athernum:9.3.9b")


def test_ask_command_prints_json_with_rules_and_links(indexed, run):
    """`rulekb ask --json` prints the question and rules with text, url, breadcrumb and terms."""
    code, out, _ = run(indexed.root, "ask", "--json", "--limit", "2", "Can a token be shuffled into a deck?")
    assert code == 0
    data = json.loads(out)
    assert data["question"] == "Can a token be shuffled into a deck?"
    assert len(data["rules"]) == 2
    assert {"id", "text", "url", "breadcrumb", "terms", "rulings", "examples"} <= set(data["rules"][0])


def test_ask_command_full_shows_each_rule_in_its_context(indexed, run):
    """`rulekb ask --full` prints every rule with its breadcrumb, text, link and sections."""
    code, out, _ = run(indexed.root, "ask", "--full", "What", "does", "an", "exhausted", "permanent", "keep?")
    assert code == 0
    assert "\nOther rules\n" in out
    assert "Rule 6.2.4  athernum:6.2.4" in out and "athernum/cr/6.html#6.2.4" in out
    assert (
        "Subrules" in out
        and "Card name" in out
        and "States and Visibility › 6.2.0 Exhausted Permanents" in out
    )


def test_unnumbered_cr_paragraph_stands_for_its_section(engine, project_kb):
    """A CR paragraph without a number (9.1.0's "No cards may be played …") stands for the section it sits in."""
    from kb.search.ask import rules_for_hit

    hits = {h.id: h for h in engine.search("No cards may be played during the morning phase", limit=20).hits}
    assert rules_for_hit(project_kb.graph, hits["athernum:9.1.0/p1"], project_kb.curated.defined_by) == [
        "athernum:9.1.0"
    ]


#: Questions whose best ruling rests on a rule other than search's first one.
RULING_ON_A_LOWER_RULE = [
    "Can my opponent take control of my main character?",
    "Who owns a token?",
    "When is a state-based check performed?",
    "Can other players respond to an effect on the stack?",
]


def test_answer_keeps_search_order_and_a_leading_ruling_rests_on_the_first_rule(engine, project_kb, indexed):
    """ask lists the rules in search's order (a ruling never moves a lower rule first), and a ruling that heads
    the answer rests on its first rule."""
    from kb.search.ask import CANDIDATE_HITS, rules_for_hit

    rulings, _ = load_rulings(indexed)
    for question in RULING_ON_A_LOWER_RULE:
        result = answer(engine, project_kb, question, rulings)
        hits = engine.search(question, limit=CANDIDATE_HITS).hits
        rules = [r for h in hits for r in rules_for_hit(project_kb.graph, h, project_kb.curated.defined_by)]
        searched = [r for r in dict.fromkeys(rules) if result.game is None or r.startswith(f"{result.game}:")]
        assert [r.id for r in result.rules] == searched[: len(result.rules)], question
        assert result.ruling is None or result.rules[0].id in {r.id for r in result.ruling.rules}, question
