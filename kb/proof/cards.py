"""A game's card library as the examples use it: each card with its printed statistics, its text and its definition
in the card language, and the examples that use it. Cards a scenario defines itself are entries of their own."""

from __future__ import annotations

import hashlib
import re
from collections.abc import Iterable
from contextlib import suppress
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, NamedTuple

import yaml

from kb.core.memo import per_file
from kb.verify.adapter_base import GameAdapter
from kb.verify.adapters import adapter_for
from kb.verify.results import ScenarioResult

#: The printed text an author writes beside a card's name: ``Coin Clerk:   # Tally — {tide}: Draw a card.``
#: This module's version: a memo of library files read by another version of it is not reused.
_CODE = hashlib.sha256(Path(__file__).read_bytes()).hexdigest()[:12]
_NAME_COMMENT = re.compile(r"^(?P<name>[^\s#][^:#]*?)\s*:\s*(?:\{.*\})?\s*#\s*(?P<text>.+)$")


@dataclass
class CardEntry:
    """One card of the library: name, printed statistics, text, definition as written, who uses it."""

    name: str
    stats: dict[str, str]
    text: list[str]  # the printed text: the card's, its abilities', or the line its author wrote beside it
    definition: str  # the card as its library (or scenario) writes it, abilities included
    source: str  # the file defining it
    scenario: str | None = None  # the scenario defining it, for a card of its own
    used_by: list[str] = field(default_factory=list)  # scenario ids


@dataclass
class CardLibrary:
    """A game's cards used by its examples, and how to find a card named in an example."""

    game: str
    cards: list[CardEntry] = field(default_factory=list)
    unused: int = 0  # library cards no example uses

    def entry(self, name: str, scenario: str | None = None) -> CardEntry | None:
        """The entry a card name in ``scenario`` stands for: the scenario's own card, else the library's."""
        found = self._index().get((name, scenario))
        return found if found is not None or scenario is None else self.entry(name)

    def _index(self) -> dict[tuple[str, str | None], CardEntry]:
        """The first card of each name and scenario, made on first use (each example's page looks up every card it
        shows: a scan of the list each time took 0.4 s of a build)."""
        index = self.__dict__.get("_by_name")
        if index is None:
            index = self.__dict__["_by_name"] = {}
            for card in self.cards:
                index.setdefault((card.name, card.scenario), card)
        return index

    def __getstate__(self) -> dict[str, object]:
        """The library without its index: a copy, or its fingerprint, is the same whether it was looked in yet."""
        return {k: v for k, v in self.__dict__.items() if k != "_by_name"}


def _texts(data: dict) -> list[str]:
    """The texts a card's data carries: its own ``text``, then each ability's."""
    out = [str(data["text"])] if data.get("text") else []
    for ability in data.get("abilities") or []:
        if isinstance(ability, dict):
            only = next(iter(ability.values())) if len(ability) == 1 else None
            inner = only if isinstance(only, dict) else ability  # {reaction: {text: …}} or {type: …, text: …}
            if inner.get("text"):
                out.append(str(inner["text"]))
    return out


#: PyYAML's safe loader and dumper in C where it has them (several times faster; they read and write the same YAML).
_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
_DUMPER = getattr(yaml, "CSafeDumper", yaml.SafeDumper)


def _definition(data: dict) -> str:
    """A card's data as its file writes it, without the name."""
    return yaml.dump(
        data, Dumper=_DUMPER, sort_keys=False, allow_unicode=True, default_flow_style=None, width=100
    ).strip()


class CardSource(NamedTuple):
    """A card as its library file writes it: its data, the text written beside its name, its file, and its
    definition as the cards page shows it."""

    data: dict
    note: str
    file: str
    definition: str


def _read_library_file(path: Path, root: Path) -> dict[str, CardSource]:
    text = path.read_text(encoding="utf-8")
    try:
        cards = yaml.load(text, Loader=_LOADER) or {}
    except yaml.YAMLError:  # verify reports the file, by line; its cards are shown without their source
        return {}
    notes = {
        m["name"].strip(): m["text"].strip() for line in text.splitlines() if (m := _NAME_COMMENT.match(line))
    }
    out: dict[str, CardSource] = {}
    for name, data in cards.items() if isinstance(cards, dict) else ():
        data = data if isinstance(data, dict) else {}
        out[str(name)] = CardSource(
            data, notes.get(str(name), ""), path.relative_to(root).as_posix(), _definition(data)
        )
    return out


def read_sources(files: Iterable[Path], root: Path, memo: Path | None = None) -> dict[str, CardSource]:
    """Each card of the library files; with ``memo``, a file whose size and time are unchanged since the last
    build is not read again (YAML reading and writing are most of a cards page's time)."""
    out: dict[str, CardSource] = {}
    for cards in per_file(memo, list(files), lambda path: _read_library_file(path, root)).values():
        out.update(cards)
    return out


def used_names(result: ScenarioResult) -> set[str]:
    """The cards an example shows: those on its boards (start and end)."""
    return {face.name for board in (result.start, result.end) if board for face in board.cards()}


def card_library(
    game: str, root: Path, results: Iterable[ScenarioResult], memo: Path | None = None
) -> CardLibrary:
    """The cards of ``game`` its examples use, library cards first (by name), then each scenario's own cards
    (``memo``: the folder where to keep the library files as read, see :func:`read_sources`)."""
    found = adapter_for(game, root / "scenarios")
    adapter = (
        found if isinstance(found, GameAdapter) else None
    )  # one that reads cards as the built-in ones do
    library: dict[str, Any] = adapter.library() if adapter else {}
    kept = memo / f"cards-{game}-{_CODE}.pickle" if memo is not None else None
    sources: dict[str, CardSource] = read_sources(adapter.library_files(), root, kept) if adapter else {}
    results = sorted(results, key=lambda r: r.id)
    users: dict[str, list[str]] = {}
    own: list[CardEntry] = []
    for result in results:
        for name in sorted(used_names(result)):
            if name not in result.cards:
                users.setdefault(name, []).append(result.id)
        for name, data in sorted(result.cards.items()):
            stats: dict[str, str] = {}
            if adapter:  # a card the engine refuses is shown as written (the example says so)
                with suppress(adapter.card_reader.error):
                    stats = adapter.card_stats(adapter.load_card({"name": name, **data}, name))
            own.append(
                CardEntry(name, stats, _texts(data), _definition(data), result.path, result.id, [result.id])
            )
    cards: list[CardEntry] = []
    for name in sorted(n for n in users if n in library):
        assert adapter is not None  # without one, the library is empty
        data, note, source, definition = sources.get(name, ({}, "", "", ""))
        text = _texts(data) or ([note] if note else [])
        cards.append(
            CardEntry(name, adapter.card_stats(library[name]), text, definition, source, used_by=users[name])
        )
    return CardLibrary(game, cards + own, unused=len(set(library) - set(users)))
