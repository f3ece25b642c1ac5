"""The Athernum engine cites in play only ids of its registry, and its ids are canonical (the registry against the
rule graph, and the engine's source against the registry: tests/engine_common/test_rule_ids.py)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from engine.athernum.rules import RULES
from tests.engine.engine_fuzz import FULL, check_game

ENGINE = Path(__file__).resolve().parents[2] / "engine" / "athernum"
RULE_LITERAL = re.compile(r"""["'](\d{1,2}\.\d\.(?:\d{1,2}|A)[a-zA-Z]*(?:\.[IVX]+[a-z]?)?)["']""")


@pytest.fixture(scope="module")
def cited_in_play():
    """Rule ids seen in the logs, results and rejections of a batch of random games (60 in CI, 20 locally)."""
    seen: set[str] = set()
    for seed in range(60 if FULL else 20):
        seen |= check_game(seed, illegal_every=2)["rules"]
    return seen


def test_rules_cited_in_play_are_registered(cited_in_play):
    """Random games cite only registered rule ids, and a good share of them."""
    assert cited_in_play <= set(RULES)
    assert len(cited_in_play) > 80


def test_rule_ids_are_canonical():
    """Registered ids use the canonical form: roman numerals with I, never the scan's l."""
    bad = [r for r in RULES if re.search(r"\.[IVXl]*l[IVXl]*[a-z]?$", r)]
    assert bad == []
