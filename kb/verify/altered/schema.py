"""JSON Schema of an Altered scenario's ``setup``, ``steps`` and ``expect`` (merged into the envelope)."""

from __future__ import annotations

from engine.altered import actions as A
from kb.verify.action_args import action_args
from kb.verify.schema_parts import (
    CARD,
    CARDS,
    OBJECTS,
    PLAYERS,
    ZONE,
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

PHASES = ["morning", "noon", "afternoon", "dusk", "night"]
ACTIONS = ["play", "quick", "pass", "play_reaction", "choose", "yes", "no", "decline"]
SHORTHANDS = ["pass", "yes", "no", "decline"]
STEP_KEYS = [*ACTIONS, "advance", "repeat", "expect"]

_card = {
    "oneOf": [
        CARD,
        {
            "type": "object",
            "required": ["card"],
            "additionalProperties": False,
            "properties": {
                "card": CARD,
                "label": {"type": "string"},
                "exhausted": {"type": "boolean"},
                "boosts": {"type": "integer", "minimum": 0},
            },
        },
    ]
}
_cards = {"type": "array", "items": _card}
_expedition_names = {
    "type": "object",
    "additionalProperties": False,
    "properties": {"hero": OBJECTS, "companion": OBJECTS},
}
_positions = {
    "type": "object",
    "additionalProperties": False,
    "properties": {
        "hero": {"type": "integer", "minimum": 0, "maximum": 4},
        "companion": {"type": "integer", "minimum": 0, "maximum": 4},
    },
}

_player = {
    "type": "object",
    "additionalProperties": False,
    "properties": {
        "hero": CARD,
        "hand": _cards,
        "deck": _cards,
        "reserve": _cards,
        "discard": _cards,
        "landmarks": _cards,
        "mana": {
            "oneOf": [
                {"type": "integer", "minimum": 0},
                {
                    "type": "object",
                    "additionalProperties": False,
                    "properties": {
                        "ready": {"type": "integer", "minimum": 0},
                        "exhausted": {"type": "integer", "minimum": 0},
                    },
                },
                _cards,
            ]
        },
        "expeditions": {
            "type": "object",
            "additionalProperties": False,
            "properties": {"hero": _cards, "companion": _cards},
        },
        "positions": _positions,
    },
}

_rule = rules(["string", "number", "array"])
_deck = {
    "type": "object",
    "additionalProperties": False,
    "properties": {"deck": CARDS, "hero": {"type": ["string", "null"], "format": "card"}, "disguise": CARD},
}

_player_expect = {
    "type": "object",
    "additionalProperties": False,
    "properties": {
        "hand": OBJECTS,
        "deck": OBJECTS,
        "reserve": OBJECTS,
        "discard": OBJECTS,
        "landmarks": OBJECTS,
        "hero": {"type": ["string", "null"], "format": "object"},
        "expeditions": _expedition_names,
        "positions": _positions,
        "passed": {"type": "boolean"},
        "deck_top": OBJECTS,
        **{
            k: {"type": "integer"}
            for k in (
                "hand_count",
                "deck_count",
                "reserve_count",
                "discard_count",
                "mana_count",
                "mana_ready",
            )
        },
    },
}

_object_expect = {
    "type": "object",
    "additionalProperties": False,
    "properties": {
        "exists": {"type": "boolean"},
        "zone": ZONE,
        "controller": {"enum": PLAYERS},
        "owner": {"enum": PLAYERS},
        "exhausted": {"type": "boolean"},
        "face_down": {"type": "boolean"},
        "boosts": {"type": "integer"},
        "types": _names,
        "subtypes": _names,
        "token": {"type": "boolean"},
        "expedition": {"enum": ["hero", "companion"]},
        "position": {"type": "integer"},
        "orientation": {"enum": [0, 1]},
        "stats": {
            "oneOf": [
                {"type": "null"},
                {"type": "array", "items": {"type": "integer"}, "minItems": 3, "maxItems": 3},
                {
                    "type": "object",
                    "additionalProperties": False,
                    "properties": {s: {"type": "integer"} for s in ("forest", "mountain", "water")},
                },
            ]
        },
        "kind": {"enum": ["reaction", "ongoing"]},
        "text": {"type": "string"},
        "source": {"type": "string"},
        "duration": {"type": ["string", "null"]},
        "used": {"type": "boolean"},
    },
}

EXPECT = closed(
    {
        "day": {"type": "integer"},
        "phase": {"enum": [*PHASES, "setup"]},
        "first_player": {"enum": PLAYERS},
        "turn_player": {"enum": [*PLAYERS, None]},
        "acting": {"enum": [*PLAYERS, None]},
        "initiative": {"enum": PLAYERS},
        "pending": {
            "oneOf": [
                {"type": "null"},
                {
                    "type": "object",
                    "additionalProperties": False,
                    "properties": {
                        "kind": {"type": "string"},
                        "player": {"enum": PLAYERS},
                        "options": _names,
                        "known": {
                            "type": "array",
                            "items": {
                                "type": "object",
                                "additionalProperties": False,
                                "properties": {"player": {"enum": PLAYERS}, "text": {"type": "string"}},
                            },
                        },
                    },
                },
            ]
        },
        "limbo": _names,
        "removed": _names,
        "p1": _player_expect,
        "p2": _player_expect,
        "objects": objects(_object_expect),
        **log_expect(log_entry(["string", "number"])),
    }
)

#: A target: an expedition (``p1:hero``), an object, ``null`` for one left out, or a list of them.
_targets = {"type": ["string", "array", "null"]}

#: Each action's arguments (the step's value), from the engine's action; checked again when the step runs.
ARGS = {
    "play": action_args(A.PlayCard, first="card", expedition={"type": "string"}, targets=_targets),
    "quick": action_args(
        A.QuickAction, first="source", ability={"type": "integer", "minimum": 0}, targets=_targets
    ),
    "play_reaction": action_args(A.PlayReaction, first="reaction", targets=_targets),
}

_step_object = step_object(
    STEP_KEYS,
    _rule,
    EXPECT,
    PLAYERS,
    **ARGS,
    repeat={
        "type": "object",
        "required": ["times", "step"],
        "additionalProperties": False,
        "properties": {
            "times": {"type": "integer", "minimum": 1, "maximum": 1000},
            "step": {"$ref": "#/$defs/step"},
        },
    },
)
STEP = {
    "oneOf": [{"enum": SHORTHANDS}, {"type": "boolean"}, _step_object]
}  # YAML reads a bare yes/no as a boolean

SCHEMA = scenario_schema(
    {
        "seed": {"type": "integer"},
        "day": {"type": "integer", "minimum": 1},
        "phase": {"enum": PHASES},
        "first_player": {"enum": PLAYERS},
        "turn_player": {"enum": PLAYERS},
        "passed": {"type": "array", "items": {"enum": PLAYERS}},
        "adventure": {
            "type": "object",
            "additionalProperties": False,
            "properties": {
                "hero_region": {"type": "string"},
                "companion_region": {"type": "string"},
                "arena": {"type": "string"},
                "tumult": {
                    "type": "array",
                    "minItems": 3,
                    "maxItems": 3,
                    "items": {
                        "oneOf": [
                            CARD,
                            {
                                "type": "object",
                                "required": ["card"],
                                "additionalProperties": False,
                                "properties": {
                                    "card": CARD,
                                    "face_up": {"type": "boolean"},
                                    "orientation": {"enum": [0, 1]},
                                },
                            },
                        ]
                    },
                },
            },
        },
        "p1": _player,
        "p2": _player,
        "new_game": new_game(_deck, tumult=CARDS, reject=_rule),
        "define": {
            "type": "object",
            "additionalProperties": False,
            "required": ["card", "reject"],
            "properties": {"card": {"type": "object"}, "reject": _rule},
        },
    },
    {"$ref": "#/$defs/step"},
    EXPECT,
    defs={"step": STEP},
)
