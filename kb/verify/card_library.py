"""A game's card library for scenarios: its YAML files read into the engine's cards, or the first problem in
them named by file, line and card."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from kb.core.errors import Problem
from kb.core.textfile import read_text
from kb.core.yamlpos import YamlInvalid, load_located
from kb.verify.bounds import out_of_bounds


@dataclass(frozen=True)
class CardReader:
    """How one engine reads cards: its library loader, the error it raises, and the card an error names."""

    parse: Callable[[Any], dict[str, Any]]  # (the library files' data) -> cards by name
    error: type[Exception]
    card_named: Callable[[Any], str | None]  # (an error) -> the card it names; None: it names none


def read_library(
    files: list[Path], folder: Path, display: str, reader: CardReader
) -> tuple[dict, Problem | None]:
    """The cards of ``files`` (under ``folder``, shown as ``display/…``); the first problem ends the reading."""
    library: dict = {}
    for path in files:
        cards, problem = _read_file(path, f"{display}/{path.relative_to(folder)}", reader, library)
        if problem is not None:
            return library, problem
        library.update(cards)
    return library, None


def _read_file(path: Path, display: str, reader: CardReader, known: dict) -> tuple[dict, Problem | None]:
    text, problems = read_text(path, display)
    if text is None or problems:
        return {}, problems[0]
    try:
        located = load_located(text)
    except YamlInvalid as exc:
        return {}, exc.problem(display)
    beyond = out_of_bounds(located.data, located, display)
    if beyond:
        return {}, beyond[0]
    try:
        cards = reader.parse(located.data or {})
    except reader.error as exc:
        card = reader.card_named(exc)
        return {}, Problem(display, 0 if card is None else located.line_of((card,)), card or "", str(exc))
    for name in cards:
        if name in known:
            return {}, Problem(
                display,
                located.line_of((name,)),
                name,
                f"card {name!r} is already defined in another library file",
            )
    return cards, None
