"""Current characteristics of objects: types (1.4.6-1.4.7) and numeric values through the 4.4 layers.

Order of application (4.4.2): the most recent *set* (4.4.1a), then additions, then
multiplications, then conditional modifiers; the result is never below 0 (2.2.3f, 2.2.4g).
Face-down and exhausted permanents have no values (6.1.5, 6.2.3b).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .state import BOARD_ZONES, ZONE_SUPERTYPE, Game, GameObject, Modifier, Snapshot, Zone

if TYPE_CHECKING:
    from .cards import Condition


def faction_of_player(game: Game, pid: str) -> str | None:
    """A player's faction is the faction of their main character (3.0.6)."""
    main = game.players[pid].main_character
    if main is None:
        return None
    return game.objects[main].definition.faction


def source_active(game: Game, source_id: str | None, inc: int, flips: int, equip: bool = False) -> bool:
    """Is the source still face-up where it was, never turned face-down since (4.3.5a.II, 4.3.5g.II)?"""
    src = game.objects.get(source_id) if source_id else None
    if src is None or src.incarnation != inc or src.flips != flips or src.face_down or src.zone not in BOARD_ZONES:
        return False
    if equip and src.zone is not Zone.ITEM_SLOT:
        return False
    return True


def modifier_active(game: Game, m: Modifier) -> bool:
    """A ``while_source`` modifier applies only while its source stays face-up where it was (4.3.5a.II)."""
    if m.duration != "while_source":
        return True
    return source_active(game, m.source_id, m.source_inc, m.source_flips, m.equip)


def modifier_applies(game: Game, m: Modifier, obj: GameObject) -> bool:
    """Does modifier ``m`` affect ``obj`` now (4.2.1b: a linked effect follows the new target)?"""
    if m.applies == "fixed":
        if (obj.id, obj.incarnation) not in m.targets:
            return False
    elif m.applies == "linked":
        src = game.objects.get(m.source_id) if m.source_id else None
        if src is None or src.attached_to != obj.id:
            return False
    else:
        from .filters import matches

        if m.filter is not None and not matches(game, obj, m.filter, m.controller, m.source_id, base_types=True):
            return False
    return modifier_active(game, m)


def types_of(game: Game, obj: GameObject) -> tuple[frozenset[str], frozenset[str]]:
    """(supertypes, subtypes) now: face-down keeps only the zone's supertype (6.1.2-6.1.3)."""
    if obj.face_down and obj.zone in BOARD_ZONES:
        return frozenset((ZONE_SUPERTYPE[obj.zone],)), frozenset()
    supers = frozenset((obj.definition.type,))
    subs = frozenset(obj.definition.subtypes)
    if game.modifiers and obj.zone in BOARD_ZONES:
        mods = [m for m in game.modifiers if m.property == "types" and modifier_applies(game, m, obj)]
        for m in sorted(mods, key=lambda m: m.timestamp):
            new_supers = frozenset(t for t in m.amount if t in ZONE_SUPERTYPE.values())
            new_subs = frozenset(t for t in m.amount if t not in ZONE_SUPERTYPE.values())
            if m.op == "set":  # "becomes": loses all previous types (1.4.6)
                supers, subs = new_supers, new_subs
            else:  # gains a type: keeps the original ones (1.4.7)
                supers, subs = supers | new_supers, subs | new_subs
    return supers, subs


def is_character(game: Game, obj: GameObject) -> bool:
    """Is ``obj`` a character now (by its zone, 6.1.3, or its current types)?"""
    zone = obj.zone
    if zone is Zone.MAIN or zone is Zone.CHARACTERS:
        return True
    if not any(m.property == "types" for m in game.modifiers):
        return obj.definition.type == "character" and not (obj.face_down and zone in BOARD_ZONES)
    return "character" in types_of(game, obj)[0]


def _condition_holds(game: Game, cond: "Condition", obj: GameObject, controller: str) -> bool:
    from .conditions import holds

    return holds(game, cond, controller, obj.id, affected=obj)


