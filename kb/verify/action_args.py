"""The JSON Schema of a step's arguments, read from the engine action the step becomes.

Each field of the action but the acting player is an argument, required when the action gives it no default, of
the kind its declared type says (a ``str`` names an object of the game, checked against the card library), so that
lint checks a step's arguments as the engine defines its action, without running the scenario."""

from __future__ import annotations

from dataclasses import MISSING, fields

from kb.verify.schema_parts import OBJECT, closed

#: Names of objects: one, or a list of them.
OBJECT_NAMES = {"type": ["string", "array", "null"], "format": "object", "items": OBJECT}

#: The schema of an argument by its field's declared type; a type not listed is left to the engine.
BY_TYPE: dict[str, dict] = {
    "str": OBJECT,
    "str | None": {"type": ["string", "null"], "format": "object"},
    "int": {"type": "integer"},
    "int | None": {"type": ["integer", "null"]},
    "bool": {"type": "boolean"},
    "tuple": OBJECT_NAMES,
}


def action_args(
    action: type, *, first: str | None = None, renamed: dict[str, str] | None = None, **schemas: dict
) -> dict:
    """A step's arguments for ``action``: a mapping of the action's fields (``renamed`` where the step spells one
    otherwise, ``schemas`` where one takes more or less than its type says), or the ``first`` argument alone."""
    renamed = renamed or {}
    properties: dict[str, dict] = {}
    required: list[str] = []
    for f in fields(action):
        if f.name == "player":
            continue
        name = renamed.get(f.name, f.name)
        properties[name] = schemas.pop(name) if name in schemas else BY_TYPE.get(str(f.type), {})
        if f.default is MISSING and f.default_factory is MISSING:
            required.append(name)
    if schemas:  # the engine's action lost a field a schema still describes
        raise ValueError(f"{action.__name__} has no field {', '.join(schemas)}")
    mapping = {**closed(properties), "required": required}
    return {"oneOf": [properties[first], mapping]} if first else mapping
