"""Every CR rule id the engine can cite exists in the rule graph (and is registered in engine.athernum.rules).

The graph comes from ``kb.graph.load_graph()``; its node ids are qualified, e.g. ``athernum:4.2.2a``.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from engine.athernum.decisions import DECISIONS
from engine.athernum.rules import RULES
from tests.engine.engine_fuzz import FULL, check_game

ENGINE = Path(__file__).resolve().parents[2] / "engine" / "athernum"
RULE_LITERAL = re.compile(r"""["'](\d{1,2}\.\d\.(?:\d{1,2}|A)[a-zA-Z]*(?:\.[IVX]+[a-z]?)?)["']""")


@pytest.fixture(scope="module")
def graph():
    """The rule graph built by kb."""
    from kb.graph import load_graph

    return load_graph()


@pytest.fixture(scope="module")
def cited_in_play():
    """Rule ids seen in the logs, results and rejections of a batch of random games (60 in CI, 20 locally)."""
    seen: set[str] = set()
    for seed in range(60 if FULL else 20):
        seen |= check_game(seed, illegal_every=2)["rules"]
    return seen


def test_every_registered_rule_is_in_the_graph(graph):
    """Each id in the engine's registry is a node athernum:<id> of the rule graph."""
    missing = sorted(r for r in RULES if f"athernum:{r}" not in graph)
    assert missing == []


def test_rules_cited_in_play_are_in_the_graph(graph, cited_in_play):
    """Each id cited by a log entry or a rejection during random games is a node of the rule graph."""
    missing = sorted(r for r in cited_in_play if f"athernum:{r}" not in graph)
    assert missing == []


def test_rules_cited_in_play_are_registered(cited_in_play):
    """Random games cite only registered rule ids, and a good share of them."""
    assert cited_in_play <= set(RULES)
    assert len(cited_in_play) > 80


def test_engine_source_cites_only_registered_rules():
    """Every rule-id string literal in the engine's source is registered in RULES."""
    unknown = {}
    for path in sorted(ENGINE.glob("*.py")):
        if path.name == "rules.py":
            continue
        for rid in RULE_LITERAL.findall(path.read_text()):
            if rid not in RULES:
                unknown.setdefault(path.name, []).append(rid)
    assert unknown == {}


def test_decisions_cite_registered_rules():
    """Every decision cites only registered rule ids, and decision ids are unique."""
    assert len({d.id for d in DECISIONS}) == len(DECISIONS)
    assert all(r in RULES for d in DECISIONS for r in d.rules)


def test_rule_ids_are_canonical():
    """Registered ids use the canonical form: roman numerals with I, never the scan's l."""
    bad = [r for r in RULES if re.search(r"\.[IVXl]*l[IVXl]*[a-z]?$", r)]
    assert bad == []
