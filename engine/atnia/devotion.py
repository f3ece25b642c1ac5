"""Devotion to the seven ideals (rules/the-7-ideals, rules/deitas/p6): from channelled cards (1 per ideal of each,
rules/channel-system/p2), from locations in the location zone (as much as their icons show, rules/locations/p1), and
from Wilderness locations created by exploring (1 to their ideal, rules/exploration/p1).

Devotion is not spent: a card's requirement is a threshold (rules/the-7-ideals/p1).
"""

from __future__ import annotations

from .cards import IDEALS, CardDef
from .state import Game


def devotion(game: Game, pid: str) -> dict[str, int]:
    """``pid``'s devotion to each ideal now."""
    out = dict.fromkeys(IDEALS, 0)
    ps = game.players[pid]
    for cid in ps.channel:
        for ideal in game.card(cid).definition.ideal_names:
            out[ideal] += 1
    for cid in ps.locations:
        card = game.card(cid)
        for ideal, amount in card.definition.ideals:
            out[ideal] += amount
    return out


def shortfall(game: Game, pid: str, card: CardDef) -> dict[str, tuple[int, int]]:
    """The ideals whose requirement ``pid`` does not meet: ideal -> (needed, has)."""
    have = devotion(game, pid)
    return {i: (n, have[i]) for i, n in card.requirement.items() if have[i] < n}
