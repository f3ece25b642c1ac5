"""The entry points every engine's ``Game`` offers, and the small helpers all of them need.

``apply``, ``legal_actions`` and ``to_dict`` delegate to the engine's own modules (``apply.apply_action``,
``legal.legal_actions``, ``snapshot.game_to_dict``), imported on first use because those modules import the
state; ``ENGINE`` names the engine package.
"""

from __future__ import annotations

from functools import cache
from importlib import import_module
from types import ModuleType
from typing import Any, ClassVar


@cache
def _module(package: str, name: str) -> ModuleType:
    """One module of an engine package, imported once."""
    return import_module(f"{package}.{name}")


class GameEntryPoints:
    """Mixin for an engine's ``Game`` dataclass (which holds ``order`` and ``next_id``)."""

    ENGINE: ClassVar[str]  # the engine package, e.g. "engine.athernum"
    order: list[str]
    next_id: int

    def apply(self, action: Any) -> None:
        """Perform ``action`` for its player, or raise the engine's ``IllegalAction`` (the game unchanged)."""
        _module(self.ENGINE, "apply").apply_action(self, action)

    def legal_actions(self) -> list[Any]:
        """Every action the acting player may take now (see the engine's ``legal`` module)."""
        return _module(self.ENGINE, "legal").legal_actions(self)

    def to_dict(self) -> dict[str, Any]:
        """A plain-data snapshot of the whole state, for comparisons, scenarios and debugging."""
        return _module(self.ENGINE, "snapshot").game_to_dict(self)

    def opponent(self, pid: str) -> str:
        """The other player of a two-player game; a game of more players has no single opponent (ValueError)."""
        if len(self.order) != 2:
            raise ValueError(f"a game of {len(self.order)} players has no single opponent of {pid!r}")
        return self.order[1] if self.order[0] == pid else self.order[0]

    def new_id(self, prefix: str) -> str:
        """A new id for an object the game creates (a stack entry, a token, an emblem...)."""
        self.next_id += 1
        return f"{prefix}{self.next_id}"
