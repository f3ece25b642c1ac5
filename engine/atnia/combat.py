"""Combat (rules/combat, rules/combat-phase-outline).

1. The active player, in the main phase with nothing on the horizon, declares attackers (and may commit fast
   cards); attacking flips them. Triggers of the declaration: only infinite and burst ones resolve now.
2. The defending player becomes active, declares up to one blocker per attacker (and may commit fast cards);
   blocking flips them. Again only infinite and burst triggers resolve now.
3. The attacking player becomes active; players play and pass as usual. After a pass (after doing nothing) the
   horizon resolves, then every combatant strikes at once.
4. Combat ends: back to the main phase, the attacking player active; their pass does not count towards ending the
   round (p9).

You attack players; only a unit with challenger attacks a unit (the attacked unit strikes back: decision
D-CHALLENGER). A unit with guardian put into play after blockers were declared may block as it arrives
(p8, decision D-GUARDIAN).
"""

from __future__ import annotations

from .errors import InvalidTarget, LimitReached, NotInZone, WrongTiming
from .horizon import make_active
from .log import record
from .state import Combat, Game, PendingChoice, Phase, Zone
from .stats import offense
from .steps import (
    PROCEDURE,
    Check,
    Collect,
    CombatTriggers,
    EndCombat,
    GuardianOffer,
    PhaseWait,
    Strike,
    ToBlockStep,
    ToFightStep,
)
from .triggers import emit
from .zones import deal_damage


def _own_unit(game: Game, pid: str, cid: str, role: str, rule: str) -> None:
    card = game.objects.get(cid)
    if card is None or card.zone is not Zone.BATTLEFIELD or card.controller != pid:
        raise NotInZone(f"{cid} is not a card on {pid}'s battlefield, so it cannot {role}", rule)
    if not card.is_unit:
        raise InvalidTarget(f"{card.name} is not a unit: only units can {role}", "rules/card-types/p1")
    if card.flipped:
        raise InvalidTarget(
            f"{card.name} is flipped: flipped units cannot {role}", "rules/combat-phase-outline/p7"
        )


def check_attack(game: Game, pid: str, attackers: tuple[tuple[str, str | None], ...]) -> None:
    """Raise unless ``pid`` may attack with these units at these targets now."""
    if game.phase is not Phase.MAIN or game.combat is not None:
        raise WrongTiming(
            "attacks are declared from the main phase", "rules/combat/p1", "rules/round-phases/p3.3"
        )
    if game.horizon:
        raise WrongTiming(
            "an attack can only start while there are no unresolved effects on the horizon", "rules/combat/p1"
        )
    if game.players[pid].attacks >= game.limits.attacks:
        raise LimitReached(
            f"{pid} has already attacked {game.limits.attacks} times this round",
            "rules/combat-phase-outline/p5",
        )
    if not attackers:
        raise InvalidTarget("an attack declares one or more attackers", "rules/combat-phase-outline/p1")
    units = [a for a, _ in attackers]
    if len(set(units)) != len(units):
        raise InvalidTarget(
            "a unit can be declared as an attacker only once", "rules/combat-phase-outline/p1"
        )
    enemy = game.opponent(pid)
    for unit, target in attackers:
        _own_unit(game, pid, unit, "attack", "rules/combat-phase-outline/p1")
        if target in (None, enemy):
            continue
        if target == pid:
            raise InvalidTarget("you attack your opponent, not yourself", "rules/combat/p1")
        card = game.card(unit)
        victim = game.objects.get(target)
        if not card.definition.has("challenger"):
            raise InvalidTarget(
                f"{card.name} has no challenger: you attack players, not their cards", "rules/combat/p1"
            )
        if (
            victim is None
            or victim.zone is not Zone.BATTLEFIELD
            or victim.controller != enemy
            or not victim.is_unit
        ):
            raise InvalidTarget(f"{target} is not a unit on {enemy}'s battlefield", "rules/combat/p1")


def _to_left(game: Game, pid: str, ids: list[str]) -> None:
    """Move these units (with their weapons) to the left end of the battlefield, in this order."""
    row = game.players[pid].battlefield
    front: list[str] = []
    for cid in ids:
        front.append(cid)
        weapon = game.card(cid).weapon
        if weapon:
            front.append(weapon)
    row[:] = front + [c for c in row if c not in front]


