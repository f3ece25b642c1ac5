"""Scenario files: loading, validating against the JSON Schema, and reporting problems by file, line and field."""

from __future__ import annotations

import json
import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from importlib import resources
from pathlib import Path

import jsonschema

from kb.core.errors import Problem
from kb.core.paths import path_order, relative_text
from kb.core.textfile import read_text
from kb.core.yamlpos import Located, YamlInvalid, field_name, load_located
from kb.verify.bounds import out_of_bounds

#: Files under scenarios/<game>/ that are data for scenarios rather than scenarios.
NOT_SCENARIOS = {"cards.yaml", "not-testable.yaml"}


@dataclass
class Scenario:
    """One scenario file, validated: the envelope parsed, setup/steps/expect kept for the game's adapter."""

    id: str
    game: str
    path: Path
    display: str
    title: str
    rules: list[str]  # qualified rule ids
    rulings: list[str]
    cards: dict[str, dict]
    setup: dict
    steps: list
    expect: dict
    xfail: str | None
    fingerprint: dict[str, str]
    located: Located = field(repr=False, default_factory=lambda: Located(None))

    def line_of(self, *path: object) -> int:
        return self.located.line_of(path)


class ScenarioInvalid(Exception):
    """A scenario file that cannot be run; carries every problem found in it."""

    def __init__(self, problems: list[Problem]):
        self.problems = problems
        super().__init__("\n".join(str(p) for p in problems))


@lru_cache(maxsize=1)
def envelope_schema() -> dict:
    return json.loads(resources.files("kb.data").joinpath("scenario.schema.json").read_text(encoding="utf-8"))


def schema_for(game_schema: dict | None) -> dict:
    """The envelope schema with a game's schema of ``setup``, ``steps`` and ``expect`` merged in."""
    schema = json.loads(json.dumps(envelope_schema()))
    if game_schema:
        for key in ("setup", "steps", "expect"):
            if key in game_schema.get("properties", {}):
                schema["properties"][key] = game_schema["properties"][key]
        if "$defs" in game_schema:
            schema["$defs"] = game_schema["$defs"]
    return schema


def _best_errors(errors: list[jsonschema.ValidationError]) -> list[jsonschema.ValidationError]:
    """The most specific error of each failing place (oneOf/anyOf explain through their best branch)."""
    out = []
    for error in errors:
        best = jsonschema.exceptions.best_match([error]) if error.context else error
        while best.context:
            best = jsonschema.exceptions.best_match(best.context)
        out.append(best)
    return out


@lru_cache(maxsize=64)
def resolved_folder(folder: Path) -> Path:
    """A project folder with its symlinks resolved, once per process: scenario paths are placed against it."""
    return folder.resolve()


def game_of(path: Path, scenarios_dir: Path) -> str:
    """The game a scenario belongs to: the first folder under ``scenarios/`` (as written when the path is written
    under it, as found scenarios are; else with symlinks resolved)."""
    below = relative_text(path, scenarios_dir)
    if below is not None and ".." not in str(path).split(os.sep):
        return below.split(os.sep, 1)[0]
    try:
        if path.is_relative_to(scenarios_dir) and ".." not in path.parts:
            return path.relative_to(scenarios_dir).parts[0]
        return path.resolve().relative_to(resolved_folder(scenarios_dir)).parts[0]
    except (ValueError, IndexError):
        return path.parent.name


#: The problems found in each scenario text by its game's schema, by the text, its name as shown and the schema (held
#: beside them, so that its id stays its own): lint checks every scenario, verify runs them, and its worker processes,
#: started after lint, find them here instead of validating each scenario again.
_CHECKED: dict[tuple[str, str, int], tuple[dict | None, tuple[Problem, ...]]] = {}
#: How many texts :data:`_CHECKED` holds at most.
CHECKED_LIMIT = 8192


