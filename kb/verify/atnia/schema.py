"""JSON Schema of an Atnia scenario's ``setup``, ``steps`` and ``expect`` (merged into the envelope)."""

from __future__ import annotations

from engine.atnia import actions as A
from kb.verify.action_args import OBJECT_NAMES, action_args
from kb.verify.schema_parts import (
    CARD,
    CARDS,
    OBJECT,
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

#: A target: an object or a player, or a list of them (what each may be is checked when the step runs).
_targets = {"type": ["string", "array", "null"]}

#: What a player commits: a card (``Name`` or ``{card, targets}``) or a skill of one (``{source, skill, targets}``).
_item = {
    "oneOf": [
        OBJECT,
        {**closed({"card": OBJECT, "targets": _targets}), "required": ["card"]},
        {
            **closed({"source": OBJECT, "skill": {"type": "integer", "minimum": 0}, "targets": _targets}),
            "required": ["source"],
        },
    ]
}
_commit = {"oneOf": [{"type": "null"}, _item, {"type": "array", "items": _item}]}

#: An attacker: a unit (attacking the player) or ``{unit, target}``.
_attacker = {"oneOf": [OBJECT, {**closed({"unit": OBJECT, "target": OBJECT}), "required": ["unit"]}]}
_attackers = {"oneOf": [_attacker, {"type": "array", "items": _attacker}]}

#: Blocks: ``{Blocker: Attacker, …}``.
_blocks = {"type": ["object", "null"], "propertyNames": OBJECT, "additionalProperties": OBJECT}

#: Each action's arguments (the step's value), from the engine's action; checked again when the step runs.
ARGS = {
    "play": action_args(A.PlayCard, first="card", targets=_targets),
    "skill": action_args(
        A.UseSkill, first="source", skill={"type": "integer", "minimum": 0}, targets=_targets
    ),
    "commit": _commit,
    "channel": action_args(A.Channel, first="card"),
    "explore": action_args(
        A.Explore,
        first="card",
        renamed={"bottom": "to"},
        ideal={"type": "string"},  # an ideal that is none is the engine's to refuse, citing its rule
        to={"enum": ["top", "bottom"]},
    ),
    "attack": {
        "oneOf": [
            _attackers,
            action_args(A.DeclareAttack, renamed={"commits": "commit"}, attackers=_attackers, commit=_commit),
        ]
    },
    "block": {
        "anyOf": [
            _blocks,
            action_args(A.DeclareBlockers, renamed={"commits": "commit"}, blocks=_blocks, commit=_commit),
        ]
    },
    "guard": action_args(A.GuardianBlock, first="unit"),
    "choose_targets": _targets,
    "decide": {"type": ["boolean", "string"], "pattern": "^([Yy][Ee][Ss]|[Nn][Oo])$"},
    "choose_cards": OBJECT_NAMES,
    "replace": {"type": ["string", "null"], "format": "object"},
    "recycle": action_args(A.Recycle, first="top"),
}

STEP = {
    "oneOf": [
        {"enum": SHORTHANDS},
        step_object(
            STEP_KEYS,
            _rules,
            EXPECT,
            PLAYERS,
            advance=closed(
                {"round": {"type": "integer"}, "phase": {"enum": PHASES}, "active": {"enum": PLAYERS}}
            ),
            **ARGS,
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
