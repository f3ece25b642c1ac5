"""legal_actions agrees with apply: listed actions are accepted, others refused, and a refusal changes nothing. CI plays
6 random games (``RULEKB_FULL_RANDOM_PLAY=1``), a local ``make test`` 2, with the same assertions."""

from __future__ import annotations

import random

import pytest

from engine.altered import IllegalAction, new_game
from engine.altered import actions as A
from tests.engine.engine_fuzz import FULL
from tests.engine_altered.altered_helpers import library

#: The seeds of the random games: CI's full count, locally the first two.
SEEDS = range(6 if FULL else 2)


def _random_game(seed: int):
    lib = library()
    playable = sorted(n for n, d in lib.items() if d.type in ("character", "spell", "permanent"))
    heroes = sorted(n for n, d in lib.items() if d.type == "hero")
    rng = random.Random(seed)
    decks = {
        p: {"deck": [rng.choice(playable) for _ in range(30)], "hero": rng.choice(heroes)}
        for p in ("p1", "p2")
    }
    return new_game(decks, lib, seed=seed), rng


def _probes(game, player):
    """Candidate actions, most of them illegal: every card played from every zone, passes, reactions, answers."""
    out = [A.Pass(player), A.Pass(game.opponent(player)), A.Decide(player, ("yes",)), A.Decide(player, ())]
    for oid in game.objects:
        out.append(A.PlayCard(player, oid))
        out.append(A.QuickAction(player, oid, 0))
    out += [A.PlayReaction(p, e) for e in game.emblems for p in game.order]
    return out


@pytest.mark.parametrize("seed", SEEDS)
def test_random_play_agrees_with_legal_actions(seed):
    """Over random games, every listed action is accepted, every refused probe is unlisted and leaves the state as it was."""
    game, rng = _random_game(seed)
    for _ in range(300):
        legal = game.legal_actions()
        assert legal, f"nobody can act: {game.queue and game.queue[0]}"
        player = game.acting_player
        before, log_size = (
            game.to_dict(),
            len(game.log),
        )  # each refusal below is checked to leave exactly this
        for probe in rng.sample(_probes(game, player), 12):
            if probe in legal:
                continue
            with pytest.raises(IllegalAction) as info:
                game.apply(probe)
            assert info.value.rules, "a refusal cites at least one rule"
            assert game.to_dict() == before and len(game.log) == log_size
        game.apply(rng.choice(legal))
    assert game.day >= 2
