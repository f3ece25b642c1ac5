"""Naming cards in an Atnia scenario: by instance id, by label, or by name (``Ember Squire``, ``p2:Ember Squire``)."""

from __future__ import annotations

from engine.atnia.state import Game, Zone
from kb.verify.naming import by_name, many, written

#: Where a name is looked for first when no zone is given: in play, then on the horizon, then the rest.
ORDER = (
    Zone.BATTLEFIELD,
    Zone.LOCATION,
    Zone.HORIZON,
    Zone.HAND,
    Zone.CHANNEL,
    Zone.DISCARD,
    Zone.DECK,
    Zone.VOID,
)


def ref(game: Game, text: object, *, zones: tuple[Zone, ...] | None = None, player: str | None = None) -> str:
    """The id a scenario means: a player id, an exact id or label, else the first card of that name.

    ``p2:Ember Squire`` restricts the name to p2's cards; ``zones`` to where the action looks (the hand for a card
    to play). Copies of a card are interchangeable, so the first match in zone order is taken (on the battlefield:
    from the left); labels tell copies apart where it matters.
    """
    text = written(text, "a card name, label or id")
    if text in game.objects or text in game.players:
        return text

    def position(c) -> int:
        if c.zone is Zone.HORIZON:
            return next((i for i, e in enumerate(game.horizon) if e.card == c.id), 0)
        if c.zone is None:
            return 0
        pile = game.players[c.controller if c.zone in (Zone.BATTLEFIELD, Zone.LOCATION) else c.owner].pile(
            c.zone
        )
        return pile.index(c.id) if c.id in pile else 0

    return by_name(game, text, player, zones, ORDER, noun="card", position=position)


refs = many(ref)
