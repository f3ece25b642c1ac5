"""A plain-data snapshot of a game (``game.to_dict()``) for scenarios, comparisons and debugging."""

from __future__ import annotations

from typing import Any

from engine.common.results import result_dict
from engine.common.snapshot import per_object, per_player

from .state import BOARD_ZONES, Game, GameObject
from .values import faction_of_player, types_of, value


def _pool(pool: dict) -> dict[str, int]:
    return {
        ("" if k is None else k): v
        for k, v in sorted(pool.items(), key=lambda kv: (kv[0] is not None, kv[0] or ""))
    }


def object_to_dict(game: Game, o: GameObject) -> dict[str, Any]:
    """Everything about one card or token: where it is and, on the board, its state and values."""
    out: dict[str, Any] = {
        "name": o.name,
        "faction": None if (o.face_down and o.zone in BOARD_ZONES) else o.definition.faction,  # 6.1.5
        "owner": o.owner,
        "controller": o.controller,
        "zone": o.zone.value,
        "token": o.is_token,
    }
    if o.zone in BOARD_ZONES:
        supers, subs = types_of(game, o)
        out.update(
            face_down=o.face_down,
            exhausted=o.exhausted,
            counters=dict(sorted(o.counters.items())),
            victory_tokens=o.victory_tokens,
            ofv=value(game, o, "ofv"),
            dfv=value(game, o, "dfv"),
            item_slots=value(game, o, "item_slots"),
            types=sorted(supers),
            subtypes=sorted(subs),
            attached_to=o.attached_to,
            attachments=list(o.attachments),
        )
    return out


def player_to_dict(game: Game, pid: str) -> dict[str, Any]:
    """One player's zones, resource pool, command tokens and collected Victory Tokens."""
    ps = game.players[pid]
    return {
        "main_character": ps.main_character,
        "faction": faction_of_player(game, pid),
        "character_slots": list(ps.character_slots),
        "locations": list(ps.locations),
        "resources": list(ps.resources),
        "hand": list(ps.hand),
        "deck": list(ps.deck),
        "discard": list(ps.discard),
        "void": list(ps.void),
        "extra_deck": list(ps.extra_deck),
        "resource_pool": _pool(ps.pool),
        "command_tokens": ps.command_tokens,
        "command_max": ps.command_max,
        "victory_tokens": game.collected(pid),
    }


def game_to_dict(game: Game) -> dict[str, Any]:
    """The whole state as plain data (JSON/YAML-able)."""
    choice = game.pending
    return {
        "turn": game.turn,
        "phase": game.phase.value,
        "active": game.active,
        "priority": game.priority,
        "order": list(game.order),
        "eliminated": list(game.eliminated),
        "victory_pool": game.victory_pool,
        "victory_lost": game.victory_lost,
        "victory_added": game.victory_added,
        "result": result_dict(game.result),
        "pending": None if choice is None else choice.to_dict(),
        "stack": None
        if game.stack is None
        else [
            {
                "id": e.id,
                "label": e.label,
                "kind": e.kind,
                "controller": e.controller,
                "source": e.source_id,
                "targets": [[r.id for r in g] for g in e.targets],
                "modifications": [list(m) for m in e.modifications],
            }
            for e in game.stack
        ],
        "combat": None
        if game.combat is None
        else {
            "attacker": game.combat.attacker,
            "target": game.combat.target,
            "defender": game.combat.defender,
        },
        "players": per_player(game, player_to_dict),
        "objects": per_object(game, object_to_dict),
    }
