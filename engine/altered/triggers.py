"""Reactions triggering: each creates an Emblem-Reaction in Limbo (2.2.2.m), at most a hundred times a day
per reaction (1.4.6.c)."""

from __future__ import annotations

from collections.abc import Iterable

from .conditions import evaluate
from .emblems import create_reaction
from .log import record
from .state import DAILY_LIMIT, Game, GameObject


def _try(game: Game, o: GameObject, index: int, why: str) -> None:
    ability = o.definition.abilities[index]
    if ability.condition is not None:
        verdict = evaluate(game, ability.condition, o.controller)
        if not verdict.holds:
            if verdict.rule:
                record(
                    game,
                    verdict.rule,
                    "condition",
                    f"{o.name}'s reaction does not trigger: {verdict.why}.",
                    (o.id,),
                    o.controller,
                )
            return
    key = (o.id, o.incarnation, index)
    if game.reaction_uses.get(key, 0) >= DAILY_LIMIT:
        record(
            game,
            "1.4.6.c",
            "limit",
            f"{o.name}'s reaction has already activated {DAILY_LIMIT} times this day: "
            "it does not activate again.",
            (o.id,),
            o.controller,
        )
        return
    game.reaction_uses[key] = game.reaction_uses.get(key, 0) + 1
    create_reaction(game, o.controller, ability, index, o.id, o.incarnation, o.name, why)


def _reactions(o: GameObject):
    return [(i, a) for i, a in enumerate(o.definition.abilities) if a.kind == "reaction" and a.trigger]


def at_phase(game: Game, phase: str) -> None:
    """Reactions of objects already in play that trigger "At [phase]" (4.2.b)."""
    for oid in list(game.in_play()):
        o = game.objects[oid]
        for i, a in _reactions(o):
            if a.trigger.at == phase:
                _try(game, o, i, f"at {phase.capitalize()}")


def after_daily(game: Game, daily: str) -> None:
    """Reactions that trigger "after [that daily effect]" (4.2.d)."""
    for oid in list(game.in_play()):
        o = game.objects[oid]
        for i, a in _reactions(o):
            if a.trigger.after == daily:
                _try(game, o, i, f"after {daily.capitalize()}")


def played(game: Game, o: GameObject, from_zone: str) -> None:
    """A card's own "when I am played" reactions."""
    for i, a in _reactions(o):
        if a.trigger.played in ("any", from_zone):
            _try(game, o, i, f"it was played from {from_zone.capitalize()}")


def gained_boost(game: Game, objects: Iterable[GameObject]) -> None:
    for o in objects:
        if o.id in game.objects:
            for i, a in _reactions(o):
                if a.trigger.gains_boost:
                    _try(game, o, i, "it gained a boost")


def tokens_created(game: Game, players: Iterable[str]) -> None:
    """ "When one or more tokens are created under your control": once per step, whatever the number (6.1.f)."""
    for pid in dict.fromkeys(players):
        for oid in list(game.in_play(pid)):
            o = game.objects[oid]
            for i, a in _reactions(o):
                if a.trigger.tokens_created:
                    _try(game, o, i, "one or more tokens were created under its controller's control")
