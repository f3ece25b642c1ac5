"""The shared apply pattern: a gate, then the action type's check (validate and plan), perform, and the procedure."""

from __future__ import annotations

from dataclasses import dataclass, field

import pytest

from engine.common.actions import Action
from engine.common.handlers import ActionRules, Handler
from engine.common.procedure import StepQueue


@dataclass
class Toy:
    """A game with a queue and a record of what happened."""

    queue: StepQueue = field(default_factory=StepQueue)
    done: list[str] = field(default_factory=list)
    over: bool = False


@dataclass(frozen=True, slots=True)
class Say(Action):
    word: str = ""


@dataclass(frozen=True, slots=True)
class Other(Action):
    pass


class Refused(Exception):
    """The toy engine's rejection."""


def _gate(game: Toy, action: Action) -> None:
    if game.over:
        raise Refused("the game is over")


def _check(game: Toy, a: Say) -> str:
    if not a.word:
        raise Refused("nothing to say")
    return a.word.upper()


def _perform(game: Toy, a: Say, plan: str) -> None:
    game.done.append(f"{a.player}: {plan}")


RULES: ActionRules[Toy] = ActionRules(
    {Say: Handler(_check, _perform)}, _gate, lambda g: g.done.append("ran"), lambda a: Refused(f"{a!r}?")
)


def test_a_legal_action_is_planned_performed_and_the_procedure_runs():
    """The plan the check returns is what the performer receives; the procedure runs after it."""
    game = Toy()
    RULES.apply(game, Say("p1", "hi"))
    assert game.done == ["p1: HI", "ran"]


def test_an_illegal_action_leaves_the_game_unchanged():
    """A check that refuses raises before anything is performed or run."""
    game = Toy()
    with pytest.raises(Refused, match="nothing to say"):
        RULES.apply(game, Say("p1"))
    assert game.done == []


def test_the_gate_comes_before_the_check():
    """Every action passes the gate first (here: the game is over)."""
    game = Toy(over=True)
    with pytest.raises(Refused, match="game is over"):
        RULES.validate(game, Say("p1", "hi"))


def test_an_action_of_no_handler_is_refused_by_the_engine():
    """A value that is not one of the engine's actions gets the engine's own rejection."""
    with pytest.raises(Refused, match=r"Other\(player='p1'\)\?"):
        RULES.apply(Toy(), Other("p1"))
