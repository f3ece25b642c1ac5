"""The one way every engine applies a player's action: validate, plan, perform, then run the procedure.

Each action type has a :class:`Handler`: ``check`` validates the action against the game (raising the engine's
``IllegalAction`` citing the rules, with the game unchanged) and returns the plan, what it worked out (the card,
the payment, the targets...); ``perform`` carries the plan out. An engine lists its handlers in an
:class:`ActionRules`, with the ``gate`` every action passes first (the game is over, a choice is pending, who
holds priority...), and how its procedure runs once the action is performed (its
:class:`~engine.common.procedure.Procedure`'s ``run``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from .actions import Action
from .procedure import Proceeding

G = TypeVar("G", bound=Proceeding)


@dataclass(frozen=True, slots=True)
class Handler:
    """How one action type is applied: ``check`` validates it and returns the plan, ``perform`` carries it out."""

    check: Callable[[Any, Any], Any]
    perform: Callable[[Any, Any, Any], None]


@dataclass(frozen=True)
class ActionRules(Generic[G]):
    """An engine's handlers by action type, the gate every action passes first, and how its procedure runs.

    ``unknown`` builds the rejection of a value that is no action of this engine."""

    handlers: Mapping[type[Action], Handler]
    gate: Callable[[G, Action], None]
    run: Callable[[G], None]
    unknown: Callable[[object], Exception]

    def validate(self, game: G, action: Action) -> Any:
        """The plan of a legal action, or the engine's ``IllegalAction`` saying why not (the game unchanged)."""
        handler = self.handlers.get(type(action))
        if handler is None:
            raise self.unknown(action)
        self.gate(game, action)
        return handler.check(game, action)

    def apply(self, game: G, action: Action) -> None:
        """Validate and perform ``action``, then run the procedure until a player must act."""
        plan = self.validate(game, action)
        self.handlers[type(action)].perform(game, action, plan)
        self.run(game)
