"""The game's event log: every action and automatic rule application, each with its rule id."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from .rules import RULES

if TYPE_CHECKING:
    from .state import Game


@dataclass(frozen=True, slots=True)
class LogEntry:
    """One logged event; ``rule`` is the Altered rule id that caused or permitted it."""

    seq: int
    day: int
    phase: str
    rule: str
    kind: str
    message: str
    objects: tuple[str, ...] = ()
    player: str | None = None

    def to_dict(self) -> dict:
        """Plain data (JSON/YAML)."""
        return {"seq": self.seq, "day": self.day, "phase": self.phase, "rule": self.rule, "kind": self.kind,
                "message": self.message, "objects": list(self.objects), "player": self.player}

    def __str__(self) -> str:
        return f"[{self.seq} d{self.day} {self.phase}] {self.message} ({self.rule})"


def record(game: "Game", rule: str, kind: str, message: str, objects=(), player: str | None = None) -> LogEntry:
    """Append an entry to ``game.log``; the rule id must be registered in :mod:`.rules`."""
    if rule not in RULES:
        raise KeyError(f"log entry cites unregistered rule {rule!r}")
    entry = LogEntry(len(game.log) + 1, game.day, game.phase.value, rule, kind, message, tuple(objects), player)
    game.log.append(entry)
    return entry
