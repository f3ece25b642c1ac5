"""Conditions of reactions and of "if" steps: the first player, counts of a sub-type in play (2.2.2.n),
whether a specific card is a sub-type (2.2.2.o)."""

from __future__ import annotations

from dataclasses import dataclass

from .state import Game, GameObject
from .values import count_in_play, is_a
from .zones import where


@dataclass(frozen=True, slots=True)
class Verdict:
    """Whether a condition holds, the rule that says how it is read, and why."""

    holds: bool
    rule: str | None
    why: str


def evaluate(game: Game, condition: dict, controller: str, it: GameObject | None = None) -> Verdict:
    """Evaluate a condition for ``controller``; ``it`` is the object an earlier step moved (2.2.2.o)."""
    ((key, value),) = condition.items()
    if key == "first_player":
        holds = (game.first_player == controller) == bool(value)
        return Verdict(
            holds,
            None,
            f"{controller} is {'' if game.first_player == controller else 'not '}the first player",
        )
    if key == "control_at_least":
        n = count_in_play(game, controller, value["subtype"])
        return Verdict(
            n >= value["count"],
            "2.2.2.n",
            f"{controller} controls {n} {value['subtype']}(s) in play "
            f"(needed: {value['count']}); those in a Reserve or a Discard pile do not count",
        )
    if key == "it_is":
        if it is None:
            return Verdict(False, "2.2.2.o", "there is no card to check")
        holds = is_a(game, it, value)
        return Verdict(
            holds,
            "2.2.2.o",
            f"{it.name} is {'' if holds else 'not '}a {value}, checked where it is ({where(game, it)})",
        )
    raise ValueError(f"unknown condition {key!r}")
