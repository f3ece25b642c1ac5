"""Naming cards in an Atnia scenario: by instance id, by label, or by name (``Ember Squire``, ``p2:Ember Squire``)."""

from __future__ import annotations

from engine.atnia.state import Game, Zone


class StepError(ValueError):
    """A step that cannot be turned into an action: an unknown card, a malformed argument."""


#: Where a name is looked for first when no zone is given: in play, then on the horizon, then the rest.
ORDER = (Zone.BATTLEFIELD, Zone.LOCATION, Zone.HORIZON, Zone.HAND, Zone.CHANNEL, Zone.DISCARD, Zone.DECK, Zone.VOID)


def ref(game: Game, text: object, *, zones: tuple[Zone, ...] | None = None, player: str | None = None) -> str:
    """The id a scenario means: a player id, an exact id or label, else the first card of that name.

    ``p2:Ember Squire`` restricts the name to p2's cards; ``zones`` to where the action looks (the hand for a card
    to play). Copies of a card are interchangeable, so the first match in zone order is taken (on the battlefield:
    from the left); labels tell copies apart where it matters.
    """
    if not isinstance(text, str) or not text.strip():
        raise StepError(f"expected a card name, label or id, not {text!r}")
    text = text.strip()
    if text in game.objects or text in game.players:
        return text
    owner, name = player, text
    if ":" in text and text.split(":", 1)[0] in game.players:
        owner, name = text.split(":", 1)
    candidates = [c for c in game.objects.values() if c.name.casefold() == name.casefold()
                  and (owner is None or owner in (c.owner, c.controller))]
    if zones is not None:
        candidates = [c for c in candidates if c.zone in zones] or candidates
    if not candidates:
        raise StepError(f"no card{' of ' + owner if owner else ''} named {name!r} in the game")
    order = {z: i for i, z in enumerate(zones or ORDER)}

    def position(c) -> int:
        if c.zone is Zone.HORIZON:
            return next((i for i, e in enumerate(game.horizon) if e.card == c.id), 0)
        if c.zone is None:
            return 0
        pile = game.players[c.controller if c.zone in (Zone.BATTLEFIELD, Zone.LOCATION) else c.owner].pile(c.zone)
        return pile.index(c.id) if c.id in pile else 0

    candidates.sort(key=lambda c: (order.get(c.zone, 99), position(c), c.id))
    return candidates[0].id


def refs(game: Game, items: object, **kw) -> tuple[str, ...]:
    """Several names at once (a single name is a list of one)."""
    if items is None:
        return ()
    if not isinstance(items, list):
        items = [items]
    return tuple(ref(game, i, **kw) for i in items)
