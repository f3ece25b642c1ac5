"""Current characteristics: types, sub-types (2.2.2) and statistics (2.2.9), with passives applied."""

from __future__ import annotations

from .cards import STATISTICS
from .passives import region_override
from .state import Game, GameObject, Zone

TYPE_WORDS = {
    "character": "Character",
    "spell": "Spell",
    "permanent": "Permanent",
    "hero": "Hero",
    "region": "Region",
}


def types_of(o: GameObject) -> tuple[str, ...]:
    """The object's type (a token created by these effects is a Character: it has statistics, 2.2.9.c)."""
    return (TYPE_WORDS[o.definition.type],)


def region_subtypes(game: Game, o: GameObject, *, printed: bool = False) -> tuple[str, ...]:
    """A region's sub-types: all three for the hero and companion regions and the arena (2.2.2.k); none for a
    face-down Tumult card; the symbols of its orientation once face-up (2.2.2.l); then type-changing passives
    such as The Kraken's (2.2.2.p)."""
    d = o.definition
    if d.role == "tumult":
        base = () if o.face_down else d.terrains[o.orientation % len(d.terrains)]
    else:
        base = d.subtypes
    if printed:
        return tuple(base)

    override = region_override(game)
    return override if override is not None and o.zone is Zone.ADVENTURE else tuple(base)


def subtypes_of(game: Game, o: GameObject) -> tuple[str, ...]:
    """Sub-types as they are now; a token's come from the effect that created it (2.2.2.j)."""
    if o.definition.type == "region":
        return region_subtypes(game, o)
    if o.token is not None:
        return o.token.subtypes
    return o.definition.subtypes


def is_a(game: Game, o: GameObject, subtype: str) -> bool:
    """Whether this specific object 'is a [sub-type]', wherever it is (2.2.2.o)."""
    return subtype in subtypes_of(game, o)


def stats_of(game: Game, o: GameObject) -> tuple[int, int, int] | None:
    """Forest, Mountain, Water: printed (or set by the token's effect), plus boosts and Ongoing bonuses about
    this object; None for anything but a Character (2.2.9.c)."""
    if o.definition.type != "character":
        return None
    base = o.token.stats if o.token is not None else o.definition.stats
    values = list(base or (0, 0, 0))
    if o.zone is Zone.EXPEDITION:
        values = [v + o.boosts for v in values]
        for emblem in game.ongoing():
            p = emblem.passive
            if p is not None and p.kind == "stats" and o.ref in emblem.links:
                values = [v + b for v, b in zip(values, p.value)]
    return tuple(values)  # type: ignore[return-value]


def stat_dict(values: tuple[int, int, int] | None) -> dict[str, int] | None:
    return None if values is None else dict(zip(STATISTICS, values))


def count_in_play(game: Game, pid: str, subtype: str) -> int:
    """How many objects in play ``pid`` controls with a sub-type: 'a Landmark' means one in play (2.2.2.n)."""
    return sum(1 for oid in game.in_play(pid) if subtype in subtypes_of(game, game.objects[oid]))
