"""Zone changes (chapter 7): moving cards, entering the board, tokens ceasing to exist, control.

Every card or token is in exactly one zone (chapter 7); a zone change resets face-down and
exhausted states (7.5.3) and removes markers (10.0.5); a token that would change zones is
removed from the game instead (7.5.2b); the main character never leaves its zone (3.0.7).
"""

from __future__ import annotations

from .cards import CardDef
from .log import record
from .state import (
    BOARD_ZONES,
    PERMANENT_ZONES,
    Game,
    GameObject,
    Zone,
)
from .triggers import emit
from .values import snapshot, value

ZONE_WORDS = {
    Zone.DECK: "deck",
    Zone.HAND: "hand",
    Zone.DISCARD: "discard pile",
    Zone.VOID: "void",
    Zone.EXTRA_DECK: "extra deck",
    Zone.MAIN: "main character slot",
    Zone.CHARACTERS: "character slots",
    Zone.LOCATION: "location slot",
    Zone.RESOURCES: "resource zone",
    Zone.ITEM_SLOT: "item slot",
}


def free_character_slot(game: Game, pid: str) -> int | None:
    """The lowest free character slot of ``pid`` (7.1.2a: ``game.params.character_slots`` of them), or None
    when all are taken (7.1.2c)."""
    for i, oid in enumerate(game.players[pid].character_slots):
        if oid is None:
            return i
    return None


def controlled_copy(game: Game, pid: str, name: str, *, exclude: str | None = None) -> GameObject | None:
    """A card or token with a Victory Token Field named ``name`` that ``pid`` controls on the board, as a
    permanent or as an attachment on one of their permanents (1.5.5: cards on the game board), or None."""
    for oid in game.board_ids(pid) + game.attachment_ids(pid):
        o = game.objects[oid]
        if oid != exclude and o.definition.victory_token_field is not None and o.definition.name == name:
            return o
    return None


def _container_remove(game: Game, obj: GameObject) -> None:
    """Take ``obj`` out of whatever list or slot holds it."""
    zone = obj.zone
    if zone is Zone.ITEM_SLOT:
        host = game.objects.get(obj.attached_to) if obj.attached_to else None
        if host is not None and obj.id in host.attachments:
            host.attachments.remove(obj.id)
        obj.attached_to = None
        game.attached.discard(obj.id)
        return
    ps = game.players[obj.controller if zone in PERMANENT_ZONES else obj.owner]
    if zone is Zone.MAIN:
        if ps.main_slot == obj.id:
            ps.main_slot = None
    elif zone is Zone.CHARACTERS:
        for i, oid in enumerate(ps.character_slots):
            if oid == obj.id:
                ps.character_slots[i] = None
    else:
        lst = ps.zone_list(zone)
        if obj.id in lst:
            lst.remove(obj.id)
        if zone is Zone.DECK:
            ps.face_up_top.discard(obj.id)  # a card leaving the deck is no longer face-up in it (4.3.2d)


def _strip_markers(game: Game, obj: GameObject, rule: str) -> None:
    """Markers go when their host changes zones (10.0.5); victory tokens return to the pool (10.1.5)."""
    if obj.victory_tokens:
        n = obj.victory_tokens
        obj.victory_tokens = 0
        game.victory_pool += n
        record(
            game,
            "10.1.5",
            "victory_tokens_returned",
            f"{n} Victory Token(s) on {obj.name} return to the global pool.",
            (obj.id,),
        )
    if obj.counters:
        obj.counters = {}


def _discard_attachments(game: Game, host: GameObject) -> None:
    """A host leaving its zone takes its item slots with it; attachments are discarded (7.3.4, 2.2.6)."""
    for aid in list(host.attachments):
        att = game.objects.get(aid)
        if att is not None:
            move_card(
                game,
                att,
                Zone.DISCARD,
                "7.3.4",
                f"{att.name} is discarded: its linked target {host.name} left the board.",
            )


def leave_with_owner(game: Game, obj: GameObject) -> None:
    """``obj`` leaves the game together with its owner, who lost and left it (decision D-LEFT-GAME). This is no
    zone change within the game, so no event is reported; Victory Tokens on it return to the global pool
    (10.1.5) and the attachments still on it are discarded (7.3.4)."""
    if obj.zone in BOARD_ZONES:
        _strip_markers(game, obj, "10.1.5")
        _discard_attachments(game, obj)
    _container_remove(game, obj)
    del game.objects[obj.id]


def _announce_leaving(game: Game, obj: GameObject, to: Zone) -> None:
    """Report ``obj`` leaving the board (and being discarded) with its state just before (4.2.3d.III). A token is
    never discarded: it ceases to exist instead (2.5.4, 7.5.2b), so it only leaves (decision D-TOKEN-NOT-DISCARDED)."""
    snap = snapshot(game, obj)
    emit(game, "leaves", obj, snap=snap, to_zone=to)
    if to is Zone.DISCARD and not obj.is_token:
        emit(game, "discarded", obj, snap=snap, to_zone=to)


