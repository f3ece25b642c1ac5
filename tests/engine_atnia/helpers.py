"""A small card library and position helpers for the Atnia engine tests."""

from __future__ import annotations

from engine.atnia import DeckList, Game, Setup, load_library, new_game
from engine.atnia.actions import Pass

CARDS = {
    "Recruit": {"type": "unit", "cost": 1, "ideals": {"talentus": 1}, "offense": 2, "health": 2},
    "Wall": {"type": "unit", "cost": 2, "ideals": {"talentus": 1}, "offense": 1, "health": 4},
    "Hound": {"type": "unit", "cost": 2, "ideals": {"arca": 1}, "offense": 3, "health": 1},
    "Runner": {"type": "unit", "cost": 0, "offense": 1, "health": 1},
    "Duelist": {"type": "unit", "cost": 0, "offense": 3, "health": 2, "keywords": ["challenger"]},
    "Warden": {
        "type": "unit",
        "cost": 0,
        "speed": "fast",
        "offense": 1,
        "health": 3,
        "keywords": ["guardian"],
    },
    "Sentry": {"type": "unit", "cost": 0, "speed": "fast", "offense": 1, "health": 3},
    "Spark": {
        "type": "spell",
        "cost": 1,
        "ideals": {"arca": 1},
        "speed": "fast",
        "targets": ["unit_or_player"],
        "effects": [{"damage": 2}],
    },
    "Bolt": {
        "type": "spell",
        "cost": 0,
        "speed": "slow",
        "targets": ["unit_or_player"],
        "effects": [{"damage": 3}],
    },
    "Jab": {
        "type": "spell",
        "cost": 0,
        "speed": "burst",
        "targets": ["unit_or_player"],
        "effects": [{"damage": 1}],
    },
    "Insight": {"type": "spell", "cost": 0, "speed": "infinite", "effects": [{"draw": 1}]},
    "Shell": {
        "type": "spell",
        "cost": 0,
        "speed": "fast",
        "targets": ["unit"],
        "effects": [{"buff": {"health": 2}, "until": "round_end"}],
    },
    "Curse": {
        "type": "spell",
        "cost": 0,
        "speed": "fast",
        "targets": ["unit"],
        "effects": [{"buff": {"health": -1}, "until": "round_end"}],
    },
    "Recall": {"type": "spell", "cost": 0, "speed": "fast", "targets": ["unit"], "effects": [{"return": 0}]},
    "Price": {
        "type": "spell",
        "cost": 0,
        "speed": "fast",
        "targets": ["unit"],
        "effects": [{"do": [{"pay_energy": 2}], "then": [{"damage": 3, "target": 0}]}],
    },
    "Gift": {"type": "spell", "cost": 0, "speed": "fast", "effects": [{"may": [{"draw": 1}]}]},
    "Wilds": {
        "type": "spell",
        "cost": 0,
        "speed": "fast",
        "ideals": dict.fromkeys(("arca", "eminus", "materia", "epoca", "zelor", "talentus", "deitas"), 0),
        "effects": [{"draw": 1}],
    },
    "Pair": {"type": "spell", "cost": 0, "effects": [{"summon": ["Runner", "Hound", "Wall"]}]},
    "Shrine": {"type": "location", "ideals": {"arca": 1, "talentus": 1}},
    "Observatory": {"type": "location", "ideals": {"epoca": 2}},
    "Sword": {
        "type": "item",
        "subtypes": ["Weapon"],
        "cost": 0,
        "speed": "fast",
        "targets": [{"kind": "unit", "side": "ally", "zones": ["battlefield"]}],
        "grants": {"offense": 1, "health": 2},
    },
    "Lantern": {
        "type": "item",
        "cost": 0,
        "abilities": [{"skill": {"cost": 1, "flip": True}, "effects": [{"draw": 1}]}],
    },
    "Banner": {"type": "unit", "cost": 0, "offense": 1, "health": 1, "abilities": [{"aura": {"health": 1}}]},
    "Teller": {
        "type": "unit",
        "cost": 0,
        "offense": 1,
        "health": 2,
        "abilities": [
            {"when": "channel", "of": "you", "speed": "fast", "effects": [{"damage": 1, "to": "opponent"}]}
        ],
    },
    "Crier": {
        "type": "unit",
        "cost": 0,
        "offense": 1,
        "health": 2,
        "abilities": [{"when": "round_start", "speed": "fast", "effects": [{"draw": 1}]}],
    },
    "Shade": {
        "type": "unit",
        "cost": 1,
        "offense": 1,
        "health": 1,
        "abilities": [{"when": "destroyed", "speed": "fast", "effects": [{"damage": 1, "to": "opponent"}]}],
    },
    "Bones": {
        "type": "unit",
        "cost": 1,
        "offense": 2,
        "health": 1,
        "abilities": [{"when": "destroyed", "speed": "fast", "effects": [{"damage": 1, "to": "opponent"}]}],
    },
    "Quake": {"type": "spell", "cost": 0, "speed": "fast", "effects": [{"damage": 1, "to": "each_unit"}]},
    "Adept": {
        "type": "unit",
        "cost": 0,
        "offense": 1,
        "health": 1,
        "abilities": [
            {"when": "arrive", "targets": [{"kind": "unit", "side": "enemy"}], "effects": [{"damage": 1}]}
        ],
    },
}


def library():
    """The test cards as engine definitions."""
    return load_library(CARDS)


def position(p1: dict | None = None, p2: dict | None = None, **at) -> Game:
    """A main-phase position (p1 first and active unless ``at`` says otherwise) built with :class:`Setup`."""
    data = {"players": {"p1": p1 or {}, "p2": p2 or {}}, **at}
    return Setup.from_dict(data, library()).build()


def game_from_decks(seed: int = 0, p1=None, p2=None, starting=()) -> Game:
    """A new game between two small decks."""
    deck1 = DeckList(tuple(p1 or ["Recruit"] * 8), tuple(starting))
    deck2 = DeckList(tuple(p2 or ["Runner"] * 8))
    return new_game({"p1": deck1, "p2": deck2}, library(), seed=seed)


def pass_(game: Game, times: int = 1) -> None:
    """The acting player passes ``times`` times."""
    for _ in range(times):
        assert game.acting_player is not None
        game.apply(Pass(game.acting_player))


def names(game: Game, ids) -> list[str]:
    """The card names of a list of ids."""
    return [game.card(i).name for i in ids]


def card(game: Game, name: str, owner: str | None = None) -> str:
    """The id of the first card of that name (and owner)."""
    return next(c.id for c in game.objects.values() if c.name == name and owner in (None, c.owner))
