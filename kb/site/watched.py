"""What a generated page reads of the site model, recorded while it is made: the page's dependencies.

Pages are made from a :class:`WatchedModel`, a stand-in for the :class:`~kb.site.model.SiteModel` that notes each
read while a page is being recorded (``recording``): a graph node, a relation of a node, one entry of an index
(a ruling, a scenario's result, a coverage report), or, for any read it does not know how to narrow, the whole
attribute. The notes are keys (tuples of strings) that :func:`current_value` looks up again in a later build's
model: a page whose every key has the value it had is the page it was (kb/site/content_memo.py).

Safe by default: whatever the stand-ins do not narrow (an attribute, a graph method) is recorded whole, so a read
nobody foresaw makes a page depend on more, never on less.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import fields
from typing import TYPE_CHECKING, Any, cast

from kb.core.nodes import Node

if TYPE_CHECKING:
    from kb.site.model import SiteModel

#: A dependency: ("node", id) | ("text", id) | ("graph",) | ("item", where, key) | ("all", where) | ("cards", game),
#: where ``where`` names a mapping of the model: ("model", attribute), ("relations", kind), ("data", attribute) …
#: ("node", id) is every field of the node but its text, which is ("text", id): most pages name a rule (its number,
#: title, place) without showing its text, and are not made again when only that text is edited.
Key = tuple
#: The keys read by each page being recorded (a stack: pages are made one at a time, but nothing relies on it).
_ACTIVE: list[set[Key]] = []
#: What a lookup finds when the key is not there.
MISSING = ("<missing>",)


def note(key: Key) -> None:
    """Record that the page being made read ``key`` (nothing when no page is being recorded)."""
    if _ACTIVE:
        _ACTIVE[-1].add(key)


@contextmanager
def recording() -> Iterator[set[Key]]:
    """Collect the keys read inside the block."""
    keys: set[Key] = set()
    _ACTIVE.append(keys)
    try:
        yield keys
    finally:
        _ACTIVE.pop()


class WatchedMapping(Mapping):
    """A read-only view of a mapping that records each key looked up, and the whole mapping when it is walked."""

    def __init__(self, where: tuple[str, ...], real: Mapping) -> None:
        self._where = where
        self._real = real

    def __getitem__(self, key: Any) -> Any:
        note(("item", self._where, key))
        return self._real[key]

    def get(self, key: Any, default: Any = None) -> Any:
        note(("item", self._where, key))
        return self._real.get(key, default)

    def __contains__(self, key: object) -> bool:
        note(("item", self._where, key))
        return key in self._real

    def __iter__(self) -> Iterator:
        note(("all", self._where))
        return iter(self._real)

    def __len__(self) -> int:
        note(("all", self._where))
        return len(self._real)

    def __bool__(self) -> bool:
        note(("all", self._where))
        return bool(self._real)


class WatchedNode(Node):
    """A node as pages read it: reading its text records ("text", id) besides the ("node", id) its lookup recorded.
    A copy of the graph's node (made once per node and build), so that its other fields read at full speed."""

    @property
    def text(self) -> str:
        note(("text", self.id))
        return cast(str, self.__dict__["text"])

    @text.setter
    def text(self, value: str) -> None:
        self.__dict__["text"] = value


def _watched_node(real: Node) -> WatchedNode:
    node = WatchedNode.__new__(WatchedNode)
    node.__dict__.update(vars(real))
    return node


#: The fields ("node", id) stands for: all but the text.
_NODE_FIELDS = tuple(f.name for f in fields(Node) if f.name != "text")


class WatchedGraph:
    """The rule graph, recording each node read; any other use of it (edges, walks) depends on the whole graph."""

    def __init__(self, real: Any) -> None:
        self._real = real
        self._nodes: dict[str, WatchedNode] = {}

    def node(self, node_id: str) -> Any:
        note(("node", node_id))
        found = self._nodes.get(node_id)
        if found is None:
            found = self._nodes[node_id] = _watched_node(self._real.node(node_id))
        return found

    def __contains__(self, node_id: object) -> bool:
        note(("node", node_id))
        return node_id in self._real

    def __iter__(self) -> Iterator:
        note(("graph",))
        return iter(self._real)

    def __len__(self) -> int:
        note(("graph",))
        return len(self._real)

    def __getitem__(self, node_id: str) -> Any:
        note(("graph",))
        return self._real[node_id]

    def __getattr__(self, name: str) -> Any:
        note(("graph",))
        return getattr(self._real, name)


