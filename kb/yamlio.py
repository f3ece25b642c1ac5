"""YAML reading with the fast C loader when PyYAML has it, the pure-Python one otherwise."""

from __future__ import annotations

import yaml

_Loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def yaml_load(text: str):
    """Parse YAML safely (no arbitrary objects), as fast as the installed PyYAML allows."""
    return yaml.load(text, Loader=_Loader)  # noqa: S506 - a safe loader


def load_mapping(path, display: str, problems: list) -> tuple[dict, str]:
    """A YAML file's top-level mapping and its text; a problem (with the line) for bad YAML or a non-mapping."""
    from kb.errors import Problem

    text = path.read_text(encoding="utf-8")
    try:
        data = yaml_load(text) or {}
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        problems.append(Problem(display, mark.line + 1 if mark else 0, "(yaml)", f"invalid YAML: {exc}"))
        return {}, text
    if not isinstance(data, dict):
        problems.append(Problem(display, 1, "(file)", "expected a mapping at the top level"))
        return {}, text
    return data, text


def line_of(text: str, needle: str) -> int:
    """The first line of ``text`` containing ``needle`` (0 when absent): where to point a message."""
    for n, line in enumerate(text.splitlines(), start=1):
        if needle in line:
            return n
    return 0
