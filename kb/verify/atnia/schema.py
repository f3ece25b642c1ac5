"""JSON Schema of an Atnia scenario's ``setup``, ``steps`` and ``expect`` (merged into the envelope)."""

from __future__ import annotations

from kb.verify.schema_parts import (
    CARD,
    CARDS,
    OBJECTS,
    PLAYERS,
    closed,
    log_entry,
    log_expect,
    new_game,
    objects,
    rules,
    scenario_schema,
    step_object,
)
from kb.verify.schema_parts import NAMES as _names

PHASES = ["pre_round", "round_start", "main", "combat", "round_end", "draw"]
IDEALS = ["arca", "eminus", "materia", "epoca", "zelor", "talentus", "deitas", "ancestra", "ecclesia"]

#: Step keys naming an action, and the string shorthands.
ACTIONS = [
    "play",
    "skill",
    "commit",
    "pass",
    "channel",
    "explore",
    "attack",
    "block",
    "guard",
    "choose_targets",
    "decide",
    "choose_cards",
    "replace",
    "recycle",
]
SHORTHANDS = ["pass", "no_block"]
STEP_KEYS = [*ACTIONS, "advance", "expect"]

_rules = rules(["string", "array"])

_buff = {
    "type": "object",
    "additionalProperties": False,
    "properties": {
        "health": {"type": "integer"},
        "offense": {"type": "integer"},
        "until": {"enum": ["permanent", "round_end"]},
    },
}

_on_battlefield = {
    "oneOf": [
        CARD,
        {
            "type": "object",
            "required": ["card"],
            "additionalProperties": False,
            "properties": {
                "card": {"type": ["string", "object"], "format": "card"},
                "label": {"type": "string"},
                "damage": {"type": "integer", "minimum": 0},
                "flipped": {"type": "boolean"},
                "buffs": {"type": "array", "items": _buff},
                "weapon": {"type": ["string", "object"], "format": "card"},
            },
        },
    ]
}

_location = {
    "oneOf": [
        CARD,
        {
            "type": "object",
            "additionalProperties": False,
            "properties": {
                "card": {"type": ["string", "object"], "format": "card"},
                "label": {"type": "string"},
                "flipped": {"type": "boolean"},
                "wilderness": {"enum": IDEALS},
            },
        },
    ]
}

_pile = {
    "type": "array",
    "items": {
        "oneOf": [
            CARD,
            {
                "type": "object",
                "required": ["card"],
                "additionalProperties": False,
                "properties": {
                    "card": {"type": ["string", "object"], "format": "card"},
                    "label": {"type": "string"},
                },
            },
        ]
    },
}

_player = closed(
    {
        "life": {"type": "integer"},
        "energy": {"type": "integer", "minimum": 0},
        "counters": {"type": "integer", "minimum": 0, "maximum": 10},
        "attacks": {"type": "integer", "minimum": 0},
        "hand": _pile,
        "deck": _pile,
        "discard": _pile,
        "void": _pile,
        "channel": _pile,
        "battlefield": {"type": "array", "items": _on_battlefield},
        "locations": {"type": "array", "items": _location},
    }
)

_deck = {
    "type": "object",
    "required": ["deck"],
    "additionalProperties": False,
    "properties": {"deck": CARDS, "starting_locations": CARDS},
}

_player_expect = closed(
    {
        **dict.fromkeys(
            (
                "hand",
                "deck",
                "discard",
                "void",
                "channel",
                "locations",
                "battlefield",
                "deck_top",
                "deck_bottom",
            ),
            OBJECTS,
        ),
        **{
            f"{k}_count": {"type": "integer"}
            for k in ("hand", "deck", "discard", "void", "channel", "locations", "battlefield")
        },
        "life": {"type": "integer"},
        "energy": {"type": "integer"},
        "counters": {"type": "integer"},
        "attacks": {"type": "integer"},
        "max_hand": {"type": ["integer", "null"]},
        "devotion": {"type": "object", "additionalProperties": {"type": "integer"}},
    }
)

_object_expect = closed(
    {
        "exists": {"type": "boolean"},
        "zone": {"type": ["string", "null"], "format": "zone"},
        "controller": {"enum": PLAYERS},
        "owner": {"enum": PLAYERS},
        "flipped": {"type": "boolean"},
        "damage": {"type": "integer"},
        "health": {"type": "integer"},
        "max_health": {"type": "integer"},
        "offense": {"type": "integer"},
        "wielder": {"type": ["string", "null"], "format": "object"},
        "weapon": {"type": ["string", "null"], "format": "object"},
    }
)

EXPECT = closed(
    {
        "winner": {"enum": [*PLAYERS, "none", "draw"]},
        "round": {"type": "integer"},
        "phase": {"enum": [*PHASES, "setup", "ended"]},
        "first": {"enum": PLAYERS},
        "active": {"enum": [*PLAYERS, None]},
        "acting": {"enum": [*PLAYERS, None]},
        "horizon": _names,
        "horizon_size": {"type": "integer"},
        "pending": {
            "type": ["object", "null"],
            "additionalProperties": False,
            "properties": {"kind": {"type": "string"}, "player": {"enum": PLAYERS}},
        },
        "combat": {
            "type": ["object", "null"],
            "additionalProperties": False,
            "properties": {
                "step": {"enum": ["attack", "block", "fight", "strike"]},
                "attacker": {"enum": PLAYERS},
                "defender": {"enum": PLAYERS},
                "attackers": OBJECTS,
                "blocks": {"type": "object", "additionalProperties": {"type": "string"}},
            },
        },
        "p1": _player_expect,
        "p2": _player_expect,
        "objects": objects(_object_expect),
        **log_expect(log_entry("string")),
    }
)

STEP = {
    "oneOf": [
        {"enum": SHORTHANDS},
        step_object(
            STEP_KEYS,
            _rules,
            EXPECT,
            advance=closed(
                {"round": {"type": "integer"}, "phase": {"enum": PHASES}, "active": {"enum": PLAYERS}}
            ),
        ),
    ]
}

SCHEMA = scenario_schema(
    {
        "seed": {"type": "integer"},
        "round": {"type": "integer", "minimum": 1},
        "phase": {"enum": ["main", "pre_round", "round_start", "round_end", "draw"]},
        "first": {"enum": PLAYERS},
        "active": {"enum": PLAYERS},
        "ended_by": {"enum": PLAYERS},
        "p1": _player,
        "p2": _player,
        "new_game": new_game(_deck, reject=_rules),
    },
    STEP,
    EXPECT,
)
