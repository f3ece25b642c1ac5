"""The action vocabulary: every decision a player can make, as an immutable dataclass.

Objects are named by id (``p1:Kitsune#1``), emblems by id (``E3``), expeditions as
``p1:hero`` / ``p2:companion``. ``targets`` holds one entry per target the ability declares
(``None`` for an "up to one" target left out); ``pay_with`` the cards a cost puts in Reserve or
sacrifices.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any


def _targets(action: "Action") -> None:
    """Targets left out at the end are the same as ``None``: store them without, so equal actions compare equal."""
    targets = list(action.targets)
    while targets and targets[-1] is None:
        targets.pop()
    object.__setattr__(action, "targets", tuple(targets))
    if hasattr(action, "pay_with"):
        object.__setattr__(action, "pay_with", tuple(action.pay_with))


@dataclass(frozen=True, slots=True)
class Action:
    """Base class: ``player`` takes the action."""

    player: str

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"action": type(self).__name__}
        for f in fields(self):
            v = getattr(self, f.name)
            out[f.name] = list(v) if isinstance(v, tuple) else v
        return out


@dataclass(frozen=True, slots=True)
class PlayCard(Action):
    """Play a card from Hand or Reserve (4.2.3.c): a Character into one of your expeditions, a Permanent into
    your Landmark zone, a Spell (it resolves, then leaves Limbo)."""

    card: str
    expedition: str = "hero"
    targets: tuple = ()
    pay_with: tuple = ()

    def __post_init__(self) -> None:
        _targets(self)


@dataclass(frozen=True, slots=True)
class QuickAction(Action):
    """Play a quick action of an object you control, or a support ability of a card in your Reserve (4.2.3.c)."""

    source: str
    ability: int = 0
    targets: tuple = ()
    pay_with: tuple = ()

    def __post_init__(self) -> None:
        _targets(self)


@dataclass(frozen=True, slots=True)
class Pass(Action):
    """Pass: the turn ends and you take no more turns this day (1.3.2.d, 4.2.3.c)."""


@dataclass(frozen=True, slots=True)
class PlayReaction(Action):
    """Play one of your Emblem-Reactions in Limbo while Reactions are checked (4.2.e, 2.2.2.m)."""

    reaction: str
    targets: tuple = ()

    def __post_init__(self) -> None:
        _targets(self)


@dataclass(frozen=True, slots=True)
class Decide(Action):
    """Answer the pending decision: ids of the chosen cards, or ``yes`` / ``no``."""

    choice: tuple = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "choice", tuple(self.choice))


ACTION_TYPES: dict[str, type[Action]] = {c.__name__: c for c in (PlayCard, QuickAction, Pass, PlayReaction, Decide)}


def action_from_dict(data: dict[str, Any]) -> Action:
    """The inverse of :meth:`Action.to_dict`."""
    data = dict(data)
    cls = ACTION_TYPES[data.pop("action")]
    return cls(**{k: tuple(v) if isinstance(v, list) else v for k, v in data.items()})
