"""The game's event log: every action and automatic rule application, each with its rule id.

The entry record and the recording live in :mod:`engine.common.log`; here they count days and check ids
against :mod:`.rules`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from engine.common import log as common_log
from engine.common.log import Recorder

from .rules import RULES


@dataclass(frozen=True, slots=True)
class LogEntry(common_log.LogEntry):
    """One logged event: ``rule`` is the Altered rule id that caused or permitted it."""

    CLOCK: ClassVar[str] = "day"
    MARK: ClassVar[str] = "d"

    @property
    def day(self) -> int:
        """The day in which the event happened (the clock)."""
        return self.clock


#: Append an entry to ``game.log``; the rule id must be registered in :mod:`.rules`.
record = Recorder(LogEntry, RULES).record
