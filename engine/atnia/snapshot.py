"""A plain-data snapshot of a game (``game.to_dict()``) for scenarios, comparisons and debugging."""

from __future__ import annotations

from typing import Any

from engine.common.results import result_dict
from engine.common.snapshot import per_object, per_player

from .devotion import devotion
from .state import Card, Game
from .stats import health, max_health, offense


def card_to_dict(game: Game, c: Card) -> dict[str, Any]:
    """One card: where it is and, on the horizon or battlefield, its state and stats."""
    out: dict[str, Any] = {
        "name": c.name,
        "type": c.type,
        "owner": c.owner,
        "controller": c.controller,
        "zone": c.zone.value if c.zone else None,
        "flipped": c.flipped,
    }
    if c.definition.health is not None or c.is_unit:
        out.update(damage=c.damage, health=health(c), max_health=max_health(c))
    if c.is_unit:
        out["offense"] = offense(c)
    if c.buffs:
        out["buffs"] = [
            {"health": b.health, "offense": b.offense, "until": b.until, "source": b.source} for b in c.buffs
        ]
    for key in ("wielder", "weapon", "ideal"):
        if getattr(c, key) is not None:
            out[key] = getattr(c, key)
    return out


def player_to_dict(game: Game, pid: str) -> dict[str, Any]:
    """One player's life, energy, attacks, hand limit, devotion and zones."""
    ps = game.players[pid]
    return {
        "life": ps.life,
        "energy": ps.energy,
        "counters": ps.counters,
        "attacks": ps.attacks,
        "max_hand": ps.max_hand,
        "devotion": {k: v for k, v in devotion(game, pid).items() if v},
        "hand": list(ps.hand),
        "deck": list(ps.deck),
        "discard": list(ps.discard),
        "void": list(ps.void),
        "channel": list(ps.channel),
        "locations": list(ps.locations),
        "battlefield": list(ps.battlefield),
    }


def game_to_dict(game: Game) -> dict[str, Any]:
    """The whole state as plain data (JSON/YAML-able)."""
    pending = game.pending
    combat = game.combat
    return {
        "round": game.round,
        "phase": game.phase.value,
        "first": game.first,
        "active": game.active,
        "window": None
        if game.window is None
        else {"player": game.window.player, "acted": game.window.acted, "hand_over": game.window.hand_over},
        "passes": game.passes,
        "horizon": [
            {
                "id": e.id,
                "kind": e.kind,
                "label": e.label,
                "controller": e.controller,
                "speed": e.speed,
                "card": e.card,
                "source": e.source,
                "targets": [t.id if t else None for t in e.targets],
            }
            for e in game.horizon
        ],
        "combat": None
        if combat is None
        else {
            "attacker": combat.attacker,
            "defender": combat.defender,
            "step": combat.step,
            "attackers": [[u, t] for u, t in combat.attackers],
            "blocks": dict(combat.blocks),
        },
        "pending": None if pending is None else pending.to_dict(bounds=False),
        "result": result_dict(game.result),
        "players": per_player(game, player_to_dict),
        "objects": per_object(game, card_to_dict),
    }
