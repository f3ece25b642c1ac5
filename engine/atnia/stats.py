"""Offense and health: printed stats, buffs and damage (rules/extra-notes/p1, p1.1, p7).

A unit's health left is its printed health plus its health buffs minus the damage dealt to it. Damage
stays until the card leaves the horizon and battlefield; a buff that goes away therefore takes its whole
health with it, however much damage was dealt meanwhile, which is what the rules call "effectively takes
that much damage". A debuff that goes away gives its health back.
"""

from __future__ import annotations

from .log import record
from .state import Buff, Card, Game


def offense(card: Card) -> int:
    """Offense with buffs; never below 0 when it strikes."""
    return max(0, (card.definition.offense or 0) + sum(b.offense for b in card.buffs))


def max_health(card: Card) -> int:
    """Printed health plus every health buff (minus debuffs)."""
    return (card.definition.health or 0) + sum(b.health for b in card.buffs)


def health(card: Card) -> int:
    """Health left: printed health plus buffs, minus damage."""
    return max_health(card) - card.damage


def add_buff(game: Game, card: Card, health_: int, offense_: int, until: str, source: str | None) -> Buff:
    """Give a card a buff (or a debuff, with negative numbers)."""
    buff = Buff(game.stamp(), health_, offense_, until, source)
    card.buffs.append(buff)
    return buff


def remove_buff(game: Game, card: Card, buff: Buff, why: str, rule: str | None = None) -> None:
    """A buff goes away: its health leaves with it (a debuff's comes back), logged with its rule."""
    card.buffs.remove(buff)
    change_buff(game, card, buff.health, 0, why, rule)


def change_buff(game: Game, card: Card, old: int, new: int, why: str, rule: str | None = None) -> None:
    """Log the effect of a health buff shrinking or growing from ``old`` to ``new`` (the buff already changed)."""
    if old == new:
        return
    lost = old - new
    if lost > 0:
        record(
            game,
            rule or "rules/extra-notes/p1.1",
            "buff_ends",
            f"{why}: {card.name} loses {lost} health, effectively taking {lost} damage "
            f"({health(card)} health left).",
            (card.id,),
            card.controller,
        )
    else:
        record(
            game,
            rule or "rules/extra-notes/p7",
            "debuff_ends",
            f"{why}: {card.name} is granted {-lost} health as it goes ({health(card)} health left).",
            (card.id,),
            card.controller,
        )
