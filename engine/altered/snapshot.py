"""A plain-data snapshot of a game (``game.to_dict()``) for scenarios, comparisons and debugging."""

from __future__ import annotations

from typing import Any

from engine.common.snapshot import per_object, per_player

from .cards import DURATIONS
from .costs import ready_orbs
from .state import Emblem, Game, GameObject
from .values import stat_dict, stats_of, subtypes_of, types_of


def object_to_dict(game: Game, o: GameObject) -> dict[str, Any]:
    """One card, token or region: where it is, its state, its types, sub-types and statistics."""
    out: dict[str, Any] = {
        "name": o.name,
        "owner": o.owner,
        "controller": o.controller,
        "zone": o.zone.value,
        "token": o.token is not None,
        "exhausted": o.exhausted,
        "face_down": o.face_down,
        "boosts": o.boosts,
        "types": list(types_of(o)),
        "subtypes": list(subtypes_of(game, o)),
        "stats": stat_dict(stats_of(game, o)),
    }
    if o.expedition:
        out["expedition"] = o.expedition
    if o.definition.type == "region":
        out.update(position=o.position, orientation=o.orientation)
    return out


def emblem_to_dict(e: Emblem) -> dict[str, Any]:
    return {
        "name": e.name,
        "kind": e.kind,
        "controller": e.controller,
        "text": e.text,
        "source": e.source_name,
        "zone": "limbo",
        "types": ["Emblem"],
        "subtypes": list(e.subtypes),
        "duration": DURATIONS.get(e.duration) if e.duration else None,
        "links": [i for i, _ in e.links],
        "used": e.used,
    }


def player_to_dict(game: Game, pid: str) -> dict[str, Any]:
    """One player's hero, zones, ready Mana Orbs, expeditions and their positions, and whether they passed."""
    ps = game.players[pid]
    return {
        "hero": ps.hero,
        "hand": list(ps.hand),
        "deck": list(ps.deck),
        "reserve": list(ps.reserve),
        "discard": list(ps.discard),
        "mana": list(ps.mana),
        "mana_ready": len(ready_orbs(game, pid)),
        "landmarks": list(ps.landmarks),
        "expeditions": {k: list(v) for k, v in ps.expeditions.items()},
        "positions": dict(ps.positions),
        "passed": ps.passed,
    }


def game_to_dict(game: Game) -> dict[str, Any]:
    """The whole state as plain data."""
    c = game.pending
    return {
        "day": game.day,
        "phase": game.phase.value,
        "first_player": game.first_player,
        "turn_player": game.turn_player,
        "initiative": game.initiative(),
        "acting": game.acting_player,
        "pending": None
        if c is None
        else {**c.to_dict(), "known": [{"player": k.player, "text": k.text} for k in c.known]},
        "limbo": list(game.limbo),
        "adventure": list(game.adventure),
        "arena": game.arena,
        "removed": list(game.removed),
        "players": per_player(game, player_to_dict),
        "objects": per_object(game, object_to_dict),
        "emblems": {eid: emblem_to_dict(e) for eid, e in game.emblems.items()},
    }
