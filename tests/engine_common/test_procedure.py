"""The shared procedure model: typed steps on a queue, performed by the function registered for their type."""

from __future__ import annotations

import importlib
import sys
from dataclasses import dataclass, field

import pytest

from engine.common.procedure import Procedure, Step, StepQueue


@dataclass
class Toy:
    """A game with a queue, a log of what ran, and a player who may be asked to act."""

    queue: StepQueue = field(default_factory=StepQueue)
    done: list[str] = field(default_factory=list)
    asked: str | None = None


@dataclass(frozen=True, slots=True)
class Say(Step):
    word: str


@dataclass(frozen=True, slots=True)
class Twice(Step):
    word: str


@dataclass(frozen=True, slots=True)
class Ask(Step):
    player: str


@dataclass(frozen=True, slots=True)
class Turn(Step):
    player: str


def toy_procedure() -> Procedure[Toy]:
    """A procedure over :class:`Toy` with one performer per step type."""
    proc: Procedure[Toy] = Procedure("toy", lambda g: g.asked is not None, limit=50)

    @proc.performs(Say)
    def say(game: Toy, step: Say) -> None:
        game.done.append(step.word)

    @proc.performs(Twice)
    def twice(game: Toy, step: Twice) -> None:
        game.queue.push(Say(step.word), Say(step.word))

    @proc.performs(Ask)
    def ask(game: Toy, step: Ask) -> bool:
        if step.player in game.done:
            return True
        game.asked = step.player
        return False

    @proc.waits(Turn)
    def turn(game: Toy, step: Turn) -> str | None:
        return step.player

    return proc


def test_steps_run_in_order_and_pushed_steps_run_next():
    """Steps pushed by a step run before what was already queued, in the order given."""
    game, proc = Toy(), toy_procedure()
    game.queue.push(Twice("a"), Say("b"))
    proc.run(game)
    assert game.done == ["a", "a", "b"]
    assert not game.queue


def test_a_step_that_is_not_done_stays_at_the_front():
    """A performer returning False keeps its step first in the queue; it resumes when the game goes on."""
    game, proc = Toy(), toy_procedure()
    game.queue.push(Ask("p1"), Say("after"))
    proc.run(game)
    assert game.asked == "p1" and game.queue[0] == Ask("p1") and game.done == []
    game.asked = None
    game.done.append("p1")
    proc.run(game)
    assert game.done == ["p1", "after"]


def test_a_waiting_step_names_the_player_and_stops_the_procedure():
    """A step with a waiter stops the procedure at the front and names the player it waits for."""
    game, proc = Toy(), toy_procedure()
    game.queue.push(Say("x"), Turn("p2"), Say("y"))
    proc.run(game)
    assert game.done == ["x"] and proc.waiting_for(game) == "p2"
    game.queue.popleft()
    proc.run(game)
    assert game.done == ["x", "y"] and proc.waiting_for(game) is None


def test_idle_runs_when_the_queue_is_empty():
    """The idle hook may queue more steps (they run) or halt the game."""
    game = Toy()
    proc: Procedure[Toy] = Procedure(
        "toy", lambda g: g.asked is not None, idle=lambda g: setattr(g, "asked", "p1")
    )
    proc.run(game)
    assert game.asked == "p1"


def test_a_step_nobody_performs_is_named():
    """A step type with no performer is an engine bug, reported by its name."""
    game, proc = Toy(), toy_procedure()
    game.queue.push(Turn("p1"))
    game.queue.appendleft(Step())
    with pytest.raises(KeyError, match="no performer for the step Step"):
        proc.run(game)


def test_a_step_type_has_one_performer_and_one_waiter():
    """Registering a second performer or a second waiter for a step type is refused."""
    proc = toy_procedure()
    with pytest.raises(ValueError, match="already has a performer"):
        proc.performs(Say)(lambda game, step: None)
    with pytest.raises(ValueError, match="already has a waiter"):
        proc.waits(Turn)(lambda game, step: None)


def test_an_endless_procedure_is_stopped():
    """A procedure that never settles raises instead of hanging."""
    game, proc = Toy(), toy_procedure()

    @proc.performs(Turn)
    def again(game: Toy, step: Turn) -> None:
        game.queue.push(step)

    proc.waiters.clear()
    game.queue.push(Turn("p1"))
    with pytest.raises(RuntimeError, match="did not settle within 50 steps"):
        proc.run(game)


def _step_types(package: str) -> set[type[Step]]:
    """Every step type an engine package defines."""
    found, todo = set(), list(Step.__subclasses__())
    while todo:
        cls = todo.pop()
        todo += cls.__subclasses__()
        module = sys.modules.get(cls.__module__)
        if cls.__module__.startswith(f"{package}.") and getattr(module, cls.__qualname__, None) is cls:
            found.add(cls)  # the class a module holds (``slots=True`` leaves a stale first version behind)
    return found


@pytest.mark.parametrize("game", ["athernum", "atnia", "altered"])
def test_every_step_of_an_engine_has_a_performer(game):
    """Once an engine is imported, each of its step types is performed by a registered function (or, for a step
    that only waits for a player's action, names that player)."""
    importlib.import_module(f"engine.{game}")
    procedure = importlib.import_module(f"engine.{game}.steps").PROCEDURE
    types = _step_types(f"engine.{game}")
    assert len(types) > 10
    assert sorted(t.__name__ for t in types - set(procedure.performers) - set(procedure.waiters)) == []
