"""Paying costs: every part of a cost in a single step (6.1.d); an impossible cost cannot be paid (1.4.1.b)."""

from __future__ import annotations

from dataclasses import dataclass

from .atomics import Atomic, Exhaust, MoveCard, apply_step
from .cards import Cost
from .errors import CannotPay
from .log import record
from .passives import prohibition
from .state import IN_PLAY, Game, GameObject, Zone


@dataclass(frozen=True, slots=True)
class Payment:
    """A cost as it will be paid: mana due (after reductions) and the chosen cards."""

    cost: Cost
    mana: int
    to_reserve: tuple[str, ...] = ()
    sacrificed: tuple[str, ...] = ()


def ready_orbs(game: Game, pid: str) -> list[str]:
    return [o for o in game.players[pid].mana if not game.objects[o].exhausted]


def check(
    game: Game,
    pid: str,
    cost: Cost,
    source: GameObject | None,
    chosen: tuple[str, ...],
    mana: int | None = None,
) -> Payment:
    """The payment of ``cost`` by ``pid`` with the chosen cards, or :class:`CannotPay` citing the rule."""
    mana = cost.mana if mana is None else mana
    ps = game.players[pid]
    if len(ready_orbs(game, pid)) < mana:
        raise CannotPay(
            f"paying {mana} needs {mana} ready Mana Orb(s); {pid} has {len(ready_orbs(game, pid))}", "6.1.a"
        )
    if cost.exhaust_me and (source is None or source.zone not in IN_PLAY or source.exhausted):
        raise CannotPay("'exhaust me' needs the object in play and ready", "6.1.a")
    if cost.discard_me:
        if source is None or source.zone is not Zone.RESERVE or source.owner != pid:
            raise CannotPay("'discard me from Reserve' needs the card in its owner's Reserve", "6.1.a")
        forbidden = prohibition(game, "discard_from_reserve")
        if forbidden is not None:
            raise CannotPay(
                f"discarding from a Reserve is impossible ({forbidden.label}): the cost cannot be paid",
                "1.4.1.b",
                "1.4.1.a",
            )
    to_reserve = tuple(c for c in chosen if c in ps.hand)
    sacrificed = tuple(c for c in chosen if c in ps.characters())
    stray = [c for c in chosen if c not in to_reserve and c not in sacrificed]
    if stray:
        raise CannotPay(f"{', '.join(stray)} is neither in {pid}'s Hand nor in their expeditions", "6.1.a")
    if len(to_reserve) != cost.hand_to_reserve:
        raise CannotPay(
            f"the cost puts {cost.hand_to_reserve} card(s) from Hand in Reserve; {len(to_reserve)} chosen",
            "6.1.a",
        )
    if len(sacrificed) != cost.sacrifice:
        raise CannotPay(
            f"the cost sacrifices {cost.sacrifice} Character(s); {len(sacrificed)} chosen", "6.1.a"
        )
    if cost.sacrifice:
        forbidden = prohibition(game, "sacrifice")
        if forbidden is not None:
            raise CannotPay(
                f"sacrificing is impossible ({forbidden.label}): the cost cannot be paid",
                "1.4.1.b",
                "1.4.1.a",
            )
    return Payment(cost, mana, to_reserve, sacrificed)


def payable(
    game: Game,
    pid: str,
    cost: Cost,
    source: GameObject | None,
    chosen: tuple[str, ...] = (),
    mana: int | None = None,
) -> bool:
    try:
        check(game, pid, cost, source, chosen, mana)
    except CannotPay:
        return False
    return True


def pay(game: Game, pid: str, payment: Payment, source: GameObject | None, label: str) -> None:
    """Pay in one step (6.1.d): every part is an atomic action of that step, simultaneous (6.1.f)."""
    atomics: list[Atomic] = [Exhaust(pid, o) for o in ready_orbs(game, pid)[: payment.mana]]
    if payment.cost.exhaust_me and source is not None:
        atomics.append(Exhaust(pid, source.id))
    if payment.cost.discard_me and source is not None:
        atomics.append(
            MoveCard(pid, source.id, source.incarnation, Zone.DISCARD, pid, verb="discard_from_reserve")
        )
    atomics += [
        MoveCard(pid, c, game.objects[c].incarnation, Zone.RESERVE, pid, verb="to_reserve")
        for c in payment.to_reserve
    ]
    atomics += [
        MoveCard(pid, c, game.objects[c].incarnation, Zone.DISCARD, game.objects[c].owner, verb="sacrifice")
        for c in payment.sacrificed
    ]
    if not atomics:
        return
    parts = []
    if payment.mana:
        parts.append(f"pay {payment.mana} (exhaust {payment.mana} Mana Orb(s))")
    parts += [
        a.describe(game)
        for a in atomics
        if not isinstance(a, Exhaust) or game.objects[a.obj].zone is not Zone.MANA
    ]
    record(
        game,
        "6.1.d",
        "cost",
        f"{label}: {pid} pays the cost in a single step: {'; '.join(parts)}.",
        tuple(payment.to_reserve + payment.sacrificed),
        pid,
    )
    apply_step(game, atomics, label=f"{label} (cost)")
