"""The engine's procedure: each automatic step of the rules as a typed record, and the :class:`Procedure` that
performs them (the rules modules register a performer per step) until a player must act: a pending choice, or a
player with priority. In the day and combat phases with no stack, the active player holds priority."""

from __future__ import annotations

from dataclasses import dataclass

from engine.common.procedure import Procedure, Step

from .state import Game, Phase


def _halted(game: Game) -> bool:
    """The game is over, a player must answer a choice, or a player holds priority."""
    return game.result is not None or game.pending is not None or game.priority is not None


def _idle(game: Game) -> None:
    """Nothing is queued: in the day or combat phase with no stack the active player receives priority."""
    if game.phase in (Phase.DAY, Phase.COMBAT) and game.stack is None:
        game.priority = game.active
        game.passes = 0
        return
    raise RuntimeError(f"engine stalled: phase {game.phase}, stack {game.stack!r}")


PROCEDURE: Procedure[Game] = Procedure("athernum", _halted, _idle)
run = PROCEDURE.run


# -- turn structure (chapter 9) --------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class BeginPhase(Step):
    """Begin ``phase`` (9.1-9.5)."""

    phase: Phase


@dataclass(frozen=True, slots=True)
class Morning(Step):
    """The morning's recovery, command tokens and state-based check (9.1.1-9.1.4)."""


@dataclass(frozen=True, slots=True)
class EndPhase(Step):
    """End ``phase`` with a state-based check; ``to`` is the phase the day phase moves to, if any."""

    phase: Phase
    to: Phase | None


@dataclass(frozen=True, slots=True)
class LeavePhase(Step):
    """After a phase's closing check: empty the pools and go on to the next phase (or ``to``)."""

    phase: Phase
    to: Phase | None


@dataclass(frozen=True, slots=True)
class EndWindow(Step):
    """Before the evening, the other players may respond on a new stack (9.2.12)."""


@dataclass(frozen=True, slots=True)
class NextTurn(Step):
    """The next player's turn, or the end of the game at the turn limit."""


@dataclass(frozen=True, slots=True)
class StateCheck(Step):
    """A state-based check (4.2), called for by the rule ``cause``."""

    cause: str


# -- the stack (4.1) ---------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Collect(Step):
    """Put identified triggered abilities on a new stack (4.2.3d.I)."""


@dataclass(frozen=True, slots=True)
class Place(Step):
    """Place waiting abilities one by one, asking for their order and targets when there is a choice."""


@dataclass(frozen=True, slots=True)
class Priority(Step):
    """Give ``pid`` priority after placing."""

    pid: str


@dataclass(frozen=True, slots=True)
class Resolve(Step):
    """Resolve the top entry of the stack, or close the empty stack (4.1.7, 4.1.9)."""


@dataclass(frozen=True, slots=True)
class ResolveEffect(Step):
    """Carry out effect ``index`` of the resolving entry."""

    index: int


@dataclass(frozen=True, slots=True)
class Finish(Step):
    """The resolving entry has fully resolved."""


# -- combat (9.3) --------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class CombatStack(Step):
    """A stack is opened for responses before damage (9.3.8)."""


@dataclass(frozen=True, slots=True)
class CombatDamage(Step):
    """Simultaneous combat damage, then a check and exhaustion (9.3.9-9.3.10)."""


@dataclass(frozen=True, slots=True)
class CombatExhaust(Step):
    """The attacker and a declared defender are exhausted (9.3.11-9.3.12)."""