def declare_attack(game: Game, pid: str, attackers: tuple[tuple[str, str | None], ...]) -> None:
    """Step 1: begin combat; the attackers flip and move to the left in the declared order."""
    enemy = game.opponent(pid)
    game.phase = Phase.COMBAT
    ps = game.players[pid]
    ps.attacks += 1
    combat = Combat(pid, enemy, "attack")
    for unit, target in attackers:
        combat.attackers.append((unit, target or enemy))
    game.combat = combat
    combat.inc = {u: game.card(u).incarnation for u, _ in combat.attackers}
    record(
        game, "rules/round-phases/p6", "phase", f"{pid} starts an attack: the combat phase begins.", (), pid
    )
    record(game, "rules/round-phases/p6.1", "phase", "Combat follows the combat phase outline.", (), pid)
    record(
        game,
        "rules/combat/p1",
        "attack",
        f"{pid} is active in the main phase with nothing on the horizon and attacks.",
        (),
        pid,
    )
    text = ", ".join(
        f"{game.card(u).name} -> {t if t in game.players else game.card(t).name}" for u, t in combat.attackers
    )
    record(
        game,
        "rules/combat-phase-outline/p1",
        "attackers",
        f"{pid} declares attackers: {text}.",
        [u for u, _ in combat.attackers],
        pid,
    )
    record(
        game,
        "rules/combat-phase-outline/p5",
        "attacks",
        f"This is {pid}'s attack {ps.attacks} of {game.limits.attacks} this round.",
        (),
        pid,
    )
    for unit, _ in combat.attackers:
        game.card(unit).flipped = True
    record(
        game,
        "rules/combat-phase-outline/p6",
        "flip",
        "Attacking flips " + ", ".join(game.card(u).name for u, _ in combat.attackers) + ".",
        [u for u, _ in combat.attackers],
        pid,
    )
    _to_left(game, pid, [u for u, _ in combat.attackers])
    record(
        game,
        "rules/advanced-notes-on-timing-rules-and-the-horizon/p3",
        "position",
        f"{pid} orders the attackers, on the left of their battlefield: "
        + ", ".join(game.card(u).name for u, _ in combat.attackers)
        + ".",
        [u for u, _ in combat.attackers],
        pid,
    )
    for unit, _ in combat.attackers:
        emit(game, "attack", unit, pid)


@PROCEDURE.performs(CombatTriggers)
def step_combat_triggers(game: Game, step: CombatTriggers) -> None:
    """Fast and slow entries put onto the horizon in steps 1-2 wait for step 3 (p1.1, p2.1)."""
    rule = step.rule
    if game.added:
        record(
            game,
            rule,
            "waits",
            ", ".join(e.label for e in game.added) + " stay on the horizon: only infinite "
            "and burst effects resolve in this step; fast and slow ones resolve in step 3.",
        )
        game.added.clear()


@PROCEDURE.performs(ToBlockStep)
def step_to_block(game: Game, step: ToBlockStep) -> None:
    if game.combat is None:
        return
    game.combat.step = "block"
    make_active(
        game,
        game.combat.defender,
        "rules/combat-phase-outline/p2",
        f"{game.combat.defender}, the defending player, becomes active and declares blockers.",
    )


def check_blocks(game: Game, pid: str, blocks: tuple[tuple[str, str], ...]) -> None:
    """Raise unless these (blocker, attacker) pairs are a legal declaration of blockers by ``pid`` now."""
    combat = game.combat
    if combat is None or combat.step != "block" or pid != combat.defender:
        raise WrongTiming(
            "blockers are declared by the defending player in step 2 of combat",
            "rules/combat-phase-outline/p2",
            "rules/combat-phase-outline/p8",
        )
    attacking = [u for u, _ in combat.attackers]
    blockers = [b for b, _ in blocks]
    if len(set(blockers)) != len(blockers):
        raise InvalidTarget("a unit can block only one attacker", "rules/combat-phase-outline/p2")
    targets = [a for _, a in blocks]
    if len(set(targets)) != len(targets):
        raise InvalidTarget("up to one unit blocks each attacking unit", "rules/combat-phase-outline/p2")
    for blocker, attacker in blocks:
        _own_unit(game, pid, blocker, "block", "rules/combat-phase-outline/p2")
        if attacker not in attacking:
            raise InvalidTarget(f"{attacker} is not an attacking unit", "rules/combat-phase-outline/p2")


def _sort_blockers(game: Game) -> None:
    combat = game.combat
    assert combat is not None, "a combat is under way"
    order = [u for u, _ in combat.attackers]
    blockers = sorted(combat.blocks.items(), key=lambda kv: order.index(kv[0]))
    _to_left(game, combat.defender, [b for _, b in blockers])


