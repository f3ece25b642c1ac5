"""Random games: every legal action is accepted, illegal ones change nothing, and games progress."""

from __future__ import annotations

import random

import pytest

from engine.atnia.actions import Channel, Pass, PlayCard
from engine.atnia.errors import IllegalAction
from tests.engine_atnia.helpers import game_from_decks

DECK_A = ["Recruit", "Spark", "Hound", "Jab", "Wall", "Shrine", "Insight", "Warden", "Price", "Gift"] * 3
DECK_B = ["Runner", "Duelist", "Sword", "Banner", "Shell", "Curse", "Adept", "Teller", "Quake", "Lantern"] * 3


@pytest.mark.parametrize("seed", range(20))
def test_random_game(seed):
    """Random legal actions never raise, random illegal ones leave the state unchanged, and rounds advance."""
    game = game_from_decks(seed, DECK_A, DECK_B)
    rng = random.Random(seed)
    for _ in range(600):
        if game.over:
            break
        legal = game.legal_actions()
        assert legal, f"no legal action in {game.phase.value} (pending {game.pending})"
        if rng.random() < 0.2:
            other = "p2" if game.acting_player == "p1" else "p1"
            assert game.acting_player is not None
            probe = rng.choice(
                [Pass(other), Channel(other, "nothing"), PlayCard(game.acting_player, "missing")]
            )
            before = game.to_dict()
            with pytest.raises(IllegalAction):
                game.apply(probe)
            assert game.to_dict() == before
        game.apply(rng.choice(legal))
    assert game.over or game.round > 2
