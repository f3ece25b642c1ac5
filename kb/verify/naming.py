"""Naming things in a scenario, for every game: ``p2:Name`` prefixes, objects by name, lists of names."""

from __future__ import annotations

from kb.verify.vocabulary import did_you_mean


class StepError(ValueError):
    """A step that cannot be turned into an action: an unknown card, a malformed argument."""


def written(text: object, what: str) -> str:
    """A name as the scenario writes it, stripped; a StepError when it is no text."""
    if not isinstance(text, str) or not text.strip():
        raise StepError(f"expected {what}, not {text!r}")
    return text.strip()


def as_list(items: object) -> list:
    """A value that may be written as one item or a list of them, as a list (``None``: none)."""
    if items is None:
        return []
    return items if isinstance(items, list) else [items]


def owner_and_name(game, text: str, player: str | None) -> tuple[str | None, str]:
    """``p2:Name`` restricts a name to p2's objects; otherwise to ``player``'s, if one is given."""
    if ":" in text and text.split(":", 1)[0] in game.players:
        owner, name = text.split(":", 1)
        return owner, name
    return player, text


def named(game, name: str, owner: str | None, zones: tuple | None) -> list:
    """The objects called ``name`` (any case) that ``owner`` owns or controls, those in ``zones`` if any are."""
    found = [
        o
        for o in game.objects.values()
        if o.name.casefold() == name.casefold() and (owner is None or owner in (o.owner, o.controller))
    ]
    if zones is not None:
        found = [o for o in found if o.zone in zones] or found
    return found


def by_name(
    game,
    text: str,
    player: str | None,
    zones: tuple | None,
    order: tuple,
    *,
    noun: str = "card or token",
    position=None,
) -> str:
    """The id of the object ``text`` names (``p2:Name``: of p2's), the first in ``zones`` or else in ``order``.

    Copies of a card are interchangeable, so the first match is taken; labels tell copies apart where it matters.
    """
    owner, name = owner_and_name(game, text, player)
    found = named(game, name, owner, zones)
    if not found:
        raise StepError(
            f"{not_found(name, owner, noun)}{did_you_mean(name, {o.name for o in game.objects.values()})}"
        )
    return first_by_zone(found, zones or order, position)


def first_by_zone(found: list, order: tuple, position=None) -> str:
    """The id of the first object in zone ``order`` (then by ``position`` in its zone, then by id)."""
    rank = {z: i for i, z in enumerate(order)}
    if position is None:
        return min(found, key=lambda o: (rank.get(o.zone, 99), o.id)).id
    return min(found, key=lambda o: (rank.get(o.zone, 99), position(o), o.id)).id


def not_found(name: str, owner: str | None, noun: str = "card or token") -> StepError:
    """The error for a name that matches nothing (of ``owner``'s)."""
    return StepError(f"no {noun}{f' of {owner}' if owner else ''} named {name!r} in the game")


def many(ref):
    """``refs(game, items, **kw)``: several names at once through ``ref`` (a single name is a list of one)."""

    def refs(game, items: object, **kw) -> tuple[str, ...]:
        return tuple(ref(game, i, **kw) for i in as_list(items))

    return refs