def declare_blocks(game: Game, pid: str, blocks: tuple[tuple[str, str], ...]) -> None:
    """Step 2: the blockers flip and line up with the attackers they block."""
    combat = game.combat
    assert combat is not None, "a combat is under way"
    for blocker, attacker in blocks:
        combat.blocks[attacker] = blocker
        combat.inc[blocker] = game.card(blocker).incarnation
        game.card(blocker).flipped = True
    combat.blocked_at = game.stamp()
    if blocks:
        text = ", ".join(f"{game.card(b).name} blocks {game.card(a).name}" for b, a in blocks)
        record(
            game,
            "rules/combat-phase-outline/p2",
            "blockers",
            f"{pid} declares blockers: {text}.",
            [b for b, _ in blocks],
            pid,
        )
        record(
            game,
            "rules/combat-phase-outline/p6",
            "flip",
            "Blocking flips " + ", ".join(game.card(b).name for b, _ in blocks) + ".",
            [b for b, _ in blocks],
            pid,
        )
        _sort_blockers(game)
        record(
            game,
            "rules/advanced-notes-on-timing-rules-and-the-horizon/p3",
            "position",
            "The blockers move to the left of "
            f"{pid}'s battlefield, matching the order of the attackers they block.",
            [b for b, _ in blocks],
            pid,
        )
    else:
        record(game, "rules/combat-phase-outline/p2", "blockers", f"{pid} declares no blockers.", (), pid)
    for blocker, _ in blocks:
        emit(game, "block", blocker, pid)


@PROCEDURE.performs(ToFightStep)
def step_to_fight(game: Game, step: ToFightStep) -> None:
    if game.combat is None:
        return
    game.combat.step = "fight"
    game.passes = 0
    make_active(
        game,
        game.combat.attacker,
        "rules/combat-phase-outline/p3",
        f"{game.combat.attacker}, the attacking player, becomes active (step 3).",
    )


def guardian_can_block(game: Game, card) -> list[str]:
    """The attacking units a unit just put into play may still block: it has guardian, it is the defending player's,
    blockers were already declared and units have not struck yet (p8); the unblocked attackers."""
    combat = game.combat
    if combat is None or combat.step != "fight" or card.controller != combat.defender:
        return []
    if (
        not card.is_unit
        or not card.definition.has("guardian")
        or card.flipped
        or card.arrived <= combat.blocked_at
    ):
        return []
    return [u for u, _ in combat.attackers if u not in combat.blocks and _in_combat(game, u)]


@PROCEDURE.performs(GuardianOffer)
def step_guardian_offer(game: Game, step: GuardianOffer) -> None:
    """A guardian unit arrived after blockers were declared: its controller may have it block (decision D-GUARDIAN)."""
    cid = step.cid
    card = game.card(cid)
    if card.zone is not Zone.BATTLEFIELD:
        return
    options = guardian_can_block(game, card)
    if options:
        game.pending = PendingChoice(
            "guardian",
            card.controller,
            f"{card.name} has guardian: it may block an attacking unit that is not blocked.",
            "rules/combat-phase-outline/p8",
            tuple(options),
            0,
            1,
            cid,
        )


def check_guardian(game: Game, pid: str, unit: str, attacker: str | None) -> None:
    """Raise unless this answers the pending guardian choice: the unit offered, and an unblocked attacker or none."""
    choice = game.pending
    if choice is None or choice.kind != "guardian" or choice.ref != unit or choice.player != pid:
        raise WrongTiming(
            "blocking is done in step 2 and cannot be done later, except by a unit with guardian as it "
            "is put into play after blockers were declared",
            "rules/combat-phase-outline/p8",
        )
    if attacker is not None and attacker not in choice.options:
        raise InvalidTarget(
            f"{attacker} is not an attacking unit without a blocker",
            "rules/combat-phase-outline/p8",
            "rules/combat-phase-outline/p2",
        )


