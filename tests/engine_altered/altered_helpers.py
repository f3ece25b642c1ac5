"""Helpers for the Altered engine tests: the card library, positions, and looking objects up by name."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

import yaml

from engine.altered import Setup, load_library
from engine.altered.state import Game

ROOT = Path(__file__).resolve().parents[2]

#: Cards only the unit tests use (plain data, the card language of docs/authors/altered.md).
TEST_CARDS = {
    "Plain Guard": {"type": "character", "subtypes": ["Soldier"], "cost": 0, "stats": [1, 1, 1]},
    "Costly Giant": {
        "type": "character",
        "subtypes": ["Titan"],
        "cost": 5,
        "reserve_cost": 2,
        "stats": [5, 5, 5],
    },
    "Bog Lurker": {"type": "character", "subtypes": ["Elemental"], "cost": 0, "stats": [0, 0, 3]},
    "Targeted Push": {
        "type": "spell",
        "subtypes": ["Maneuver"],
        "cost": 0,
        "targets": ["character"],
        "effect": [{"move": {"what": "target", "to": "owner_reserve"}}],
    },
    "Hex Stone": {
        "type": "permanent",
        "subtypes": ["Landmark"],
        "cost": 0,
        "abilities": [
            {
                "reaction": {
                    "trigger": {"at": "noon"},
                    "targets": ["character"],
                    "effect": [{"boost": {"what": "target"}}],
                }
            }
        ],
    },
}


@lru_cache(maxsize=1)
def _library():
    data = yaml.safe_load((ROOT / "scenarios" / "altered" / "cards.yaml").read_text(encoding="utf-8"))
    return load_library({**data, **TEST_CARDS})


def library() -> dict:
    return dict(_library())


def position(**data) -> Game:
    """A game built by :class:`Setup` from keyword arguments (``p1={...}``, ``phase="noon"``...)."""
    data.setdefault("day", 2)
    data.setdefault("phase", "afternoon")
    return Setup.from_dict(data, library()).build()


def oid(game: Game, name: str, pid: str | None = None) -> str:
    """The id of the first object of that name (of that player)."""
    for o in sorted(game.objects.values(), key=lambda o: o.id):
        if o.name == name and (pid is None or o.controller == pid or o.owner == pid):
            return o.id
    raise KeyError(name)


def names(game: Game, ids) -> list[str]:
    return [game.objects[i].name for i in ids]


def reaction(game: Game, source: str) -> str:
    """The id of the Emblem-Reaction in Limbo from ``source``."""
    return next(e for e in game.reactions_in_limbo() if game.emblems[e].source_name == source)


def rules_logged(game: Game) -> list[str]:
    return [e.rule for e in game.log]
