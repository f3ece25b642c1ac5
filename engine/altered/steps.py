"""The engine's procedure: each piece of the day's procedure as a typed record, and the :class:`Procedure` that
performs them (:mod:`.day` and :mod:`.resolution` register the performers) until a player must act: a pending
decision, a Reaction to play (4.2.e), or an Afternoon turn (4.2.3.c)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from engine.common.procedure import Procedure, Step

if TYPE_CHECKING:
    from .state import Game, Phase


def _halted(game: Game) -> bool:
    """A player must make a decision."""
    return game.pending is not None


PROCEDURE: Procedure[Game] = Procedure("altered", _halted, limit=100_000)
run = PROCEDURE.run


@dataclass(frozen=True, slots=True)
class Note(Step):
    """Log a rule that applies at this point and does nothing else."""

    rule: str
    message: str


@dataclass(frozen=True, slots=True)
class BeginDay(Step):
    """A new day begins (1.3.2.a); the daily limits start again (1.4.6.a)."""


@dataclass(frozen=True, slots=True)
class BeginPhase(Step):
    """A phase of the day begins (4.2.a), with its Reactions, daily effects or turns."""

    phase: Phase
    first_turn: str | None = None  # a position set up in the middle of the Afternoon
    passed: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class DailyEffect(Step):
    """One daily effect of Morning or Dusk (4.2.c), then Reactions are checked (4.2.d)."""

    name: str
    title: str
    rule: str


@dataclass(frozen=True, slots=True)
class AfterDaily(Step):
    """After a daily effect: what it triggers, then Reactions are checked (4.2.d)."""

    name: str
    title: str


@dataclass(slots=True)
class CheckReactions(Step):
    """Check Reactions: while some are in Limbo, the first player in initiative order who controls one plays
    one of theirs (decision D-REACTION-ORDER); then they are checked again (4.2.e)."""

    rule: str
    why: str
    logged: bool = False
    played: int = 0


@dataclass(frozen=True, slots=True)
class StartTurn(Step):
    """``player`` takes a turn of the Afternoon (4.2.3.a-b)."""

    player: str
    first: bool = False


@dataclass(frozen=True, slots=True)
class TurnAction(Step):
    """The turn player plays a quick action, plays a card from Hand or Reserve, or passes (4.2.3.c, 1.)."""

    player: str


@dataclass(frozen=True, slots=True)
class ContinueTurn(Step):
    """After a quick action and its Reactions: the turn goes on (4.2.3.c, 3.), unless "After you" (7.3.2.a)."""

    player: str


@dataclass(frozen=True, slots=True)
class EndTurn(Step):
    """The turn ends; the other player takes the next one unless they have passed (4.2.3.a, 1.3.2.d)."""

    player: str


@dataclass(frozen=True, slots=True)
class EndPhase(Step):
    """A phase ends: effects lasting until then expire, and the next phase begins."""

    phase: Phase


@dataclass(frozen=True, slots=True)
class EndDay(Step):
    """The day ends after Night: effects lasting the day expire, and a new day begins."""


@dataclass(frozen=True, slots=True)
class FinishSpell(Step):
    """A resolved Spell leaves Limbo: to its owner's Reserve if played from Hand, else to their Discard pile
    (decision D-SPELL-AFTER)."""

    card: str
    from_zone: str


@dataclass(frozen=True, slots=True)
class RemoveEmblem(Step):
    """A played Reaction has resolved: it ceases to exist (2.2.2.m)."""

    emblem: str
    label: str = ""


@dataclass(frozen=True, slots=True)
class Start(Step):
    """Begin the game's procedure at a given phase (after setup or for a built position)."""

    phase: Phase
    first_turn: str | None = None
    passed: tuple[str, ...] = ()