def guardian_block(game: Game, pid: str, unit: str, attacker: str | None) -> None:
    """The guardian unit blocks the attacker (or does not), as it is put into play (decision D-GUARDIAN)."""
    game.pending = None
    card = game.card(unit)
    if attacker is None:
        record(
            game,
            "rules/combat-phase-outline/p8",
            "no_block",
            f"{pid} does not have {card.name} block.",
            (unit,),
            pid,
        )
        return
    combat = game.combat
    assert combat is not None, "a combat is under way"
    combat.blocks[attacker] = unit
    combat.inc[unit] = card.incarnation
    card.flipped = True
    record(
        game,
        "rules/combat-phase-outline/p8",
        "blockers",
        f"{card.name} has guardian and was put into play after blockers were "
        f"declared: it blocks {game.card(attacker).name} (decision D-GUARDIAN).",
        (unit, attacker),
        pid,
    )
    record(game, "rules/combat-phase-outline/p6", "flip", f"Blocking flips {card.name}.", (unit,), pid)
    _sort_blockers(game)
    emit(game, "block", unit, pid)


def _in_combat(game: Game, cid: str) -> bool:
    card = game.objects.get(cid)
    inc = game.combat.inc if game.combat else {}
    return card is not None and card.zone is Zone.BATTLEFIELD and card.incarnation == inc.get(cid, -1)


@PROCEDURE.performs(Strike)
def step_strike(game: Game, step: Strike) -> None:
    """Every combatant strikes at once: blocked and blocking units each other, unblocked attackers their target."""
    combat = game.combat
    assert combat is not None, "a combat is under way"
    combat.step = "strike"
    record(
        game,
        "rules/combat-phase-outline/p3",
        "strike",
        "The horizon is empty: all combating units strike simultaneously.",
    )
    hits: list[tuple[str, str, int]] = []
    for unit, target in combat.attackers:
        if not _in_combat(game, unit):
            continue
        blocker = combat.blocks.get(unit)
        if blocker is not None:
            if _in_combat(game, blocker):
                hits += [
                    (unit, blocker, offense(game.card(unit))),
                    (blocker, unit, offense(game.card(blocker))),
                ]
            else:
                record(
                    game,
                    "rules/combat-phase-outline/p3",
                    "blocked",
                    f"{game.card(unit).name}'s blocker is gone: it stays blocked and strikes nobody.",
                    (unit,),
                    combat.attacker,
                )
        elif target in game.players:
            hits.append((unit, target, offense(game.card(unit))))
        else:
            victim = game.card(target)
            if victim.zone is Zone.BATTLEFIELD and victim.controller == combat.defender:
                hits += [(unit, target, offense(game.card(unit))), (target, unit, offense(victim))]
                record(
                    game,
                    "rules/combat/p1",
                    "challenger",
                    f"{game.card(unit).name} (challenger) and {victim.name} strike "
                    "each other (decision D-CHALLENGER).",
                    (unit, target),
                    combat.attacker,
                )
    for striker, struck, amount in hits:
        name = game.card(striker).name
        if struck in game.players:
            if amount > 0:
                game.players[struck].life -= amount
                record(
                    game,
                    "rules/kinds-of-game-objects/p4",
                    "life",
                    f"{name} strikes {struck} for {amount} ({game.players[struck].life} life left).",
                    (striker,),
                    struck,
                )
        elif amount > 0 and deal_damage(game, game.card(struck), amount, name):
            pass
        elif amount == 0:
            record(
                game,
                "rules/extra-notes/p1",
                "no_damage",
                f"{name} has 0 offense and deals no damage.",
                (striker,),
            )
    game.queue.push(Check(), Collect(), PhaseWait(EndCombat(), ""))


@PROCEDURE.performs(EndCombat)
def step_end_combat(game: Game, step: EndCombat) -> None:
    """Step 4: back to the main phase; the attacking player becomes active, and has acted (p9)."""
    combat = game.combat
    assert combat is not None, "a combat is under way"
    game.combat = None
    game.phase = Phase.MAIN
    game.passes = 0
    combatants = [u for u, _ in combat.attackers] + list(combat.blocks.values())
    still = [c for c in combatants if game.card(c).zone is Zone.BATTLEFIELD]
    if still:
        record(
            game,
            "rules/advanced-notes-on-timing-rules-and-the-horizon/p3",
            "position",
            "The attacking and blocking units return to the rest of the "
            "battlefield on the left, in their combat order.",
            still,
        )
    make_active(
        game,
        combat.attacker,
        "rules/combat-phase-outline/p4",
        f"Combat ends: back to the main phase; {combat.attacker}, who attacked, becomes the active player.",
    )
    assert game.window is not None, "the attacker is active again"
    game.window.acted = game.window.attacked = True
    record(
        game,
        "rules/combat-phase-outline/p9",
        "attacked",
        f"{combat.attacker} has attacked: a pass now does not count towards ending the round.",
        (),
        combat.attacker,
    )
