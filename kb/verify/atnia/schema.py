"""JSON Schema of an Atnia scenario's ``setup``, ``steps`` and ``expect`` (merged into the envelope)."""

from __future__ import annotations

PHASES = ["pre_round", "round_start", "main", "combat", "round_end", "draw"]
PLAYERS = ["p1", "p2"]
IDEALS = ["arca", "eminus", "materia", "epoca", "zelor", "talentus", "deitas", "ancestra", "ecclesia"]

#: Step keys naming an action, and the string shorthands.
ACTIONS = ["play", "skill", "commit", "pass", "channel", "explore", "attack", "block", "guard", "choose_targets",
           "decide", "choose_cards", "replace", "recycle"]
SHORTHANDS = ["pass", "no_block"]
STEP_KEYS = [*ACTIONS, "advance", "expect"]

_names = {"type": "array", "items": {"type": "string"}}
_rules = {"type": ["string", "array"]}

_buff = {"type": "object", "additionalProperties": False, "properties": {
    "health": {"type": "integer"}, "offense": {"type": "integer"}, "until": {"enum": ["permanent", "round_end"]}}}

_on_battlefield = {"oneOf": [{"type": "string"}, {"type": "object", "required": ["card"], "additionalProperties": False,
                                                  "properties": {
    "card": {"type": ["string", "object"]}, "label": {"type": "string"}, "damage": {"type": "integer", "minimum": 0},
    "flipped": {"type": "boolean"}, "buffs": {"type": "array", "items": _buff},
    "weapon": {"type": ["string", "object"]}}}]}

_location = {"oneOf": [{"type": "string"}, {"type": "object", "additionalProperties": False, "properties": {
    "card": {"type": ["string", "object"]}, "label": {"type": "string"}, "flipped": {"type": "boolean"},
    "wilderness": {"enum": IDEALS}}}]}

_pile = {"type": "array", "items": {"oneOf": [{"type": "string"}, {
    "type": "object", "required": ["card"], "additionalProperties": False,
    "properties": {"card": {"type": ["string", "object"]}, "label": {"type": "string"}}}]}}

_player = {
    "type": "object",
    "additionalProperties": False,
    "properties": {
        "life": {"type": "integer"}, "energy": {"type": "integer", "minimum": 0},
        "counters": {"type": "integer", "minimum": 0, "maximum": 10}, "attacks": {"type": "integer", "minimum": 0},
        "hand": _pile, "deck": _pile, "discard": _pile, "void": _pile, "channel": _pile,
        "battlefield": {"type": "array", "items": _on_battlefield},
        "locations": {"type": "array", "items": _location},
    },
}

_deck = {"type": "object", "required": ["deck"], "additionalProperties": False, "properties": {
    "deck": _names, "starting_locations": _names}}

_player_expect = {
    "type": "object",
    "additionalProperties": False,
    "properties": {
        **{k: _names for k in ("hand", "deck", "discard", "void", "channel", "locations", "battlefield", "deck_top",
                               "deck_bottom")},
        **{f"{k}_count": {"type": "integer"} for k in ("hand", "deck", "discard", "void", "channel", "locations",
                                                        "battlefield")},
        "life": {"type": "integer"}, "energy": {"type": "integer"}, "counters": {"type": "integer"},
        "attacks": {"type": "integer"}, "max_hand": {"type": ["integer", "null"]},
        "devotion": {"type": "object", "additionalProperties": {"type": "integer"}},
    },
}

_object_expect = {
    "type": "object",
    "additionalProperties": False,
    "properties": {
        "exists": {"type": "boolean"}, "zone": {"type": ["string", "null"]}, "controller": {"enum": PLAYERS},
        "owner": {"enum": PLAYERS}, "flipped": {"type": "boolean"}, "damage": {"type": "integer"},
        "health": {"type": "integer"}, "max_health": {"type": "integer"}, "offense": {"type": "integer"},
        "wielder": {"type": ["string", "null"]}, "weapon": {"type": ["string", "null"]},
    },
}

_log_entry = {"oneOf": [{"type": "string"}, {"type": "object", "required": ["rule"], "additionalProperties": False,
                                              "properties": {
    "rule": {"type": "string"}, "kind": {"type": "string"}, "message": {"type": "string"},
    "object": {"type": "string"}, "player": {"enum": PLAYERS}}}]}

EXPECT = {
    "type": "object",
    "additionalProperties": False,
    "properties": {
        "winner": {"enum": [*PLAYERS, "none", "draw"]},
        "round": {"type": "integer"}, "phase": {"enum": [*PHASES, "setup", "ended"]},
        "first": {"enum": PLAYERS}, "active": {"enum": [*PLAYERS, None]}, "acting": {"enum": [*PLAYERS, None]},
        "horizon": _names, "horizon_size": {"type": "integer"},
        "pending": {"type": ["object", "null"], "additionalProperties": False,
                    "properties": {"kind": {"type": "string"}, "player": {"enum": PLAYERS}}},
        "combat": {"type": ["object", "null"], "additionalProperties": False, "properties": {
            "step": {"enum": ["attack", "block", "fight", "strike"]}, "attacker": {"enum": PLAYERS},
            "defender": {"enum": PLAYERS}, "attackers": _names,
            "blocks": {"type": "object", "additionalProperties": {"type": "string"}}}},
        "p1": _player_expect, "p2": _player_expect,
        "objects": {"type": "object", "additionalProperties": _object_expect},
        "log": {"type": "array", "items": _log_entry},
        "no_log": {"type": "array", "items": _log_entry},
    },
}

STEP = {"oneOf": [
    {"enum": SHORTHANDS},
    {"type": "object", "minProperties": 1,
     "propertyNames": {"enum": [*STEP_KEYS, "player", "reject", "note"]},
     "properties": {"player": {"enum": PLAYERS}, "reject": _rules, "note": {"type": "string"}, "expect": EXPECT,
                    "advance": {"type": "object", "additionalProperties": False, "properties": {
                        "round": {"type": "integer"}, "phase": {"enum": PHASES}, "active": {"enum": PLAYERS}}}}},
]}

SCHEMA = {
    "properties": {
        "setup": {
            "type": "object",
            "additionalProperties": False,
            "properties": {
                "seed": {"type": "integer"}, "round": {"type": "integer", "minimum": 1},
                "phase": {"enum": ["main", "pre_round", "round_start", "round_end", "draw"]},
                "first": {"enum": PLAYERS}, "active": {"enum": PLAYERS}, "ended_by": {"enum": PLAYERS},
                "p1": _player, "p2": _player,
                "new_game": {"type": "object", "additionalProperties": False, "required": ["p1", "p2"],
                             "properties": {"p1": _deck, "p2": _deck, "reject": _rules}},
            },
        },
        "steps": {"type": "array", "items": STEP},
        "expect": EXPECT,
    }
}
