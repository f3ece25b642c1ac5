"""Scenario notation in words: a step as a sentence ("p1 attacks Wanderer with Ember Knight"), a value a scenario
expects as plain text (never a Python repr), an object reference as a reader says it."""

from __future__ import annotations

import ast
from string import Formatter

from kb.verify.board import object_label as ref_words

#: How each game's steps read: the template of each action; a bare argument fills the first field.
#: Arguments a template does not name follow it as "with key value".
PHRASES: dict[str, dict[str, str]] = {
    "athernum": {
        "play": "{player} plays {card}",
        "attach": "{player} attaches {card} to {host}",
        "turn_face_up": "{player} turns {attachment} face up",
        "discard_attachment": "{player} discards {attachment}",
        "activate": "{player} activates an ability of {source}",
        "name": "{player} names {value}",
        "support": "{player} uses the support ability of {card}",
        "command": "{player} uses the command {name}",
        "exhaust": "{player} exhausts resources: {value}",
        "enter_combat": "{player} enters combat",
        "attack": "{player} attacks {target} with {attacker}",
        "defend": "{player} defends with {value}",
        "next_phase": "{player} ends the phase",
        "pass": "{player} passes",
        "order_triggers": "{player} orders the waiting abilities: {value}",
        "choose_targets": "{player} chooses the targets {value}",
        "choose": "{player} chooses {value}",
        "choose_main": "{player} chooses {value} as main character",
    },
    "atnia": {
        "play": "{player} plays {card}",
        "skill": "{player} uses a skill of {source}",
        "commit": "{player} commits {value}",
        "pass": "{player} passes",
        "channel": "{player} channels {card}",
        "explore": "{player} explores {card}",
        "attack": "{player} attacks with {value}",
        "block": "{player} blocks: {value}",
        "guard": "{player} guards with {unit}",
        "choose_targets": "{player} chooses the targets {value}",
        "decide": "{player} answers {value}",
        "choose_cards": "{player} chooses {value}",
        "replace": "{player} replaces {value}",
        "recycle": "{player} recycles",
    },
    "altered": {
        "play": "{player} plays {card}",
        "quick": "{player} uses a quick action of {source}",
        "pass": "{player} passes",
        "play_reaction": "{player} plays the reaction of {reaction}",
        "yes": "{player} answers yes",
        "no": "{player} answers no",
        "decline": "{player} declines",
        "choose": "{player} chooses {value}",
        "repeat": "{player} repeats {step} {times} times",
    },
}
PAIRED = {"block", "attack"}  # a mapping argument pairs units with what they block or attack
COMMON = {"advance": "play goes on to {value}", "expect": "the position is checked"}
#: How a step reads when it has no argument, where that differs.
BARE = {("athernum", "defend"): "{player} declares no defender"}


def value_words(value: object) -> str:
    """A scenario value in plain words: lists joined, mappings as "key value", nothing as "none"."""
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, str):
        return ref_words(value)
    if isinstance(value, (list, tuple)):
        return ", ".join(value_words(v) for v in value) if value else "none"
    if isinstance(value, dict):
        if set(value) <= {"rule", "message", "kind", "player", "object"} and "rule" in value:
            extra = "".join(
                f", {k} {value_words(v)}" for k, v in value.items() if k not in ("rule", "message")
            )
            said = f" “{value['message']}”" if "message" in value else ""
            return f"rule {value['rule']}{said}{extra}"
        return (
            "; ".join(f"{str(k).replace('_', ' ')} {value_words(v)}" for k, v in value.items())
            if value
            else "none"
        )
    return str(value)


def repr_words(text: str) -> str:
    """What the engine reported, as Python wrote it (``{'kind': 'defender'}``), in plain words."""
    try:
        return value_words(ast.literal_eval(text.strip()))
    except (ValueError, SyntaxError):
        return text


def found_words(mismatch: str) -> str:
    """What the engine had, from a mismatch line ``what: expected A, got B``: ``B`` in words (else the line)."""
    head, sep, got = mismatch.rpartition(", got ")
    return repr_words(got) if sep and "expected" in head else mismatch


def _argument_words(value: object) -> str:
    """A step's argument: a mapping pairs things (a blocker with its attacker: ``Shield Bearer → Rift Hound``)."""
    if isinstance(value, dict):
        return ", ".join(f"{ref_words(str(k))} → {value_words(v)}" for k, v in value.items())
    return value_words(value)


def step_words(game: str, key: str, args: object, player: str | None) -> str:
    """A step as a sentence: its game's phrase with the step's arguments in words."""
    who = player or "the player to act"
    template = (
        (BARE.get((game, key)) if args is None else None) or PHRASES.get(game, {}).get(key) or COMMON.get(key)
    )
    if template is None:
        return f"{who}: {key.replace('_', ' ')}" + (
            f" {value_words(args)}" if args not in (None, {}, []) else ""
        )
    fields = [f for _, f, _, _ in Formatter().parse(template) if f and f != "player"]
    given = (
        dict(args) if isinstance(args, dict) else ({} if args is None else {(fields or ["value"])[0]: args})
    )
    if "value" in fields and "value" not in given and given:
        given = {"value": dict(given)}
    if any(f not in given for f in fields):
        return f"{who}: {key.replace('_', ' ')} {value_words(args)}"
    text = template.format(
        player=who,
        **{f: _argument_words(given[f]) if key in PAIRED else value_words(given[f]) for f in fields},
    )
    rest = [f"{k.replace('_', ' ')} {value_words(v)}" for k, v in given.items() if k not in fields]
    return text + (f" ({'; '.join(rest)})" if rest else "")


def path_words(path: list[str]) -> str:
    """Where an expectation looks: ``["p1", "hand"]`` → ``p1 hand``; ``["objects", "Owl"]`` → ``Owl``."""
    parts = path[1:] if path and path[0] == "objects" else path
    return " ".join(ref_words(p).replace("_", " ") for p in parts)