def move_card(
    game: Game,
    obj: GameObject,
    to: Zone,
    rule: str,
    message: str | None = None,
    *,
    bottom: bool = False,
    announce: bool = True,
) -> bool:
    """Move ``obj`` to its owner's ``to`` zone; return False if the rules keep it where it is."""
    was_on_board = obj.zone in BOARD_ZONES
    if was_on_board and game.is_main(obj):
        rid = "3.0.7b" if to is Zone.DISCARD else "3.0.7a"
        record(
            game,
            rid,
            "main_character_stays",
            f"{obj.name} is a main character and cannot leave its zone.",
            (obj.id,),
        )
        return False
    if announce and was_on_board:
        _announce_leaving(game, obj, to)
    if message is None:
        message = f"{obj.name} moves to its owner's {ZONE_WORDS[to]}."
    if obj.is_token:
        status = [w for w, on in (("face-down", obj.face_down), ("exhausted", obj.exhausted)) if on]
        _container_remove(game, obj)
        if was_on_board:
            _strip_markers(game, obj, rule)
            _discard_attachments(game, obj)
        del game.objects[obj.id]
        record(game, rule, "moved", message, (obj.id,))
        rid = "5.0.4b" if obj.definition.type == "resource" else "7.5.2b"
        record(
            game,
            rid,
            "token_ceases",
            f"{obj.name} is a token and ceases to exist instead of moving to a {ZONE_WORDS[to]}.",
            (obj.id,),
        )
        if status:
            record(
                game,
                "6.1.8b",
                "status_ends",
                f"Like a card's, the {' and '.join(status)} status of {obj.name} applied only on the game board; it ends with the zone change and nothing of it remains.",
                (obj.id,),
            )
        return True
    _container_remove(game, obj)
    if was_on_board:
        _strip_markers(game, obj, rule)
        _discard_attachments(game, obj)
    obj.face_down = False  # 7.5.3, 6.1.8a
    obj.exhausted = False
    obj.attachments = []
    obj.attached_to = None
    obj.incarnation += 1
    obj.zone = to
    obj.controller = obj.owner
    obj.timestamp = game.stamp()
    lst = game.players[obj.owner].zone_list(to)
    if to is Zone.DECK and not bottom:
        lst.insert(0, obj.id)
    else:
        lst.append(obj.id)
    record(game, rule, "moved", message, (obj.id,))
    if announce and not was_on_board and to is Zone.DISCARD:
        emit(game, "discarded", obj, to_zone=to)
    return True


def move_many(game: Game, objs: list[GameObject], to: Zone, rule: str, reason: str) -> None:
    """Move several objects at once: every leave event is seen before any of them moves."""
    movable = []
    for obj in objs:
        if obj.zone in BOARD_ZONES and game.is_main(obj):
            move_card(game, obj, to, rule)  # logs the refusal (3.0.7)
            continue
        movable.append(obj)
    for obj in movable:
        if obj.zone in BOARD_ZONES:
            _announce_leaving(game, obj, to)
    for obj in movable:
        if obj.id in game.objects:
            move_card(game, obj, to, rule, f"{obj.name} {reason}", announce=False)


def enter_board(
    game: Game,
    obj: GameObject,
    zone: Zone,
    controller: str,
    rule: str,
    message: str,
    *,
    host: GameObject | None = None,
    face_down: bool = False,
    exhausted: bool = False,
    exhaustion_counter: bool = True,
    count_victory_field: bool = True,
) -> None:
    """Put ``obj`` onto the game board in ``zone`` under ``controller`` (2.1.1f)."""
    if obj.zone is not None and obj.id in game.objects:
        _container_remove(game, obj)
    obj.incarnation += 1
    obj.timestamp = game.stamp()
    obj.zone = zone
    obj.controller = controller
    obj.face_down = face_down or exhausted
    obj.exhausted = exhausted
    obj.counters = {"exhaustion": 1} if (exhausted and exhaustion_counter) else {}
    obj.victory_tokens = 0
    obj.attachments = []
    ps = game.players[controller]
    if zone is Zone.CHARACTERS:
        slot = free_character_slot(game, controller)
        if slot is None:
            raise RuntimeError("enter_board called without a free character slot")
        ps.character_slots[slot] = obj.id
    elif zone is Zone.MAIN:
        ps.main_slot = obj.id
    elif zone is Zone.LOCATION:
        ps.locations.append(obj.id)
    elif zone is Zone.RESOURCES:
        ps.resources.append(obj.id)
    elif zone is Zone.ITEM_SLOT:
        assert host is not None
        obj.attached_to = host.id
        obj.controller = host.controller
        host.attachments.append(obj.id)
        game.attached.add(obj.id)
    if obj.is_token and obj.created_zone is None:
        obj.created_zone = zone
    if count_victory_field and obj.definition.victory_token_field is not None and zone in PERMANENT_ZONES:
        game.entered.append((obj.id, obj.incarnation))
    record(game, rule, "enters", message, (obj.id,) + ((host.id,) if host is not None else ()), controller)
    emit(game, "enters", obj, player=controller)


