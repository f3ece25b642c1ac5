"""The engine's exceptions: one ``ValueError`` subclass per kind of illegal input.

Every rejected action raises a subclass of :class:`IllegalAction`, which carries the CR
rule ids that forbid it (``.rules``) and the reason in plain words (``.reason``).
"""

from __future__ import annotations

from engine.common.errors import EngineError, MalformedDefinition, RuleViolation

from .rules import RULES


class AthernumError(EngineError):
    """Base class of every exception raised by the engine; messages cite rule ids as ``CR 9.3.5``."""

    registry = RULES
    cite_as = "CR "


class IllegalAction(AthernumError, RuleViolation):
    """An action the rules forbid; ``rules`` names the CR ids, ``reason`` says why."""


class GameOver(IllegalAction):
    """The game has ended; no further actions are accepted."""


class ChoicePending(IllegalAction):
    """A player must first answer the pending choice (``game.pending_choice``)."""


class NotYourTurn(IllegalAction):
    """Only the active player may do this (e.g. play cards, 4.1.1)."""


class NoPriority(IllegalAction):
    """The acting player does not hold priority (4.1.2)."""


class WrongTiming(IllegalAction):
    """Not allowed in this phase or while a stack exists / does not exist."""


class UnknownObject(IllegalAction):
    """The action names a card, token, effect or player that is not where it must be."""


class NotInZone(IllegalAction):
    """The object is not in the zone the action needs (e.g. a support card not in hand)."""


class CannotPay(IllegalAction):
    """The offered payment does not match the cost (resources, factions, tokens, discards)."""


class InvalidTarget(IllegalAction):
    """A chosen target (or attacker, defender, host) does not meet its requirements."""


class ZoneFull(IllegalAction):
    """No free character slot or item slot is available."""


class LimitReached(IllegalAction):
    """A once-per-turn (or once-per-game-turn) allowance has been used."""


class UniquenessViolation(IllegalAction):
    """A second copy of a Victory-Token-Field card would be controlled (1.5.6, 2.2.7b)."""


class InvalidChoice(IllegalAction):
    """The answer to the pending choice is not one of the allowed options."""


class NotAnAbility(IllegalAction):
    """The named ability does not exist on the source or cannot be used this way."""


class CardDefinitionError(AthernumError, MalformedDefinition):
    """A card definition (plain data) is malformed; the message names the offending field."""


class IllegalDeck(AthernumError, ValueError):
    """A deck breaks construction rules; ``problems`` lists each (rule ids, reason)."""

    def __init__(self, problems: list[tuple[tuple[str, ...], str]]) -> None:
        self.problems = problems
        self.rules: tuple[str, ...] = tuple(dict.fromkeys(r for rules, _ in problems for r in rules))
        self.reason = "; ".join(reason for _, reason in problems)
        super().__init__(f"illegal deck: {self.reason} (CR {', '.join(self.rules)})")


class SetupError(AthernumError, ValueError):
    """A mid-game state given to the setup builder is inconsistent (e.g. six characters)."""
