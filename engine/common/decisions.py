"""The readings an engine chose where its rules text is open: one record per question, published as a ruling.

Each engine lists its own :class:`Decision` records (``DECISIONS``): the id, the rules involved and the reading in
one line. The question, the full answer and the reasoning are stated once, in the ruling that names the decision
(``rules/<game>/rulings.yaml``), which lint checks against these records.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Decision:
    """One reading the engine implements: its id (``D-…``), the rules involved, and the reading in one line."""

    id: str
    rules: tuple[str, ...]
    reading: str
