"""Commands for judges: ``search`` (ranked hits), ``ask`` (the rules that settle a question), ``index``.

Imports of the search machinery stay inside the commands, so that loading the CLI costs nothing extra and
``rulekb search`` imports only what a search needs (the index, never Whoosh's analysis nor the rule graph);
``rulekb ask`` reads the graph and the rulings from memos and of the verify results only the summary and the
example it shows (``tests/search/test_cold_start.py``).
"""

from __future__ import annotations

import click

from kb.cli import EXIT_CODES, cli
from kb.search.strings import LANGUAGES
from kb.styled_output import Line, make_console, print_lines

#: The environment variable naming the event's game: ``search`` and ``ask`` keep to it unless ``--game`` or the
#: question names another.
GAME_VARIABLE = "RULEKB_GAME"
#: What ``--help`` says of it.
GAME_DEFAULT_HELP = (
    f" Without it: the game the question names, else ${GAME_VARIABLE} (the event's game, e.g."
    f" `export {GAME_VARIABLE}=atnia`), else the game whose words the question uses."
)

#: ``--kind`` choices: the four groups a judge thinks in, the rulebooks' passages, and the graph's own node kinds.
KIND_CHOICES = (
    "rule",
    "term",
    "ruling",
    "example",
    "rulebook",
    "section",
    "chapter",
    "paragraph",
    "remark",
    "scenario",
    "document",
)


def _event_game(engine) -> str | None:
    """The event's game from ``$RULEKB_GAME`` (unset or empty: none); a usage error names the variable when the
    index has no such game."""
    import os

    from kb.search.searcher import ALL_GAMES

    value = os.environ.get(GAME_VARIABLE, "").strip()
    if value and value.casefold() not in engine.games | {ALL_GAMES}:
        raise click.UsageError(
            f"${GAME_VARIABLE} is {value!r}: no such game in the index (games: {', '.join(sorted(engine.games))})"
        )
    return value or None


def _engine(paths):
    """An open search engine, with the index's warnings (damaged, out of date) shown on stderr."""
    from kb.search.searcher import SearchEngine

    engine = SearchEngine(paths)
    notes = [Line().add("warning:", "yellow").add(f" {warning}") for warning in engine.warnings]
    if engine.is_stale():
        notes.append(
            Line()
            .add("note:", "yellow")
            .add(
                " the rule sources changed since the search index was built; run `rulekb index` to refresh it"
            )
        )
    print_lines(notes, stderr=True)
    return engine


@cli.command(epilog=EXIT_CODES)
@click.argument("query", nargs=-1)
@click.option(
    "--game",
    help="Only this game (athernum, atnia, altered); `all`: every game, whatever the "
    "question's words suggest." + GAME_DEFAULT_HELP,
)
@click.option(
    "--doc", "document", help="Only this document: cr, rulebook-en, rulebook-de, rules, or game:document."
)
@click.option(
    "--kind",
    type=click.Choice(KIND_CHOICES, case_sensitive=False),
    help="Only rules, terms, rulings, examples or rulebook passages (or one node kind).",
)
@click.option("--limit", type=click.IntRange(1, 500), default=10, show_default=True, help="How many results.")
@click.option(
    "--explain",
    is_flag=True,
    help="Show why each hit ranked there: its score and which words matched "
    "which fields (typed, synonyms, translations, corrections).",
)
@click.option("--json", "as_json", is_flag=True, help="Print the results as JSON (schema: search).")
def search(
    query: tuple[str, ...],
    game: str | None,
    document: str | None,
    kind: str | None,
    limit: int,
    explain: bool,
    as_json: bool,
) -> None:
    """Search every rule, term, rulebook passage, ruling and example; a rule number jumps to that rule."""
    from kb.core.paths import Paths
    from kb.site_links import site_links

    paths = Paths.discover()
    with _engine(paths) as engine:
        result = engine.search(
            " ".join(query),
            game=game,
            default_game=_event_game(engine),
            document=document,
            kind=kind,
            limit=limit,
        )
        explanations = None
        if explain:
            from kb.search.explain import explain as explain_hits

            explanations = explain_hits(engine, result)
    links = site_links(paths)
    if as_json:
        from kb.json_output import json_document
        from kb.search.results import hits_payload

        # the notes also on stderr, where a judge piping the JSON still sees them
        print_lines([Line.of(f"note: {note}") for note in result.notes], stderr=True)
        click.echo(json_document("search", hits_payload(result, links, explanations)))
    else:
        from kb.search.render import print_hits

        print_hits(result, links, explanations)
    if not result.hits:
        raise click.exceptions.Exit(1)


