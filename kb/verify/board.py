"""The board as verify records it: a game's position in plain data every game shares (players, their areas of
cards with statistics and marks, their counters; the shared facts and areas), and what a step changed in it.

An adapter builds a ``Board`` from its engine's ``game.to_dict()`` through the game's ``BoardLayout`` (data), so
the site and the CLI can show a position without knowing any engine.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

#: How a scenario names a player: p1, p2, …
PLAYER_KEY = re.compile(r"p[1-9]")
_OBJECT_ID = re.compile(r"^(p[1-9]):(.+?)(?:#(\d+))?$")


def object_label(text: str) -> str:
    """An object id as a reader says it: ``p2:Wanderer#2`` → ``Wanderer (p2, copy 2)``; other text unchanged."""
    match = _OBJECT_ID.match(text) if ":" in text else None
    if not match:
        return text
    player, name, copy = match.groups()
    return f"{name} ({player}{f', copy {copy}' if copy and copy != '1' else ''})"


@dataclass
class CardFace:
    """One card or token as it stands: its name, statistics (label -> value) and marks (exhausted, damage…)."""

    id: str
    name: str
    stats: dict[str, str] = field(default_factory=dict)
    marks: list[str] = field(default_factory=list)
    attached: list[CardFace] = field(default_factory=list)

    @classmethod
    def from_dict(cls, data: dict) -> CardFace:
        return cls(
            data["id"],
            data["name"],
            dict(data.get("stats", {})),
            list(data.get("marks", [])),
            [cls.from_dict(a) for a in data.get("attached", [])],
        )


@dataclass
class Area:
    """A place holding cards: a slot row, a hand, a pile. ``pile``: shown by name (a deck, a discard pile)."""

    name: str
    cards: list[CardFace] = field(default_factory=list)
    pile: bool = False

    @classmethod
    def from_dict(cls, data: dict) -> Area:
        return cls(
            data["name"], [CardFace.from_dict(c) for c in data.get("cards", [])], bool(data.get("pile"))
        )


@dataclass
class PlayerBoard:
    """One player's side: counters (life, command tokens…) and areas, in the game's order."""

    id: str
    counters: dict[str, str] = field(default_factory=dict)
    areas: list[Area] = field(default_factory=list)

    @classmethod
    def from_dict(cls, data: dict) -> PlayerBoard:
        return cls(
            data["id"], dict(data.get("counters", {})), [Area.from_dict(a) for a in data.get("areas", [])]
        )


@dataclass
class Board:
    """A whole position: the game's facts (turn, phase, active player…), each player's side, shared areas."""

    facts: dict[str, str] = field(default_factory=dict)
    players: list[PlayerBoard] = field(default_factory=list)
    shared: list[Area] = field(default_factory=list)

    @classmethod
    def from_dict(cls, data: dict | None) -> Board | None:
        if not data:
            return None
        return cls(
            dict(data.get("facts", {})),
            [PlayerBoard.from_dict(p) for p in data.get("players", [])],
            [Area.from_dict(a) for a in data.get("shared", [])],
        )

    def cards(self) -> list[CardFace]:
        """Every card shown, attachments included."""
        out: list[CardFace] = []

        def walk(faces: list[CardFace]) -> None:
            for face in faces:
                out.append(face)
                walk(face.attached)

        for area in [*self.shared, *(a for p in self.players for a in p.areas)]:
            walk(area.cards)
        return out


@dataclass
class Change:
    """One difference a step made: ``subject`` (a card, a player, the game), what changed, before and after."""

    subject: str
    what: str
    before: str
    after: str


# -- building a board from an engine's snapshot ----------------------------------------------------------------

#: How one value of a snapshot reads: the snapshot value -> its text ("" or None: not shown).
Show = Callable[[Any], str | None]


def plain(value: object) -> str | None:
    """A value as text; nothing for None, empty or False."""
    if type(value) is int:
        return str(value)
    if value is None or value is False or value in ("", [], {}):
        return None
    if value is True:
        return "yes"
    if isinstance(value, dict):
        return (
            ", ".join(f"{k} {object_label(str(v))}" for k, v in value.items() if v not in (None, "")) or None
        )
    if isinstance(value, (list, tuple)):
        return ", ".join(object_label(str(v)) for v in value)
    return object_label(str(value))


@dataclass(frozen=True)
class AreaSpec:
    """A player's (or the game's) field of the snapshot holding object ids, shown as an area."""

    key: str
    name: str
    pile: bool = False


@dataclass(frozen=True)
class BoardLayout:
    """What of a game's snapshot a board shows, and under which names: a game's adapter supplies one."""

    facts: tuple[tuple[str, str], ...]  # (snapshot key, label)
    counters: tuple[tuple[str, str], ...]  # (player key, label)
    areas: tuple[AreaSpec, ...]  # player areas
    stats: tuple[tuple[str, str], ...]  # (object key, label): statistics
    marks: tuple[tuple[str, str], ...]  # (object key, label): a mark shown when the value is set
    shared: tuple[AreaSpec, ...] = ()  # areas of the game (a stack, Limbo)
    attached_key: str | None = None  # object key listing attachments, shown inside their host
    show: dict[str, Show] = field(default_factory=dict)  # how a key reads, when not ``plain``


