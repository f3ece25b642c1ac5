"""JSON Schema of an Athernum scenario's ``setup``, ``steps`` and ``expect`` (merged into the envelope)."""

from __future__ import annotations

from kb.verify.schema_parts import (
    CARD,
    OBJECT,
    OBJECTS,
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

PHASES = ["morning", "day", "combat", "evening", "night"]

#: Athernum is played by two or more players (the rulebook's examples have three); scenarios name up to four.
PLAYERS = ["p1", "p2", "p3", "p4"]

#: Step keys naming an action, and the string shorthands.
ACTIONS = [
    "play",
    "attach",
    "turn_face_up",
    "discard_attachment",
    "activate",
    "support",
    "command",
    "exhaust",
    "enter_combat",
    "attack",
    "defend",
    "next_phase",
    "pass",
    "order_triggers",
    "choose_targets",
    "choose",
    "choose_main",
    "name",
]
SHORTHANDS = ["pass", "next_phase", "enter_combat", "no_defender"]
STEP_KEYS = [*ACTIONS, "advance", "expect"]

_reject = rules(["string", "number", "array"])

_card = {
    "oneOf": [
        CARD,
        {
            "type": "object",
            "required": ["card"],
            "properties": {
                "card": {"type": ["string", "object"], "format": "card"},
                "label": {"type": "string"},
                "exhausted": {"type": "boolean"},
                "face_down": {"type": "boolean"},
                "damage": {"type": "integer", "minimum": 0},
                "counters": {"type": "object", "additionalProperties": {"type": "integer", "minimum": 0}},
                "victory_tokens": {"type": "integer", "minimum": 0},
                "exhaustion_counters": {"type": "integer", "minimum": 0},
                "attachments": {
                    "type": "array",
                    "items": {
                        "oneOf": [
                            CARD,
                            {
                                "type": "object",
                                "required": ["card"],
                                "properties": {
                                    "card": {"type": ["string", "object"], "format": "card"},
                                    "face_down": {"type": "boolean"},
                                    "label": {"type": "string"},
                                    "owner": {"enum": PLAYERS},
                                },
                                "additionalProperties": False,
                            },
                        ]
                    },
                },
            },
            "additionalProperties": False,
        },
    ]
}

_cards = {"type": "array", "items": {"type": ["string", "object"], "format": "card"}}

_player = closed(
    {
        "main": _card,
        "characters": {"type": "array", "maxItems": 5, "items": _card},
        "location": _card,
        "resources": {
            "oneOf": [
                {"type": "integer", "minimum": 0},
                {
                    "type": "object",
                    "additionalProperties": False,
                    "properties": {
                        "faction": {"type": ["string", "null"]},
                        "count": {"type": "integer", "minimum": 0},
                        "exhausted": {"type": "boolean"},
                    },
                },
                {
                    "type": "array",
                    "items": {
                        "type": "object",
                        "additionalProperties": False,
                        "properties": {
                            "faction": {"type": ["string", "null"]},
                            "count": {"type": "integer", "minimum": 0},
                            "exhausted": {"type": "boolean"},
                        },
                    },
                },
            ]
        },
        "tokens": {"type": "array", "items": {"type": "object", "required": ["token"]}},
        "hand": _cards,
        "deck": _cards,
        "discard": _cards,
        "void": _cards,
        "extra_deck": _cards,
        "command_tokens": {"type": "integer", "minimum": 0},
        "command_max": {"type": "integer", "minimum": 0},
        "resource_pool": {"type": "object", "additionalProperties": {"type": "integer", "minimum": 0}},
        "used": {
            "type": "object",
            "additionalProperties": False,
            "properties": {
                "solvency": {"type": "boolean"},
                "contingency": {"type": "boolean"},
                "location": {"type": "boolean"},
            },
        },
    }
)

_deck = {
    "type": "object",
    "required": ["deck"],
    "additionalProperties": False,
    "properties": {"deck": _cards, "extra_deck": _cards, "main": CARD},
}

_player_expect = closed(
    {
        "hand": OBJECTS,
        "deck": OBJECTS,
        "discard": OBJECTS,
        "void": OBJECTS,
        "extra_deck": OBJECTS,
        "characters": OBJECTS,
        "location": {"type": ["string", "null"], "format": "object"},
        "locations": OBJECTS,
        "main": {"type": ["string", "null"], "format": "object"},
        "hand_count": {"type": "integer"},
        "deck_count": {"type": "integer"},
        "discard_count": {"type": "integer"},
        "deck_top": OBJECTS,
        "resources": {"type": "integer"},
        "resources_ready": {"type": "integer"},
        "command_tokens": {"type": "integer"},
        "command_max": {"type": "integer"},
        "pool": {"type": "object", "additionalProperties": {"type": "integer"}},
        "victory_tokens": {"type": "integer"},
        "faction": {"type": ["string", "null"]},
    }
)

_object_expect = closed(
    {
        "exists": {"type": "boolean"},
        "zone": ZONE,
        "controller": {"enum": PLAYERS},
        "owner": {"enum": PLAYERS},
        "face_down": {"type": "boolean"},
        "exhausted": {"type": "boolean"},
        "name": {"type": ["string", "null"]},
        "faction": {"type": ["string", "null"]},
        "token": {"type": "boolean"},
        "damage": {"type": "integer"},
        "exhaustion_counters": {"type": "integer"},
        "counters": {"type": "object", "additionalProperties": {"type": "integer"}},
        "victory_tokens": {"type": "integer"},
        "ofv": {"type": ["integer", "null"]},
        "dfv": {"type": ["integer", "null"]},
        "item_slots": {"type": ["integer", "null"]},
        "types": _names,
        "subtypes": _names,
        "attached_to": {"type": ["string", "null"], "format": "object"},
        "attachments": OBJECTS,
    }
)

#: What one player may see (``game.view``): objects they see or not, and objects as their view shows them.
_view_expect = closed(
    {
        "sees": OBJECTS,
        "hidden": OBJECTS,
        "objects": {
            "type": "object",
            "propertyNames": OBJECT,
            "additionalProperties": {
                **_object_expect,
                "properties": {
                    **_object_expect["properties"],
                    "hidden": {"type": "boolean"},
                    "attachments": _names,  # a hidden attachment shows as "hidden"
                },
            },
        },
    }
)

EXPECT = closed(
    {
        "winner": {"enum": [*PLAYERS, "none", "draw"]},
        "turn": {"type": "integer"},
        "phase": {"enum": [*PHASES, "setup", "ended"]},
        "active": {"enum": [*PLAYERS, None]},
        "priority": {"enum": [*PLAYERS, None]},
        "acting": {"enum": [*PLAYERS, None]},
        "victory_pool": {"type": "integer"},
        "victory_lost": {"type": "integer"},
        "eliminated": {"type": "array", "items": {"enum": PLAYERS}},
        "stack": _names,
        "stack_size": {"type": "integer"},
        "pending": {
            "type": ["object", "null"],
            "properties": {"kind": {"type": "string"}, "player": {"enum": PLAYERS}},
        },
        "combat": {"type": ["object", "null"]},
        **dict.fromkeys(PLAYERS, _player_expect),
        "objects": objects(_object_expect),
        "view": closed(dict.fromkeys(PLAYERS, _view_expect)),
        **log_expect(log_entry(["string", "number"], PLAYERS)),
    }
)

#: A target: a card, a player, ``{stack: …}`` for an effect on the stack; nested lists are groups of targets.
_targets = {"type": ["string", "object", "array", "null"]}
_payment = {"type": ["string", "integer", "array", "object", "null"]}


def _args(*required: str, first: str | None = None, **properties: dict) -> dict:
    """An action's arguments as a mapping (those named only), or its ``first`` argument alone."""
    mapping = {"type": "object", "required": list(required), **closed(properties)}
    return {"oneOf": [properties[first], mapping]} if first else mapping


#: Each action's arguments (the step's value); checked again, with the position, when the step runs.
ARGS = {
    "play": _args(first="card", card=OBJECT, pay=_payment),
    "attach": _args("card", "host", card=OBJECT, host=OBJECT, face_down={"type": "boolean"}),
    "turn_face_up": _args(first="attachment", attachment=OBJECT),
    "discard_attachment": _args(first="attachment", attachment=OBJECT),
    "activate": _args(
        first="source",
        source=OBJECT,
        ability={"type": ["integer", "string"]},
        targets=_targets,
        pay=_payment,
        discard=_targets,
    ),
    "support": _args(first="card", card=OBJECT, targets=_targets, pay=_payment, discard=_targets),
    "command": _args(first="name", name={"type": "string"}, target=OBJECT),
    "attack": _args("attacker", "target", attacker=OBJECT, target=OBJECT),
    "defend": {"type": ["string", "null"], "format": "object"},
    "choose_main": OBJECT,
}

STEP = {"oneOf": [{"enum": SHORTHANDS}, step_object(STEP_KEYS, _reject, EXPECT, PLAYERS, **ARGS)]}

SCHEMA = scenario_schema(
    {
        "seed": {"type": "integer"},
        "turn": {"type": "integer", "minimum": 1},
        "phase": {"enum": PHASES},
        "active": {"enum": PLAYERS},
        "victory_pool": {"type": "integer", "minimum": 0},
        "victory_lost": {"type": "integer", "minimum": 0},
        "combat_used": {"type": "boolean"},
        "turn_limit": {"type": "integer", "minimum": 1},
        **dict.fromkeys(PLAYERS, _player),
        "new_game": new_game(_deck, PLAYERS, check_decks={"type": "boolean"}, reject=_reject),
    },
    STEP,
    EXPECT,
)