def _problems(text: str, located: Located, display: str, game_schema: dict | None) -> list[Problem]:
    """What keeps the scenario ``text`` (parsed as ``located``, a mapping) from its game's schema and bounds."""
    key = (text, display, id(game_schema))
    found = _CHECKED.get(key)
    if found is not None and found[0] is game_schema:
        return list(found[1])
    problems = _check(located, display, game_schema)
    if len(_CHECKED) >= CHECKED_LIMIT:
        _CHECKED.clear()
    _CHECKED[key] = (game_schema, tuple(problems))
    return problems


def _check(located: Located, display: str, game_schema: dict | None) -> list[Problem]:
    """:func:`_problems`, found anew."""
    data = located.data
    assert isinstance(data, dict)
    validator = jsonschema.Draft202012Validator(schema_for(game_schema))
    errors = sorted(validator.iter_errors(data), key=lambda e: located.line_of(tuple(e.absolute_path)))
    problems = []
    for error in _best_errors(errors):
        where = tuple(error.absolute_path)
        message = error.message
        if error.validator == "additionalProperties" and isinstance(error.instance, dict):
            allowed = error.schema.get("properties", {}) if isinstance(error.schema, Mapping) else {}
            for key in [k for k in error.instance if k not in allowed]:
                known = ", ".join(sorted(allowed)) or "none"
                problems.append(
                    Problem(
                        display,
                        located.line_of((*where, key)),
                        field_name((*where, key)),
                        f"unknown field {key!r} (known: {known})",
                    )
                )
            continue
        problems.append(Problem(display, located.line_of(where), field_name(where), message))
    for part in ("setup", "steps", "cards"):
        problems += out_of_bounds(data.get(part), located, display, (part,))
    return problems


def load_scenario(
    path: Path, *, scenarios_dir: Path, display: str | None = None, game_schema: dict | None = None
) -> Scenario:
    """Read and validate one scenario file; raises ``ScenarioInvalid`` naming file, line and field."""
    display = display or str(path)
    text, problems = read_text(path, display)
    if text is None or problems:
        raise ScenarioInvalid(problems)
    try:
        located = load_located(text)
    except YamlInvalid as exc:
        raise ScenarioInvalid([exc.problem(display)]) from None
    data = located.data
    if not isinstance(data, dict):
        raise ScenarioInvalid(
            [
                Problem(
                    display, 1, "(file)", "a scenario must be a mapping with id, title, rules, setup, steps"
                )
            ]
        )
    problems = _problems(text, located, display, game_schema)
    if problems:
        raise ScenarioInvalid(problems)
    game = game_of(path, scenarios_dir)
    return Scenario(
        id=data["id"],
        game=game,
        path=path,
        display=display,
        title=data["title"],
        rules=[str(r) if ":" in str(r) else f"{game}:{r}" for r in data["rules"]],
        rulings=[str(r) for r in data.get("rulings", [])],
        cards=data.get("cards", {}) or {},
        setup=data["setup"],
        steps=data["steps"],
        expect=data.get("expect", {}) or {},
        xfail=data.get("xfail"),
        fingerprint={str(k): str(v) for k, v in (data.get("fingerprint") or {}).items()},
        located=located,
    )


def is_scenario_file(path: Path) -> bool:
    """Scenario files are YAML files other than a game's card library (``scenarios/<game>/cards.yaml`` and
    ``scenarios/<game>/cards/``), the not-testable list, and drafts (``_*``)."""
    library_folder = path.parent.name == "cards" and path.parent.parent.parent.name == "scenarios"
    return (
        path.suffix == ".yaml"
        and path.name not in NOT_SCENARIOS
        and not path.name.startswith("_")
        and not library_folder
    )


def discover(scenarios_dir: Path, targets: list[Path] | None = None) -> list[Path]:
    """Scenario files under the given paths (files or folders), or under ``scenarios/``; data files excluded."""
    roots = targets or [scenarios_dir]
    found: list[Path] = []
    for root in roots:
        if root.is_file():
            found.append(root)
        elif root.is_dir():
            found += [p for p in root.rglob("*.yaml") if is_scenario_file(p)]
    return sorted(set(found), key=path_order)
