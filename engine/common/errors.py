"""Exception bases shared by the engines: rejections that cite rule ids, malformed definitions, bad setups.

An engine's own base exception (``AthernumError``...) derives from :class:`EngineError` and names its rule
registry and how its messages cite ids (``CR 9.3.5``, ``Altered 4.2.3.c``); the engine's exception types
derive from it and from the bases below, so each engine keeps its own exception tree.
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


class MalformedDefinition(EngineError, ValueError):
    """A card definition (plain data) is malformed: ``path`` names the offending field; ``rules`` any rule broken."""

    def __init__(self, path: str, problem: str, *rules: str) -> None:
        """Message: ``path: problem``, with the cited ids in brackets if any."""
        self.path = path
        self.problem = problem
        cited = self._cited(rules)
        text = f"{problem} ({cited})" if cited else problem
        super().__init__(f"{path}: {text}" if path else text)


class SetupProblem(EngineError, ValueError):
    """A game or position cannot be set up as asked; ``rules`` names the rule ids it breaks, if any."""

    def __init__(self, problem: str, *rules: str) -> None:
        """Message: ``problem``, with the cited ids in brackets if any."""
        self.problem = problem
        cited = self._cited(rules)
        super().__init__(f"{problem} ({cited})" if cited else problem)