def _ids(value: object) -> list:
    """The object ids a snapshot field holds: a list (empty slots left out), a dict of lists, or one id."""
    if value is None:
        return []
    if isinstance(value, dict):
        return [i for v in value.values() for i in _ids(v)]
    if isinstance(value, (list, tuple)):
        return [i for i in value if i is not None]
    return [value]


def _get(source: dict, key: str) -> object:
    """A snapshot value by a dotted key (``expeditions.hero``)."""
    value: object = source
    for part in key.split("."):
        value = value.get(part) if isinstance(value, dict) else None
    return value


def build_board(snap: dict, layout: BoardLayout, printed: Callable[[str], dict[str, str]]) -> Board:
    """The board a snapshot (``game.to_dict()``) shows under ``layout``; ``printed(name)`` gives a card's printed
    statistics, which its current values (on the board) replace."""
    objects = snap.get("objects", {})

    def show(key: str, value: object) -> str | None:
        return layout.show.get(key, plain)(value)

    def face(oid: str) -> CardFace:
        data = objects.get(oid, {})
        name = str(data.get("name", oid))
        stats = {
            **printed(name),
            **{label: text for key, label in layout.stats if (text := show(key, data.get(key))) is not None},
        }
        marks = [
            label if text == "yes" else f"{label} {text}"
            for key, label in layout.marks
            if (text := show(key, data.get(key))) is not None
        ]
        attached = [face(a) for a in _ids(data.get(layout.attached_key))] if layout.attached_key else []
        return CardFace(str(oid), name, stats, marks, attached)

    def areas(source: dict, specs: tuple[AreaSpec, ...]) -> list[Area]:
        out = []
        for spec in specs:
            ids = [i for i in _ids(_get(source, spec.key)) if isinstance(i, str) and i in objects]
            if ids:
                out.append(Area(spec.name, [face(i) for i in ids], spec.pile))
        return out

    facts = {label: text for key, label in layout.facts if (text := show(key, snap.get(key))) is not None}
    players = []
    for pid, pdata in (snap.get("players") or {}).items():
        counters = {
            label: text for key, label in layout.counters if (text := show(key, pdata.get(key))) is not None
        }
        players.append(PlayerBoard(pid, counters, areas(pdata, layout.areas)))
    return Board(facts, players, areas(snap, layout.shared))


# -- what a step changed ---------------------------------------------------------------------------------------


def _places(board: Board) -> dict[str, tuple[str, CardFace]]:
    """Each card by id: where it is ("p1 hand", "Stack") and how it stands."""
    out: dict[str, tuple[str, CardFace]] = {}

    def walk(where: str, faces: list[CardFace]) -> None:
        for f in faces:
            out[f.id] = (where, f)
            walk(f"attached to {f.name}", f.attached)

    for area in board.shared:
        walk(area.name, area.cards)
    for player in board.players:
        for area in player.areas:
            walk(f"{player.id} {area.name.lower()}", area.cards)
    return out


def changes(before: Board, after: Board) -> list[Change]:
    """What differs between two positions: facts, players' counters, cards moved, statistics and marks."""
    out = [
        Change("game", k, before.facts.get(k, "—"), after.facts.get(k, "—"))
        for k in dict.fromkeys([*before.facts, *after.facts])
        if before.facts.get(k) != after.facts.get(k)
    ]
    old_players = {p.id: p for p in before.players}
    for player in after.players:
        old = old_players.get(player.id, PlayerBoard(player.id)).counters
        out += [
            Change(player.id, k, old.get(k, "—"), player.counters.get(k, "—"))
            for k in dict.fromkeys([*old, *player.counters])
            if old.get(k) != player.counters.get(k)
        ]
    was, now = _places(before), _places(after)
    for oid in dict.fromkeys([*was, *now]):
        (w_where, w), (n_where, n) = was.get(oid, ("—", None)), now.get(oid, ("—", None))
        face = n or w
        assert face is not None  # the object is on one board or the other
        if w_where != n_where:
            out.append(Change(face.name, "place", w_where, n_where))
        if w is None or n is None:
            continue
        out += [
            Change(face.name, k, w.stats.get(k, "—"), n.stats.get(k, "—"))
            for k in dict.fromkeys([*w.stats, *n.stats])
            if w.stats.get(k) != n.stats.get(k)
        ]
        if w.marks != n.marks:
            out.append(Change(face.name, "marks", ", ".join(w.marks) or "none", ", ".join(n.marks) or "none"))
    return out