@cli.command(epilog=EXIT_CODES)
@click.argument("question", nargs=-1, required=True)
@click.option(
    "--game",
    help="Only rules of this game; `all`: every game, whatever the question's words suggest."
    + GAME_DEFAULT_HELP,
)
@click.option("--limit", type=click.IntRange(1, 50), default=5, show_default=True, help="How many rules.")
@click.option(
    "--full",
    "length",
    flag_value="full",
    help="Show everything: every rule's context, terms, rulings, examples and rulebook passages.",
)
@click.option("--brief", "length", flag_value="brief", help="Only the answer and its rule.")
@click.option("--lang", type=click.Choice(LANGUAGES), help="The answer's language (default: the question's).")
@click.option("--explain", is_flag=True, help="Also show why search's hits ranked as they did.")
@click.option("--json", "as_json", is_flag=True, help="Print the answer as JSON (schema: ask).")
def ask(
    question: tuple[str, ...],
    game: str | None,
    limit: int,
    length: str | None,
    lang: str | None,
    explain: bool,
    as_json: bool,
) -> None:
    """Answer a judge's question, the answer first: the ruling that settles it (whole), the deciding rule,
    the example that proves it, then other relevant rules. Fits one screen unless --full."""
    from kb.core.loader import load_graph_view
    from kb.core.paths import Paths
    from kb.core.rulings import load_rulings
    from kb.search.ask import ask as answer_question
    from kb.site_links import site_links
    from kb.verify.results import load_results, load_scenario

    paths = Paths.discover()
    with _engine(paths) as engine:
        graph, defined_by = load_graph_view(paths)
        rulings, _ = load_rulings(paths)
        answer = answer_question(
            " ".join(question),
            engine,
            graph.as_graph(),
            rulings,
            load_results(paths, summary=True),
            defined_by,
            limit=limit,
            game=game,
            default_game=_event_game(engine),
            links=site_links(paths),
            lang=lang,
            explain=explain,
            in_full=lambda scenario: load_scenario(paths, scenario),
        )
    if as_json:
        from kb.json_output import json_document

        click.echo(json_document("ask", answer.to_dict()))
    else:
        from kb.search.render_answer import print_answer, print_explanations

        console = make_console()
        print_answer(answer, console, length=length or "default")
        print_explanations(answer, console)
    if not answer.rules:
        raise click.exceptions.Exit(1)


@cli.command()
def index() -> None:
    """Rebuild the search index under .rulekb/index/ (atomically: the old one stays until the new one works)."""
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    from kb.core.loader import load_kb
    from kb.core.paths import Paths
    from kb.search.indexer import index_knowledge_base

    paths = Paths.discover()
    console = make_console()
    with Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=console,
        transient=True,
    ) as progress:
        task = progress.add_task("reading the rules", total=None)
        kb = load_kb(paths)
        progress.update(task, description="indexing")

        def advance(done: int, total: int) -> None:
            progress.update(task, completed=done, total=total)

        report = index_knowledge_base(paths, kb, on_progress=advance)
    kinds = ", ".join(f"{n} {k}" for k, n in sorted(report.kinds.items(), key=lambda kv: -kv[1]))
    console.print(
        f"[green]indexed[/green] {report.documents} entries ({kinds}) in {report.seconds:.1f} s "
        f"→ {report.path.relative_to(paths.root)}/"
    )
    for note in report.notes:
        console.print(f"[yellow]note:[/yellow] {note}")
