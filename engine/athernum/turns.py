"""Turn structure (chapter 9) and the engine's procedure queue.

Automatic rule steps are queued as small tuples (``("sbc", "9.1.4")``, ``("resolve",)``...)
and :func:`run` performs them until a player must act: a pending choice, or a player with
priority. In the day and combat phases with no stack, the active player holds priority.
"""

from __future__ import annotations

from .checks import end_game, state_based_check
from .combat import step_combat_damage, step_combat_exhaust, step_combat_stack
from .effects import step_effect
from .log import record
from .markers import remove_counters, replenish_command_tokens, turn_face_up
from .resources import empty_pools
from .stack import (
    ensure_stack,
    give_priority,
    push_front,
    step_collect,
    step_finish,
    step_place,
    step_priority,
    step_resolve,
)
from .state import Game, Phase
from .triggers import emit_phase

PHASE_RULE = {
    Phase.MORNING: "9.1.4",
    Phase.DAY: "9.2.0",
    Phase.COMBAT: "9.3.3",
    Phase.EVENING: "9.4.1",
    Phase.NIGHT: "9.5.2",
}


def step_begin_phase(game: Game, phase: Phase) -> None:
    """Begin a phase; each phase begins with a state-based check (9.2.0, 9.3.3, 9.4.1, 9.5.2; the
    morning's comes after its recovery and command tokens, 9.1.4)."""
    game.phase = phase
    rule = PHASE_RULE[phase]
    if phase is Phase.NIGHT:
        ap = game.turn_owner
        game.night_of, game.active = ap, None  # 9.5.1: nobody is active between turns
        record(
            game,
            "9.5.1",
            "phase",
            f"Night phase after {ap}'s turn: there is no active player and nobody receives priority (9.5.3).",
        )
    elif phase is Phase.MORNING:
        ap = game.active
        record(game, "9.1.0", "phase", f"{ap}'s morning phase begins (turn {game.turn}).", (), ap)
        push_front(game, ("morning",))
        return
    else:
        ap = game.active
        record(game, rule, "phase", f"{ap}'s {phase.value} phase begins (turn {game.turn}).", (), ap)
    emit_phase(game, phase.value, ap)
    steps: list[tuple] = [("sbc", rule), ("collect",)]
    if phase in (Phase.EVENING, Phase.NIGHT):
        steps.append(("end_phase", phase, None))
    push_front(game, *steps)


def step_morning(game: Game) -> None:
    """9.1.1-9.1.4 in the Comprehensive Rules' order (decision D-MORNING-ORDER)."""
    ap = game.active
    assert ap is not None
    recovered = []
    for oid in game.board_ids(ap):
        o = game.objects[oid]
        if o.exhausted:
            if o.counters.get("exhaustion"):
                remove_counters(game, o, "exhaustion", 1, "9.1.1", " in the morning")
            if not o.counters.get("exhaustion"):
                recovered.append(o)
    for o in recovered:  # 9.1.2, 6.2.7
        game.triggered.extend(
            turn_face_up(game, o, "9.1.2", f"{o.name} has no exhaustion counters left and is turned face-up.")
        )
    replenish_command_tokens(game, ap)  # 9.1.3
    record(
        game,
        "9.1.4",
        "check",
        f"{ap}'s morning: a state-based check is performed after recovery and command tokens (turn {game.turn}).",
        (),
        ap,
    )
    emit_phase(game, "morning", ap)
    push_front(game, ("sbc", "9.1.4"), ("collect",), ("end_phase", Phase.MORNING, None))


def step_end_phase(game: Game, phase: Phase, to: Phase | None) -> None:
    """A phase ends with a state-based check (and its triggers), then the pools empty (5.0.4a)."""
    push_front(game, ("sbc", "4.2.0"), ("collect",), ("leave_phase", phase, to))


