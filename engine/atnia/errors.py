"""The engine's exceptions: one ``ValueError`` subclass per kind of illegal input.

Every rejected action raises a subclass of :class:`IllegalAction`, which carries the ids of the
rules that forbid it (``.rules``, e.g. ``rules/speed/p2``) and the reason in plain words
(``.reason``). A rejected action never changes the game.
"""

from __future__ import annotations

from engine.common.errors import EngineError, MalformedDefinition, RuleViolation

from .rules import RULES


class AtniaError(EngineError):
    """Base class of every exception raised by the engine; messages cite bare rule ids (``rules/speed/p2``)."""

    registry = RULES


class IllegalAction(AtniaError, RuleViolation):
    """An action the rules forbid; ``rules`` names the rule ids, ``reason`` says why."""


class GameOver(IllegalAction):
    """The game has ended; no further actions are accepted."""


class NotActive(IllegalAction):
    """Only the active player may act (rules/shared-round/p1), and sometimes nobody is (rules/round-phases/p7)."""


class ChoicePending(IllegalAction):
    """A player must first answer the pending choice (``game.pending``)."""


class WrongTiming(IllegalAction):
    """Not allowed now: the speed, the phase, the combat step or the horizon forbids it."""


class NotInZone(IllegalAction):
    """The card is not where the action needs it (in hand, on your battlefield...)."""


class CannotPay(IllegalAction):
    """Not enough energy for the costs (rules/parts-of-a-card/p2)."""


class DevotionTooLow(IllegalAction):
    """The devotion requirement is not met (rules/the-7-ideals/p1)."""


class InvalidTarget(IllegalAction):
    """A chosen target, attacker or blocker does not meet its requirements."""


class LimitReached(IllegalAction):
    """A per-round allowance has been used (three attacks per round)."""


class InvalidChoice(IllegalAction):
    """The answer does not fit the pending choice."""


class CardDefinitionError(AtniaError, MalformedDefinition):
    """A card definition (plain data) is malformed; the message names the offending field."""


class IllegalDeck(AtniaError, RuleViolation):
    """A deck breaks a construction rule; ``rules`` and ``reason`` as for :class:`IllegalAction`."""

    headline = "illegal deck: "


class SetupError(AtniaError, ValueError):
    """A position given to the setup builder is inconsistent (an unknown card, a 17th card on a battlefield)."""
