"""Passive abilities in force: those of objects in play and of Ongoing Emblems in Limbo.

"Can't" prohibitions (1.4.1), replacement ("instead") effects, cost reductions, region type
changes (2.2.2.p) and permissions to play a card from elsewhere (1.4.2.a).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from .cards import Passive
from .state import Emblem, Game, GameObject, Zone


@dataclass(frozen=True, slots=True)
class InForce:
    """A passive in force: where it comes from (an object or an emblem), its controller and its effect."""

    source: str
    label: str
    controller: str
    passive: Passive


def in_force(game: Game) -> Iterator[InForce]:
    """Passives of objects in play, then of Ongoing Emblems (oldest first)."""
    for oid in game.in_play():
        o = game.objects[oid]
        for ability in o.definition.abilities:
            if (
                ability.kind == "passive"
                and ability.passive is not None
                and ability.passive.kind != "may_play_from"
            ):
                yield InForce(o.id, o.name, o.controller, ability.passive)
    for emblem in game.ongoing():
        if emblem.passive is not None:
            yield InForce(
                emblem.id,
                f"{emblem.name} {emblem.id} ({emblem.source_name})",
                emblem.controller,
                emblem.passive,
            )


def prohibition(game: Game, event: str) -> InForce | None:
    """The passive saying ``event`` is impossible (1.4.1.a), if any."""
    return next((p for p in in_force(game) if p.passive.kind == "cannot" and p.passive.value == event), None)


def replacement(game: Game, event: str, o: GameObject) -> InForce | None:
    """An "instead" passive that would modify ``event`` happening to ``o`` (a card of its controller)."""
    return next(
        (
            p
            for p in in_force(game)
            if p.passive.kind == "instead" and p.passive.value[0] == event and p.controller == o.owner
        ),
        None,
    )


def region_override(game: Game) -> tuple[str, ...] | None:
    """The sub-types every region has under a passive like The Kraken's, the latest in play winning (2.2.2.p)."""
    found = [p.passive.value for p in in_force(game) if p.passive.kind == "regions_are"]
    return found[-1] if found else None


def cost_reductions(game: Game, pid: str) -> list[Emblem]:
    """Ongoing Emblems of ``pid`` making the next card they play cost less, not yet used."""
    return [
        e
        for e in game.ongoing()
        if e.controller == pid and e.passive is not None and e.passive.kind == "costs_less" and not e.used
    ]


def allows_play_from(o: GameObject) -> bool:
    """The card itself says it may be played from where it is (1.4.2.a)."""
    return o.zone is Zone.DISCARD and any(
        a.kind == "passive"
        and a.passive is not None
        and a.passive.kind == "may_play_from"
        and a.passive.value == "discard"
        for a in o.definition.abilities
    )
