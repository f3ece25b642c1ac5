"""Markers (chapter 10) and permanent states (chapter 6): counters, victory tokens, command tokens,
exhausting and turning permanents face-up or face-down."""

from __future__ import annotations

from .log import record
from .state import BOARD_ZONES, PERMANENT_ZONES, Game, GameObject, PendingAbility
from .triggers import emit, static_pending
from .values import has_dfv, snapshot, source_active


def add_counters(game: Game, obj: GameObject, kind: str, n: int, rule: str, why: str = "") -> int:
    """Place ``n`` counters of ``kind``; only permanents carry markers (10.0.4), damage needs a DFV (10.3.2)."""
    if n <= 0:
        return 0
    if obj.zone not in PERMANENT_ZONES:
        record(
            game,
            "10.0.4",
            "no_counters",
            f"{obj.name} is not a permanent and cannot hold counters.",
            (obj.id,),
        )
        return 0
    if kind == "damage" and not has_dfv(game, obj):
        record(
            game,
            "10.3.2",
            "no_counters",
            f"{obj.name} has no Defensive Value; damage counters cannot be placed on it.",
            (obj.id,),
        )
        return 0
    obj.counters[kind] = obj.counters.get(kind, 0) + n
    record(game, rule, "counters_placed", f"{n} {kind} counter(s) placed on {obj.name}{why}.", (obj.id,))
    return n


def remove_counters(game: Game, obj: GameObject, kind: str, n: int | None, rule: str, why: str = "") -> int:
    """Remove up to ``n`` counters of ``kind`` (all of them if ``n`` is None); counters never go below 0."""
    have = obj.counters.get(kind, 0)
    take = have if n is None else min(n, have)
    if take <= 0:
        return 0
    if have - take:
        obj.counters[kind] = have - take
    else:
        del obj.counters[kind]
    record(
        game, rule, "counters_removed", f"{take} {kind} counter(s) removed from {obj.name}{why}.", (obj.id,)
    )
    return take


def deal_damage(game: Game, obj: GameObject, amount: int, rule: str, source: str) -> int:
    """Deal damage as damage counters (9.3.9c, 10.3.1), after resolved prevention effects (4.3.4b)."""
    if amount <= 0 or obj.zone not in PERMANENT_ZONES:
        return 0
    if not has_dfv(game, obj):
        record(
            game, "10.3.2", "no_damage", f"{obj.name} has no Defensive Value and takes no damage.", (obj.id,)
        )
        return 0

    for sh in game.shields:
        if amount <= 0:
            break
        if sh.duration == "while_source" and not source_active(
            game, sh.source_id, sh.source_inc, sh.source_flips
        ):
            continue
        if sh.target == (obj.id, obj.incarnation) and sh.remaining > 0:
            prevented = min(sh.remaining, amount)
            sh.remaining -= prevented
            amount -= prevented
            record(
                game,
                "4.3.4b",
                "damage_prevented",
                f"{prevented} damage to {obj.name} is prevented.",
                (obj.id,),
            )
    game.shields = [sh for sh in game.shields if sh.remaining > 0]
    if amount <= 0:
        return 0
    obj.counters["damage"] = obj.counters.get("damage", 0) + amount
    record(game, rule, "damage", f"{source} deals {amount} damage to {obj.name}.", (obj.id,))
    emit(game, "damaged", obj)
    return amount


def grow_pool(game: Game, n: int, rule: str, why: str, objects: tuple[str, ...] = ()) -> None:
    """Add ``n`` Victory Tokens to the global pool (8.0.3, 10.1.2, 4.2.2g)."""
    if n <= 0:
        return
    game.victory_pool += n
    game.victory_added += n
    record(
        game,
        rule,
        "pool_grows",
        f"The Victory Token pool grows by {n} to {game.victory_pool}: {why}.",
        objects,
    )


def place_victory_tokens(game: Game, obj: GameObject, n: int, rule: str) -> int:
    """Move Victory Tokens from the pool onto a permanent with a Victory Token Field (10.1.3, 10.1.4, 10.1.7)."""
    if n <= 0:
        return 0
    if obj.zone not in PERMANENT_ZONES or obj.definition.victory_token_field is None:
        record(
            game,
            "10.1.3",
            "no_victory_tokens",
            f"{obj.name} has no Victory Token Field; no Victory Token is placed.",
            (obj.id,),
        )
        return 0
    placed = min(n, game.victory_pool)
    if placed < n:
        record(
            game, "10.1.7", "pool_short", f"Only {placed} Victory Token(s) are left in the pool.", (obj.id,)
        )
    if placed <= 0:
        return 0
    game.victory_pool -= placed
    obj.victory_tokens += placed
    record(
        game,
        rule,
        "victory_tokens_placed",
        f"{placed} Victory Token(s) move from the pool onto {obj.name} ({obj.victory_tokens} on it).",
        (obj.id,),
        obj.controller,
    )
    emit(game, "victory_token_placed", obj, player=obj.controller)
    return placed


