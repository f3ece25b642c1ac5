"""Declared targets: expeditions (``p1:hero``), Characters in expeditions, cards in Reserves."""

from __future__ import annotations

from .cards import TargetSpec
from .errors import InvalidTarget
from .state import EXPEDITIONS, Game, Zone


def candidates(game: Game, player: str, spec: TargetSpec, lenient: bool = False) -> list[str | None]:
    """Every legal declaration for one target: None when "up to one" allows declaring none, or when
    ``lenient`` (a Reaction must be played) and there is nothing to target."""
    if spec.kind == "expedition":
        out: list[str | None] = [f"{p}:{e}" for p in game.order for e in EXPEDITIONS]
    elif spec.kind == "character":
        out = [c for p in game.order for c in game.players[p].characters()]
    elif spec.kind == "reserve_card":
        out = [c for p in game.order for c in game.players[p].reserve]
    else:
        out = list(game.players[player].reserve)
    return ([None] if spec.up_to or (lenient and not out) else []) + out


def resolve(
    game: Game, player: str, specs: tuple[TargetSpec, ...], given: tuple, lenient: bool = False
) -> tuple:
    """The declared targets as references, or :class:`InvalidTarget`. A Reaction (``lenient``) with nothing
    to target is played without that target: the steps needing it do nothing."""
    if len(given) > len(specs):
        raise InvalidTarget(f"{len(given)} target(s) declared; this declares {len(specs)}", "6.1.a")
    out: list[tuple | None] = []
    for i, spec in enumerate(specs):
        value = given[i] if i < len(given) else None
        if value is None:
            if not spec.up_to and not (lenient and candidates(game, player, spec, True) == [None]):
                raise InvalidTarget(
                    f"target {i + 1} ({spec.kind.replace('_', ' ')}) must be declared", "6.1.a"
                )
            out.append(None)
            continue
        if value not in candidates(game, player, spec):
            raise InvalidTarget(f"{value!r} is not a legal {spec.kind.replace('_', ' ')} target", "6.1.a")
        if spec.kind == "expedition":
            pid, exp = value.split(":")
            out.append(("exp", pid, exp))
        else:
            o = game.objects[value]
            assert o.zone in (Zone.EXPEDITION, Zone.RESERVE)
            out.append(("obj", o.id, o.incarnation))
    return tuple(out)
