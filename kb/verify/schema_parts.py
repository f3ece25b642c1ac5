"""Pieces of the JSON Schema every game's scenarios share: players, names, steps, log expectations, new games."""

from __future__ import annotations

#: The players of a two-player game; a game for more names its own list (Athernum: p1-p4).
PLAYERS = ["p1", "p2"]

#: A list of names (cards, labels, ids).
NAMES = {"type": "array", "items": {"type": "string"}}

#: Where a scenario names things its game must know (checked by kb.verify.vocabulary): a card of the card library,
#: an object in play (a card or a label, ``p2:`` for p2's), a zone, a rule id the engine cites.
CARD = {"type": "string", "format": "card"}
OBJECT = {"type": "string", "format": "object"}
ZONE = {"type": "string", "format": "zone"}
#: A list of cards, of objects by name.
CARDS = {"type": "array", "items": CARD}
OBJECTS = {"type": "array", "items": OBJECT}


def objects(expect: dict) -> dict:
    """A mapping from object names to what is expected of each."""
    return {"type": "object", "propertyNames": OBJECT, "additionalProperties": expect}


def rules(types: str | list[str]) -> dict:
    """The rules a refusal must cite one of (``reject:``): a rule id or a list of them."""
    return {"type": types, "format": "rules"}


def closed(properties: dict) -> dict:
    """An object with only these properties."""
    return {"type": "object", "additionalProperties": False, "properties": properties}


def scenario_schema(setup: dict, step: dict, expect: dict, defs: dict | None = None) -> dict:
    """A game's schema of ``setup`` (these properties only), ``steps`` and ``expect``, with ``$defs`` if any."""
    properties = {"setup": closed(setup), "steps": {"type": "array", "items": step}, "expect": expect}
    return {"$defs": defs, "properties": properties} if defs else {"properties": properties}


def log_entry(rule: str | list[str], players: list[str] = PLAYERS) -> dict:
    """A ``log:``/``no_log:`` entry: a rule id (JSON type ``rule``), or the rule with kind, message, object, player."""
    return {
        "oneOf": [
            {"type": rule, "format": "rule"},
            {
                "type": "object",
                "required": ["rule"],
                "additionalProperties": False,
                "properties": {
                    "rule": {"type": rule, "format": "rule"},
                    "kind": {"type": "string"},
                    "message": {"type": "string"},
                    "object": {"type": "string"},
                    "player": {"enum": players},
                },
            },
        ]
    }


def log_expect(entry: dict) -> dict:
    """The ``log`` (found in order) and ``no_log`` (found nowhere) expectations."""
    return {"log": {"type": "array", "items": entry}, "no_log": {"type": "array", "items": entry}}


def step_object(
    step_keys: list[str], reject: dict, expect: dict, players: list[str] = PLAYERS, **more: dict
) -> dict:
    """A step written as a mapping: one of ``step_keys``, with ``player``, ``reject``, ``note``, ``expect``."""
    return {
        "type": "object",
        "minProperties": 1,
        "propertyNames": {"enum": [*step_keys, "player", "reject", "note"]},
        "properties": {
            "player": {"enum": players},
            "reject": reject,
            "note": {"type": "string"},
            "expect": expect,
            **more,
        },
    }


def new_game(deck: dict, players: list[str] = PLAYERS, **more: dict) -> dict:
    """``setup.new_game``: each player's deck (p1 and p2 at least), and whatever else the game's start takes."""
    return {
        "type": "object",
        "additionalProperties": False,
        "required": ["p1", "p2"],
        "properties": {**dict.fromkeys(players, deck), **more},
    }
