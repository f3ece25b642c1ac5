"""Resolving effects of the ability language, one handler per effect kind.

A handler that needs a player's decision (which card to discard, what to find in a search)
sets ``game.pending`` and asks to be run again; the answer is then in
``entry.answers[index]``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from .abilities import token_def
from .cards import CardDef, EffectSpec, Filter, Selector, ValueOf
from .log import record
from .markers import (
    add_counters,
    deal_damage,
    exhaust,
    lose_victory_tokens,
    place_victory_tokens,
    remove_counters,
    remove_victory_tokens,
    turn_face_down,
    turn_face_up,
)
from .resources import add_resources
from .stack import place_now
from .state import (
    BOARD_ZONES,
    PERMANENT_ZONES,
    ZONE_SUPERTYPE,
    Game,
    GameObject,
    Grant,
    Modifier,
    PendingChoice,
    Restriction,
    Shield,
    StackEntry,
    Zone,
)
from .steps import PROCEDURE, ResolveEffect
from .triggers import static_pending
from .values import faction_of_player, holds, matches, value
from .zones import (
    ZONE_WORDS,
    change_control,
    controlled_copy,
    create_token,
    draw,
    enter_board,
    free_character_slot,
    move_card,
    move_many,
    shuffle,
)


# -- selecting objects and players ------------------------------------------------------
def _source(game: Game, entry: StackEntry) -> GameObject | None:
    if entry.source_id is None:
        return None
    o = game.objects.get(entry.source_id)
    if o is None or o.incarnation != entry.source_inc:
        return None
    return o


def objects_for(game: Game, entry: StackEntry, sel: Selector | None) -> list[GameObject]:
    """The objects a selector names now (targets: only those still legal)."""
    assert sel is not None, f"{entry.label}: an effect acting on objects names them (checked when cards load)"
    kind = sel.kind
    if kind == "this":
        o = _source(game, entry)
        return [o] if o is not None else []
    if kind == "linked":
        src = game.objects.get(entry.source_id) if entry.source_id else None
        if src is None or src.attached_to is None:
            return []
        host = game.objects.get(src.attached_to)
        return [host] if host is not None else []
    if kind == "trigger":
        snap = entry.trigger
        if snap is None:
            return []
        o = game.objects.get(snap.id)
        return [o] if o is not None and o.incarnation == snap.incarnation else []
    if kind == "target":
        groups = entry.valid if entry.valid is not None else entry.targets
        if sel.index >= len(groups):
            return []
        out = []
        for r in groups[sel.index]:
            if r.kind == "object" and r.id in game.objects:
                out.append(game.objects[r.id])
        return out
    if kind == "all":
        flt = named_filter(entry, sel.filter)
        return [
            game.objects[oid]
            for oid in game.board_ids()
            if flt is None or matches(game, game.objects[oid], flt, entry.controller, entry.source_id)
        ]
    raise KeyError(kind)


def named_filter(entry: StackEntry, flt: Filter | None) -> Filter | None:
    """A filter asking for 'the named card' gets the name its ability named (1.1.5)."""
    if flt is None or not flt.named:
        return flt
    if entry.named is None:
        return flt  # nothing was named: it matches nothing
    return replace(flt, name=entry.named, named=False)


def players_for(game: Game, entry: StackEntry, sel: Selector | None) -> list[str]:
    """The players a player selector names (default: the effect's controller): ``opponent`` is each opponent,
    in turn order from the player after you, and ``each_player`` every player still in the game, in turn
    order (chapter 0: "your opponent" is any other player; decision D-OPPONENT)."""
    if sel is None or sel.kind == "you":
        return [entry.controller]
    if sel.kind == "opponent":
        return game.opponents(entry.controller)
    if sel.kind == "each_player":
        return game.playing
    if sel.kind == "trigger_player":
        if entry.trigger_player is not None:
            who = [entry.trigger_player]
        else:
            who = [entry.trigger.controller] if entry.trigger is not None else []
        return [
            p for p in who if p not in game.eliminated
        ]  # one who left the game is no longer there (D-LEFT-GAME)
    if sel.kind == "target":
        groups = entry.valid if entry.valid is not None else entry.targets
        return [r.id for r in groups[sel.index] if r.kind == "player"] if sel.index < len(groups) else []
    raise KeyError(sel.kind)


def _modified_signed(entry: StackEntry, n: int) -> int:
    """Apply modifications made to this effect while on the stack, in the order they were made (4.1.8b, 4.1.8c)."""
    for op, amount in entry.modifications:
        if op == "set":
            n = amount
        elif op == "add":
            n += amount
        else:
            n *= amount
    return n


def _modified(entry: StackEntry, n: int) -> int:
    """A count or amount after the modifications made to this effect on the stack, never below 0 (4.1.8b)."""
    return max(_modified_signed(entry, n), 0)


def amount_of(game: Game, entry: StackEntry, spec: EffectSpec, default: int = 1) -> int:
    """The effect's number: fixed, or read from an object (see ``_read_value`` for one that has left)."""
    amt = spec.amount
    if amt is None:
        n = default
    elif isinstance(amt, ValueOf):
        n = _read_value(game, entry, amt)
    else:
        n = amt
    return _modified(entry, n)


def _read_value(game: Game, entry: StackEntry, v: ValueOf) -> int:
    """A value read from an object now; once it has left its zone, "this card" of an ability other than
    a triggered one is the card where it is now (1.1.4), anything else its last known state (4.2.3d.III)."""
    objs = objects_for(game, entry, v.of)
    if not objs and v.of.kind == "this" and entry.kind != "triggered" and entry.source_id in game.objects:
        objs = [game.objects[entry.source_id]]
    if objs:
        o = objs[0]
        if v.property == "victory_tokens":
            return o.victory_tokens
        if v.property == "damage":
            return o.counters.get("damage", 0)
        return value(game, o, v.property) or 0
    snap = entry.source if v.of.kind == "this" else entry.trigger if v.of.kind == "trigger" else None
    if snap is None:
        return 0
    if v.property == "victory_tokens":
        return snap.victory_tokens
    if v.property == "damage":
        return snap.damage
    return (snap.ofv if v.property == "ofv" else snap.dfv) or 0


def _label(entry: StackEntry) -> str:
    return entry.label


# -- handlers ---------------------------------------------------------------------------
def _draw(game: Game, entry: StackEntry, spec: EffectSpec, index: int) -> None:
    n = _modified(entry, spec.count) if spec.amount is None else amount_of(game, entry, spec)
    for pid in players_for(game, entry, spec.player):
        draw(game, pid, n, "7.2.3d")


def _deal_damage(game: Game, entry: StackEntry, spec: EffectSpec, index: int) -> None:
    n = amount_of(game, entry, spec)
    for o in objects_for(game, entry, spec.what):
        deal_damage(game, o, n, "10.3.1", _label(entry))


def _heal(game: Game, entry: StackEntry, spec: EffectSpec, index: int) -> None:
    n = None if spec.amount is None else amount_of(game, entry, spec)
    for o in objects_for(game, entry, spec.what):
        remove_counters(game, o, "damage", n, "10.3.4", f" (healed by {_label(entry)})")


def _duration_fields(game: Game) -> dict:
    return {"turn": game.turn, "phase": game.phase}


def _prevent(game: Game, entry: StackEntry, spec: EffectSpec, index: int) -> None:
    n = amount_of(game, entry, spec)
    flips = _source_flips(game, entry, spec)
    if flips is None:
        return
    for o in objects_for(game, entry, spec.what):
        game.shields.append(
            Shield(
                timestamp=game.stamp(),
                target=(o.id, o.incarnation),
                remaining=n,
                duration=spec.duration or "end_of_turn",
                controller=entry.controller,
                source_id=entry.source_id,
                source_inc=entry.source_inc,
                source_flips=flips,
                **_duration_fields(game),
            )
        )
        record(
            game,
            "4.3.4b",
            "prevention",
            f"The next {n} damage to {o.name} will be prevented ({_label(entry)}).",
            (o.id,),
            entry.controller,
        )


def _counter_rule(kind: str) -> str:
    return {"damage": "10.3.4", "exhaustion": "10.4.4"}.get(kind, "10.5.1")


def _place_counters(game: Game, entry: StackEntry, spec: EffectSpec, index: int) -> None:
    n = amount_of(game, entry, spec)
    kind = spec.counter or "damage"
    for o in objects_for(game, entry, spec.what):
        add_counters(game, o, kind, n, _counter_rule(kind), f" ({_label(entry)})")


def _remove_counters(game: Game, entry: StackEntry, spec: EffectSpec, index: int) -> None:
    n = amount_of(game, entry, spec)
    kind = spec.counter or "damage"
    for o in objects_for(game, entry, spec.what):
        removed = remove_counters(game, o, kind, n, _counter_rule(kind), f" ({_label(entry)})")
        if removed and kind == "exhaustion" and o.exhausted and not o.counters.get("exhaustion"):
            place_now(
                game,
                turn_face_up(
                    game, o, "6.2.7", f"{o.name} has no exhaustion counters left and is turned face-up."
                ),
            )


def _place_vt(game: Game, entry: StackEntry, spec: EffectSpec, index: int) -> None:
    n = amount_of(game, entry, spec)
    for o in objects_for(game, entry, spec.what):
        place_victory_tokens(game, o, n, "10.1.4")


def _remove_vt(game: Game, entry: StackEntry, spec: EffectSpec, index: int) -> None:
    n = amount_of(game, entry, spec)
    for o in objects_for(game, entry, spec.what):
        remove_victory_tokens(game, o, n)


def _lose_vt(game: Game, entry: StackEntry, spec: EffectSpec, index: int) -> None:
    n = amount_of(game, entry, spec)
    for o in objects_for(game, entry, spec.what):
        lose_victory_tokens(game, o, n)


def _modifier_scope(game: Game, entry: StackEntry, spec: EffectSpec) -> dict | None:
    """Who a modifier applies to: the linked target (follows it, 4.2.1b), a static 'all'
    (whatever matches while it lasts) or a fixed set of objects chosen now."""
    sel = spec.what
    assert sel is not None
    if sel.kind == "linked":
        return {"applies": "linked"}
    if sel.kind == "all" and entry.kind in ("static", "equip"):
        return {"applies": "all", "filter": sel.filter}
    objs = [o for o in objects_for(game, entry, sel) if o.zone in BOARD_ZONES]
    hidden = [o for o in objs if o.face_down]
    for o in hidden:
        record(
            game,
            "4.4.3b",
            "no_impact",
            f"{o.name} is face-down; {_label(entry)} has no impact on it.",
            (o.id,),
            entry.controller,
        )
    objs = [o for o in objs if not o.face_down]
    if not objs:
        return None
    return {"applies": "fixed", "targets": tuple((o.id, o.incarnation) for o in objs)}


def _source_flips(game: Game, entry: StackEntry, spec: EffectSpec) -> int | None:
    """For an effect lasting 'while the source': the source's face-down count now, or None if it is
    no longer face-up where it was (then the effect has no impact, 4.3.5a.II)."""
    if (spec.duration or "end_of_turn") != "while_source":
        return 0
    src = _source(game, entry)
    if src is None or src.face_down or src.zone not in BOARD_ZONES:
        record(
            game,
            "4.3.5a.II",
            "no_impact",
            f"{_label(entry)} has no impact: its source is no longer face-up where it was.",
            (),
            entry.controller,
        )
        return None
    return src.flips


def _add_modifier(
    game: Game, entry: StackEntry, spec: EffectSpec, prop: str, op: str, amount, describe: str, rule: str
) -> None:
    flips = _source_flips(game, entry, spec)
    if flips is None:
        return
    scope = _modifier_scope(game, entry, spec)
    if scope is None:
        return
    game.modifiers.append(
        Modifier(
            timestamp=game.stamp(),
            property=prop,
            op=op,
            amount=amount,
            controller=entry.controller,
            source_id=entry.source_id,
            source_inc=entry.source_inc,
            duration=spec.duration or "end_of_turn",
            condition=spec.condition,
            equip=entry.kind == "equip",
            source_flips=flips,
            **scope,
            **_duration_fields(game),
        )
    )
    who = ", ".join(t[0] for t in scope.get("targets", ())) or (
        "its linked target" if scope["applies"] == "linked" else "every matching permanent"
    )
    record(
        game,
        rule,
        "modifier",
        f"{_label(entry)}: {describe} for {who} ({(spec.duration or 'end_of_turn').replace('_', ' ')}).",
        tuple(t[0] for t in scope.get("targets", ())),
        entry.controller,
    )


def _modify_value(game: Game, entry: StackEntry, spec: EffectSpec, index: int) -> None:
    """A value change; if the effect was modified on the stack, the modifier keeps the modified amount
    until the effect is placed on the stack again (4.1.8b, 4.1.8c, 4.1.4c.II). A modified 'add' may be negative."""
    amount = spec.amount if isinstance(spec.amount, int) else 0
    if entry.modifications:
        amount = _modified_signed(entry, amount)
        if spec.op != "add":
            amount = max(amount, 0)
    sign = "+" if spec.op == "add" and amount >= 0 else ""
    word = {"set": "set to ", "add": sign, "multiply": "×"}[spec.op or "add"]
    cond = " while a condition holds" if spec.condition is not None else ""
    rule = "4.4.2"
    _add_modifier(
        game,
        entry,
        spec,
        spec.property or "ofv",
        spec.op or "add",
        amount,
        f"{spec.property} {word}{amount}{cond}",
        rule,
    )


def _set_types(game: Game, entry: StackEntry, spec: EffectSpec, index: int) -> None:
    _add_modifier(game, entry, spec, "types", "set", spec.types, f"becomes {', '.join(spec.types)}", "1.4.6")


def _add_types(game: Game, entry: StackEntry, spec: EffectSpec, index: int) -> None:
    _add_modifier(
        game, entry, spec, "types", "add", spec.types, f"gains type {', '.join(spec.types)}", "1.4.7"
    )


def _create_token(game: Game, entry: StackEntry, spec: EffectSpec, index: int) -> None:
    assert spec.token is not None
    faction = spec.token.faction
    if faction == "yours":
        faction = faction_of_player(game, entry.controller)
    d = token_def(spec.token, faction)
    host = None
    if spec.attach_to is not None:
        hosts = [h for h in objects_for(game, entry, spec.attach_to) if h.zone in PERMANENT_ZONES]
        if not hosts:
            record(
                game,
                "2.1.2a",
                "token_not_created",
                f"{d.name} is not created: its linked target is gone.",
                (),
                entry.controller,
            )
            return
        host = hosts[0]
    for _ in range(_modified(entry, spec.count)):
        _token_statics(
            game, create_token(game, d, entry.controller, "2.1.3d", host=host, face_down=spec.face_down)
        )


def _token_statics(game: Game, tok: GameObject | None) -> None:
    """A token entering the board face-up is a permanent or attachment like a card (2.5.2): its static
    effects go on the stack as it enters (4.3.5a.I; equipment, 4.3.5g.III), on the stack being resolved,
    so they resolve before it closes (decision D-STATICS-AGAIN)."""
    if tok is None or tok.face_down or tok.zone not in BOARD_ZONES:
        return
    rule = "4.3.5g.III" if tok.zone is Zone.ITEM_SLOT else "4.3.5a.I"
    pending = static_pending(game, tok, rule)
    if pending:
        record(
            game,
            "2.5.2",
            "token_statics",
            f"{tok.name} is a token on the board and follows the rules of its type: its static effects go on the stack.",
            (tok.id,),
            tok.controller,
        )
        place_now(game, pending)


def _copy(game: Game, entry: StackEntry, spec: EffectSpec, index: int) -> None:
    for o in objects_for(game, entry, spec.what):
        if o.zone not in PERMANENT_ZONES:
            continue
        src = o.definition
        if o.face_down:  # 6.3.1-6.3.3: only the visible information is copied
            d = CardDef(
                name=src.name,
                type=ZONE_SUPERTYPE[o.zone] if ZONE_SUPERTYPE[o.zone] != "resource" else "resource",
                item_slots=src.item_slots,
                victory_token_field=src.victory_token_field,
                extra_rules=src.extra_rules,
                token=True,
                hidden_copy=True,
            )
        else:  # a copy of a face-up permanent has everything its card has (6.3), as a token (7.5.1)
            d = replace(src, token=True)
        tok = create_token(game, d, entry.controller, "2.1.3d", face_down=o.face_down)
        if tok is not None and o.face_down:
            record(
                game,
                "6.3.1",
                "copy",
                f"{tok.name} is a face-down copy and has only {o.name}'s visible information.",
                (tok.id, o.id),
                entry.controller,
            )
        _token_statics(game, tok)


def _discard(game: Game, entry: StackEntry, spec: EffectSpec, index: int) -> None:
    objs = [o for o in objects_for(game, entry, spec.what) if o.zone in BOARD_ZONES]
    if objs:
        move_many(game, objs, Zone.DISCARD, "7.2.1b", f"is discarded by {_label(entry)}.")


def _return_to_hand(game: Game, entry: StackEntry, spec: EffectSpec, index: int) -> None:
    for o in objects_for(game, entry, spec.what):
        move_card(game, o, Zone.HAND, "7.5.3", f"{o.name} returns to its owner's hand ({_label(entry)}).")


def _move_to_void(game: Game, entry: StackEntry, spec: EffectSpec, index: int) -> None:
    for o in objects_for(game, entry, spec.what):
        was = (o.zone, o.attached_to)
        moved = move_card(game, o, Zone.VOID, "7.2.2b", f"{o.name} is moved to the void ({_label(entry)}).")
        if moved and spec.then_return and was[0] in BOARD_ZONES and o.id in game.objects:
            _return_from_void(game, entry, o, *was)


def _return_from_void(game: Game, entry: StackEntry, o: GameObject, zone: Zone, host_id: str | None) -> None:
    """'...then return it to the zone it originated from' (7.5.5): to the zone it last occupied (7.5.6), under
    its owner's control (decision D-VOID-RETURN), as a new object that enters the board (2.1.1f)."""
    owner = o.owner
    host = None
    if zone is Zone.CHARACTERS and free_character_slot(game, owner) is None:
        record(
            game,
            "7.1.2c",
            "not_returned",
            f"{o.name} cannot return: all of {owner}'s character slots are occupied; it stays in the void.",
            (o.id,),
            owner,
        )
        return
    if zone is Zone.ITEM_SLOT:
        host = game.objects.get(host_id) if host_id else None
        if (
            host is None
            or host.zone not in PERMANENT_ZONES
            or len(host.attachments) >= (value(game, host, "item_slots") or 0)
        ):
            record(
                game,
                "7.5.6",
                "not_returned",
                f"{o.name} cannot return to an item slot: its linked target is gone or full; it stays in the void.",
                (o.id,),
                owner,
            )
            return
    rule = "7.5.6"
    enter_board(
        game,
        o,
        zone,
        owner if host is None else host.controller,
        rule,
        f"{o.name} returns from the void to the zone it last occupied, its {ZONE_WORDS[zone]} ({_label(entry)}).",
        host=host,
    )
    place_now(game, static_pending(game, o, "4.3.5g.III" if zone is Zone.ITEM_SLOT else "4.3.5a.I"))


def _exhaust(game: Game, entry: StackEntry, spec: EffectSpec, index: int) -> None:
    for o in objects_for(game, entry, spec.what):
        exhaust(game, o, "6.2.2", f" ({_label(entry)})", again=True)


def _turn_face_up(game: Game, entry: StackEntry, spec: EffectSpec, index: int) -> None:
    for o in objects_for(game, entry, spec.what):
        place_now(game, turn_face_up(game, o, "6.1.6", f"{o.name} is turned face-up by {_label(entry)}."))


def _turn_face_down(game: Game, entry: StackEntry, spec: EffectSpec, index: int) -> None:
    for o in objects_for(game, entry, spec.what):
        turn_face_down(game, o, "6.1.2")


def _gain_control(game: Game, entry: StackEntry, spec: EffectSpec, index: int) -> None:
    for o in objects_for(game, entry, spec.what):
        change_control(game, o, entry.controller, "7.5.7")


def _stack_targets(game: Game, entry: StackEntry, spec: EffectSpec) -> list[StackEntry]:
    sel = spec.what
    assert sel is not None and sel.kind == "target"
    groups = entry.valid if entry.valid is not None else entry.targets
    ids = {r.id for r in groups[sel.index] if r.kind == "effect"} if sel.index < len(groups) else set()
    return [e for e in game.stack or () if e.id in ids]


def _neutralise(game: Game, entry: StackEntry, spec: EffectSpec, index: int) -> None:
    for e in _stack_targets(game, entry, spec):
        assert game.stack is not None
        game.stack.remove(e)
        record(
            game,
            "4.1.8d",
            "neutralised",
            f"{e.label} is neutralised by {_label(entry)} and removed from the stack.",
            tuple(x for x in (e.source_id,) if x),
            entry.controller,
        )


def _modify_effect(game: Game, entry: StackEntry, spec: EffectSpec, index: int) -> None:
    amount = spec.amount if isinstance(spec.amount, int) else 0
    for e in _stack_targets(game, entry, spec):
        e.modifications.append((spec.op or "add", amount))
        record(
            game,
            "4.1.8b",
            "modified",
            f"{e.label} is modified by {_label(entry)}: its amounts {spec.op} {amount}.",
            tuple(x for x in (e.source_id,) if x),
            entry.controller,
        )


def _discard_from_hand(game: Game, entry: StackEntry, spec: EffectSpec, index: int) -> None:
    players = players_for(game, entry, spec.player)
    answers = entry.answers.setdefault(index, {})
    n = _modified(entry, spec.count)
    for pid in players:
        hand = game.players[pid].hand
        if pid not in answers:
            if len(hand) <= n:
                answers[pid] = tuple(hand)
            else:
                _ask_cards(
                    game,
                    pid,
                    tuple(hand),
                    n,
                    n,
                    f"Discard {n} card(s) from your hand.",
                    "7.2.1b",
                    entry,
                    index,
                )
                return
    for pid in players:
        for oid in answers[pid]:
            o = game.objects.get(oid)
            if o is not None and o.zone is Zone.HAND:
                move_card(game, o, Zone.DISCARD, "7.2.1b", f"{pid} discards {o.name} ({_label(entry)}).")


def _ask_cards(
    game: Game,
    pid: str,
    opts: tuple[str, ...],
    lo: int,
    hi: int,
    prompt: str,
    rule: str,
    entry: StackEntry,
    index: int,
) -> None:
    game.pending = PendingChoice(
        kind="cards",
        player=pid,
        prompt=prompt,
        rule=rule,
        options=opts,
        min=lo,
        max=hi,
        ref=entry.id,
        effect_index=index,
    )
    game.queue.push(ResolveEffect(index))


def _search(game: Game, entry: StackEntry, spec: EffectSpec, index: int) -> None:
    zone = Zone(spec.zone or "deck")
    for pid in players_for(game, entry, spec.player):
        ps = game.players[pid]
        pile = ps.zone_list(zone)
        answers = entry.answers.setdefault(index, {})
        if pid not in answers:
            flt = named_filter(entry, spec.filter)
            found = tuple(
                oid
                for oid in pile
                if flt is None or matches(game, game.objects[oid], flt, entry.controller, entry.source_id)
            )
            n = _modified(entry, spec.count)
            if not found:
                answers[pid] = ()
            else:
                rule = "7.4.2c" if zone is Zone.EXTRA_DECK else "7.2.3b"
                _ask_cards(
                    game,
                    pid,
                    found,
                    0,
                    min(n, len(found)),
                    f"Search your {zone.value.replace('_', ' ')}: choose up to {n} card(s).",
                    rule,
                    entry,
                    index,
                )
                return
    for pid in players_for(game, entry, spec.player):
        for oid in entry.answers[index][pid]:
            o = game.objects.get(oid)
            if o is not None and o.zone is zone:
                if spec.reveal:
                    record(game, "7.4.1b", "reveal", f"{pid} reveals {o.name}.", (oid,), pid)
                move_card(
                    game,
                    o,
                    Zone.HAND,
                    "7.4.1b",
                    f"{pid} puts {o.name} from their {zone.value.replace('_', ' ')} into their hand.",
                )
        if zone is Zone.DECK:
            shuffle(game, pid, "7.2.3b")


def _reveal(game: Game, entry: StackEntry, spec: EffectSpec, index: int) -> None:
    for pid in players_for(game, entry, spec.player):
        ps = game.players[pid]
        ids = ps.hand if spec.zone == "hand" else ps.deck[: _modified(entry, spec.count)]
        names = ", ".join(game.objects[o].name for o in ids) or "nothing"
        where = "their hand" if spec.zone == "hand" else "the top of their deck"
        record(game, "7.4.1b", "reveal", f"{pid} reveals {where}: {names}.", tuple(ids), pid)


def _shuffle(game: Game, entry: StackEntry, spec: EffectSpec, index: int) -> None:
    for pid in players_for(game, entry, spec.player):
        shuffle(game, pid, "7.2.3b")


def _win(game: Game, entry: StackEntry, spec: EffectSpec, index: int) -> None:
    for pid in players_for(game, entry, spec.player):
        game.players[pid].win_flag = _label(entry)
        record(
            game,
            "4.2.3b",
            "win_effect",
            f"{_label(entry)} makes {pid} win the game at the next state-based check.",
            (),
            pid,
        )


def _lose(game: Game, entry: StackEntry, spec: EffectSpec, index: int) -> None:
    for pid in players_for(game, entry, spec.player):
        game.players[pid].lose_flag = _label(entry)
        record(
            game,
            "4.2.3a",
            "lose_effect",
            f"{_label(entry)} makes {pid} lose the game at the next state-based check.",
            (),
            pid,
        )


def _add_resources(game: Game, entry: StackEntry, spec: EffectSpec, index: int) -> None:
    faction = spec.faction
    if faction == "yours":
        faction = faction_of_player(game, entry.controller)
    add_resources(game, entry.controller, faction, amount_of(game, entry, spec), "5.0.3b", _label(entry))


# -- naming, reassigning, granting, restricting ------------------------------------------
def _name_card(game: Game, entry: StackEntry, spec: EffectSpec, index: int) -> None:
    """'Name a card': a player names a card of the card database (the game's library), never a token (1.1.5).
    One name is named: of several players selected (``opponent``), the first in turn order (decision D-OPPONENT)."""
    players = players_for(game, entry, spec.player)
    if not players:
        return
    pid = players[0]
    answers = entry.answers.setdefault(index, {})
    if pid not in answers:
        game.pending = PendingChoice(
            kind="name",
            player=pid,
            prompt="Name a card: only names of the official card database may be used.",
            rule="1.1.5",
            options=tuple(sorted(game.library)),
            ref=entry.id,
            effect_index=index,
        )
        game.queue.push(ResolveEffect(index))
        return
    entry.named = answers[pid]
    record(game, "1.1.5", "named", f"{pid} names {entry.named} ({_label(entry)}).", (), pid)


def _reattach(game: Game, entry: StackEntry, spec: EffectSpec, index: int) -> None:
    """Unattach an attachment and reassign it to another permanent without a zone change; if it cannot be
    reassigned (no such permanent, no free item slot) it is discarded (2.1.2e, 2.3.2g). Its effects follow (4.2.1b)."""
    assert spec.onto is not None
    dests = [d for d in objects_for(game, entry, spec.onto) if d.zone in PERMANENT_ZONES]
    for a in objects_for(game, entry, spec.what):
        if a.zone is not Zone.ITEM_SLOT:
            continue
        old = game.objects.get(a.attached_to) if a.attached_to else None
        dest = dests[0] if dests else None
        used = len(dest.attachments) - (a.id in dest.attachments) if dest is not None else 0
        if dest is None or used >= (value(game, dest, "item_slots") or 0):
            why = "no permanent to take it" if dest is None else f"{dest.name} has no available item slot"
            move_card(
                game,
                a,
                Zone.DISCARD,
                "2.1.2e",
                f"{a.name} is unattached and cannot be reassigned ({why}): it is discarded ({_label(entry)}).",
            )
            continue
        if old is not None and a.id in old.attachments:
            old.attachments.remove(a.id)
        dest.attachments.append(a.id)
        a.attached_to = dest.id
        a.controller = dest.controller
        game.relinked.append((a.id, dest.id))
        record(
            game,
            "2.1.2e",
            "reassigned",
            f"{a.name} is reassigned from {old.name if old else 'nothing'} to {dest.name} without changing zones ({_label(entry)}).",
            (a.id, dest.id),
            entry.controller,
        )


def _grant_ability(game: Game, entry: StackEntry, spec: EffectSpec, index: int) -> None:
    """The objects gain an ability that works whatever their state, until the duration ends or they change zones (4.3.1, 4.3.2b)."""
    assert spec.ability is not None
    flips = _source_flips(game, entry, spec)
    if flips is None:
        return
    for o in objects_for(game, entry, spec.what):
        if o.zone not in BOARD_ZONES:
            continue
        game.grants.append(
            Grant(
                timestamp=game.stamp(),
                target=(o.id, o.incarnation),
                ability=spec.ability,
                duration=spec.duration or "end_of_turn",
                controller=entry.controller,
                source_id=entry.source_id,
                source_inc=entry.source_inc,
                source_flips=flips,
                **_duration_fields(game),
            )
        )
        record(
            game,
            "4.3.2b",
            "ability_granted",
            f"{o.name} gains the ability {spec.ability.label()} ({_label(entry)}, {(spec.duration or 'end_of_turn').replace('_', ' ')}).",
            (o.id,),
            entry.controller,
        )


def _shuffle_into_deck(game: Game, entry: StackEntry, spec: EffectSpec, index: int) -> None:
    """Cards go to their owners' decks, which are shuffled; a token is not a card and is never shuffled in (2.5.6)."""
    owners: list[str] = []
    for o in objects_for(game, entry, spec.what):
        if o.is_token:
            record(
                game,
                "2.5.6",
                "token_not_shuffled",
                f"{o.name} is a token: it cannot be shuffled into a deck and is removed from the game instead.",
                (o.id,),
                entry.controller,
            )
        moved = move_card(
            game, o, Zone.DECK, "7.2.3b", f"{o.name} is put into its owner's deck ({_label(entry)})."
        )
        if moved and not o.is_token and o.owner not in owners:
            owners.append(o.owner)
    for pid in owners:
        shuffle(game, pid, "7.2.3b")


def _move_counters(game: Game, entry: StackEntry, spec: EffectSpec, index: int) -> None:
    """Move counters from one permanent to another in the same zone; across zones the effect fails (10.0.6)."""
    assert spec.onto is not None
    kind = spec.counter or "damage"
    n = amount_of(game, entry, spec)
    dests = objects_for(game, entry, spec.onto)
    for src in objects_for(game, entry, spec.what):
        for dest in dests:
            if dest is src:
                continue
            if src.zone not in PERMANENT_ZONES or dest.zone is not src.zone:
                where = ZONE_WORDS.get(dest.zone, dest.zone.value)
                record(
                    game,
                    "10.0.6",
                    "markers_not_moved",
                    f"{_label(entry)} fails: {kind} counters cannot move from {src.name} ({ZONE_WORDS[src.zone]}) to {dest.name} ({where}), across zones.",
                    (src.id, dest.id),
                    entry.controller,
                )
                continue
            taken = remove_counters(game, src, kind, n, _counter_rule(kind), f" (moved by {_label(entry)})")
            if taken:
                add_counters(
                    game,
                    dest,
                    kind,
                    taken,
                    _counter_rule(kind),
                    f" (moved from {src.name} by {_label(entry)})",
                )


def _restrict_resources(game: Game, entry: StackEntry, spec: EffectSpec, index: int) -> None:
    """The players cannot generate (or cannot use) resources while it lasts; this overrides the usual ways (5.0.3h)."""
    flips = _source_flips(game, entry, spec)
    if flips is None:
        return
    what = spec.restriction or "generation"
    for pid in players_for(game, entry, spec.player):
        game.restrictions.append(
            Restriction(
                timestamp=game.stamp(),
                player=pid,
                what=what,
                duration=spec.duration or "end_of_turn",
                controller=entry.controller,
                label=_label(entry),
                source_id=entry.source_id,
                source_inc=entry.source_inc,
                source_flips=flips,
                **_duration_fields(game),
            )
        )
        words = "generate resources" if what == "generation" else "spend resources"
        record(
            game,
            "5.0.3h",
            "resources_restricted",
            f"{_label(entry)}: {pid} cannot {words} ({(spec.duration or 'end_of_turn').replace('_', ' ')}).",
            (),
            pid,
        )


def _turn_top_face_up(game: Game, entry: StackEntry, spec: EffectSpec, index: int) -> None:
    """The top card of the deck is turned face-up and stays so while it is on top (4.3.2d)."""
    for pid in players_for(game, entry, spec.player):
        ps = game.players[pid]
        if not ps.deck:
            continue
        top = game.objects[ps.deck[0]]
        ps.face_up_top.add(top.id)
        record(
            game,
            "4.3.2d",
            "deck_top_face_up",
            f"The top card of {pid}'s deck, {top.name}, is turned face-up ({_label(entry)}).",
            (top.id,),
            pid,
        )


def _put_onto_board(game: Game, entry: StackEntry, spec: EffectSpec, index: int) -> None:
    """Put cards from outside the board onto it, into the zone of their type, under their owner's control (2.1.1f);
    from the extra deck this is the operation of an extra rule (7.4.2d)."""
    for o in objects_for(game, entry, spec.what):
        if o.zone in BOARD_ZONES or o.is_token:
            continue
        pid = o.owner
        rule = "7.4.2d" if o.zone is Zone.EXTRA_DECK else "2.1.1f"
        if o.definition.type == "character":
            zone = Zone.CHARACTERS
            if free_character_slot(game, pid) is None:
                record(
                    game,
                    "7.1.2c",
                    "not_put_onto_board",
                    f"{o.name} stays where it is: all of {pid}'s character slots are occupied.",
                    (o.id,),
                    pid,
                )
                continue
        elif o.definition.type == "location":
            zone = Zone.LOCATION
        else:
            record(
                game,
                "2.1.2a",
                "not_put_onto_board",
                f"{o.name} is an item: it can enter the board only attached to a linked target.",
                (o.id,),
                pid,
            )
            continue
        if (
            o.definition.victory_token_field is not None
            and controlled_copy(game, pid, o.definition.name) is not None
        ):
            record(
                game,
                "1.5.6",
                "not_put_onto_board",
                f"{o.name} stays where it is: {pid} already controls a copy with a Victory Token Field.",
                (o.id,),
                pid,
            )
            continue
        came = ZONE_WORDS[o.zone]
        enter_board(
            game,
            o,
            zone,
            pid,
            rule,
            f"{o.name} moves directly from {pid}'s {came} onto the board ({_label(entry)}).",
        )
        place_now(game, static_pending(game, o, "2.4.4c" if zone is Zone.LOCATION else "4.3.5a.I"))


HANDLERS: dict[str, Callable[[Game, StackEntry, EffectSpec, int], None]] = {
    "draw": _draw,
    "deal_damage": _deal_damage,
    "heal": _heal,
    "prevent": _prevent,
    "place_counters": _place_counters,
    "remove_counters": _remove_counters,
    "place_victory_tokens": _place_vt,
    "remove_victory_tokens": _remove_vt,
    "lose_victory_tokens": _lose_vt,
    "modify_value": _modify_value,
    "set_types": _set_types,
    "add_types": _add_types,
    "create_token": _create_token,
    "copy": _copy,
    "discard": _discard,
    "discard_from_hand": _discard_from_hand,
    "return_to_hand": _return_to_hand,
    "move_to_void": _move_to_void,
    "exhaust": _exhaust,
    "turn_face_up": _turn_face_up,
    "turn_face_down": _turn_face_down,
    "gain_control": _gain_control,
    "neutralise": _neutralise,
    "modify_effect": _modify_effect,
    "search": _search,
    "reveal": _reveal,
    "shuffle": _shuffle,
    "win": _win,
    "lose": _lose,
    "add_resources": _add_resources,
    "name_card": _name_card,
    "reattach": _reattach,
    "grant_ability": _grant_ability,
    "shuffle_into_deck": _shuffle_into_deck,
    "move_counters": _move_counters,
    "restrict_resources": _restrict_resources,
    "turn_top_face_up": _turn_top_face_up,
    "put_onto_board": _put_onto_board,
}


def resolve_effect(game: Game, entry: StackEntry, index: int) -> None:
    """Resolve effect ``index`` of ``entry``; an effect whose targets are all gone has no impact."""
    spec = entry.effects[index]
    gated = spec.gate is not None and index not in entry.answers
    if gated and spec.gate is not None and not holds(game, spec.gate, entry.controller, entry.source_id):
        record(
            game,
            "4.1.7",
            "skipped",
            f"{entry.label}: a condition is not met, so part of the effect does nothing.",
            (),
            entry.controller,
        )
        return
    sel = spec.what
    valid = entry.valid
    if (
        sel is not None
        and sel.kind == "target"
        and valid is not None
        and sel.index < len(valid)
        and entry.targets[sel.index]
        and not valid[sel.index]
    ):
        rule = "4.3.5b.III" if entry.kind == "triggered" else "4.3.5c.V"
        record(
            game,
            rule,
            "no_impact",
            f"{entry.label}: no legal target remains, the effect has no impact.",
            (),
            entry.controller,
        )
        return
    HANDLERS[spec.kind](game, entry, spec, index)


@PROCEDURE.performs(ResolveEffect)
def step_effect(game: Game, step: ResolveEffect) -> None:
    """Resolve one effect of the entry being resolved."""
    index = step.index
    entry = game.resolving
    if entry is not None:
        resolve_effect(game, entry, index)