def remove_victory_tokens(game: Game, obj: GameObject, n: int, rule: str = "10.1.5") -> int:
    """Remove Victory Tokens from a permanent; they return to the global pool (10.1.5)."""
    take = min(n, obj.victory_tokens)
    if take <= 0:
        return 0
    obj.victory_tokens -= take
    game.victory_pool += take
    record(
        game,
        rule,
        "victory_tokens_returned",
        f"{take} Victory Token(s) return from {obj.name} to the pool.",
        (obj.id,),
    )
    return take


def lose_victory_tokens(game: Game, obj: GameObject, n: int) -> int:
    """Victory Tokens that are lost are removed from the game (10.1.6)."""
    take = min(n, obj.victory_tokens)
    if take <= 0:
        return 0
    obj.victory_tokens -= take
    game.victory_lost += take
    record(
        game,
        "10.1.6",
        "victory_tokens_lost",
        f"{take} Victory Token(s) on {obj.name} are lost and removed from the game.",
        (obj.id,),
    )
    return take


def exhaust(game: Game, obj: GameObject, rule: str, why: str = "", *, again: bool = False) -> bool:
    """Exhaust a permanent: face-down with one exhaustion counter (6.2.2).

    An already exhausted permanent is not exhausted again to pay a cost or meet a rule's requirement
    (6.2.9a); an effect (``again``) exhausts it again and it receives another counter (6.2.9, decision
    D-EXHAUST-AGAIN).
    """
    if obj.zone not in PERMANENT_ZONES:
        record(
            game,
            "6.2.1",
            "not_exhausted",
            f"{obj.name} is not a permanent and cannot be exhausted.",
            (obj.id,),
        )
        return False
    if obj.exhausted:
        if not again:
            return False
        obj.counters["exhaustion"] = obj.counters.get("exhaustion", 0) + 1
        record(
            game,
            "6.2.9",
            "exhausted_again",
            f"{obj.name} is already exhausted and is exhausted again: it receives another exhaustion counter ({obj.counters['exhaustion']}){why}.",
            (obj.id,),
            obj.controller,
        )
        return True
    emit(game, "exhausted", obj, snap=snapshot(game, obj))
    obj.face_down = True
    obj.flips += 1
    obj.exhausted = True
    obj.counters["exhaustion"] = obj.counters.get("exhaustion", 0) + 1
    record(
        game,
        rule,
        "exhausted",
        f"{obj.name} is exhausted: turned face-down with an exhaustion counter{why}.",
        (obj.id,),
        obj.controller,
    )
    return True


def turn_face_up(game: Game, obj: GameObject, rule: str, message: str) -> list[PendingAbility]:
    """Turn a face-down permanent or attachment face-up; return its statics to place on the stack (4.3.5a.I).

    An exhausted permanent turned face-up is no longer exhausted; exhaustion counters it still
    has stay on it (10.4.3).
    """
    if obj.zone not in BOARD_ZONES or not obj.face_down:
        return []
    obj.face_down = False
    obj.exhausted = False
    record(game, rule, "turned_face_up", message, (obj.id,), obj.controller)
    emit(game, "turned_face_up", obj, player=obj.controller)
    return static_pending(game, obj, "4.3.5a.I")


def turn_face_down(game: Game, obj: GameObject, rule: str) -> bool:
    """Turn a permanent or attachment face-down (not exhausted); its static effects stop (4.3.5a.II)."""
    if obj.zone not in BOARD_ZONES or obj.face_down:
        return False
    obj.face_down = True
    obj.flips += 1
    record(game, rule, "turned_face_down", f"{obj.name} is turned face-down.", (obj.id,), obj.controller)
    return True


def replenish_command_tokens(game: Game, pid: str) -> None:
    """Refill the active player's command tokens up to the maximum (9.1.3, 10.2.1-10.2.3)."""
    ps = game.players[pid]
    if ps.command_tokens < ps.command_max:
        gained = ps.command_max - ps.command_tokens
        ps.command_tokens = ps.command_max
        record(
            game,
            "9.1.3",
            "command_tokens",
            f"{pid}'s command tokens are replenished to {ps.command_max} (+{gained}).",
            (),
            pid,
        )
