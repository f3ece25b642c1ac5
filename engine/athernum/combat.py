"""Combat (9.3): attacker and target, the optional defender, the response stack, damage, exhaustion.

Reading chosen for 9.3.7 vs 9.3.9 (decision D-COMBAT-DEFENDER): a declared defender takes the
target's place in the damage exchange; the target then takes no combat damage.
"""

from __future__ import annotations

from .log import record
from .markers import deal_damage, exhaust
from .stack import ensure_stack, give_priority
from .state import PERMANENT_ZONES, Combat, Game, GameObject, PendingChoice
from .steps import PROCEDURE, Collect, CombatDamage, CombatExhaust, CombatStack, StateCheck
from .triggers import emit
from .values import has_dfv, has_ofv, value


def can_attack(game: Game, obj: GameObject, pid: str) -> bool:
    """9.3.5: one of your own face-up permanents with an offensive value."""
    return obj.controller == pid and obj.zone in PERMANENT_ZONES and not obj.face_down and has_ofv(game, obj)


def can_be_attacked(game: Game, obj: GameObject, pid: str) -> bool:
    """9.3.6: an opponent's permanent with a DFV, face-down ones included (9.3.6a, 9.3.6b)."""
    return obj.controller != pid and obj.zone in PERMANENT_ZONES and has_dfv(game, obj)


def can_defend(game: Game, obj: GameObject, pid: str) -> bool:
    """9.3.7: a face-up permanent with a DFV controlled by the target's controller."""
    return obj.controller == pid and obj.zone in PERMANENT_ZONES and not obj.face_down and has_dfv(game, obj)


def defenders(game: Game, pid: str) -> tuple[str, ...]:
    """Ids of the permanents ``pid`` may declare as defender (9.3.7)."""
    return tuple(oid for oid in game.board_ids(pid) if can_defend(game, game.objects[oid], pid))


def declare_attack(game: Game, attacker: GameObject, target: GameObject) -> None:
    """Start a combat (9.3.5, 9.3.6) and ask the target's controller for a defender (9.3.7)."""
    game.combat = Combat(attacker.id, attacker.incarnation, target.id, target.incarnation)
    pid = attacker.controller
    record(
        game,
        "9.3.5",
        "attack",
        f"{pid} declares {attacker.name} as attacker against {target.name}.",
        (attacker.id, target.id),
        pid,
    )
    emit(game, "attacks", attacker, player=pid)
    emit(game, "attacked", target, player=target.controller)
    options = defenders(game, target.controller)
    if options:
        game.pending = PendingChoice(
            kind="defender",
            player=target.controller,
            prompt=f"{attacker.name} attacks {target.name}: choose a defender, or none.",
            rule="9.3.7",
            options=options,
            min=0,
            max=1,
        )
    else:
        record(
            game,
            "9.3.7",
            "no_defender",
            f"{target.controller} has no face-up permanent with a Defensive Value to defend with.",
            (),
            target.controller,
        )
    game.queue.push(CombatStack(), CombatDamage())


def declare_defender(game: Game, pid: str, defender: GameObject | None) -> None:
    """Record the defender, or that there is none (9.3.7)."""
    assert game.combat is not None
    c = game.combat
    c.defender_declared = True
    if defender is None:
        record(game, "9.3.7", "no_defender", f"{pid} declares no defender.", (), pid)
        return
    c.defender = defender.id
    c.defender_inc = defender.incarnation
    record(
        game,
        "9.3.7",
        "defender",
        f"{pid} declares {defender.name} as defender; it fights the attacker in the target's place.",
        (defender.id,),
        pid,
    )
    emit(game, "defends", defender, player=pid)


@PROCEDURE.performs(CombatStack)
def step_combat_stack(game: Game, step: CombatStack) -> None:
    """9.3.8: a stack is opened; the active player receives priority to respond first."""
    ensure_stack(game, "9.3.8")
    give_priority(game, game.active or game.order[0])


def _alive(game: Game, oid: str | None, inc: int) -> GameObject | None:
    if oid is None:
        return None
    o = game.objects.get(oid)
    if o is None or o.incarnation != inc or o.zone not in PERMANENT_ZONES:
        return None
    return o


@PROCEDURE.performs(CombatDamage)
def step_combat_damage(game: Game, step: CombatDamage) -> None:
    """9.3.9: simultaneous combat damage as damage counters, then a check (9.3.10) and exhaustion."""
    c = game.combat
    if c is None:
        return
    attacker = _alive(game, c.attacker, c.attacker_inc)
    target = _alive(game, c.target, c.target_inc)
    defender = _alive(game, c.defender, c.defender_inc) if c.defender else None
    if attacker is None:
        record(game, "9.3.9", "combat_fizzles", "The attacker has left play; the combat has no effect.")
    elif target is None or (c.defender is not None and defender is None):
        record(
            game,
            "9.3.9a.I",
            "combat_fizzles",
            "The target or defender has left play; the attack has no effect, but the attacker is still exhausted.",
            (attacker.id,),
        )
    else:
        opponent = defender if defender is not None else target
        dealt = value(game, attacker, "ofv") or 0
        back = value(game, opponent, "ofv")
        if back is None:
            record(
                game,
                "9.3.9b.I",
                "no_offense",
                f"{opponent.name} has no offensive value and deals 0 damage back.",
                (opponent.id,),
            )
            back = 0
        record(
            game,
            "9.3.9",
            "combat_damage",
            f"Combat damage: {attacker.name} deals {dealt} to {opponent.name}, which deals {back} back, simultaneously.",
            (attacker.id, opponent.id),
        )
        deal_damage(game, opponent, dealt, "9.3.9a", attacker.name)
        deal_damage(game, attacker, back, "9.3.9b", opponent.name)
    game.queue.push(StateCheck("9.3.10"), CombatExhaust(), Collect())


@PROCEDURE.performs(CombatExhaust)
def step_combat_exhaust(game: Game, step: CombatExhaust) -> None:
    """9.3.11-9.3.12: the attacker, and a declared defender, are turned face-down and exhausted."""
    c = game.combat
    game.combat = None
    if c is None:
        return
    attacker = _alive(game, c.attacker, c.attacker_inc)
    if attacker is not None:
        exhaust(game, attacker, "9.3.11", " after attacking")
    defender = _alive(game, c.defender, c.defender_inc) if c.defender else None
    if defender is not None:
        exhaust(game, defender, "9.3.12", " after defending")
