"""``rulekb init``: a new project for another game, from the template project shipped in kb/templates/project/.

The template's files are data: each is rendered with Jinja2 (the game's id and title, today's date; ``| yaml`` quotes
a value for YAML) and its path
has the folder ``GAME`` replaced by the game's id. A folder that already holds anything is refused, so that
nothing is ever overwritten.
"""

from __future__ import annotations

import datetime
import json
import re
from dataclasses import dataclass
from pathlib import Path

from kb.core.errors import RulekbError

TEMPLATE = Path(__file__).resolve().parent / "templates" / "project"
#: The folder name in the template that stands for the game's id.
GAME_PLACEHOLDER = "GAME"
_GAME_ID = re.compile(r"^[a-z][a-z0-9-]*$")


class InitError(RulekbError):
    """The project cannot be created where or as asked."""


@dataclass(frozen=True)
class NewProject:
    """What ``init`` created."""

    root: Path
    game: str
    files: list[Path]


def game_id_from(name: str) -> str:
    """A game id (lowercase letters, digits, hyphens) from a folder name: ``My Game 2`` → ``my-game-2``."""
    slug = re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")
    slug = re.sub(r"^[^a-z]+", "", slug)
    return slug or "game"


def create_project(root: Path, game: str | None = None, title: str | None = None) -> NewProject:
    """Write a new project into ``root`` (absent or empty): rules, a ruling, terms, links, docs and mkdocs.yml."""
    from jinja2 import Environment, StrictUndefined

    if root.exists() and not root.is_dir():
        raise InitError(f"{root} is a file, not a folder")
    if root.is_dir() and any(root.iterdir()):
        raise InitError(f"{root} is not empty: rulekb init only creates a project in a new or empty folder")
    game = game or game_id_from(root.resolve().name)
    if not _GAME_ID.match(game):
        raise InitError(
            f"the game id must be a lowercase name like 'athernum' (letters, digits, hyphens), not {game!r}"
        )
    values = {
        "game": game,
        "title": title or game.replace("-", " ").title(),
        "date": datetime.date.today().isoformat(),
    }
    env = Environment(keep_trailing_newline=True, undefined=StrictUndefined, autoescape=False)
    env.filters["yaml"] = lambda text: json.dumps(
        str(text), ensure_ascii=False
    )  # a YAML double-quoted string
    written: list[Path] = []
    for source in sorted(p for p in TEMPLATE.rglob("*") if p.is_file()):
        parts = [game if part == GAME_PLACEHOLDER else part for part in source.relative_to(TEMPLATE).parts]
        target = root.joinpath(*parts)
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(
            env.from_string(source.read_text(encoding="utf-8")).render(values), encoding="utf-8"
        )
        written.append(target)
    return NewProject(root=root, game=game, files=written)
