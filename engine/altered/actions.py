"""The action vocabulary: every decision a player can make, as an immutable dataclass.

Objects are named by id (``p1:Kitsune#1``), emblems by id (``E3``), expeditions as
``p1:hero`` / ``p2:companion``. ``targets`` holds one entry per target the ability declares
(``None`` for an "up to one" target left out); ``pay_with`` the cards a cost puts in Reserve or
sacrifices.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.common.actions import Action, ActionTypes
from engine.common.records import normalised


def _targets(targets) -> tuple:
    """Targets left out at the end are the same as ``None``: store them without, so equal actions compare equal."""
    kept = list(targets)
    while kept and kept[-1] is None:
        kept.pop()
    return tuple(kept)


@dataclass(frozen=True, slots=True)
class PlayCard(Action):
    """Play a card from Hand or Reserve (4.2.3.c): a Character into one of your expeditions, a Permanent into
    your Landmark zone, a Spell (it resolves, then leaves Limbo)."""

    card: str
    expedition: str = "hero"
    targets: tuple = normalised(_targets)
    pay_with: tuple = normalised(tuple)


@dataclass(frozen=True, slots=True)
class QuickAction(Action):
    """Play a quick action of an object you control, or a support ability of a card in your Reserve (4.2.3.c)."""

    source: str
    ability: int = 0
    targets: tuple = normalised(_targets)
    pay_with: tuple = normalised(tuple)


@dataclass(frozen=True, slots=True)
class Pass(Action):
    """Pass: the turn ends and you take no more turns this day (1.3.2.d, 4.2.3.c)."""


@dataclass(frozen=True, slots=True)
class PlayReaction(Action):
    """Play one of your Emblem-Reactions in Limbo while Reactions are checked (4.2.e, 2.2.2.m)."""

    reaction: str
    targets: tuple = normalised(_targets)


@dataclass(frozen=True, slots=True)
class Decide(Action):
    """Answer the pending decision: ids of the chosen cards, or ``yes`` / ``no``."""

    choice: tuple = normalised(tuple)


ACTION_TYPES: ActionTypes = ActionTypes(PlayCard, QuickAction, Pass, PlayReaction, Decide)

#: The inverse of :meth:`Action.to_dict`.
action_from_dict = ACTION_TYPES.from_dict
