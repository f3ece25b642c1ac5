"""The action vocabulary: every decision a player can make, as an immutable dataclass.

Actions name objects by instance id (``"p1:Ember Knight#2"``), players by id (``"p1"``) and
stack effects by id (``"e12"``). A payment is a tuple of factions from the acting player's
resource pool (``None`` = factionless); targets are a tuple of groups, each a tuple of ids.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any

from .resources import canonical


def _groups(targets) -> tuple:
    """Target groups compare equal whatever the order inside a group: sort each group."""
    return tuple(tuple(sorted(g, key=str)) for g in targets)


@dataclass(frozen=True, slots=True)
class Action:
    """Base class: ``player`` is the player who takes the action."""

    player: str

    def to_dict(self) -> dict[str, Any]:
        """A plain-data form: ``{"action": "PlayCard", "player": "p1", ...}``."""
        out: dict[str, Any] = {"action": type(self).__name__}
        for f in fields(self):
            v = getattr(self, f.name)
            if isinstance(v, tuple):
                v = [list(x) if isinstance(x, tuple) else x for x in v]
            out[f.name] = v
        return out


@dataclass(frozen=True, slots=True)
class ChooseMainCharacter(Action):
    """Setup: secretly select a Victory-Token-Field card from your deck (8.0.1a)."""

    card: str


@dataclass(frozen=True, slots=True)
class PlayCard(Action):
    """Play a character (9.2.5, paying its cost), a location (9.2.6) or an item directly (9.2.7)."""

    card: str
    payment: tuple = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "payment", canonical(self.payment))


@dataclass(frozen=True, slots=True)
class AttachItem(Action):
    """Attach an item card from hand to a permanent you control, face-up or face-down (9.2.7, 2.3.2)."""

    card: str
    host: str
    face_down: bool = False


@dataclass(frozen=True, slots=True)
class TurnFaceUp(Action):
    """Turn a face-down attachment on your permanent face-up (2.1.2d, 9.2.8)."""

    attachment: str


@dataclass(frozen=True, slots=True)
class DiscardAttachment(Action):
    """Discard a face-up attachment on your permanent (2.1.2g)."""

    attachment: str


@dataclass(frozen=True, slots=True)
class ActivateAbility(Action):
    """Activate ability number ``ability`` (index into the card's abilities) of a permanent or attachment (4.3.5c)."""

    source: str
    ability: int
    targets: tuple = ()
    payment: tuple = ()
    discards: tuple = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "payment", canonical(self.payment))
        object.__setattr__(self, "targets", _groups(self.targets))
        object.__setattr__(self, "discards", tuple(sorted(self.discards, key=str)))


@dataclass(frozen=True, slots=True)
class ActivateSupport(Action):
    """Use the support ability of a card in your hand: reveal, pay the fee, discard it (4.3.5f)."""

    card: str
    targets: tuple = ()
    payment: tuple = ()
    discards: tuple = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "payment", canonical(self.payment))
        object.__setattr__(self, "targets", _groups(self.targets))
        object.__setattr__(self, "discards", tuple(sorted(self.discards, key=str)))


@dataclass(frozen=True, slots=True)
class UseCommand(Action):
    """Use a global command ability of the day phase: Acquisition, Solvency or Contingency (9.2.2-9.2.4)."""

    command: str
    targets: tuple = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "targets", _groups(self.targets))


@dataclass(frozen=True, slots=True)
class ExhaustResource(Action):
    """Exhaust one of your resource tokens to add a resource of its faction to your pool (5.0.1c, 9.2.10)."""

    token: str


@dataclass(frozen=True, slots=True)
class EnterCombat(Action):
    """Enter the combat phase (9.2.11)."""


@dataclass(frozen=True, slots=True)
class DeclareAttack(Action):
    """Declare an attacker and the permanent it attacks (9.3.5, 9.3.6)."""

    attacker: str
    target: str


@dataclass(frozen=True, slots=True)
class DeclareDefender(Action):
    """Answer an attack on your permanent: a defender, or ``None`` for no defender (9.3.7)."""

    defender: str | None = None


@dataclass(frozen=True, slots=True)
class NextPhase(Action):
    """End your day phase (9.2.12) or your combat phase (9.3.2)."""


@dataclass(frozen=True, slots=True)
class PassPriority(Action):
    """Pass priority while a stack exists (4.1.6, 4.1.7)."""


@dataclass(frozen=True, slots=True)
class ChooseTriggerOrder(Action):
    """Order your simultaneous abilities: the listed ones go on the stack first, in this order (9.2.1).

    A prefix is allowed; the engine asks again for the rest.
    """

    order: tuple = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "order", tuple(self.order))


@dataclass(frozen=True, slots=True)
class ChooseTargets(Action):
    """Choose the targets of a triggered or static ability as it goes on the stack."""

    targets: tuple = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "targets", _groups(self.targets))


@dataclass(frozen=True, slots=True)
class ChooseCards(Action):
    """Choose cards for a pending choice (discard, search, which copy to keep)."""

    cards: tuple = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "cards", tuple(sorted(self.cards, key=str)))


@dataclass(frozen=True, slots=True)
class NameCard(Action):
    """Name a card when an effect asks for it: a name from the card database (1.1.5)."""

    name: str


ACTION_TYPES: dict[str, type[Action]] = {
    cls.__name__: cls
    for cls in (
        ChooseMainCharacter,
        PlayCard,
        AttachItem,
        TurnFaceUp,
        DiscardAttachment,
        ActivateAbility,
        ActivateSupport,
        UseCommand,
        ExhaustResource,
        EnterCombat,
        DeclareAttack,
        DeclareDefender,
        NextPhase,
        PassPriority,
        ChooseTriggerOrder,
        ChooseTargets,
        ChooseCards,
        NameCard,
    )
}


def action_from_dict(data: dict[str, Any]) -> Action:
    """Build an action from its plain-data form (the inverse of :meth:`Action.to_dict`)."""
    data = dict(data)
    name = data.pop("action")
    cls = ACTION_TYPES[name]
    return cls(**data)
