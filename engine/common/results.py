"""How a game ended: the winner (or a draw), the reason in plain words and the rule that decided it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class GameResult:
    """How the game ended: ``winner`` (None for a draw), the reason and the deciding rule."""

    winner: str | None
    reason: str
    rule: str

    @property
    def draw(self) -> bool:
        """Nobody won."""
        return self.winner is None

    def to_dict(self) -> dict[str, Any]:
        """Plain data for a snapshot."""
        return {"winner": self.winner, "reason": self.reason, "rule": self.rule}


def result_dict(result: GameResult | None) -> dict[str, Any] | None:
    """A game's result as plain data, None while it goes on."""
    return None if result is None else result.to_dict()
