"""Strict, bounded YAML with positions: the data plus the line of every mapping key and list item.

Every YAML file kb reads goes through :func:`load_located`. It composes the document itself from the
parser's events (never recursing, so no depth can exhaust the stack) and refuses what a hostile or
careless author could write: duplicate keys, aliases that recurse, nesting deeper than
:data:`MAX_DEPTH`, alias expansion beyond :data:`MAX_NODES`, and control characters in text. Dates
stay text (``2026-02-30`` is a string, not a crash); the loaders that want a date check it.
"""

from __future__ import annotations

import pickle
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar

import yaml
from yaml.events import (
    AliasEvent,
    DocumentEndEvent,
    DocumentStartEvent,
    MappingEndEvent,
    MappingStartEvent,
    ScalarEvent,
    SequenceEndEvent,
    SequenceStartEvent,
    StreamEndEvent,
    StreamStartEvent,
)
from yaml.nodes import MappingNode, ScalarNode, SequenceNode

from kb.core.errors import Problem
from kb.core.textfile import CONTROL

#: Deeper nesting than any scenario, card library or ruling needs; a bound so no input can exhaust the stack.
MAX_DEPTH = 64
#: Nodes a document may hold once its aliases are expanded (the rulings file, the largest, holds ~10,000).
MAX_NODES = 200_000

if TYPE_CHECKING:
    _Base = yaml.SafeLoader
else:
    _Base = getattr(yaml, "CSafeLoader", yaml.SafeLoader)

Path = tuple[object, ...]


class _Loader(_Base):
    """The safe loader (C-accelerated when available) without the timestamp type: dates stay text."""

    # types-PyYAML declares it per instance; PyYAML keeps it on the class
    yaml_implicit_resolvers: ClassVar[dict[Any, Any]] = {  # type: ignore[misc]
        first: [(tag, regexp) for tag, regexp in resolvers if tag != "tag:yaml.org,2002:timestamp"]
        for first, resolvers in _Base.yaml_implicit_resolvers.items()
    }


def field_name(path: tuple) -> str:
    """``setup.p1.hand[3]`` for the path ``("setup", "p1", "hand", 3)``; ``(file)`` for the whole document."""
    out = ""
    for part in path:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out or "(file)"


class YamlInvalid(yaml.YAMLError):
    """YAML that kb refuses, with the 1-based line (0: unknown) and, where known, the path of the field."""

    def __init__(self, line: int, message: str, path: Path | None = None):
        super().__init__(f"line {line}: {message}" if line else message)
        self.line = line
        self.message = message
        self.path = path

    def problem(self, display: str, field: str = "(yaml)", line_offset: int = 0) -> Problem:
        """This error as a problem of file ``display`` (``line_offset``: the lines before the YAML text); its field
        is the path of the refused value where known, else ``field``."""
        where = field_name(self.path) if self.path else field
        return Problem(display, self.line + line_offset if self.line else 0, where, self.message)


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


@dataclass
class _Open:
    """A collection being composed: its node, its path, and its expanded size so far."""

    node: MappingNode | SequenceNode
    path: Path
    anchor: str | None
    size: int = 1
    keys: dict[tuple[str, str], int] = field(default_factory=dict)  # a mapping's (tag, key) → its line


