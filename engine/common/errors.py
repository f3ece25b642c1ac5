"""One exception tree for every engine: rejections that cite rule ids, malformed definitions, bad setups.

The kinds (:data:`KINDS`: ``IllegalAction`` and its subclasses, ``IllegalDeck``, ``CardDefinitionError``,
``SetupError``) are defined here once. An engine's own base exception (``AthernumError``...) derives from
:class:`EngineError` and names its rule registry and how its messages cite ids (``CR 9.3.5``,
``Altered 4.2.3.c``); :func:`engine_tree` makes the engine's version of every kind, so ``except
engine.common.errors.WrongTiming`` catches it from any engine and ``except AthernumError`` from one.
"""

from __future__ import annotations

from typing import ClassVar

from .rules import RuleRegistry


class EngineError(Exception):
    """Base of an engine's base exception: ``registry`` checks cited ids, ``cite_as`` precedes them in messages."""

    registry: ClassVar[RuleRegistry]
    cite_as: ClassVar[str] = ""

    def _cited(self, rules: tuple[str, ...]) -> str:
        """Check and keep the cited ids in ``.rules``; return them as a message cites them (empty if none)."""
        self.rules: tuple[str, ...] = self.registry.check(rules)
        return f"{self.cite_as}{', '.join(self.rules)}" if self.rules else ""


class RuleViolation(EngineError, ValueError):
    """Input the rules forbid: ``rules`` names the rule ids, ``reason`` says why in plain words."""

    headline: ClassVar[str] = ""  # what the message says before the reason, e.g. "illegal deck: "

    def __init__(self, reason: str, *rules: str) -> None:
        """Message: ``reason (ids)``, or ``reason (no rule)``, after ``headline`` and with the engine's ``cite_as``."""
        self.reason = reason
        cited = self._cited(rules) or f"{self.cite_as}no rule"
        super().__init__(f"{self.headline}{reason} ({cited})")

    def __reduce__(self) -> tuple[type[EngineError], tuple[str, ...]]:
        """Pickled as it was built (an exception sent from a worker process keeps its reason and rules)."""
        return type(self), (self.reason, *self.rules)


class CardDefinitionError(EngineError, ValueError):
    """A card definition (plain data) is malformed: ``path`` names the offending field; ``rules`` any rule broken."""

    def __init__(self, path: str, problem: str, *rules: str) -> None:
        """Message: ``path: problem``, with the cited ids in brackets if any."""
        self.path = path
        self.problem = problem
        cited = self._cited(rules)
        text = f"{problem} ({cited})" if cited else problem
        super().__init__(f"{path}: {text}" if path else text)

    def __reduce__(self) -> tuple[type[EngineError], tuple[str, ...]]:
        """Pickled as it was built."""
        return type(self), (self.path, self.problem, *self.rules)


class SetupError(EngineError, ValueError):
    """A game or position cannot be set up as asked; ``rules`` names the rule ids it breaks, if any."""

    def __init__(self, problem: str, *rules: str) -> None:
        """Message: ``problem``, with the cited ids in brackets if any."""
        self.problem = problem
        cited = self._cited(rules)
        super().__init__(f"{problem} ({cited})" if cited else problem)

    def __reduce__(self) -> tuple[type[EngineError], tuple[str, ...]]:
        """Pickled as it was built."""
        return type(self), (self.problem, *self.rules)


# -- the kinds of illegal input, one tree for every engine --------------------------------------------------
class IllegalAction(RuleViolation):
    """An action the rules forbid; ``rules`` names the rule ids, ``reason`` says why. The game is unchanged."""


class GameOver(IllegalAction):
    """The game has ended; no further actions are accepted."""


class ChoicePending(IllegalAction):
    """A player must first answer the pending choice."""


class NotYourTurn(IllegalAction):
    """Only the player whose turn it is, or the active player, may do this."""


class NoPriority(IllegalAction):
    """The acting player does not hold priority."""


class WrongTiming(IllegalAction):
    """Not allowed in this phase or step, or not while effects wait to resolve (or not before)."""


class UnknownObject(IllegalAction):
    """The action names a card, token, effect or player that is not where it must be."""


class NotInZone(IllegalAction):
    """The object is not in the zone the action needs (e.g. a card to play not in the hand)."""


class CannotPlay(IllegalAction):
    """This card may not be played now, or from where it is."""


class CannotPay(IllegalAction):
    """The offered payment does not match the cost."""


class DevotionTooLow(IllegalAction):
    """The player's devotion does not meet the card's ideals."""


class InvalidTarget(IllegalAction):
    """A chosen target (or attacker, blocker, host) does not meet its requirements."""


class ZoneFull(IllegalAction):
    """No free space is available in the zone."""


class LimitReached(IllegalAction):
    """An allowance (once per turn, per round, per day) has been used."""


class UniquenessViolation(IllegalAction):
    """A second copy of a unique card would be controlled."""


class InvalidChoice(IllegalAction):
    """The answer to the pending choice is not one of the allowed options."""


class NotAnAbility(IllegalAction):
    """The named ability does not exist on the source or cannot be used this way."""


class IllegalDeck(RuleViolation):
    """A deck breaks a construction rule; ``rules`` and ``reason`` as for :class:`IllegalAction`."""

    headline = "illegal deck: "


KINDS: tuple[type[EngineError], ...] = (
    IllegalAction,
    GameOver,
    ChoicePending,
    NotYourTurn,
    NoPriority,
    WrongTiming,
    UnknownObject,
    NotInZone,
    CannotPlay,
    CannotPay,
    DevotionTooLow,
    InvalidTarget,
    ZoneFull,
    LimitReached,
    UniquenessViolation,
    InvalidChoice,
    NotAnAbility,
    IllegalDeck,
    CardDefinitionError,
    SetupError,
)


def engine_tree(base: type[EngineError], module: str) -> dict[str, type[EngineError]]:
    """Every kind of :data:`KINDS` as an exception of one engine, by name: a subclass of the engine's ``base``
    (its rule registry and how it cites ids) and of the kind, whose own parent is the engine's version of the
    kind's parent; ``module`` is where the engine publishes them (so they pickle)."""
    made: dict[type[EngineError], type[EngineError]] = {}
    for kind in KINDS:
        parent = made.get(kind.__mro__[1], base)
        made[kind] = type(
            kind.__name__,
            (parent, kind),
            {"__doc__": kind.__doc__, "__module__": module, "__qualname__": kind.__name__},
        )
    return {kind.__name__: cls for kind, cls in made.items()}
