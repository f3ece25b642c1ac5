"""The entry points every engine's ``Game`` offers, and the small helpers all of them need.

``apply``, ``legal_actions`` and ``to_dict`` are performed by the engine's own modules (``apply``, ``legal``,
``snapshot``), which import the state: the engine package, the top layer, imports them plainly and binds them to
its ``Game`` with :meth:`GameEntryPoints.bind`, so the state below never imports the rules above it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, ClassVar


@dataclass(frozen=True, slots=True)
class EntryPoints:
    """The functions that perform a game's entry points, from the rules modules of its engine."""

    apply: Callable[[Any, Any], None]
    legal_actions: Callable[[Any], list[Any]]
    to_dict: Callable[[Any], dict[str, Any]]


class GameEntryPoints:
    """Mixin for an engine's ``Game`` dataclass (which holds ``order`` and ``next_id``)."""

    ENTRY_POINTS: ClassVar[EntryPoints]  # bound by the engine package once its rules modules are imported
    order: list[str]
    next_id: int

    @classmethod
    def bind(cls, entry_points: EntryPoints) -> None:
        """Give this game class the functions performing its entry points (called by the engine package)."""
        cls.ENTRY_POINTS = entry_points

    def apply(self, action: Any) -> None:
        """Perform ``action`` for its player, or raise the engine's ``IllegalAction`` (the game unchanged)."""
        self.ENTRY_POINTS.apply(self, action)

    def legal_actions(self) -> list[Any]:
        """Every action the acting player may take now (see the engine's ``legal`` module)."""
        return self.ENTRY_POINTS.legal_actions(self)

    def to_dict(self) -> dict[str, Any]:
        """A plain-data snapshot of the whole state, for comparisons, scenarios and debugging."""
        return self.ENTRY_POINTS.to_dict(self)

    def opponent(self, pid: str) -> str:
        """The other player of a two-player game; a game of more players has no single opponent (ValueError)."""
        if len(self.order) != 2:
            raise ValueError(f"a game of {len(self.order)} players has no single opponent of {pid!r}")
        return self.order[1] if self.order[0] == pid else self.order[0]

    def new_id(self, prefix: str) -> str:
        """A new id for an object the game creates (a stack entry, a token, an emblem...)."""
        self.next_id += 1
        return f"{prefix}{self.next_id}"
