"""The action vocabulary: every decision a player can make, as an immutable dataclass.

Actions name cards by instance id (``"p1:Ember Squire#1"``) and players by id (``"p1"``). Targets are a tuple of
ids, one per target the card or ability asks for.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.common.actions import Action, ActionTypes
from engine.common.records import NormalisedRecord, normalised


@dataclass(frozen=True, slots=True)
class Item(NormalisedRecord):
    """One card (``skill`` None) or skill of a card (``skill`` = its index) to commit, with its targets."""

    card: str
    targets: tuple = normalised(tuple)
    skill: int | None = None

    def to_dict(self) -> dict[str, Any]:
        """Plain data, as an action's ``to_dict`` writes it: ``{"card": ..., "targets": [...], "skill": ...}``."""
        return {"card": self.card, "targets": list(self.targets), "skill": self.skill}


def _items(items) -> tuple[Item, ...]:
    """Items given as records or as their plain data."""
    return tuple(i if isinstance(i, Item) else Item(**i) for i in items)


def _sorted(ids) -> tuple:
    """Chosen cards compare equal whatever the order they were given in."""
    return tuple(sorted(ids))


def _pairs(pairs) -> tuple[tuple[Any, Any], ...]:
    """(unit, target) or (blocker, attacker) pairs, as tuples."""
    return tuple((a, b) for a, b in pairs)


@dataclass(frozen=True, slots=True)
class PlayCard(Action):
    """Play a card from hand onto the horizon, choosing its targets now (rules/extra-notes/p2)."""

    card: str
    targets: tuple = normalised(tuple)


@dataclass(frozen=True, slots=True)
class UseSkill(Action):
    """Activate skill number ``skill`` of a card you control, like playing a card (rules/kinds-of-game-objects/p2.2)."""

    source: str
    skill: int = 0
    targets: tuple = normalised(tuple)


@dataclass(frozen=True, slots=True)
class Commit(Action):
    """Commit several fast/slow cards and skills at once, bottom first (rules/more-info/p1)."""

    items: tuple = normalised(_items)


@dataclass(frozen=True, slots=True)
class Pass(Action):
    """Pass: the other player becomes active, or the horizon resolves (rules/shared-round/p3.1)."""


@dataclass(frozen=True, slots=True)
class Channel(Action):
    """Channel a card from hand face up into the channel zone, at infinite speed (rules/channel-system/p1)."""

    card: str


@dataclass(frozen=True, slots=True)
class Explore(Action):
    """Put a card from hand or channel zone on the top or bottom of your deck to create a Wilderness location of
    ``ideal`` (rules/exploration/p1)."""

    card: str
    ideal: str
    bottom: bool = False


@dataclass(frozen=True, slots=True)
class DeclareAttack(Action):
    """Start an attack: (unit, target) pairs in the chosen order, target None for the defending player; and fast
    cards to commit with the declaration (rules/combat-phase-outline/p1)."""

    attackers: tuple = normalised(_pairs)
    commits: tuple = normalised(_items)


@dataclass(frozen=True, slots=True)
class DeclareBlockers(Action):
    """Declare (blocker, attacker) pairs, none at all allowed, and fast cards to commit (rules/combat-phase-outline/p2)."""

    blocks: tuple = normalised(_pairs)
    commits: tuple = normalised(_items)


@dataclass(frozen=True, slots=True)
class GuardianBlock(Action):
    """Answer the guardian offer: the unit just put into play blocks ``attacker``, or none (``None``)
    (rules/combat-phase-outline/p8)."""

    unit: str
    attacker: str | None = None


@dataclass(frozen=True, slots=True)
class ChooseTargets(Action):
    """Choose the targets of a triggered ability as it goes onto the horizon."""

    targets: tuple = normalised(tuple)


@dataclass(frozen=True, slots=True)
class Decide(Action):
    """Answer a "you may": do it (``yes``) or not (rules/extra-notes/p5)."""

    yes: bool


@dataclass(frozen=True, slots=True)
class ChooseCards(Action):
    """Choose the cards an effect asks for (the cards to discard)."""

    cards: tuple = normalised(_sorted)


@dataclass(frozen=True, slots=True)
class ChooseReplacement(Action):
    """A card would enter your full battlefield: the card it replaces, or None to discard it (rules/extra-notes/p3.3)."""

    card: str | None = None


@dataclass(frozen=True, slots=True)
class Recycle(Action):
    """Put your channelled cards back: ``top`` from the top card down, ``bottom`` ending with the bottom card
    (rules/round-phases/p5.2)."""

    top: tuple = normalised(tuple)
    bottom: tuple = normalised(tuple)


ACTION_TYPES: ActionTypes = ActionTypes(
    PlayCard,
    UseSkill,
    Commit,
    Pass,
    Channel,
    Explore,
    DeclareAttack,
    DeclareBlockers,
    GuardianBlock,
    ChooseTargets,
    Decide,
    ChooseCards,
    ChooseReplacement,
    Recycle,
)

#: Build an action from its plain-data form (the inverse of :meth:`Action.to_dict`).
action_from_dict = ACTION_TYPES.from_dict
