"""Match objects (live, or last known information) against the filters of the ability language."""

from __future__ import annotations

from .cards import Filter
from .state import BOARD_ZONES, Game, GameObject, Snapshot
from .values import faction_of_player, types_of


def _relative(rel: str, pid: str, you: str) -> bool:
    if rel == "any":
        return True
    return (pid == you) == (rel == "you")


def matches(
    game: Game,
    x: GameObject | Snapshot,
    flt: Filter,
    you: str,
    source_id: str | None = None,
    *,
    base_types: bool = False,
) -> bool:
    """Does ``x`` meet every condition of ``flt``? ``you`` is the controller of the ability asking."""
    if isinstance(x, Snapshot):
        supers, subs = x.types, x.subtypes
        controller, owner, face_down, exhausted = x.controller, x.owner, x.face_down, x.exhausted
        faction, is_token, is_main = x.faction, x.is_token, x.is_main
        damage, has_vtf, name, oid = x.damage, x.has_vtf, x.name, x.id
        obj = game.objects.get(x.id)
        cost = obj.definition.cost if obj is not None else None
        extra_rules = x.extra_rules
    else:
        if base_types:
            supers, subs = frozenset((x.definition.type,)), frozenset(x.definition.subtypes)
            if x.face_down and x.zone in BOARD_ZONES:
                subs = frozenset()
        elif flt.types or flt.subtypes:
            supers, subs = types_of(game, x)
        else:
            supers = subs = frozenset()
        controller, owner, face_down, exhausted = x.controller, x.owner, x.face_down, x.exhausted
        faction = None if (x.face_down and x.zone in BOARD_ZONES) else x.definition.faction
        is_token, damage, name, oid = x.is_token, x.counters.get("damage", 0), x.definition.name, x.id
        has_vtf = x.definition.victory_token_field is not None
        is_main = flt.main is not None and game.is_main(x)
        cost = x.definition.cost
        extra_rules = x.definition.extra_rules
    if flt.types and not (flt.types & supers):
        return False
    if flt.subtypes and not (flt.subtypes & subs):
        return False
    if flt.controller != "any" and not _relative(flt.controller, controller, you):
        return False
    if flt.owner != "any" and not _relative(flt.owner, owner, you):
        return False
    if flt.faction is not None:
        want = faction_of_player(game, you) if flt.faction == "yours" else (None if flt.faction == "none" else flt.faction)
        if faction != want:
            return False
    if flt.name is not None and name != flt.name:
        return False
    if flt.face_up is not None and flt.face_up == face_down:
        return False
    if flt.exhausted is not None and flt.exhausted != exhausted:
        return False
    if flt.has_victory_token_field is not None and flt.has_victory_token_field != has_vtf:
        return False
    if flt.main is not None and flt.main != is_main:
        return False
    if flt.token is not None and flt.token != is_token:
        return False
    if flt.other and oid == source_id:
        return False
    if flt.damaged is not None and flt.damaged != (damage > 0):
        return False
    if flt.max_cost is not None and (cost is None or cost > flt.max_cost):
        return False
    if flt.extra_rule is not None and flt.extra_rule not in extra_rules:  # kept face-down and exhausted (6.2.4b)
        return False
    if flt.named:  # the name is filled in by the effect that named it (1.1.5); unresolved, nothing matches
        return False
    return True
