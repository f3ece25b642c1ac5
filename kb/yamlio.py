"""YAML reading with the fast C loader when PyYAML has it, the pure-Python one otherwise."""

from __future__ import annotations

import yaml

_Loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def yaml_load(text: str):
    """Parse YAML safely (no arbitrary objects), as fast as the installed PyYAML allows."""
    return yaml.load(text, Loader=_Loader)  # noqa: S506 - a safe loader
