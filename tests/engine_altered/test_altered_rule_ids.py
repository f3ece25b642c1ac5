"""Every Altered rule id the engine can cite exists in the rule graph and is registered in engine.altered.rules."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from engine.altered import DECISIONS, RULES, IllegalAction, new_game
from tests.engine_altered.altered_helpers import library

ENGINE = Path(__file__).resolve().parents[2] / "engine" / "altered"
RULE_LITERAL = re.compile(r"""["'](\d\.\d(?:\.\d{1,2})?\.[a-z])["']""")


@pytest.fixture(scope="module")
def kb_graph():
    """The rule graph kb builds from rules/."""
    from kb.loader import load_kb

    return load_kb().graph


@pytest.fixture(scope="module")
def cited_in_play():
    """Rule ids cited by log entries and rejections during a batch of random games."""
    lib = library()
    playable = [n for n, d in lib.items() if d.type in ("character", "spell", "permanent")]
    heroes = [n for n, d in lib.items() if d.type == "hero"]
    seen: set[str] = set()
    for seed in range(12):
        rng = random.Random(seed)
        decks = {
            p: {"deck": [rng.choice(playable) for _ in range(25)], "hero": rng.choice(heroes)}
            for p in ("p1", "p2")
        }
        game = new_game(decks, lib, seed=seed)
        for _ in range(250):
            legal = game.legal_actions()
            if not legal:
                break
            game.apply(rng.choice(legal))
        seen |= {e.rule for e in game.log}
        from engine.altered.actions import Pass

        try:
            assert game.acting_player is not None
            game.apply(Pass(game.opponent(game.acting_player)))
        except IllegalAction as exc:
            seen |= set(exc.rules)
    return seen


def test_every_registered_rule_is_in_the_graph(kb_graph):
    """Each id of RULES is a node altered:<id> of the rule graph."""
    assert sorted(r for r in RULES if "altered:" + r not in kb_graph) == []


def test_engine_source_cites_only_registered_rules():
    """Every rule-id string literal in the engine's source is registered in RULES."""
    unknown = {}
    literals: set[str] = set()
    for path in sorted(ENGINE.glob("*.py")):
        if path.name == "rules.py":
            continue
        found = set(RULE_LITERAL.findall(path.read_text(encoding="utf-8")))
        literals |= found
        if found - set(RULES):
            unknown[path.name] = sorted(found - set(RULES))
    assert unknown == {}
    assert len(literals) > 40  # the pattern does find the engine's citations


def test_decisions_name_rules_of_the_graph(kb_graph):
    """Every rule an engine decision names is a node of the graph, and decision ids are unique."""
    assert sorted({r for d in DECISIONS for r in d.rules if "altered:" + r not in kb_graph}) == []
    assert len({d.id for d in DECISIONS}) == len(DECISIONS)


def test_rules_cited_in_play_are_registered_and_in_the_graph(kb_graph, cited_in_play):
    """Random games cite only registered ids that are graph nodes, and a good share of the excerpt."""
    assert cited_in_play <= set(RULES)
    assert all("altered:" + r in kb_graph for r in cited_in_play)
    assert len(cited_in_play) >= 30
