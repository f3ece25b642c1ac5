"""The base of every engine's action vocabulary: an immutable record of a decision one player makes.

An action is named by its class, carries the acting ``player`` first, and round-trips through plain data
(``{"action": "PlayCard", "player": "p1", ...}``); an engine lists its action types in an
:class:`ActionTypes` to read them back.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields
from typing import Any

from .records import NormalisedRecord, plain


@dataclass(frozen=True, slots=True)
class Action(NormalisedRecord):
    """Base class: ``player`` is the player who takes the action."""

    player: str

    def to_dict(self) -> dict[str, Any]:
        """A plain-data form: ``{"action": "PlayCard", "player": "p1", ...}``."""
        out: dict[str, Any] = {"action": type(self).__name__}
        for f in fields(self):
            out[f.name] = plain(getattr(self, f.name))
        return out


class ActionTypes(dict[str, type[Action]]):
    """An engine's action types by class name, to build actions back from their plain data."""

    def __init__(self, *types: type[Action]) -> None:
        """Register each action type under its class name."""
        super().__init__((cls.__name__, cls) for cls in types)

    def from_dict(self, data: Mapping[str, Any]) -> Action:
        """Build an action from its plain-data form (the inverse of :meth:`Action.to_dict`); lists become tuples."""
        data = dict(data)
        cls = self[data.pop("action")]
        fields_: dict[str, Any] = {k: tuple(v) if isinstance(v, list) else v for k, v in data.items()}
        return cls(**fields_)
