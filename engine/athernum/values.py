"""Current characteristics of objects, and what the ability language reads from them: types (1.4.6-1.4.7),
numeric values through the 4.4 layers, filters (which objects an ability names) and conditions (an effect's
``if``, a conditional modifier). One module, because each reads the others: a conditional modifier's value
depends on a condition, a condition counts objects matching a filter, a filter compares types and factions.

Order of application (4.4.2): the most recent *set* (4.4.1a), then additions, then
multiplications, then conditional modifiers; the result is never below 0 (2.2.3f, 2.2.4g).
Face-down and exhausted permanents have no values (6.1.5, 6.2.3b).
"""

from __future__ import annotations

from .cards import Condition, Filter
from .state import BOARD_ZONES, ZONE_SUPERTYPE, Game, GameObject, Modifier, Snapshot, Zone


def faction_of_player(game: Game, pid: str) -> str | None:
    """A player's faction is the faction of their main character (3.0.6)."""
    main = game.players[pid].main_character
    if main is None:
        return None
    return game.objects[main].definition.faction


def source_active(game: Game, source_id: str | None, inc: int, flips: int, equip: bool = False) -> bool:
    """Is the source still face-up where it was, never turned face-down since (4.3.5a.II, 4.3.5g.II)?"""
    src = game.objects.get(source_id) if source_id else None
    if (
        src is None
        or src.incarnation != inc
        or src.flips != flips
        or src.face_down
        or src.zone not in BOARD_ZONES
    ):
        return False
    return not (equip and src.zone is not Zone.ITEM_SLOT)


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
        if m.filter is not None and not matches(
            game, obj, m.filter, m.controller, m.source_id, base_types=True
        ):
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


def _condition_holds(game: Game, cond: Condition, obj: GameObject, controller: str) -> bool:
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
        if m.condition is not None and _condition_holds(game, m.condition, obj, m.controller):
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
    return (
        value(game, obj, "ofv") is not None
        if obj.zone in (Zone.MAIN, Zone.CHARACTERS, Zone.LOCATION, Zone.RESOURCES)
        else False
    )


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


# -- filters: match objects (live, or last known information) ------------------------------------------


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
        want = (
            faction_of_player(game, you)
            if flt.faction == "yours"
            else (None if flt.faction == "none" else flt.faction)
        )
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
    if (
        flt.extra_rule is not None and flt.extra_rule not in extra_rules
    ):  # kept face-down and exhausted (6.2.4b)
        return False
    # A name is filled in by the effect that named it (1.1.5); unresolved, nothing matches.
    return not flt.named


# -- conditions ------------------------------------------------------------------------------------------


def holds(
    game: Game,
    cond: Condition,
    you: str,
    source_id: str | None,
    affected: GameObject | None = None,
) -> bool:
    """Is ``cond`` true for the ability controlled by ``you`` (``affected``: the modified object)?

    ``opponent_controls`` holds when some opponent (any other player still in the game, chapter 0) controls
    ``amount`` matching permanents on their own (decision D-OPPONENT)."""
    kind = cond.kind
    if kind in ("you_control", "opponent_controls"):
        flt = cond.filter

        def count(who: str) -> int:
            return sum(
                1
                for oid in game.board_ids(who)
                if flt is None or matches(game, game.objects[oid], flt, you, source_id)
            )

        if kind == "you_control":
            return count(you) >= cond.amount
        # "an opponent controls": one of the opponents on their own (chapter 0, decision D-OPPONENT)
        return any(count(opp) >= cond.amount for opp in game.opponents(you))
    if kind == "hand_size_at_least":
        return len(game.players[you].hand) >= cond.amount
    if kind == "victory_tokens_on_this_at_least":
        src = game.objects.get(source_id) if source_id else None
        return src is not None and src.victory_tokens >= cond.amount
    if kind == "it_has_victory_tokens":
        return affected is not None and affected.victory_tokens >= max(cond.amount, 1)
    if kind == "it_is_damaged":
        return affected is not None and affected.counters.get("damage", 0) > 0
    if kind == "this_has_counters":  # custom markers with thresholds (10.5.4)
        src = game.objects.get(source_id) if source_id else None
        return src is not None and src.counters.get(cond.counter or "", 0) >= cond.amount
    if kind == "it_has_counters":
        return affected is not None and affected.counters.get(cond.counter or "", 0) >= cond.amount
    if kind == "you_have_fewer_victory_tokens":  # than each other player (9.2.4a's wording)
        return game.fewest_victory_tokens(you)
    raise KeyError(kind)
