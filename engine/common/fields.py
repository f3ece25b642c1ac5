"""Table-driven checking of card definitions given as plain data (YAML, JSON, dicts).

An engine lists the fields of a card as rows of a table (:class:`Field`: its key, what kind of value it holds,
whether it is required, its choices, minimum and default); :func:`read_fields` checks a mapping against the
table and returns the values, or raises the engine's :class:`~engine.common.errors.CardDefinitionError`
naming the path of the field at fault (``Ember Queen.cost``) and the rules it breaks. Whatever a table
cannot say (a field allowed only on some card types, nested abilities) stays in the engine's own loader.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from .errors import CardDefinitionError

KINDS = ("str", "int", "bool", "str_list", "choice", "mapping", "list", "any")


@dataclass(frozen=True, slots=True)
class Field:
    """One row of a card table: ``key`` holds a value of ``kind`` (one of :data:`KINDS`)."""

    key: str
    kind: str = "any"
    required: bool = False
    default: Any = None
    choices: tuple[str, ...] = ()
    minimum: int | None = None
    rules: tuple[str, ...] = ()  # the rules the field's value must meet, cited when it does not

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(f"field {self.key!r}: unknown kind {self.kind!r}")


def hint(word: str, options: Iterable[str]) -> str:
    """`` (did you mean 'x'?)`` for the option closest to a misspelt ``word``, else nothing."""
    close = difflib.get_close_matches(word, list(options), n=1)
    return f" (did you mean {close[0]!r}?)" if close else ""


def join(path: str, key: str) -> str:
    """The path of ``key`` inside the mapping at ``path``."""
    return f"{path}.{key}" if path else key


def check_value(value: Any, row: Field, path: str, error: type[CardDefinitionError]) -> Any:
    """``value`` checked against ``row`` (a string list becomes a tuple); ``error`` names ``path`` if it does not fit."""
    kind, rules = row.kind, row.rules
    if kind == "int":
        if isinstance(value, bool) or not isinstance(value, int):
            raise error(path, f"expected a whole number, got {value!r}", *rules)
        if row.minimum is not None and value < row.minimum:
            raise error(path, f"must be at least {row.minimum}, got {value}", *rules)
    elif kind == "bool" and not isinstance(value, bool):
        raise error(path, f"expected true or false, got {value!r}", *rules)
    elif kind == "str" and (not isinstance(value, str) or not value.strip()):
        raise error(path, f"expected a non-empty string, got {value!r}", *rules)
    elif kind == "choice" and (not isinstance(value, str) or value not in row.choices):
        close = hint(value, row.choices) if isinstance(value, str) else ""
        raise error(
            path, f"unknown {row.key} {value!r}{close}; expected one of {', '.join(row.choices)}", *rules
        )
    elif kind == "str_list":
        items = (value,) if isinstance(value, str) else value
        if not isinstance(items, (list, tuple)):
            raise error(path, f"expected a string or a list of strings, got {value!r}", *rules)
        for i, item in enumerate(items):
            if not isinstance(item, str) or not item.strip():
                raise error(f"{path}[{i}]", f"expected a non-empty string, got {item!r}", *rules)
        return tuple(items)
    elif kind == "mapping" and not isinstance(value, Mapping):
        raise error(path, f"expected a mapping, got {type(value).__name__}", *rules)
    elif kind == "list" and not isinstance(value, (list, tuple)):
        raise error(path, f"expected a list, got {type(value).__name__}", *rules)
    return value


def read_fields(
    data: Any, table: Iterable[Field], path: str, error: type[CardDefinitionError], what: str = "card"
) -> dict[str, Any]:
    """The values of ``data``'s fields, checked against ``table``; missing optional fields get their default.

    Raises ``error`` naming the field path for a value that is not a mapping, an unknown field (with the closest
    known one), a missing required field, or a value that does not fit its row."""
    if not isinstance(data, Mapping):
        raise error(path or what, f"expected a mapping, got {type(data).__name__}")
    rows = {row.key: row for row in table}
    for key in data:
        if key not in rows:
            raise error(join(path, str(key)), f"unknown {what} field {key!r}{hint(str(key), rows)}")
    values: dict[str, Any] = {}
    for key, row in rows.items():
        if key not in data or data[key] is None:
            if row.required:
                raise error(join(path, key), f"a {what} needs a {key}", *row.rules)
            values[key] = row.default
        else:
            values[key] = check_value(data[key], row, join(path, key), error)
    return values
