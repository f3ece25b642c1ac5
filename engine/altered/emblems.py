"""Emblems in Limbo (2.2.2.h, 2.2.2.m) and the durations of Ongoing Emblems (2.2.13)."""

from __future__ import annotations

from .cards import DURATIONS, Ability, Passive
from .log import record
from .state import Emblem, Game


def create_reaction(
    game: Game,
    controller: str,
    ability: Ability,
    index: int,
    source_id: str | None,
    source_inc: int,
    source_name: str,
    why: str,
) -> Emblem:
    """A reaction triggers: its controller creates an Emblem-Reaction in Limbo with its effect (2.2.2.m)."""
    emblem = Emblem(
        id=game.new_id("E"),
        kind="reaction",
        controller=controller,
        text=ability.text or "; ".join(s.describe() for s in ability.effect),
        source_id=source_id,
        source_inc=source_inc,
        source_name=source_name,
        ability=ability,
        ability_index=index,
        effect=ability.effect,
        created_turn=game.turn_number,
    )
    game.emblems[emblem.id] = emblem
    game.limbo.append(emblem.id)
    record(
        game,
        "2.2.2.m",
        "emblem_reaction",
        f"{source_name}'s reaction triggers ({why}): {controller} creates "
        f'Emblem-Reaction {emblem.id} in Limbo with the text "{emblem.text}".',
        (emblem.id,) + ((source_id,) if source_id else ()),
        controller,
    )
    return emblem


def create_ongoing(
    game: Game, controller: str, passive: Passive, duration: str, links: tuple, source_name: str, text: str
) -> Emblem:
    """An effect lasting longer than its resolution creates an Emblem-Ongoing in Limbo (2.2.2.m) whose duration
    is the one the effect gave (2.2.13.c)."""
    emblem = Emblem(
        id=game.new_id("E"),
        kind="ongoing",
        controller=controller,
        text=text,
        source_id=None,
        source_inc=0,
        source_name=source_name,
        passive=passive,
        duration=duration,
        links=links,
        created_turn=game.turn_number,
    )
    game.emblems[emblem.id] = emblem
    game.limbo.append(emblem.id)
    record(
        game,
        "2.2.2.m",
        "emblem_ongoing",
        f"{source_name}'s effect lasts {DURATIONS[duration]}: {controller} "
        f'creates Emblem-Ongoing {emblem.id} in Limbo with the passive ability "{text}".',
        (emblem.id,),
        controller,
    )
    record(
        game,
        "2.2.13.c",
        "duration",
        f'{emblem.id}\'s duration is "{DURATIONS[duration]}", set by the effect that created it.',
        (emblem.id,),
        controller,
    )
    return emblem


def cease(game: Game, emblem_id: str) -> None:
    """An emblem stops existing."""
    game.emblems.pop(emblem_id, None)
    if emblem_id in game.limbo:
        game.limbo.remove(emblem_id)


def expire(game: Game, duration: str, moment: str) -> None:
    """Ongoing Emblems whose duration ends at ``moment`` cease to exist (2.2.13.a)."""
    for emblem in [e for e in game.ongoing() if e.duration == duration]:
        used = (
            " (it was used)"
            if emblem.used
            else (" (it was not used)" if emblem.passive and emblem.passive.kind == "costs_less" else "")
        )
        cease(game, emblem.id)
        record(
            game,
            "2.2.13.a",
            "emblem_expires",
            f'{moment}: Emblem-Ongoing {emblem.id} ("{emblem.text}", '
            f"{DURATIONS[duration]}) ceases to exist{used}.",
            (emblem.id,),
            emblem.controller,
        )
