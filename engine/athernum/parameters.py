"""Rule parameters: the numbers the engine reads from the text of the Comprehensive Rules.

The defaults are the CR's own values. A rules knowledge base that reads them from the rule texts
(e.g. "Only one location may be played per turn", 2.4.2) hands them to the engine, so that an edit
to a rule's number changes what the engine does::

    params = RuleParameters(locations_per_turn=2)
    game = new_game(decks, library, seed=1, parameters=params)
    Setup(library, parameters={"locations_per_turn": 2})

Every place that used to read a module constant (5 character slots, 2 command tokens, six cards,
60 cards, four copies, 20 extra cards, one location per turn) reads ``game.params`` instead.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass, fields
from typing import Any

from .errors import SetupError


@dataclass(frozen=True, slots=True)
class RuleParameters:
    """The CR's numbers, each named after the rule that states it; the defaults are the CR's values."""

    locations_per_turn: int = 1  # 2.4.2 "Only one location may be played per turn"
    character_slots: int = 5  # 7.1.2a "Each player has exactly 5 character slots"
    command_token_max: int = 2  # 10.2.2 "The default maximum is 2 Command Tokens"
    starting_hand: int = 6  # 8.0.5a "Each player draws six cards"
    deck_size: int = 60  # 11.0.2a "A deck must contain exactly 60 cards"
    max_copies: int = 4  # 11.0.2d "No more than four copies of any single card"
    extra_deck_max: int = 20  # 11.0.2c "an Extra Deck containing up to 20 additional cards"

    def __post_init__(self) -> None:
        for f in fields(self):
            v = getattr(self, f.name)
            if isinstance(v, bool) or not isinstance(v, int) or v < 0:
                raise SetupError(f"rule parameter {f.name} must be a whole number of at least 0, not {v!r}")

    @classmethod
    def names(cls) -> tuple[str, ...]:
        """The names of every parameter."""
        return tuple(f.name for f in fields(cls))

    @classmethod
    def from_mapping(cls, data: Mapping[str, Any] | None) -> RuleParameters:
        """Parameters from plain data (missing names keep the CR's value); an unknown name is an error."""
        data = dict(data or {})
        unknown = sorted(k for k in data if k not in cls.names())
        if unknown:
            raise SetupError(
                f"unknown rule parameter(s) {', '.join(map(str, unknown))}; the engine knows {', '.join(cls.names())}"
            )
        return cls(**data)

    @classmethod
    def coerce(cls, value: RuleParameters | Mapping[str, Any] | None) -> RuleParameters:
        """A :class:`RuleParameters` from itself, a mapping, or None (the CR's values)."""
        if isinstance(value, RuleParameters):
            return value
        return cls.from_mapping(value)

    def to_dict(self) -> dict[str, int]:
        """Plain data."""
        return asdict(self)


#: The Comprehensive Rules' own values.
CR_PARAMETERS = RuleParameters()
