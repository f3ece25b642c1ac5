"""The game's event log: every player action and automatic rule application, with its CR id.

The log is the engine's account of *why* the state changed; a website shows it as such. The entry record and
the recording live in :mod:`engine.common.log`; here they count turns and check ids against :mod:`.rules`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.common.log import Recorder, entry_type

from .rules import RULES

#: One logged event: ``rule`` is the CR id that caused or permitted it, ``turn`` the turn it happened in.
if TYPE_CHECKING:  # mypy reads the shared entry type; at run time the entry offers its clock by name
    from engine.common.log import LogEntry
else:
    LogEntry = entry_type(
        "turn",
        "t",
        module=__name__,
        doc="One logged event: ``rule`` is the CR id that caused or permitted it.",
    )

#: Append an entry to ``game.log``; the rule id must be registered in :mod:`.rules`.
record = Recorder(LogEntry, RULES).record
