"""``legal_actions``: every action the acting player may take now.

Candidates are generated and each is checked with the same validation :meth:`Game.apply` uses, so an
action listed here is accepted and one not listed is rejected.
"""

from __future__ import annotations

from itertools import combinations, product

from . import actions as A
from .apply import PLAY_ZONES, validate
from .cards import Ability, TargetSpec
from .errors import IllegalAction
from .state import EXPEDITIONS, IN_PLAY, Game, Zone
from .targets import candidates


def _target_sets(
    game: Game, player: str, specs: tuple[TargetSpec, ...], lenient: bool = False
) -> list[tuple]:
    return (
        [tuple(t) for t in product(*(candidates(game, player, s, lenient) for s in specs))] if specs else [()]
    )


def _pay_sets(game: Game, player: str, ability: Ability | None) -> list[tuple]:
    if ability is None:
        return [()]
    ps = game.players[player]
    hands = list(combinations(ps.hand, ability.cost.hand_to_reserve))
    chars = list(combinations(ps.characters(), ability.cost.sacrifice))
    return [h + c for h in hands for c in chars]


def _candidates(game: Game, player: str) -> list[A.Action]:
    c = game.pending
    if c is not None:
        if c.options and c.options[0] in ("yes", "no"):
            return [A.Decide(player, (o,)) for o in c.options]
        return [
            A.Decide(player, combo) for n in range(c.min, c.max + 1) for combo in combinations(c.options, n)
        ]
    if game.reactions_in_limbo():
        return [
            A.PlayReaction(player, e, t)
            for e in game.reactions_in_limbo(player)
            for t in _target_sets(game, player, game.emblems[e].targets, lenient=True)
        ]
    out: list[A.Action] = [A.Pass(player)]
    ps = game.players[player]
    for oid in ps.hand + ps.reserve + ps.discard:
        o = game.objects[oid]
        if o.zone not in PLAY_ZONES:
            continue
        exps = EXPEDITIONS if o.definition.type == "character" else ("hero",)
        for exp in exps:
            for t in _target_sets(game, player, o.definition.targets):
                out.append(A.PlayCard(player, oid, exp, t))
    sources = list(game.in_play(player)) + list(ps.reserve)
    for oid in sources:
        o = game.objects[oid]
        for i, ability in enumerate(o.definition.abilities):
            wanted = "quick" if o.zone in IN_PLAY else "support"
            if ability.kind != wanted or (o.zone is Zone.RESERVE and ability.kind != "support"):
                continue
            for t in _target_sets(game, player, ability.targets):
                for pay in _pay_sets(game, player, ability):
                    out.append(A.QuickAction(player, oid, i, t, pay))
    return out


def legal_actions(game: Game) -> list[A.Action]:
    """Every action the acting player may take now (empty when nobody may act)."""
    player = game.acting_player
    if player is None:
        return []
    out = []
    for action in _candidates(game, player):
        try:
            validate(game, action)
        except IllegalAction:
            continue
        out.append(action)
    return out
