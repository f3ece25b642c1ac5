"""The game's event log: every player action and automatic rule application, with its rule id.

The log is the engine's account of *why* the state changed; the site shows it as such. The entry record and
the recording live in :mod:`engine.common.log`; here they count rounds and check ids against :mod:`.rules`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from engine.common import log as common_log
from engine.common.log import Recorder

from .rules import RULES


@dataclass(frozen=True, slots=True)
class LogEntry(common_log.LogEntry):
    """One logged event: ``rule`` is the id of the rule that caused or permitted it."""

    CLOCK: ClassVar[str] = "round"
    MARK: ClassVar[str] = "r"

    @property
    def round(self) -> int:
        """The round in which the event happened (the clock)."""
        return self.clock


#: Append an entry to ``game.log``; the rule id must be registered in :mod:`.rules`.
record = Recorder(LogEntry, RULES).record