def step_leave_phase(game: Game, phase: Phase, to: Phase | None) -> None:
    """After the closing check: empty the pools (5.0.4a) and go to the next phase (9.3.2 after combat)."""
    empty_pools(game)
    if phase is Phase.MORNING:
        push_front(game, ("begin_phase", Phase.DAY))
    elif phase is Phase.DAY and to is Phase.COMBAT:
        push_front(game, ("begin_phase", Phase.COMBAT))
    elif phase is Phase.DAY:
        push_front(game, ("begin_phase", Phase.EVENING))
    elif phase is Phase.COMBAT:
        game.phase = Phase.DAY
        record(
            game,
            "9.3.2",
            "phase",
            f"The combat phase ends; {game.active} continues their day phase with priority.",
            (),
            game.active,
        )
    elif phase is Phase.EVENING:
        push_front(game, ("begin_phase", Phase.NIGHT))
    elif phase is Phase.NIGHT:
        push_front(game, ("next_turn",))


def step_end_window(game: Game) -> None:
    """9.2.12: before the evening a new empty stack is created; the other players may respond, from the next
    player in turn order."""
    ensure_stack(game, "9.2.12")
    ap = game.active
    assert ap is not None
    give_priority(game, game.next_player(ap))
    game.passes = 1  # the active player's choice to end the day counts as their pass (9.2.13)


def step_next_turn(game: Game) -> None:
    """Start the turn of the next player in turn order still in the game (decisions D-TURN-ORDER, D-LEFT-GAME),
    or end the game after the extra turns of the turn limit (11.1.5-11.1.7)."""
    if game.final_turn is not None and game.turn >= game.final_turn:
        counts = {p: game.collected(p) for p in game.playing}
        best = max(counts.values())
        leaders = [p for p, n in counts.items() if n == best]
        if len(leaders) == 1:
            end_game(
                game,
                leaders[0],
                f"the engine's turn limit was reached and they hold the most Victory Tokens ({best})",
                "11.1.6",
            )
        else:
            end_game(
                game,
                None,
                f"the engine's turn limit was reached with equal Victory Tokens ({best})",
                "11.1.7",
            )
        return
    if game.final_turn is None and game.turn >= game.turn_limit:
        game.final_turn = game.turn + len(game.playing)
        record(
            game,
            "11.1.5",
            "turn_limit",
            f"The engine's limit of {game.turn_limit} turns is reached: each player receives one additional turn, then the most Victory Tokens wins.",
        )
    prev = game.turn_owner
    assert prev is not None
    game.active = game.next_player(prev)
    game.night_of = None
    game.turn += 1
    push_front(game, ("begin_phase", Phase.MORNING))


def step_sbc(game: Game, cause: str) -> None:
    """A state-based check (4.2), called for by rule ``cause``."""
    state_based_check(game, cause)


STEPS = {
    "begin_phase": step_begin_phase,
    "morning": step_morning,
    "end_phase": step_end_phase,
    "leave_phase": step_leave_phase,
    "end_window": step_end_window,
    "next_turn": step_next_turn,
    "sbc": step_sbc,
    "collect": step_collect,
    "place": step_place,
    "priority": step_priority,
    "resolve": step_resolve,
    "effect": step_effect,
    "finish": step_finish,
    "combat_stack": step_combat_stack,
    "combat_damage": step_combat_damage,
    "combat_exhaust": step_combat_exhaust,
}


def run(game: Game, max_steps: int = 1_000_000) -> None:
    """Perform automatic steps until a player must act (a choice, or priority) or the game ends."""
    queue = game.queue
    for _ in range(max_steps):
        if game.result is not None or game.pending_choice is not None or game.priority is not None:
            return
        if queue:
            step = queue.popleft()
            STEPS[step[0]](game, *step[1:])
            continue
        if game.phase in (Phase.DAY, Phase.COMBAT) and game.stack is None:
            game.priority = game.active
            game.passes = 0
            return
        raise RuntimeError(f"engine stalled: phase {game.phase}, stack {game.stack!r}")
    raise RuntimeError("engine exceeded its step budget (an endless loop of automatic steps?)")
