"""Commands that show one entry whole: ``ruling`` (a ruling with its rules and examples) and ``example`` (an
example's proof as the site shows it). ``rulekb rule`` hands ruling and example ids over to them."""

from __future__ import annotations

import click
from rich.console import Console

from kb.cli import EXIT_CODES, cli
from kb.core.errors import NotFound
from kb.core.loader import KnowledgeBase, load_kb
from kb.core.rulings import load_rulings
from kb.site_links import site_links
from kb.verify.results import ScenarioResult, load_results

GAME_HELP = "The game whose id this is (athernum, atnia, altered), when the id does not say."


def _console() -> Console:
    return Console(highlight=False)


def _games(kb: KnowledgeBase, game: str | None) -> list[str]:
    """The games to look in, the one asked for only; else Athernum first, then the others by name."""
    known = sorted({data.game for _, data in kb.graph.node_items()})
    if game is not None and game not in known:
        raise NotFound(f"no game {game!r}; the games are {', '.join(known)}")
    return [game] if game else sorted(known, key=lambda g: (g != "athernum", g))


def find_example(kb: KnowledgeBase, typed: str, game: str | None) -> ScenarioResult | None:
    """The verify result of the example ``typed`` names: its id (``athernum/combat/x``), its id within a game
    (``combat/x``), or its file (``scenarios/athernum/combat/x.yaml``)."""
    key = typed.strip().removeprefix("scenarios/").removesuffix(".yaml").removesuffix(".yml").strip("/")
    by_id = {s.id.casefold(): s for s in load_results(kb.paths).scenarios}
    for candidate in [key, *(f"{g}/{key}" for g in _games(kb, game))]:
        found = by_id.get(candidate.casefold())
        if found is not None and (game is None or found.game == game):
            return found
    return None


def show_ruling(kb: KnowledgeBase, typed: str, game: str | None, as_json: bool) -> bool:
    """Print the ruling ``typed`` names (False when there is none)."""
    from kb.json_output import json_document
    from kb.ruling_view import build_ruling_view, find_ruling, print_ruling

    rulings, _ = load_rulings(kb.paths)
    ruling = find_ruling(rulings, typed, game)
    if ruling is None:
        return False
    view = build_ruling_view(kb.graph, ruling, load_results(kb.paths), site_links(kb.paths))
    if as_json:
        click.echo(json_document("ruling", view.to_dict()))
    else:
        print_ruling(view, _console())
    return True


def show_example(kb: KnowledgeBase, typed: str, game: str | None, as_json: bool) -> bool:
    """Print the proof of the example ``typed`` names (False when verify has no result for it)."""
    from dataclasses import asdict

    from kb.json_output import json_document
    from kb.proof.model import build_proof
    from kb.proof.text import print_proof
    from kb.urls import crowded_units, scenario_url

    result = find_example(kb, typed, game)
    if result is None:
        return False
    rulings, _ = load_rulings(kb.paths)
    proof = build_proof(result, [r for r in rulings if r.game == result.game])
    crowded = crowded_units(kb.graph, load_results(kb.paths).scenarios)
    url = site_links(kb.paths).href(scenario_url(kb.graph, result.game, result.id, result.rules, crowded))
    if as_json:
        click.echo(json_document("example", {**asdict(proof), "url": url}))
    else:
        print_proof(proof, _console(), url)
    return True


@cli.command(epilog=EXIT_CODES)
@click.argument("ruling_id")
@click.option("--game", help=GAME_HELP)
@click.option("--json", "as_json", is_flag=True, help="Print the ruling as JSON (schema: ruling).")
def ruling(ruling_id: str, game: str | None, as_json: bool) -> None:
    """Show a ruling whole: question, answer, reasoning, the rules it rests on with their text, the examples
    that prove it with their verify status."""
    kb = load_kb()
    _games(kb, game)
    if not show_ruling(kb, ruling_id, game, as_json):
        raise NotFound(
            f"no ruling {ruling_id!r}"
            + (f" in {game}" if game else "")
            + "; `rulekb search --kind ruling WORDS` finds rulings by their words"
        )


@cli.command(epilog=EXIT_CODES)
@click.argument("example_id")
@click.option("--game", help=GAME_HELP)
@click.option("--json", "as_json", is_flag=True, help="Print the proof as JSON (schema: example).")
def example(example_id: str, game: str | None, as_json: bool) -> None:
    """Show an example as the site does: its verdict, the board at the start with card statistics, each step
    in words, the end state checked, and the engine's log with the rule of each entry."""
    kb = load_kb()
    if not show_example(kb, example_id, game, as_json):
        raise NotFound(
            f"no verified example {example_id!r}"
            + (f" in {game}" if game else "")
            + "; examples are named like athernum/combat/defender-deals-damage (`rulekb verify` "
            "records them; `rulekb search --kind example WORDS` finds them)"
        )
