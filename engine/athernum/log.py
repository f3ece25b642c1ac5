"""The game's event log: every player action and automatic rule application, with its CR id.

The log is the engine's account of *why* the state changed; a website shows it as such.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from .rules import RULES

if TYPE_CHECKING:
    from .state import Game


@dataclass(frozen=True, slots=True)
class LogEntry:
    """One logged event: ``rule`` is the CR id that caused or permitted it."""

    seq: int
    turn: int
    phase: str
    rule: str
    kind: str
    message: str
    objects: tuple[str, ...] = ()
    player: str | None = None

    def to_dict(self) -> dict:
        """A plain-data form of the entry (for JSON, YAML and comparisons)."""
        return {
            "seq": self.seq,
            "turn": self.turn,
            "phase": self.phase,
            "rule": self.rule,
            "kind": self.kind,
            "message": self.message,
            "objects": list(self.objects),
            "player": self.player,
        }

    def __str__(self) -> str:
        return f"[{self.seq} t{self.turn} {self.phase}] {self.message} ({self.rule})"


def record(
    game: "Game",
    rule: str,
    kind: str,
    message: str,
    objects: tuple[str, ...] | list[str] = (),
    player: str | None = None,
) -> LogEntry:
    """Append an entry to ``game.log``; the rule id must be registered in :mod:`.rules`."""
    if rule not in RULES:
        raise KeyError(f"log entry cites unregistered rule {rule!r}")
    entry = LogEntry(
        seq=len(game.log) + 1,
        turn=game.turn,
        phase=game.phase.value,
        rule=rule,
        kind=kind,
        message=message,
        objects=tuple(objects),
        player=player,
    )
    game.log.append(entry)
    return entry
