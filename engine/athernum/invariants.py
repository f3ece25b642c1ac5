"""Whole-state invariants the rules guarantee; used by the random-play test and scenarios.

:func:`violations` returns a plain-words list of everything wrong (empty when all is well).
"""

from __future__ import annotations

from .state import Game, GameObject, Phase, Zone
from .values import value

_PILES = (Zone.DECK, Zone.HAND, Zone.DISCARD, Zone.VOID, Zone.EXTRA_DECK)


def violations(game: Game) -> list[str]:
    """Check: one zone per card (7.5.4), tokens only on the board (2.5.4), Victory Tokens conserved
    (10.1.4-10.1.6) and only on Victory-Token-Field permanents (10.1.3), markers only on permanents
    (10.0.4), no negative counters or values (2.2.3f, 2.2.4g), command tokens within the maximum (10.2.3),
    main characters in their zone under their owner's control (3.0.7), players who left the game gone with
    everything they owned (4.2.4a, D-LEFT-GAME)."""
    bad: list[str] = []
    objects = game.objects
    seen: set[str] = set()
    held = 0
    on_board = 0
    modified = bool(game.modifiers)  # without modifiers, values are the printed ones (never negative)
    attached: set[str] = set()

    def hold(oid: str) -> GameObject | None:
        nonlocal held
        held += 1
        seen.add(oid)
        o = objects.get(oid)
        if o is None:
            bad.append(f"{oid} is held by a zone but does not exist")
        return o

    for pid in game.order:
        ps = game.players[pid]
        for zone in _PILES:
            lst = ps.zone_list(zone)
            held += len(lst)
            seen.update(lst)
            for oid in lst:
                o = objects.get(oid)
                if o is None:
                    bad.append(f"{oid} is held by {pid}'s {zone.value} but does not exist")
                elif (
                    o.zone is not zone
                    or o.owner != pid
                    or o.is_token
                    or o.counters
                    or o.victory_tokens
                    or o.face_down
                    or o.exhausted
                    or o.attachments
                ):
                    bad.append(
                        f"{oid} in {pid}'s {zone.value}: zone {o.zone.value}, owner {o.owner}, token {o.is_token}, "
                        f"counters {o.counters}, victory tokens {o.victory_tokens}, face-down {o.face_down}, "
                        f"exhausted {o.exhausted} (tokens never leave the board, 2.5.4; markers only on permanents, 10.0.4)"
                    )
        board = []
        if ps.main_slot is not None:
            board.append((ps.main_slot, Zone.MAIN))
        board.extend((oid, Zone.CHARACTERS) for oid in ps.character_slots if oid is not None)
        board.extend((oid, Zone.LOCATION) for oid in ps.locations)
        board.extend((oid, Zone.RESOURCES) for oid in ps.resources)
        for oid, zone in board:
            o = hold(oid)
            if o is None:
                continue
            if o.zone is not zone or o.controller != pid:
                bad.append(f"{oid} is in {pid}'s {zone.value} but says {o.controller}'s {o.zone.value}")
            on_board += o.victory_tokens
            if o.victory_tokens and o.definition.victory_token_field is None:
                bad.append(f"{oid} holds Victory Tokens without a Victory Token Field")
            if o.victory_tokens < 0 or any(v < 0 for v in o.counters.values()):
                bad.append(f"{oid} has negative markers {o.counters} / {o.victory_tokens}")
            if modified and not o.face_down:
                for prop in ("ofv", "dfv", "item_slots"):
                    v = value(game, o, prop)
                    if v is not None and v < 0:
                        bad.append(f"{oid} has {prop} {v} below 0")
            for aid in o.attachments:
                attached.add(aid)
                a = hold(aid)
                if a is None:
                    continue
                if a.zone is not Zone.ITEM_SLOT or a.attached_to != oid:
                    bad.append(f"{aid} is attached to {oid} but says {a.zone.value} / {a.attached_to}")
                if a.victory_tokens or a.counters:
                    bad.append(f"attachment {aid} holds markers")
        if not ps.face_up_top <= set(ps.deck):
            bad.append(
                f"{pid}'s face-up deck cards {sorted(ps.face_up_top - set(ps.deck))} are not in the deck (4.3.2d)"
            )
        if not 0 <= ps.command_tokens <= ps.command_max:
            bad.append(f"{pid} has {ps.command_tokens} command tokens (maximum {ps.command_max})")
        if any(n <= 0 for n in ps.pool.values()):
            bad.append(f"{pid}'s resource pool has a non-positive entry {ps.pool}")
        if len(ps.character_slots) != game.params.character_slots:
            bad.append(
                f"{pid} has {len(ps.character_slots)} character slots, not {game.params.character_slots} (7.1.2a)"
            )
        main = ps.main_character
        if main is not None and game.phase is not Phase.SETUP:
            m = objects.get(main)
            if m is None or m.zone not in (Zone.MAIN, Zone.LOCATION) or m.controller != pid:
                bad.append(f"{pid}'s main character {main} left its zone or changed control")
    if attached != game.attached:
        bad.append(
            f"the item-slot index {sorted(game.attached ^ attached)[:5]} disagrees with the hosts' attachments"
        )
    if held != len(seen):
        bad.append(f"{held - len(seen)} object(s) are held by more than one zone")
    if len(seen) != len(objects) or held != len(objects):
        missing = [oid for oid in objects if oid not in seen]
        if missing:
            bad.append(f"{len(missing)} object(s) in no zone: {missing[:5]}")
    bad.extend(_left_players(game))
    if game.victory_pool < 0 or game.victory_lost < 0:
        bad.append("the Victory Token pool or lost count is negative")
    if game.victory_pool + on_board + game.victory_lost != game.victory_added:
        bad.append(
            f"Victory Tokens not conserved: pool {game.victory_pool} + on permanents {on_board} + lost "
            f"{game.victory_lost} != added {game.victory_added}"
        )
    return bad


def _left_players(game: Game) -> list[str]:
    """Players who lost and left the game own and control nothing, hold no zone, and never act (D-LEFT-GAME)."""
    gone = set(game.eliminated)
    if not gone:
        return []
    bad = [
        f"{oid} is owned or controlled by {o.owner if o.owner in gone else o.controller}, who left the game"
        for oid, o in game.objects.items()
        if o.owner in gone or o.controller in gone
    ]
    for pid in sorted(gone):
        ps = game.players[pid]
        piles = any(ps.zone_list(z) for z in (*_PILES, Zone.RESOURCES, Zone.LOCATION))
        if piles or ps.main_character or ps.main_slot or ps.pool or any(ps.character_slots):
            bad.append(f"{pid} left the game but still has cards, tokens or resources")
    movers = {game.active, game.priority, game.pending.player if game.pending else None}
    movers |= {e.controller for e in game.stack or ()}
    if movers & gone:
        bad.append(
            f"{sorted(p for p in movers & gone if p)} left the game but are active, hold priority, must choose or control an effect"
        )
    if len(game.playing) < 2 and game.result is None:
        bad.append("fewer than two players are left but the game goes on (4.2.4a)")
    return bad
