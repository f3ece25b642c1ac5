"""Naming cards in a scenario: by instance id, by label, or by name (``Ember Knight``, ``p2:Ember Knight``)."""

from __future__ import annotations

from engine.athernum.state import Game, Zone


class StepError(ValueError):
    """A step that cannot be turned into an action: an unknown card, a malformed argument."""


BOARD = (Zone.MAIN, Zone.CHARACTERS, Zone.LOCATION, Zone.RESOURCES, Zone.ITEM_SLOT)


def ref(game: Game, text: object, *, zones: tuple[Zone, ...] | None = None, player: str | None = None) -> str:
    """The instance id a scenario means: an exact id or label first, else the first card of that name.

    ``p2:Ember Knight`` restricts the name to cards owned or controlled by p2; ``zones`` to where the
    action looks (the hand for a card to play). Copies of a card are interchangeable, so the first
    match in zone order is taken; labels tell copies apart where it matters.
    """
    if not isinstance(text, str) or not text.strip():
        raise StepError(f"expected a card name, label or id, not {text!r}")
    text = text.strip()
    if text in game.objects:
        return text
    owner = player
    name = text
    if ":" in text and text.split(":", 1)[0] in game.players:
        owner, name = text.split(":", 1)
    candidates = [o for o in game.objects.values()
                  if o.name.casefold() == name.casefold()
                  and (owner is None or owner in (o.owner, o.controller))]
    if zones is not None:
        in_zone = [o for o in candidates if o.zone in zones]
        candidates = in_zone or candidates
    if not candidates:
        where = f" of {owner}" if owner else ""
        raise StepError(f"no card or token{where} named {name!r} in the game")
    order = {z: i for i, z in enumerate(zones or BOARD)}
    candidates.sort(key=lambda o: (order.get(o.zone, 99), o.id))
    return candidates[0].id


def refs(game: Game, items: object, **kw) -> tuple[str, ...]:
    if items is None:
        return ()
    if not isinstance(items, list):
        items = [items]
    return tuple(ref(game, i, **kw) for i in items)


def target_groups(game: Game, targets: object) -> tuple[tuple[str, ...], ...]:
    """Targets as groups: a flat list is one single-target group per entry, nested lists are explicit groups."""
    if targets is None:
        return ()
    if not isinstance(targets, list):
        targets = [targets]
    groups = []
    for t in targets:
        groups.append(refs(game, t) if isinstance(t, list) else (ref(game, t) if t not in game.players else t,))
    return tuple(groups)
