"""Frozen records whose fields are put in a canonical form on construction, so equal records compare equal.

A field declared with :func:`normalised` names the function that canonicalises its value (``tuple``, a sort,
an engine's own canonical form); :class:`NormalisedRecord` applies them, in field order, once built.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, fields
from functools import cache
from typing import Any

NORMALISE = "normalise"  # the field metadata key holding the function


def normalised(convert: Callable[[Any], Any], default: Any = ()) -> Any:
    """A dataclass field (default ``()``) whose value passes through ``convert`` when the record is built."""
    return field(default=default, metadata={NORMALISE: convert})


@cache
def _normalisers(cls: type) -> tuple[tuple[str, Callable[[Any], Any]], ...]:
    """The (field name, function) pairs of a record type, in field order (computed once per type)."""
    return tuple((f.name, f.metadata[NORMALISE]) for f in fields(cls) if NORMALISE in f.metadata)


@dataclass(frozen=True, slots=True)
class NormalisedRecord:
    """Base of frozen records with :func:`normalised` fields: their values are canonical once built."""

    def __post_init__(self) -> None:
        """Canonicalise each :func:`normalised` field (the record is frozen, hence ``object.__setattr__``)."""
        # typed as a plain type: mypy takes the frozen record's own __hash__ for its class's (not Hashable)
        record_type: type = type(self)
        for name, convert in _normalisers(record_type):
            object.__setattr__(self, name, convert(getattr(self, name)))


def plain(value: Any) -> Any:
    """Plain data for JSON/YAML: tuples become lists (all the way down), records with ``to_dict`` their dicts."""
    if isinstance(value, tuple):
        return [plain(v) for v in value]
    to_dict = getattr(value, "to_dict", None)
    return to_dict() if callable(to_dict) else value
