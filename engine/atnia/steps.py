"""The engine's procedure: each automatic step of the rules as a typed record, and the :class:`Procedure` that
performs them (the rules modules register a performer per step) until a player must act: a pending choice, the
active player, or the end of the game."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from engine.common.procedure import Procedure, Step

if TYPE_CHECKING:
    from .cards import Effect
    from .state import Entry, Game


def _halted(game: Game) -> bool:
    """A player must answer a choice, or the game is over."""
    return game.pending is not None or game.result is not None


PROCEDURE: Procedure[Game] = Procedure("atnia", _halted, limit=100_000)


def run(game: Game) -> None:
    """Perform queued steps until a player must act; a game that is over has nothing left to do."""
    PROCEDURE.run(game)
    if game.result is not None:
        game.queue.clear()


# -- the round (rules/round-phases) -----------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class BeginRound(Step):
    """Pre round, steps 1 to 5."""


@dataclass(frozen=True, slots=True)
class RoundStart(Step):
    """Round start: effects that refer to it happen, then the main phase."""


@dataclass(frozen=True, slots=True)
class BeginMain(Step):
    """The main phase: the first player becomes active."""


@dataclass(frozen=True, slots=True)
class RoundEnd(Step):
    """Round end: effects lasting until round end stop, effects that refer to it happen."""


@dataclass(frozen=True, slots=True)
class BeginDraw(Step):
    """The draw phase: maximum hand size, recycling, drawing up, the next round."""


@dataclass(frozen=True, slots=True)
class Recycle(Step):
    """Ask ``pid``, who has channelled cards, which go on top of their deck and which on the bottom."""

    pid: str


@dataclass(frozen=True, slots=True)
class DrawUp(Step):
    """Each player draws up to their hand size."""


@dataclass(frozen=True, slots=True)
class NextRound(Step):
    """The next round begins."""


@dataclass(frozen=True, slots=True)
class PhaseWait(Step):
    """In a step that makes nobody active: go on with ``then`` (logged under ``rule``), or let a player act."""

    then: Step
    rule: str


# -- checks, triggers and the horizon -------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Check(Step):
    """The check: auras, destruction of cards without health left, and the end of the game."""


@dataclass(frozen=True, slots=True)
class Collect(Step):
    """Find the abilities the events since the last collection trigger, and order them."""


@dataclass(frozen=True, slots=True)
class PlaceTargets(Step):
    """Choose the targets of triggered abilities as they go onto the horizon, bottom-most first."""


@dataclass(frozen=True, slots=True)
class Place(Step):
    """Put the ordered triggered abilities onto the horizon."""


@dataclass(frozen=True, slots=True)
class ResolveEntry(Step):
    """Resolve one horizon ``entry`` under ``rule``."""

    entry: Entry
    rule: str


@dataclass(frozen=True, slots=True)
class ResolveNow(Step):
    """An infinite-speed or burst ``entry`` resolves as soon as it is put onto the horizon."""

    entry: Entry


@dataclass(frozen=True, slots=True)
class ResolveTop(Step):
    """Resolve the top entry of the horizon."""


@dataclass(frozen=True, slots=True)
class ContinueResolution(Step):
    """Resolve the next entry, unless new fast or slow entries arrived."""


@dataclass(frozen=True, slots=True)
class ResolutionDone(Step):
    """Everything resolved: who acts next depends on the phase."""


@dataclass(frozen=True, slots=True)
class SpellDone(Step):
    """The spell ``cid`` is discarded once it has done what it says."""

    cid: str


@dataclass(frozen=True, slots=True)
class AfterAction(Step):
    """After an action: entries its triggers added (``by_infinite``: the action was at infinite speed)."""

    by_infinite: bool


@dataclass(frozen=True, slots=True)
class Effects(Step):
    """Do effect ``index`` of ``effects`` for ``entry``, then the rest."""

    entry: Entry
    effects: tuple[Effect, ...]
    index: int


# -- cards entering play ------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Enter(Step):
    """Cards ``ids`` enter play under ``controller`` (by ``rule``; equipment on ``wielder``)."""

    ids: tuple[str, ...]
    controller: str
    rule: str
    wielder: str | None


@dataclass(frozen=True, slots=True)
class EnterOne(Step):
    """One card ``cid`` enters play under ``controller`` (by ``rule``; equipment on ``wielder``)."""

    cid: str
    controller: str
    rule: str
    wielder: str | None


# -- combat ----------------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class CombatTriggers(Step):
    """Fast and slow entries put onto the horizon in combat steps 1-2 wait for step 3 (``rule``)."""

    rule: str


@dataclass(frozen=True, slots=True)
class ToBlockStep(Step):
    """Combat step 2: the defending player declares blockers."""


@dataclass(frozen=True, slots=True)
class ToFightStep(Step):
    """Combat step 3: the fight."""


@dataclass(frozen=True, slots=True)
class GuardianOffer(Step):
    """A guardian unit ``cid`` arrived after blockers were declared: its controller may have it block."""

    cid: str


@dataclass(frozen=True, slots=True)
class Strike(Step):
    """Every combatant strikes at once."""


@dataclass(frozen=True, slots=True)
class EndCombat(Step):
    """Combat step 4: back to the main phase."""
