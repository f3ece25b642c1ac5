"""Turn structure (chapter 9): the steps that begin, end and leave each phase, and start the next turn."""

from __future__ import annotations

from engine.common.procedure import Step

from .checks import end_game, state_based_check
from .log import record
from .markers import remove_counters, replenish_command_tokens, turn_face_up
from .resources import empty_pools
from .stack import (
    ensure_stack,
    give_priority,
)
from .state import Game, Phase
from .steps import (
    PROCEDURE,
    BeginPhase,
    Collect,
    EndPhase,
    EndWindow,
    LeavePhase,
    Morning,
    NextTurn,
    StateCheck,
)
from .triggers import emit_phase

PHASE_RULE = {
    Phase.MORNING: "9.1.4",
    Phase.DAY: "9.2.0",
    Phase.COMBAT: "9.3.3",
    Phase.EVENING: "9.4.1",
    Phase.NIGHT: "9.5.2",
}


@PROCEDURE.performs(BeginPhase)
def step_begin_phase(game: Game, step: BeginPhase) -> None:
    """Begin a phase; each phase begins with a state-based check (9.2.0, 9.3.3, 9.4.1, 9.5.2; the
    morning's comes after its recovery and command tokens, 9.1.4)."""
    phase = step.phase
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
        game.queue.push(Morning())
        return
    else:
        ap = game.active
        record(game, rule, "phase", f"{ap}'s {phase.value} phase begins (turn {game.turn}).", (), ap)
    emit_phase(game, phase.value, ap)
    steps: list[Step] = [StateCheck(rule), Collect()]
    if phase in (Phase.EVENING, Phase.NIGHT):
        steps.append(EndPhase(phase, None))
    game.queue.push(*steps)


@PROCEDURE.performs(Morning)
def step_morning(game: Game, step: Morning) -> None:
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
    game.queue.push(StateCheck("9.1.4"), Collect(), EndPhase(Phase.MORNING, None))


@PROCEDURE.performs(EndPhase)
def step_end_phase(game: Game, step: EndPhase) -> None:
    """A phase ends with a state-based check (and its triggers), then the pools empty (5.0.4a)."""
    phase, to = step.phase, step.to
    game.queue.push(StateCheck("4.2.0"), Collect(), LeavePhase(phase, to))


@PROCEDURE.performs(LeavePhase)
def step_leave_phase(game: Game, step: LeavePhase) -> None:
    """After the closing check: empty the pools (5.0.4a) and go to the next phase (9.3.2 after combat)."""
    phase, to = step.phase, step.to
    empty_pools(game)
    if phase is Phase.MORNING:
        game.queue.push(BeginPhase(Phase.DAY))
    elif phase is Phase.DAY and to is Phase.COMBAT:
        game.queue.push(BeginPhase(Phase.COMBAT))
    elif phase is Phase.DAY:
        game.queue.push(BeginPhase(Phase.EVENING))
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
        game.queue.push(BeginPhase(Phase.NIGHT))
    elif phase is Phase.NIGHT:
        game.queue.push(NextTurn())


@PROCEDURE.performs(EndWindow)
def step_end_window(game: Game, step: EndWindow) -> None:
    """9.2.12: before the evening a new empty stack is created; the other players may respond, from the next
    player in turn order."""
    ensure_stack(game, "9.2.12")
    ap = game.active
    assert ap is not None
    give_priority(game, game.next_player(ap))
    game.passes = 1  # the active player's choice to end the day counts as their pass (9.2.13)


@PROCEDURE.performs(NextTurn)
def step_next_turn(game: Game, step: NextTurn) -> None:
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
    game.queue.push(BeginPhase(Phase.MORNING))


@PROCEDURE.performs(StateCheck)
def step_sbc(game: Game, step: StateCheck) -> None:
    """A state-based check (4.2), called for by rule ``cause``."""
    cause = step.cause
    state_based_check(game, cause)
