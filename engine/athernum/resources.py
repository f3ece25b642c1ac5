"""Resources (chapter 5): the resource pool, exhausting resource tokens, and paying costs.

A payment is a tuple of factions, one entry per resource spent from the pool
(``None`` is a factionless resource). Paying is not an effect and uses no stack (5.0.3g).
"""

from __future__ import annotations

from .actions import Payment, canonical, faction_key
from .cards import ResourceCost
from .errors import CannotPay
from .log import record
from .state import Game, GameObject


def faction_label(f: str | None) -> str:
    """A faction as words: its name, or "factionless" (5.0.3c)."""
    return f if f is not None else "factionless"


def restricted(game: Game, pid: str, what: str):
    """The effect that keeps ``pid`` from the ``generation`` or ``usage`` of resources now (5.0.3h), or None."""
    for r in game.restrictions:
        if r.player == pid and r.what == what:
            return r
    return None


def check_payment(
    game: Game,
    pid: str,
    cost: ResourceCost,
    payment: Payment,
    faction_needed: str | None = None,
) -> None:
    """Raise :class:`CannotPay` unless ``payment`` (from ``pid``'s pool) pays ``cost`` exactly."""
    if cost.total > 0 and game.restrictions:
        stop = restricted(game, pid, "usage")
        if stop is not None:
            raise CannotPay(f"{pid} cannot spend resources: {stop.label} prevents it", "5.0.3h")
    if len(payment) != cost.total:
        raise CannotPay(
            f"the cost is {cost.total} resource(s) but {len(payment)} were offered", "5.0.3f", "5.0.3d"
        )
    pool = game.players[pid].pool
    need: dict[str | None, int] = {}
    for f in payment:
        need[f] = need.get(f, 0) + 1
    for f, n in need.items():
        if pool.get(f, 0) < n:
            raise CannotPay(
                f"{pid}'s resource pool has {pool.get(f, 0)} {faction_label(f)} resource(s), {n} offered; exhaust resource tokens first",
                "5.0.3d",
                "5.0.1c",
            )
    for f, n in cost.factions:
        if need.get(f, 0) < n:
            raise CannotPay(f"the cost needs {n} {f} resource(s)", "5.0.3e")
    if faction_needed is not None and cost.total > 0 and need.get(faction_needed, 0) == 0:
        raise CannotPay(f"at least one resource paid must be {faction_needed}", "2.2.1c")


def payments(game: Game, pid: str, cost: ResourceCost, faction_needed: str | None = None) -> list[Payment]:
    """Every distinct payment of ``cost`` from ``pid``'s current pool (canonical order)."""
    total = cost.total
    if total == 0:
        return [()]
    if game.restrictions and restricted(game, pid, "usage") is not None:
        return []  # 5.0.3h
    pool = game.players[pid].pool
    if sum(pool.values()) < total:
        return []
    kinds = sorted((f for f, n in pool.items() if n > 0), key=faction_key)
    out: list[Payment] = []

    def rec(i: int, left: int, acc: list) -> None:
        if left == 0:
            out.append(tuple(acc))
            return
        if i == len(kinds):
            return
        f = kinds[i]
        for take in range(min(pool[f], left), -1, -1):
            acc.extend([f] * take)
            rec(i + 1, left - take, acc)
            del acc[len(acc) - take :]

    rec(0, total, [])
    result = []
    for p in out:
        counts: dict[str | None, int] = {}
        for f in p:
            counts[f] = counts.get(f, 0) + 1
        if any(counts.get(f, 0) < n for f, n in cost.factions):
            continue
        if faction_needed is not None and counts.get(faction_needed, 0) == 0:
            continue
        result.append(canonical(p))
    return result


def spend(game: Game, pid: str, payment: Payment, what: str) -> None:
    """Take the paid resources out of the pool (5.0.3d)."""
    if not payment:
        return
    pool = game.players[pid].pool
    for f in payment:
        pool[f] -= 1
        if pool[f] == 0:
            del pool[f]
    paid = ", ".join(faction_label(f) for f in payment)
    record(game, "5.0.3d", "pay", f"{pid} pays {paid} for {what}.", (), pid)


def add_resources(game: Game, pid: str, faction: str | None, n: int, rule: str, source: str) -> None:
    """Add ``n`` resources of ``faction`` to ``pid``'s pool (5.0.3a-5.0.3c)."""
    if n <= 0:
        return
    stop = restricted(game, pid, "generation") if game.restrictions else None
    if stop is not None:
        record(
            game,
            "5.0.3h",
            "resources_not_added",
            f"{source} would add {n} resource(s) to {pid}'s pool, but {stop.label} prevents it.",
            (),
            pid,
        )
        return
    pool = game.players[pid].pool
    pool[faction] = pool.get(faction, 0) + n
    record(
        game,
        rule,
        "resource_added",
        f"{source} adds {n} {faction_label(faction)} resource(s) to {pid}'s pool.",
        (),
        pid,
    )


def exhaust_resource(game: Game, token: GameObject) -> None:
    """Exhaust a resource token for one resource of its faction; not an effect, no stack (5.0.1c, 5.0.1e)."""
    token.face_down = True
    token.flips += 1
    token.exhausted = True
    token.counters["exhaustion"] = token.counters.get("exhaustion", 0) + 1
    faction = token.definition.faction
    pid = token.controller
    pool = game.players[pid].pool
    pool[faction] = pool.get(faction, 0) + 1
    record(
        game,
        "5.0.1c",
        "exhaust_resource",
        f"{pid} exhausts {token.name} and adds one {faction_label(faction)} resource to their pool.",
        (token.id,),
        pid,
    )


def empty_pools(game: Game) -> None:
    """At the end of each phase every resource pool is emptied (5.0.4a)."""
    for pid in game.order:
        ps = game.players[pid]
        if ps.pool:
            n = ps.pool_total()
            ps.pool = {}
            record(
                game,
                "5.0.4a",
                "pool_emptied",
                f"{pid}'s resource pool empties at the end of the phase ({n} unspent resource(s) lost).",
                (),
                pid,
            )
