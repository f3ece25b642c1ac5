"""Card definitions as immutable data: cards, abilities, costs, triggers, targets and effect steps.

Cards are read from plain data by :mod:`.library`; nothing here knows about a game in progress.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

STATISTICS = ("forest", "mountain", "water")  # 2.2.9.b, in the order they are written (2.2.9.e)
CARD_TYPES = ("character", "spell", "permanent", "hero", "region")
DURATIONS = {"turn": "this Turn", "afternoon": "this Afternoon", "day": "this Day"}  # 2.2.13.a
PHASE_TRIGGERS = ("morning", "noon", "afternoon", "dusk", "night")
DAILY_EFFECTS = ("succeed", "prepare", "draw", "expand", "progress")


@dataclass(frozen=True, slots=True)
class Cost:
    """What a cost asks, all paid in a single step (6.1.d)."""

    mana: int = 0
    exhaust_me: bool = False
    discard_me: bool = False  # discard this card from its owner's Reserve
    hand_to_reserve: int = 0
    sacrifice: int = 0

    @property
    def empty(self) -> bool:
        return self == Cost()

    def describe(self) -> str:
        parts = []
        if self.mana:
            parts.append(f"pay {self.mana}")
        if self.exhaust_me:
            parts.append("exhaust me")
        if self.discard_me:
            parts.append("discard me from Reserve")
        if self.hand_to_reserve:
            parts.append(f"put {self.hand_to_reserve} card(s) from your Hand in Reserve")
        if self.sacrifice:
            parts.append(f"sacrifice {self.sacrifice} Character(s)")
        return " and ".join(parts) or "nothing"


@dataclass(frozen=True, slots=True)
class Trigger:
    """When a reaction triggers: at a phase, after a daily effect, or on an event about its object."""

    at: str | None = None  # a phase (4.2.b)
    after: str | None = None  # a daily effect (4.2.d)
    played: str | None = None  # hand | reserve | any: "when I am played"
    gains_boost: bool = False  # "when I gain a boost"
    tokens_created: bool = False  # "when one or more tokens are created under your control"


@dataclass(frozen=True, slots=True)
class TargetSpec:
    """One target to declare: ``expedition``, ``character``, ``reserve_card`` or ``own_reserve_card``."""

    kind: str
    up_to: bool = False  # "up to one target": declaring none is allowed


@dataclass(frozen=True, slots=True)
class Step:
    """One instruction of an effect: a verb and its arguments (6.1.c); ``simultaneously`` holds several."""

    verb: str
    args: dict = field(default_factory=dict, hash=False, compare=True)
    parts: tuple[Step, ...] = ()

    def describe(self) -> str:
        if self.verb == "simultaneously":
            return " and ".join(p.describe() for p in self.parts) + " (simultaneously)"
        return self.args.get("text") or self.verb.replace("_", " ")


@dataclass(frozen=True, slots=True)
class Passive:
    """A passive ability's continuous effect (one kind per passive)."""

    kind: str  # cannot | costs_less | stats | regions_are | may_play_from | instead
    value: Any = None


@dataclass(frozen=True, slots=True)
class Ability:
    """A reaction, a quick action, a support ability (a quick action from the Reserve) or a passive."""

    kind: str  # reaction | quick | support | passive
    text: str
    trigger: Trigger | None = None
    condition: dict | None = field(default=None, hash=False)
    cost: Cost = Cost()
    targets: tuple[TargetSpec, ...] = ()
    effect: tuple[Step, ...] = ()
    passive: Passive | None = None


@dataclass(frozen=True, slots=True)
class CardDef:
    """A card: its type, sub-types, costs (from Hand, from Reserve), statistics and abilities."""

    name: str
    type: str
    subtypes: tuple[str, ...] = ()
    cost: int | None = None
    reserve_cost: int | None = None
    stats: tuple[int, int, int] | None = None
    abilities: tuple[Ability, ...] = ()
    targets: tuple[TargetSpec, ...] = ()  # a spell's targets
    effect: tuple[Step, ...] = ()  # a spell's effect
    terrains: tuple[tuple[str, ...], ...] = ()  # a Tumult region: its sub-types for each orientation
    role: str | None = None  # regions: hero | companion | arena | tumult
    text: str = ""

    def cost_from(self, zone: str) -> int:
        """The mana a card costs when played from Hand, or from Reserve (the Hand cost by default)."""
        if zone == "reserve" and self.reserve_cost is not None:
            return self.reserve_cost
        return self.cost or 0
