"""The engine's procedure queue: automatic rule steps queued as small tuples and run until a player must act.

A step is ``("name", *args)``; modules register the function of each name with :func:`task`.
:func:`run` performs steps until a choice is pending, the game is over, or the queue is empty (then the
active player, if any, acts).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .state import Game

TASKS: dict[str, Callable[..., None]] = {}


def task(name: str) -> Callable[[Callable[..., None]], Callable[..., None]]:
    """Register the function performing the queued step ``name``."""

    def register(fn: Callable[..., None]) -> Callable[..., None]:
        TASKS[name] = fn
        return fn

    return register


def push(game: Game, *steps: tuple) -> None:
    """Queue steps to run next, in the given order (before anything already queued)."""
    for step in reversed(steps):
        game.queue.appendleft(step)


def run(game: Game) -> None:
    """Perform queued steps until a player must act (the modules defining steps register them as the engine
    package imports them)."""
    guard = 0
    while game.queue and game.pending is None and game.result is None:
        guard += 1
        if guard > 100_000:
            raise RuntimeError("the engine's queue does not settle (a loop of triggers?)")
        name, *args = game.queue.popleft()
        TASKS[name](game, *args)
    if game.result is not None:
        game.queue.clear()
