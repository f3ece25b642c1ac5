"""``rulekb init DIR``: start a rules knowledge base for another game."""

from __future__ import annotations

from pathlib import Path

import click
from rich.console import Console
from rich.markup import escape

from kb.cli import cli
from kb.scaffold import create_project


@cli.command("init")
@click.argument("folder", type=click.Path(file_okay=False, path_type=Path))
@click.option("--game", help="The game's id, lowercase (default: from the folder's name).")
@click.option("--title", help="The game's name as the site shows it (default: from the id).")
def init_command(folder: Path, game: str | None, title: str | None) -> None:
    """Create a new project in FOLDER (new or empty): sample rules, a ruling, terms, links and mkdocs.yml."""
    project = create_project(folder, game, title)
    out = Console(highlight=False)
    out.print(
        f"created a rulekb project for the game [bold]{escape(project.game)}[/bold] in {escape(str(folder))} "
        f"({len(project.files)} files)"
    )
    out.print(f"next: cd {escape(str(folder))} && rulekb build   (then open site/index.html)")
