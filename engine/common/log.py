"""The event log every engine keeps: each player action and automatic rule application, with its rule id.

The log is an engine's account of *why* the state changed. Engines differ only in what their clock counts
(Athernum's turns, Atnia's rounds, Altered's days): each engine's entry type subclasses :class:`LogEntry`
and offers the clock under that name, and a :class:`Recorder` checks ids against the engine's own registry.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar


@dataclass(frozen=True, slots=True)
class LogEntry:
    """One logged event: ``rule`` is the id of the rule that caused or permitted it, ``clock`` when it happened.

    ``CLOCK`` names the clock: the game's attribute read when recording, and the entry's plain-data key;
    ``MARK`` is its letter in the one-line form (``[12 t3 day] ...``).
    """

    CLOCK: ClassVar[str] = "clock"
    MARK: ClassVar[str] = ""

    seq: int
    clock: int
    phase: str
    rule: str
    kind: str
    message: str
    objects: tuple[str, ...] = ()
    player: str | None = None

    def to_dict(self) -> dict[str, Any]:
        """A plain-data form of the entry (for JSON, YAML and comparisons), the clock under the engine's name."""
        return {
            "seq": self.seq,
            self.CLOCK: self.clock,
            "phase": self.phase,
            "rule": self.rule,
            "kind": self.kind,
            "message": self.message,
            "objects": list(self.objects),
            "player": self.player,
        }

    def __str__(self) -> str:
        """One line for people: ``[seq clock phase] message (rule)``."""
        return f"[{self.seq} {self.MARK}{self.clock} {self.phase}] {self.message} ({self.rule})"


@dataclass(frozen=True, slots=True)
class Recorder:
    """Appends entries of one engine's type to ``game.log``, refusing rule ids its registry does not hold."""

    entry_type: type[LogEntry]
    rules: Mapping[str, str]

    def record(
        self,
        game: Any,
        rule: str,
        kind: str,
        message: str,
        objects: Iterable[str] = (),
        player: str | None = None,
    ) -> LogEntry:
        """Append an entry to ``game.log`` (clock and phase read from the game); the rule id must be registered."""
        if rule not in self.rules:
            raise KeyError(f"log entry cites unregistered rule {rule!r}")
        entry = self.entry_type(
            len(game.log) + 1,
            getattr(game, self.entry_type.CLOCK),
            game.phase.value,
            rule,
            kind,
            message,
            tuple(objects),
            player,
        )
        game.log.append(entry)
        return entry