def create_token(
    game: Game,
    definition: CardDef,
    controller: str,
    rule: str,
    *,
    host: GameObject | None = None,
    face_down: bool = False,
) -> GameObject | None:
    """Create a token owned and controlled by ``controller`` in the zone of its type (2.1.3a, 2.1.3d).

    Returns None when it cannot be created: no free slot (7.1.2c) or a second copy of a
    Victory-Token-Field permanent (2.2.7e).
    """
    ttype = definition.type
    if definition.victory_token_field is not None:
        copy = controlled_copy(game, controller, definition.name)
        if copy is not None:
            rule = "1.5.5" if ttype == "item" else "2.2.7e"
            record(
                game,
                rule,
                "token_not_created",
                f"{definition.name} is not created: {controller} already controls a copy with a Victory Token Field.",
                (copy.id,),
                controller,
            )
            return None
    if ttype == "character":
        zone = Zone.CHARACTERS
        if free_character_slot(game, controller) is None:
            record(
                game,
                "7.1.2c",
                "token_not_created",
                f"{definition.name} is not created: all of {controller}'s character slots are occupied.",
                (),
                controller,
            )
            return None
    elif ttype == "location":
        zone = Zone.LOCATION
    elif ttype == "resource":
        zone = Zone.RESOURCES
    else:
        zone = Zone.ITEM_SLOT
        if host is None or len(host.attachments) >= _slots(game, host):
            record(
                game,
                "2.1.2a",
                "token_not_created",
                f"{definition.name} is not created: no available item slot.",
                (),
                controller,
            )
            return None
    game.next_id += 1
    oid = f"{controller}:{definition.name}*{game.next_id}"
    obj = GameObject(
        id=oid, definition=definition, owner=controller, is_token=True, zone=zone, controller=controller
    )
    obj.created_zone = zone
    game.objects[oid] = obj
    obj.zone = None  # type: ignore[assignment]  # not yet in any container
    enter_board(
        game,
        obj,
        zone,
        controller,
        "2.1.3d",
        f"{controller} creates {definition.name} in their {ZONE_WORDS[zone]}.",
        host=host,
        face_down=face_down,
    )
    return obj


def _slots(game: Game, host: GameObject) -> int:
    return value(game, host, "item_slots") or 0


def draw(game: Game, pid: str, n: int, rule: str) -> int:
    """Draw ``n`` cards from the top of the deck (7.2.3d, 7.4.1c); an empty deck is noted for 4.2.4b."""
    ps = game.players[pid]
    drawn = 0
    for _ in range(n):
        if not ps.deck:
            ps.drew_from_empty = True
            record(game, "4.2.4b", "draw_from_empty", f"{pid} attempts to draw from an empty deck.", (), pid)
            break
        oid = ps.deck.pop(0)
        ps.face_up_top.discard(oid)
        obj = game.objects[oid]
        obj.zone = Zone.HAND
        obj.incarnation += 1
        ps.hand.append(oid)
        drawn += 1
        record(game, rule, "draw", f"{pid} draws a card.", (oid,), pid)
        emit(game, "drawn", obj, player=pid)
    return drawn


def shuffle(game: Game, pid: str, rule: str) -> None:
    """Shuffle a deck with the game's seeded random generator."""
    ps = game.players[pid]
    game.rng.shuffle(ps.deck)
    if ps.face_up_top:  # shuffling keeps the cards hidden (chapter 0, 'Shuffle')
        ps.face_up_top.clear()
    record(game, rule, "shuffle", f"{pid} shuffles their deck.", (), pid)


def change_control(game: Game, obj: GameObject, new: str, rule: str) -> bool:
    """Give control of a permanent to ``new`` without a zone change (7.5.7, 7.5.7b)."""
    if obj.controller == new:
        return False
    if game.is_main(obj):
        record(
            game,
            "3.0.7d",
            "control_unchanged",
            f"Control of the main character {obj.name} cannot change.",
            (obj.id,),
        )
        return False
    if obj.zone not in PERMANENT_ZONES:
        return False
    for o in [obj] + [game.objects[a] for a in obj.attachments]:  # its attachments come along (7.5.7a)
        copy = (
            controlled_copy(game, new, o.definition.name)
            if o.definition.victory_token_field is not None
            else None
        )
        if copy is not None:
            record(
                game,
                "1.5.7",
                "control_unchanged",
                f"{new} already controls a copy of {o.name}; gaining control of another is ignored.",
                (obj.id, copy.id),
                new,
            )
            return False
    old = obj.controller
    if obj.zone is Zone.CHARACTERS:
        slot = free_character_slot(game, new)
        if slot is None:
            record(
                game,
                "7.1.2c",
                "control_unchanged",
                f"{new} has no free character slot; control of {obj.name} does not change.",
                (obj.id,),
                new,
            )
            return False
        _container_remove(game, obj)
        game.players[new].character_slots[slot] = obj.id
    else:
        _container_remove(game, obj)
        game.players[new].zone_list(obj.zone).append(obj.id)
    obj.controller = new
    for aid in obj.attachments:
        game.objects[aid].controller = new
    record(
        game,
        "7.5.7b",
        "control_changed",
        f"{new} gains control of {obj.name} from {old}; it moves to {new}'s matching slot without changing zones.",
        (obj.id,),
        new,
    )
    return True
