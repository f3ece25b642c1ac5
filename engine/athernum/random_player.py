"""A seeded random player: picks among ``legal_actions``, weighted to favour progress.

It plays complete games (:func:`play_random_game`) from random legal decks through setup
to a result; the random-play property test and the benchmark use it.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from . import actions as A
from .card_pool import library as pool_library
from .card_pool import random_deck
from .cards import CardDef
from .legal import legal_actions
from .parameters import CR_PARAMETERS, RuleParameters
from .setup import new_game
from .state import Game

#: Relative weight of each kind of action (the weight is shared by all actions of that kind).
WEIGHTS: dict[type, float] = {
    A.PassPriority: 6.0,
    A.PlayCard: 5.0,
    A.AttachItem: 1.5,
    A.ActivateAbility: 2.0,
    A.ActivateSupport: 1.0,
    A.UseCommand: 4.0,
    A.ExhaustResource: 2.5,
    A.EnterCombat: 3.0,
    A.DeclareAttack: 4.0,
    A.TurnFaceUp: 1.0,
    A.DiscardAttachment: 0.05,
    A.NextPhase: 1.0,
}


class RandomPlayer:
    """Chooses a legal action at random (seeded): first a kind of action by weight, then one of that kind."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)
        self._turn = -1
        self._actions_this_turn = 0

    def choose(self, game: Game, actions: list[A.Action] | None = None) -> A.Action:
        """One legal action for the acting player (``actions``: the legal list, if already computed)."""
        acts = legal_actions(game) if actions is None else actions
        if not acts:
            raise ValueError("no legal action: the game is over or nobody may act")
        if game.turn != self._turn:
            self._turn, self._actions_this_turn = game.turn, 0
        self._actions_this_turn += 1
        kinds: dict[type, list[A.Action]] = {}
        for a in acts:
            kinds.setdefault(type(a), []).append(a)
        if len(kinds) == 1:
            return self.rng.choice(acts)
        names = list(kinds)
        weights = []
        for k in names:
            w = WEIGHTS.get(k, 1.0)
            if k is A.NextPhase:
                w += self._actions_this_turn / 8
            if k is A.ExhaustResource and game.stack is not None:
                w = 0.3
            weights.append(w)
        kind = self.rng.choices(names, weights)[0]
        return self.rng.choice(kinds[kind])


def random_game(
    seed: int,
    lib: dict[str, CardDef] | None = None,
    *,
    turn_limit: int = 200,
    parameters: RuleParameters | None = None,
    players: int = 2,
) -> Game:
    """A new game between ``players`` random legal decks (p1, p2, ...; setup choices still pending), under ``parameters``."""
    lib = lib or pool_library()
    params = parameters or CR_PARAMETERS
    rng = random.Random(seed)
    decks = {f"p{i}": random_deck(rng, lib, params) for i in range(1, players + 1)}
    return new_game(decks, lib, seed=seed, turn_limit=turn_limit, parameters=params)


def play_random_game(
    seed: int,
    lib: dict[str, CardDef] | None = None,
    *,
    turn_limit: int = 200,
    after_action: Callable[[Game, A.Action], None] | None = None,
    max_actions: int = 200_000,
    players: int = 2,
) -> Game:
    """Play one complete game between ``players`` random players; ``after_action`` sees every step."""
    game = random_game(seed, lib, turn_limit=turn_limit, players=players)
    player = RandomPlayer(seed)
    for _ in range(max_actions):
        if game.over:
            return game
        action = player.choose(game)
        game.apply(action)
        if after_action is not None:
            after_action(game, action)
    raise RuntimeError(f"game {seed} did not end within {max_actions} actions")
