"""Reading YAML files: checked text (kb.textfile), strict bounded YAML (kb.yamlpos), problems with lines."""

from __future__ import annotations

from pathlib import Path

from kb.core.errors import Problem
from kb.core.textfile import read_text
from kb.core.yamlpos import Located, YamlInvalid, load_located


def yaml_load(text: str):
    """Parse YAML text strictly (see kb.yamlpos); raises ``YamlInvalid`` (a ``yaml.YAMLError``) naming the line."""
    return load_located(text).data


def read_yaml(path: Path, display: str, problems: list[Problem]) -> tuple[Located | None, str]:
    """A YAML file's data with lines, and its text; None (and a problem with the line) when it cannot be used."""
    text, found = read_text(path, display)
    problems += found
    if text is None:
        return None, ""
    try:
        return load_located(text), text
    except YamlInvalid as exc:
        problems.append(exc.problem(display))
        return None, text


def read_yaml_quietly(path: Path):
    """A YAML file's data, or None when it cannot be read or parsed (for callers that report it elsewhere)."""
    located, _ = read_yaml(path, str(path), [])
    return None if located is None else located.data


def load_mapping(path: Path, display: str, problems: list) -> tuple[dict, str]:
    """A YAML file's top-level mapping and its text; a problem (with the line) for bad YAML or a non-mapping."""
    data, text, _ = load_located_mapping(path, display, problems)
    return data, text


def load_located_mapping(path: Path, display: str, problems: list) -> tuple[dict, str, Located]:
    """As :func:`load_mapping`, with the line of every key and item (an unreadable file has none)."""
    located, text = read_yaml(path, display, problems)
    if located is None:
        return {}, text, Located(None)
    data = located.data if located.data is not None else {}
    if not isinstance(data, dict):
        problems.append(Problem(display, 1, "(file)", "expected a mapping at the top level"))
        return {}, text, located
    return data, text, located


def line_of(text: str, needle: str) -> int:
    """The first line of ``text`` containing ``needle`` (0 when absent): where to point a message."""
    for n, line in enumerate(text.splitlines(), start=1):
        if needle in line:
            return n
    return 0
