"""The readings an engine chose where its rules text is open: one record per question, published as rulings.

Each engine lists its own :class:`Decision` records (``DECISIONS``); the record and the look-up are the same
everywhere.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, fields
from typing import Any, TypeVar


@dataclass(frozen=True, slots=True)
class Decision:
    """One ruling: the question, the reading the engine implements, the rules involved, and why."""

    id: str
    question: str
    reading_chosen: str
    rules: tuple[str, ...]
    reasoning: str

    def to_dict(self) -> dict[str, Any]:
        """Plain data (for publishing as a ruling): every field, ``rules`` as a list."""
        out = {f.name: getattr(self, f.name) for f in fields(self)}
        out["rules"] = list(self.rules)
        return out


D = TypeVar("D", bound=Decision)


def find(decisions: Iterable[D], decision_id: str) -> D:
    """The decision with this id; KeyError if there is none."""
    for d in decisions:
        if d.id == decision_id:
            return d
    raise KeyError(decision_id)
