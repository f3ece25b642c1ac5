"""The engine's exceptions: each rejected action raises an :class:`IllegalAction` citing rule ids.

``.rules`` names the Altered rule ids that forbid the action, ``.reason`` says why in plain words.
"""

from __future__ import annotations

from engine.common.errors import (
    EngineError,
    MalformedDefinition,
    RuleViolation,
    SetupProblem,
)

from .rules import RULES


class AlteredError(EngineError):
    """Base class of every exception raised by the engine; messages cite rule ids as ``Altered 4.2.3.c``."""

    registry = RULES
    cite_as = "Altered "


class IllegalAction(AlteredError, RuleViolation):
    """An action the rules forbid; ``rules`` names the rule ids, ``reason`` says why."""


class NotYourTurn(IllegalAction):
    """Only the player taking the current Afternoon turn may do this (4.2.3.c)."""


class WrongTiming(IllegalAction):
    """Not now: wrong phase, Reactions waiting in Limbo, or a decision pending."""


class ChoicePending(IllegalAction):
    """A player must first answer the pending decision (``game.pending``)."""


class UnknownObject(IllegalAction):
    """The action names an object that is not where it must be."""


class CannotPlay(IllegalAction):
    """The card cannot be played from where it is, or playing it is impossible (4.2.3.c, 1.4.1.a)."""


class CannotPay(IllegalAction):
    """The cost cannot be paid (6.1.d, 1.4.1.b)."""


class InvalidTarget(IllegalAction):
    """A declared target does not meet its requirements."""


class LimitReached(IllegalAction):
    """A quick action has been played a hundred times this day (1.4.6.b)."""


class InvalidChoice(IllegalAction):
    """The answer is not one of the options of the pending decision."""


class CardDefinitionError(AlteredError, MalformedDefinition):
    """A card definition is malformed or breaks a rule; ``rules`` names the rule ids it breaks."""


class SetupError(AlteredError, SetupProblem):
    """A game or position cannot be set up as asked; ``rules`` names the rule ids it breaks, if any."""
