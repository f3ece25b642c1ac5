"""YAML with positions: the data, plus the line of every mapping key and list item, for messages."""

from __future__ import annotations

from dataclasses import dataclass, field

import yaml

_Loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)

Path = tuple[object, ...]


@dataclass
class Located:
    """Parsed YAML data and the 1-based line of each path into it (``("steps", 2, "play")`` → 14)."""

    data: object
    lines: dict[Path, int] = field(default_factory=dict)

    def line_of(self, path: Path) -> int:
        """The line of ``path``, or of its nearest ancestor that has one."""
        path = tuple(path)
        while path:
            if path in self.lines:
                return self.lines[path]
            path = path[:-1]
        return self.lines.get((), 1)


def _walk(node: yaml.Node, path: Path, lines: dict[Path, int]) -> None:
    lines.setdefault(path, node.start_mark.line + 1)
    if isinstance(node, yaml.MappingNode):
        for key_node, value_node in node.value:
            key = key_node.value
            child = (*path, key)
            lines[child] = key_node.start_mark.line + 1
            _walk(value_node, child, lines)
    elif isinstance(node, yaml.SequenceNode):
        for i, item in enumerate(node.value):
            child = (*path, i)
            lines[child] = item.start_mark.line + 1
            _walk(item, child, lines)


def load_located(text: str) -> Located:
    """Parse YAML text keeping the line of every key and item; raises ``yaml.YAMLError`` on bad YAML."""
    node = yaml.compose(text, Loader=_Loader)
    if node is None:
        return Located(None, {(): 1})
    lines: dict[Path, int] = {}
    _walk(node, (), lines)
    data = yaml.load(text, Loader=_Loader)  # noqa: S506 - a safe loader
    return Located(data, lines)
