"""The action vocabulary: every decision a player can make, as an immutable dataclass.

Actions name cards by instance id (``"p1:Ember Squire#1"``) and players by id (``"p1"``). Targets are a tuple of
ids, one per target the card or ability asks for.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any


@dataclass(frozen=True, slots=True)
class Item:
    """One card (``skill`` None) or skill of a card (``skill`` = its index) to commit, with its targets."""

    card: str
    targets: tuple = ()
    skill: int | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "targets", tuple(self.targets))


@dataclass(frozen=True, slots=True)
class Action:
    """Base class: ``player`` is the player who takes the action."""

    player: str

    def to_dict(self) -> dict[str, Any]:
        """A plain-data form: ``{"action": "PlayCard", "player": "p1", ...}``."""
        out: dict[str, Any] = {"action": type(self).__name__}
        for f in fields(self):
            out[f.name] = _plain(getattr(self, f.name))
        return out


def _plain(value: Any) -> Any:
    if isinstance(value, Item):
        return {"card": value.card, "targets": list(value.targets), "skill": value.skill}
    if isinstance(value, tuple):
        return [_plain(v) for v in value]
    return value


def _items(items) -> tuple[Item, ...]:
    return tuple(i if isinstance(i, Item) else Item(**i) for i in items)


@dataclass(frozen=True, slots=True)
class PlayCard(Action):
    """Play a card from hand onto the horizon, choosing its targets now (rules/extra-notes/p2)."""

    card: str
    targets: tuple = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "targets", tuple(self.targets))


@dataclass(frozen=True, slots=True)
class UseSkill(Action):
    """Activate skill number ``skill`` of a card you control, like playing a card (rules/kinds-of-game-objects/p2.2)."""

    source: str
    skill: int = 0
    targets: tuple = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "targets", tuple(self.targets))


@dataclass(frozen=True, slots=True)
class Commit(Action):
    """Commit several fast/slow cards and skills at once, bottom first (rules/more-info/p1)."""

    items: tuple = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "items", _items(self.items))


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

    attackers: tuple = ()
    commits: tuple = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "attackers", tuple((a, t) for a, t in self.attackers))
        object.__setattr__(self, "commits", _items(self.commits))


@dataclass(frozen=True, slots=True)
class DeclareBlockers(Action):
    """Declare (blocker, attacker) pairs, none at all allowed, and fast cards to commit (rules/combat-phase-outline/p2)."""

    blocks: tuple = ()
    commits: tuple = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "blocks", tuple((b, a) for b, a in self.blocks))
        object.__setattr__(self, "commits", _items(self.commits))


@dataclass(frozen=True, slots=True)
class GuardianBlock(Action):
    """Answer the guardian offer: the unit just put into play blocks ``attacker``, or none (``None``)
    (rules/combat-phase-outline/p8)."""

    unit: str
    attacker: str | None = None


@dataclass(frozen=True, slots=True)
class ChooseTargets(Action):
    """Choose the targets of a triggered ability as it goes onto the horizon."""

    targets: tuple = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "targets", tuple(self.targets))


@dataclass(frozen=True, slots=True)
class Decide(Action):
    """Answer a "you may": do it (``yes``) or not (rules/extra-notes/p5)."""

    yes: bool


@dataclass(frozen=True, slots=True)
class ChooseCards(Action):
    """Choose the cards an effect asks for (the cards to discard)."""

    cards: tuple = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "cards", tuple(sorted(self.cards)))


@dataclass(frozen=True, slots=True)
class ChooseReplacement(Action):
    """A card would enter your full battlefield: the card it replaces, or None to discard it (rules/extra-notes/p3.3)."""

    card: str | None = None


@dataclass(frozen=True, slots=True)
class Recycle(Action):
    """Put your channelled cards back: ``top`` from the top card down, ``bottom`` ending with the bottom card
    (rules/round-phases/p5.2)."""

    top: tuple = ()
    bottom: tuple = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "top", tuple(self.top))
        object.__setattr__(self, "bottom", tuple(self.bottom))


ACTION_TYPES: dict[str, type[Action]] = {cls.__name__: cls for cls in (
    PlayCard, UseSkill, Commit, Pass, Channel, Explore, DeclareAttack, DeclareBlockers, GuardianBlock, ChooseTargets,
    Decide, ChooseCards, ChooseReplacement, Recycle)}


def action_from_dict(data: dict[str, Any]) -> Action:
    """Build an action from its plain-data form (the inverse of :meth:`Action.to_dict`)."""
    data = dict(data)
    cls = ACTION_TYPES[data.pop("action")]
    return cls(**data)