class _Composer:
    """Builds the node tree from parser events with an explicit stack, checking every bound as it goes."""

    def __init__(self, loader: _Loader):
        self.loader = loader
        self.anchors: dict[str, tuple[yaml.Node, int]] = {}  # anchor → (node, expanded size)
        self.open_anchors: set[str] = set()
        self.stack: list[_Open] = []
        self.lines: dict[Path, int] = {}
        self.total = 0
        self.root: yaml.Node | None = None

    def _child_path(self, line: int) -> Path | None:
        """The path of the node about to be added, its line recorded (a list item's, or its key's); None for a key."""
        if not self.stack:
            self.lines[()] = line
            return ()
        top = self.stack[-1]
        if isinstance(top.node, SequenceNode):
            path = (*top.path, len(top.node.value))
            self.lines[path] = line
            return path
        if (
            len(top.node.value) % 2 == 0
        ):  # a key: keys and values stay flat in node.value until the mapping ends
            return None
        key = top.node.value[-1]
        path = (*top.path, key.value)
        self.lines[path] = key.start_mark.line + 1
        return path

    def _add(self, node: yaml.Node, size: int, line: int, new: int) -> None:
        """Add ``node`` (``size`` values once expanded, ``new`` of them not counted yet) to the open collection."""
        self.total += new
        if self.total > MAX_NODES:
            raise YamlInvalid(
                line, f"the document expands to more than {MAX_NODES:,} values (an alias bomb?)"
            )
        if not self.stack:
            self.root = node
            return
        top = self.stack[-1]
        top.size += size
        if isinstance(top.node, MappingNode) and len(top.node.value) % 2 == 0:
            if not isinstance(node, ScalarNode):
                raise YamlInvalid(line, "a mapping key must be a plain value, not a list or mapping")
            if node.tag != "tag:yaml.org,2002:merge":
                key = (node.tag, node.value)
                if key in top.keys:
                    raise YamlInvalid(
                        line,
                        f"duplicate key {node.value!r} (first on line {top.keys[key]})",
                        (*top.path, node.value),
                    )
                top.keys[key] = line
        top.node.value.append(node)

    def _anchor(self, anchor: str | None, node: yaml.Node, size: int) -> None:
        if anchor is not None:
            self.anchors[anchor] = (node, size)
            self.open_anchors.discard(anchor)

    def event(self, event: yaml.Event) -> None:
        """Take one parser event (a value, the start or end of a collection, an alias) into the tree."""
        line = _line(event)
        if isinstance(event, ScalarEvent):
            path = self._child_path(line)
            control = CONTROL.search(event.value)
            if control:
                char = control.group()
                raise YamlInvalid(line, f"control character U+{ord(char):04X} in text", path)
            tag = event.tag
            if tag is None or tag == "!":
                tag = self.loader.resolve(ScalarNode, event.value, event.implicit)
            # libyaml's marks (yaml._yaml.Mark) stand in for yaml.error.Mark: the same fields
            scalar = ScalarNode(tag, event.value, event.start_mark, event.end_mark, style=event.style)  # type: ignore[arg-type]
            self._add(scalar, 1, line, 1)
            self._anchor(event.anchor, scalar, 1)
        elif isinstance(event, (SequenceStartEvent, MappingStartEvent)):
            path = self._child_path(line)
            if len(self.stack) >= MAX_DEPTH:
                raise YamlInvalid(line, f"nesting deeper than {MAX_DEPTH} levels", self.stack[1].path)
            if path is None:
                raise YamlInvalid(line, "a mapping key must be a plain value, not a list or mapping")
            kind = SequenceNode if isinstance(event, SequenceStartEvent) else MappingNode
            tag = event.tag
            if tag is None or tag == "!":
                tag = self.loader.resolve(kind, None, event.implicit)
            opened = kind(tag, [], event.start_mark, None, flow_style=event.flow_style)  # type: ignore[arg-type]
            if event.anchor is not None:
                self.open_anchors.add(event.anchor)
            self.stack.append(_Open(opened, path, event.anchor))
        elif isinstance(event, (SequenceEndEvent, MappingEndEvent)):
            done = self.stack.pop()
            done.node.end_mark = event.end_mark
            if isinstance(done.node, MappingNode):
                flat = done.node.value
                done.node.value = list(zip(flat[0::2], flat[1::2]))
            self._add(done.node, done.size, line, 1)  # its values were counted as they came
            self._anchor(done.anchor, done.node, done.size)
        elif isinstance(event, AliasEvent):
            path = self._child_path(line)
            if event.anchor in self.open_anchors:
                raise YamlInvalid(
                    line, f"the alias *{event.anchor} refers to a value that contains it (recursion)", path
                )
            if event.anchor not in self.anchors:
                raise YamlInvalid(line, f"the alias *{event.anchor} names no anchor defined before it", path)
            aliased, size = self.anchors[event.anchor]
            self._add(aliased, size, line, size)


def _line(event: yaml.Event) -> int:
    """The line (from 1) an event starts on; the parser marks every event."""
    return event.start_mark.line + 1 if event.start_mark is not None else 0


def _compose(text: str) -> tuple[yaml.Node | None, dict[Path, int], _Loader]:
    loader = _Loader(text)
    composer = _Composer(loader)
    documents = 0
    try:
        while True:
            event = loader.get_event()
            if isinstance(event, StreamEndEvent):
                break
            if isinstance(event, DocumentStartEvent):
                documents += 1
                if documents > 1:
                    raise YamlInvalid(_line(event), "expected one YAML document, found a second")
            elif not isinstance(event, (StreamStartEvent, DocumentEndEvent)):
                composer.event(event)
    except YamlInvalid:
        raise
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        message = " ".join(str(part) for part in (exc.context, exc.problem) if part)
        raise YamlInvalid(mark.line + 1 if mark else 0, f"invalid YAML: {message}") from None
    except yaml.reader.ReaderError as exc:
        line = text.count("\n", 0, exc.position) + 1 if exc.position is not None else 0
        raise YamlInvalid(line, f"invalid YAML: {exc.reason} (character #x{exc.character:04X})") from None
    except yaml.YAMLError as exc:
        raise YamlInvalid(0, f"invalid YAML: {exc}") from None
    finally:
        loader.dispose()
    return composer.root, composer.lines, loader


#: Texts parsed lately in this process, each with the pickle of what parsing it gave: within one build lint, the
#: fingerprint check and verify's citations each read every scenario file, whose YAML is then parsed once.
_PARSED: dict[str, bytes] = {}
#: How many texts :data:`_PARSED` holds at most (several times the scenarios and libraries of a project).
PARSED_LIMIT = 8192


def load_located(text: str) -> Located:
    """Parse YAML text keeping the line of every key and item; raises :class:`YamlInvalid` on YAML kb refuses.
    A text parsed before in this process is not parsed again; each caller gets a copy of its own to change."""
    kept = _PARSED.get(text)
    if kept is not None:
        return pickle.loads(kept)
    located = _parse(text)
    if len(_PARSED) >= PARSED_LIMIT:
        _PARSED.clear()
    _PARSED[text] = pickle.dumps(located, protocol=pickle.HIGHEST_PROTOCOL)
    return located


def _parse(text: str) -> Located:
    """:func:`load_located`, without reusing an earlier parse."""
    node, lines, loader = _compose(text)
    if node is None:
        return Located(None, {(): 1})
    try:
        data = loader.construct_document(node)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        raise YamlInvalid(mark.line + 1 if mark else 0, f"invalid YAML: {exc.problem}") from None
    except (ValueError, TypeError, OverflowError) as exc:  # a value the constructor cannot build
        raise YamlInvalid(0, f"invalid value: {exc}") from None
    return Located(data, lines)