def value(game: Game, obj: GameObject, prop: str) -> int | None:
    """The current value of ``prop`` (ofv, dfv, item_slots, victory_token_field), or None if it has none."""
    d = obj.definition
    on_board = obj.zone in BOARD_ZONES
    if prop in ("ofv", "dfv"):
        if on_board and obj.face_down:
            return None  # 6.1.5, 6.2.3b
        base = d.ofv if prop == "ofv" else d.dfv
        if base is None:
            if on_board and is_character(game, obj):
                base = 0  # 2.2.3c, 2.2.4c
            elif not on_board and d.type == "character":
                base = 0
            else:
                return None
    elif prop == "item_slots":
        base = d.item_slots
    elif prop == "victory_token_field":
        base = d.victory_token_field
        if base is None:
            return None
    else:
        raise KeyError(prop)
    if not on_board or obj.face_down or not game.modifiers:
        return max(base, 0)
    mods = [m for m in game.modifiers if m.property == prop and modifier_applies(game, m, obj)]
    if not mods:
        return max(base, 0)
    v = base
    sets = [m for m in mods if m.op == "set" and m.condition is None]
    if sets:
        v = max(sets, key=lambda m: m.timestamp).amount  # 4.4.1a: most recent wins
    for m in mods:
        if m.op == "add" and m.condition is None:
            v += m.amount
    for m in mods:
        if m.op == "multiply" and m.condition is None:
            v *= m.amount
    for m in sorted((m for m in mods if m.condition is not None), key=lambda m: m.timestamp):
        if _condition_holds(game, m.condition, obj, m.controller):
            if m.op == "set":
                v = m.amount
            elif m.op == "add":
                v += m.amount
            else:
                v *= m.amount
    return max(v, 0)  # 2.2.3f, 2.2.4g, 4.4.3a


def has_dfv(game: Game, obj: GameObject) -> bool:
    """Possesses a DFV, or could by card type when face-down (9.3.6a, 10.3.2a); attachments never do (9.3.6b)."""
    zone = obj.zone
    if zone is Zone.MAIN or zone is Zone.CHARACTERS:
        return True
    if zone is not Zone.LOCATION and zone is not Zone.RESOURCES:
        return False
    if obj.definition.dfv is not None:
        return True
    return not obj.face_down and is_character(game, obj)


def has_ofv(game: Game, obj: GameObject) -> bool:
    """A face-up permanent with an offensive value (2.2.3d, 9.3.5)."""
    return value(game, obj, "ofv") is not None if obj.zone in (Zone.MAIN, Zone.CHARACTERS, Zone.LOCATION, Zone.RESOURCES) else False


def snapshot(game: Game, obj: GameObject) -> Snapshot:
    """Last known information about ``obj`` as it is now (4.2.3d.III)."""
    supers, subs = types_of(game, obj)
    return Snapshot(
        id=obj.id,
        name=obj.definition.name,
        owner=obj.owner,
        controller=obj.controller,
        zone=obj.zone,
        incarnation=obj.incarnation,
        types=supers,
        subtypes=subs,
        faction=None if (obj.face_down and obj.zone in BOARD_ZONES) else obj.definition.faction,
        ofv=value(game, obj, "ofv"),
        dfv=value(game, obj, "dfv"),
        victory_tokens=obj.victory_tokens,
        damage=obj.counters.get("damage", 0),
        face_down=obj.face_down,
        exhausted=obj.exhausted,
        is_token=obj.is_token,
        is_main=game.is_main(obj),
        linked_to=obj.attached_to,
        has_vtf=obj.definition.victory_token_field is not None,
        extra_rules=obj.definition.extra_rules,
    )


def granted_abilities(game: Game, obj: GameObject) -> list:
    """Abilities granted to ``obj`` by effects that still last (4.3.1, 4.3.2b); none once it changed zones."""
    if not game.grants:
        return []
    key = (obj.id, obj.incarnation)
    return [g.ability for g in game.grants if g.target == key and obj.zone in BOARD_ZONES]


def abilities_of(game: Game, obj: GameObject) -> list:
    """Printed abilities followed by granted ones; an ability's index in this list names it in actions."""
    printed = list(obj.definition.abilities)
    return printed + granted_abilities(game, obj) if game.grants else printed
