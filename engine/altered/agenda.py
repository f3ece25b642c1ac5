"""The engine's agenda: the procedure still to run, as tasks. :func:`run` performs them until a player
must act: a pending decision, a Reaction to play (4.2.e), or an Afternoon turn (4.2.3.c)."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .state import Game


def push_front(game: Game, *tasks) -> None:
    """Put ``tasks`` at the front of the agenda, in the given order."""
    for task in reversed(tasks):
        game.agenda.appendleft(task)


def run(game: Game, limit: int = 100_000) -> None:
    """Run tasks until a player must act or nothing is left."""
    for _ in range(limit):
        if game.pending is not None or not game.agenda:
            return
        task = game.agenda[0]
        if task.waits(game):
            return
        game.agenda.popleft()
        if not task.run(game):
            game.agenda.appendleft(task)
    raise RuntimeError("the agenda did not settle within its step limit")


def waiting_for(game: Game) -> str | None:
    """The player who must act now, or None."""
    if game.pending is not None:
        return game.pending.player
    if not game.agenda:
        return None
    task = game.agenda[0]
    return task.actor(game) if task.waits(game) else None
