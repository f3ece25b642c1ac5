"""The action vocabulary: every decision a player can make, as an immutable dataclass.

Actions name objects by instance id (``"p1:Ember Knight#2"``), players by id (``"p1"``) and
stack effects by id (``"e12"``). A payment is a tuple of factions from the acting player's
resource pool (``None`` = factionless); targets are a tuple of groups, each a tuple of ids.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.common.actions import Action, ActionTypes
from engine.common.records import normalised

Payment = tuple


def faction_key(f: str | None) -> tuple[bool, str]:
    """Factionless resources sort first, then factions by name."""
    return (f is not None, f or "")


def canonical(payment) -> Payment:
    """Payments compare equal whatever their order: sort them."""
    return tuple(sorted(payment, key=faction_key))


def _groups(targets) -> tuple:
    """Target groups compare equal whatever the order inside a group: sort each group."""
    return tuple(tuple(sorted(g, key=str)) for g in targets)


def _sorted(ids) -> tuple:
    """Chosen cards compare equal whatever the order they were given in."""
    return tuple(sorted(ids, key=str))


@dataclass(frozen=True, slots=True)
class ChooseMainCharacter(Action):
    """Setup: secretly select a Victory-Token-Field card from your deck (8.0.1a)."""

    card: str


@dataclass(frozen=True, slots=True)
class PlayCard(Action):
    """Play a character (9.2.5, paying its cost), a location (9.2.6) or an item directly (9.2.7)."""

    card: str
    payment: tuple = normalised(canonical)


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
    targets: tuple = normalised(_groups)
    payment: tuple = normalised(canonical)
    discards: tuple = normalised(_sorted)


@dataclass(frozen=True, slots=True)
class ActivateSupport(Action):
    """Use the support ability of a card in your hand: reveal, pay the fee, discard it (4.3.5f)."""

    card: str
    targets: tuple = normalised(_groups)
    payment: tuple = normalised(canonical)
    discards: tuple = normalised(_sorted)


@dataclass(frozen=True, slots=True)
class UseCommand(Action):
    """Use a global command ability of the day phase: Acquisition, Solvency or Contingency (9.2.2-9.2.4)."""

    command: str
    targets: tuple = normalised(_groups)


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

    order: tuple = normalised(tuple)


@dataclass(frozen=True, slots=True)
class ChooseTargets(Action):
    """Choose the targets of a triggered or static ability as it goes on the stack."""

    targets: tuple = normalised(_groups)


@dataclass(frozen=True, slots=True)
class ChooseCards(Action):
    """Choose cards for a pending choice (discard, search, which copy to keep)."""

    cards: tuple = normalised(_sorted)


@dataclass(frozen=True, slots=True)
class NameCard(Action):
    """Name a card when an effect asks for it: a name from the card database (1.1.5)."""

    name: str


ACTION_TYPES: ActionTypes = ActionTypes(
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

#: Build an action from its plain-data form (the inverse of :meth:`Action.to_dict`).
action_from_dict = ACTION_TYPES.from_dict
