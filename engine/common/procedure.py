"""The procedure model every engine shares: automatic rule steps as typed records on a queue, run until a player
must act.

A step is a small dataclass deriving from :class:`Step` (its fields are the step's arguments); the game holds
them, next first, in a :class:`StepQueue`. Each engine has one :class:`Procedure`: the rules modules register
the function that performs each type of step (:meth:`Procedure.performs`) and, for a step that waits for a
player at the front of the queue, the function naming that player (:meth:`Procedure.waits`). The records know
no behaviour, so a module may queue any step without importing the module that performs it.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Generic, Protocol, TypeVar


class Step:
    """Base of an engine's procedure steps: one dataclass per kind of step, its fields the step's arguments."""

    __slots__ = ()


S = TypeVar("S", bound=Step)


class StepQueue(deque[Step]):
    """The procedure still to run, next step first."""

    def push(self, *steps: Step) -> None:
        """Queue ``steps`` to run next, in the given order (before anything already queued)."""
        self.extendleft(reversed(steps))


class Proceeding(Protocol):
    """What a procedure needs of a game: its queue of steps."""

    @property
    def queue(self) -> StepQueue: ...


G = TypeVar("G", bound=Proceeding)

#: Performs a step; returns False to keep it at the front of the queue (it resumes when the game goes on).
Performer = Callable[[G, Any], "bool | None"]
#: The player a step at the front of the queue waits for, or None when it does not wait.
Waiter = Callable[[G, Any], "str | None"]


@dataclass
class Procedure(Generic[G]):
    """An engine's procedure: the function performing each type of step, and when the game stops to let a
    player act (``halted``: a pending choice, priority, the game over...). ``idle`` runs when the queue is empty
    and the game is not halted (to give a player priority, or to raise that the engine stalled)."""

    name: str
    halted: Callable[[G], bool]
    idle: Callable[[G], None] | None = None
    limit: int = 1_000_000
    performers: dict[type[Step], Performer[G]] = field(default_factory=dict)
    waiters: dict[type[Step], Waiter[G]] = field(default_factory=dict)

    def performs(
        self, step_type: type[S]
    ) -> Callable[[Callable[[G, S], bool | None]], Callable[[G, S], bool | None]]:
        """Register the decorated function as the performer of ``step_type``."""

        def register(fn: Callable[[G, S], bool | None]) -> Callable[[G, S], bool | None]:
            if step_type in self.performers:
                raise ValueError(f"{self.name}: {step_type.__name__} already has a performer")
            self.performers[step_type] = fn
            return fn

        return register

    def waits(
        self, step_type: type[S]
    ) -> Callable[[Callable[[G, S], str | None]], Callable[[G, S], str | None]]:
        """Register the decorated function as naming the player a ``step_type`` at the front waits for."""

        def register(fn: Callable[[G, S], str | None]) -> Callable[[G, S], str | None]:
            if step_type in self.waiters:
                raise ValueError(f"{self.name}: {step_type.__name__} already has a waiter")
            self.waiters[step_type] = fn
            return fn

        return register

    def waiting_for(self, game: G) -> str | None:
        """The player the step at the front of the queue waits for, or None."""
        if not game.queue:
            return None
        step = game.queue[0]
        waiter = self.waiters.get(type(step))
        return None if waiter is None else waiter(game, step)

    def perform(self, game: G, step: Step) -> bool | None:
        """Perform one step with its registered function (KeyError names a step type nobody performs)."""
        try:
            performer = self.performers[type(step)]
        except KeyError:
            raise KeyError(f"{self.name}: no performer for the step {type(step).__name__}") from None
        return performer(game, step)

    def run(self, game: G) -> None:
        """Perform queued steps until the game is halted, a step waits for a player, or nothing is left."""
        queue = game.queue
        for _ in range(self.limit):
            if self.halted(game):
                return
            if not queue:
                if self.idle is None:
                    return
                self.idle(game)
                if not queue:
                    return
                continue
            if self.waiting_for(game) is not None:
                return
            step = queue.popleft()
            if self.perform(game, step) is False:
                queue.appendleft(step)
        raise RuntimeError(
            f"{self.name}'s procedure did not settle within {self.limit} steps (a loop of steps?)"
        )
