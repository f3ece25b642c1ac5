"""The Altered engine cites in play only ids of its registry (the registry against the rule graph, and the source
against the registry: tests/engine_common/test_rule_ids.py)."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from engine.altered import RULES, IllegalAction, new_game
from tests.engine_altered.altered_helpers import library

ENGINE = Path(__file__).resolve().parents[2] / "engine" / "altered"
RULE_LITERAL = re.compile(r"""["'](\d\.\d(?:\.\d{1,2})?\.[a-z])["']""")


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


def test_rules_cited_in_play_are_registered(cited_in_play):
    """Random games cite only registered ids (graph nodes, tests/engine_common/test_rule_ids.py), and a good share."""
    assert cited_in_play <= set(RULES)
    assert len(cited_in_play) >= 30
