"""The Atnia engine cites paragraphs, in play only ids of its registry, and its decisions are published as rulings
(the registry against the rule graph: tests/engine_common/test_rule_ids.py)."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
import yaml

from engine.atnia import DECISIONS, RULES
from tests.engine_atnia.helpers import game_from_decks

ROOT = Path(__file__).resolve().parents[2]
ENGINE = ROOT / "engine" / "atnia"
LITERAL = re.compile(r"""["'](rules/[a-z0-9./-]+)["']""")


@pytest.fixture(scope="module")
def graph():
    """The rule graph built by kb."""
    from kb.core.loader import load_kb

    return load_kb().graph


def test_registered_rules_are_paragraphs(graph):
    """The engine cites paragraphs and items of the document, never whole sections."""
    kinds = {graph.node(f"atnia:{r}").kind for r in RULES}
    assert kinds == {"paragraph"}


def test_decisions_are_published_as_rulings():
    """Each decision is stated by the ruling it names, which names it back and rests on the decision's rules."""
    data = yaml.safe_load((ROOT / "rules" / "atnia" / "rulings.yaml").read_text(encoding="utf-8"))
    rulings = {r["id"]: r for r in data["rulings"]}
    for d in DECISIONS:
        ruling = rulings[d.ruling]
        assert ruling["decision"] == d.id
        assert set(d.rules) <= set(ruling["rules"]), d.id
    assert len(rulings) == len(DECISIONS)


def test_rules_cited_in_play_are_registered():
    """Log entries and rejections of random games cite only registered ids, and cite many of them."""
    seen: set[str] = set()
    for seed in range(25):
        game = game_from_decks(
            seed,
            p1=["Recruit", "Spark", "Hound", "Jab", "Wall", "Shrine", "Insight", "Warden"] * 3,
            p2=["Runner", "Duelist", "Sword", "Banner", "Shell", "Curse", "Adept", "Teller"] * 3,
        )
        rng = random.Random(seed)
        for _ in range(300):
            if game.over:
                break
            game.apply(rng.choice(game.legal_actions()))
        seen |= {e.rule for e in game.log}
    assert seen <= set(RULES)
    assert len(seen) > 60