class WatchedRelations:
    """The graph's relations (kb.site.relations), recording each node's list read, by kind."""

    def __init__(self, real: Any) -> None:
        self._real = real
        self._views: dict[str, WatchedMapping] = {}

    def get(self, kind: str, node_id: str) -> list[str]:
        note(("item", ("relations", kind), node_id))
        return self._real.get(kind, node_id)

    def __getattr__(self, name: str) -> Any:
        value = getattr(self._real, name)
        if isinstance(value, dict):
            if name not in self._views:
                self._views[name] = WatchedMapping(("relations", name), value)
            return self._views[name]
        note(("attr", ("relations", name)))
        return value


class WatchedAttributes:
    """An object whose attributes are each a dependency as a whole (the site data, the knowledge base)."""

    def __init__(self, where: str, real: Any) -> None:
        self._where = where
        self._real = real

    def __getattr__(self, name: str) -> Any:
        value = getattr(self._real, name)
        if (self._where, name) in _NESTED:
            return WatchedAttributes(name, value)
        note(("attr", (self._where, name)))
        return value


#: The objects read attribute by attribute, from the model: each one's attributes are dependencies one by one.
_SOURCES: dict[str, Callable[[Any], Any]] = {
    "model": lambda model: model,
    "relations": lambda model: model.relations,
    "data": lambda model: model.data,
    "kb": lambda model: model.data.kb,
    "curated": lambda model: model.data.kb.curated,
    "results": lambda model: model.data.results,
}
#: (object, attribute) read through a further stand-in rather than as a whole.
_NESTED = {("data", "kb"), ("kb", "curated"), ("data", "results")}


#: The model's attributes read through a stand-in that narrows the reads.
_MAPPINGS = (
    "documents",
    "rulings",
    "rulings_by_rule",
    "scenarios",
    "scenarios_by_rule",
    "scenarios_by_ruling",
    "scenario_location",
    "scenario_number",
    "scenarios_by_page",
    "coverage",
    "term_forms",
    "terms",
)


class WatchedModel:
    """The site model as pages read it: its methods run against this stand-in, so their reads are recorded too."""

    def __init__(self, real: SiteModel) -> None:
        object.__setattr__(self, "real", real)
        views: dict[str, object] = {
            "graph": WatchedGraph(real.graph),
            "relations": WatchedRelations(real.relations),
            "data": WatchedAttributes("data", real.data),
        }
        for name in _MAPPINGS:
            views[name] = WatchedMapping(("model", name), getattr(real, name))
        object.__setattr__(self, "_views", views)

    def __getattr__(self, name: str) -> Any:
        views = object.__getattribute__(self, "_views")
        if name in views:
            return views[name]
        real = object.__getattribute__(self, "real")
        found = getattr(type(real), name, None)
        if isinstance(found, property) and found.fget is not None:
            return found.fget(self)
        if callable(found):
            return found.__get__(self)
        note(("attr", ("model", name)))
        return getattr(real, name)

    def __setattr__(self, name: str, value: Any) -> None:
        setattr(object.__getattribute__(self, "real"), name, value)

    def __contains__(self, item: object) -> bool:
        raise TypeError("a site model is not a container")

    def cards_of(self, game: str) -> Any:
        """A game's card library (read once per build by the real model), as one dependency."""
        note(("cards", game))
        return object.__getattribute__(self, "real").cards_of(game)


def watched(model: SiteModel) -> SiteModel:
    """``model`` as pages read it, recording what they read (typed as the model it stands for)."""
    return cast("SiteModel", WatchedModel(model))


def real_model(model: SiteModel) -> SiteModel:
    """The model a stand-in stands for (or ``model`` itself)."""
    return cast("SiteModel", model.real) if isinstance(model, WatchedModel) else model


def current_value(model: SiteModel, key: Key) -> object:
    """What ``key`` reads in ``model`` now; MISSING when it is not there."""
    kind = key[0]
    if kind == "node":
        if key[1] not in model.graph:
            return MISSING
        node = model.graph.node(key[1])
        return tuple(getattr(node, name) for name in _NODE_FIELDS)
    if kind == "text":
        return model.graph.node(key[1]).text if key[1] in model.graph else MISSING
    if kind == "graph":
        graph = model.graph
        return (list(graph.node_items()), sorted(graph.edges(keys=True)))
    if kind == "cards":
        return model.cards_of(key[1])
    source, name = key[1]
    container: Any = getattr(_SOURCES[source](model), name)
    if kind == "attr":
        return container
    if kind == "all":
        return list(container.items())
    if kind == "item":
        return container.get(key[2], MISSING) if key[2] in container else MISSING
    raise ValueError(f"unknown dependency {key!r}")
