"""Commands over the rule sources and graph: import, build, rule, lint, graph."""

from __future__ import annotations

import sys
from pathlib import Path

import click
from rich.console import Console
from rich.text import Text

from kb import importer
from kb.build import run_build
from kb.cli import EXIT_CODES, cli
from kb.core.errors import GateError, ImportFormatError, NotFound, RulekbError, Severity, SourceError
from kb.core.ids import normalise_lookup
from kb.core.loader import load_kb
from kb.core.paths import Paths
from kb.export import FORMATS as EXPORT_FORMATS
from kb.export import export
from kb.importer.release import ReleaseSummary, take_release
from kb.json_output import json_document
from kb.lint import lint as run_lint
from kb.rule_view import build_view, print_view
from kb.styled_output import make_console, problem_text


def _console() -> Console:
    return make_console()


def _console_err() -> Console:
    return Console(highlight=False, stderr=True)


@cli.command("import", epilog=EXIT_CODES)
@click.argument("sources", nargs=-1, type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option(
    "--seeds",
    type=click.Path(exists=True, file_okay=False, path_type=Path),
    help="Import every document found in this folder.",
)
@click.option(
    "--format",
    "fmt",
    type=click.Choice(importer.FORMATS),
    help="The document's format (detected if omitted).",
)
@click.option(
    "--release",
    help="Import as a new release, e.g. 2026-01: it becomes the current source and the current "
    "text is archived as <document>@<its release>.md.",
)
@click.option(
    "--previous",
    help="The release name of the text being archived (default: its front matter's release, "
    "else its version).",
)
@click.option(
    "--force", is_flag=True, help="Replace an existing rule source (it is the edited truth: careful)."
)
@click.option(
    "--json", "as_json", is_flag=True, help="Print what was imported and repaired as JSON (schema: import)."
)
def import_command(
    sources: tuple[Path, ...],
    seeds: Path | None,
    fmt: str | None,
    release: str | None,
    previous: str | None,
    force: bool,
    as_json: bool,
) -> None:
    """Import source documents into canonical rule sources under rules/<game>/, reporting every repair; with
    --release, a new release of a document, with a summary of what changed and what it impacts."""
    paths = Paths.discover()
    files = list(sources) + (
        sorted(p for p in seeds.iterdir() if p.suffix in (".txt", ".md") and p.name != "README.md")
        if seeds
        else []
    )
    if not files:
        raise click.UsageError("give the files to import, or --seeds DIR")
    importer.check_release(release)
    if previous is not None:
        importer.check_release(previous)
    console = _console()
    report = []
    failed = []
    for path in files:
        try:
            text = importer.read_document(path)
            kind = fmt or importer.detect_format(text)
            result = importer.convert(text, kind, source=path.name, release=release)
            target = importer.target_path(paths.rules, result)
            if release:
                summary = take_release(paths, result, target, previous=previous)
            else:
                importer.write(result, target, force=force, root=paths.root)
                summary = None
        except ImportFormatError as exc:
            failed.append(f"{path}: {exc}" if str(path) not in str(exc) else str(exc))
            continue
        entry: dict[str, object] = {
            "source": str(path),
            "format": kind,
            "target": str(target.relative_to(paths.root)),
            "repairs": [r.to_dict() for r in result.repairs],
        }
        if summary is not None:
            entry["release"] = {
                "name": summary.release,
                "previous": summary.previous,
                "archived": str(summary.archived.relative_to(paths.root)) if summary.archived else None,
                "counts": summary.counts(),
                "changes": [c.to_dict() for c in summary.changes],
                "notes": str(summary.notes.relative_to(paths.root)) if summary.notes else None,
                "impacted_scenarios": summary.scenarios,
                "impacted_rulings": summary.rulings,
            }
        report.append(entry)
        if not as_json:
            _print_import(console, path, kind, paths.root, target, result, summary)
    if as_json:
        click.echo(json_document("import", {"imported": report}))
    if failed:
        raise ImportFormatError("\n".join(failed))


def _print_import(
    console: Console, path: Path, kind: str, root: Path, target: Path, result, summary: ReleaseSummary | None
) -> None:
    """One document's import: where it went, how many repairs, and for a release what changed and what it impacts."""
    console.print(Text.assemble(("imported", "green"), f" {path.name} ({kind}) → {target.relative_to(root)}"))
    if result.repairs:
        console.print(Text(f"  {len(result.repairs)} repairs of the scan (rulekb lint --all lists them)"))
    if summary is None:
        return
    if summary.archived is not None:
        console.print(
            Text(
                f"  release {summary.release} is current; {summary.previous} archived as "
                f"{summary.archived.name}"
            )
        )
    for change in summary.changes:
        name = f"{change.old_id} → {change.id}" if change.old_id and change.old_id != change.id else change.id
        impact = ", ".join(
            part
            for part in (
                f"{len(change.scenarios)} scenario{'s' * (len(change.scenarios) != 1)}"
                if change.scenarios
                else "",
                ", ".join(change.rulings),
            )
            if part
        )
        console.print(Text(f"  {change.kind:>10} {name}" + (f"  ({impact})" if impact else "")))
    counts = ", ".join(f"{n} {kind}" for kind, n in summary.counts().items())
    console.print(
        Text(f"  {counts}; {len(summary.scenarios)} scenarios and {len(summary.rulings)} rulings impacted")
    )
    if summary.notes is not None:
        console.print(
            Text(
                f"  release notes: {summary.notes.relative_to(root)}; next: rulekb renumber "
                "--dry-run, rulekb lint, rulekb verify --changed"
            )
        )


@cli.command()
@click.option(
    "--draft",
    is_flag=True,
    help="Publish even with lint errors or failing scenarios (marked on the pages as failing or broken).",
)
def build(draft: bool) -> None:
    """Build everything into site/: parse and lint the rules, verify, index, generate the site.

    Lint errors or a failing scenario stop the build with a non-zero exit; site/, the search index and the
    stored verify results stay as they were (--draft publishes anyway)."""
    paths = Paths.discover()
    console = _console()
    try:
        ctx = run_build(paths, console, draft=draft, collect=False)  # the process ends without collecting
    except SourceError as exc:
        for problem in exc.problems:
            if problem.severity == Severity.ERROR:
                console.print(problem_text(problem))
        kept = "the previous site/ is unchanged" if paths.site.is_dir() else "there is no previous site/ yet"
        hint = (
            " (rulekb build --draft publishes anyway, marked as a draft)"
            if isinstance(exc, GateError)
            else ""
        )
        raise RulekbError(f"the build stopped; {kept}{hint}") from None
    for note in ctx.notes:
        console.print(Text(f"  {note}"))
    console.print(f"[green]built[/green] {ctx.out.relative_to(paths.root)}/")


@cli.command(epilog=EXIT_CODES)
@click.option("--host", default="127.0.0.1", show_default=True, help="The address to serve on.")
@click.option(
    "--port",
    type=click.IntRange(0, 65535),
    default=8000,
    show_default=True,
    help="The port to serve on (0: any free port).",
)
def serve(host: str, port: int) -> None:
    """Build, serve site/ on localhost, and rebuild on every edit of the rules, scenarios, docs or templates.

    Rebuilds are drafts (failing examples and broken references marked on the pages) and incremental; an open
    page reloads itself once its rebuild is in place. A rebuild that fails keeps the previous site served."""
    from kb.serve import serve as run_serve

    run_serve(Paths.discover(), _console(), host, port)


@cli.command(epilog=EXIT_CODES)
@click.argument("rule_id")
@click.option(
    "--game", help="The game whose rule this is (athernum, atnia, altered), when the id does not say."
)
@click.option(
    "--json", "as_json", is_flag=True, help="Print the rule and its context as JSON (schema: rule)."
)
def rule(rule_id: str, game: str | None, as_json: bool) -> None:
    """Show a rule with its context: breadcrumb, subrules, references, terms, rulebook passages, the rulings on
    it and the examples that show it. A ruling's or an example's id shows that ruling or example."""
    from kb.commands.lookup import _games, show_example, show_ruling

    kb = load_kb()
    games = _games(kb, game)
    node_id = _resolve(kb, rule_id, games)
    if node_id is not None and game is not None and kb.node(node_id).game != game:
        node_id = None
    if node_id is None:
        for kind, show in (("ruling", show_ruling), ("example", show_example)):
            if show(kb, rule_id, game, as_json):
                _console_err().print(
                    f"note: {rule_id} is {'a' if kind == 'ruling' else 'an'} {kind}; "
                    f"`rulekb {kind} {rule_id}` shows it",
                    markup=False,
                )
                return
        hints = [
            h
            for h in kb.lookup.suggest(rule_id if ":" in rule_id else f"{games[0]}:{rule_id}", kb.graph)
            if game is None or h.startswith(f"{game}:")
        ]
        hint = ("; did you mean: " + ", ".join(hints)) if hints else ""
        raise NotFound(f"no rule {rule_id!r}" + (f" in {game}" if game else "") + hint)
    from kb.core.rulings import load_rulings
    from kb.site_links import site_links
    from kb.verify.results import load_results

    view = build_view(
        kb.graph, node_id, load_rulings(kb.paths)[0], load_results(kb.paths), site_links(kb.paths)
    )
    if as_json:
        click.echo(json_document("rule", view.to_dict()))
    else:
        print_view(view, _console())


def _resolve(kb, typed: str, games: list[str]) -> str | None:
    """The node a typed id names: as typed (``athernum:4.2.2a``, ``rule 4.2.2a.``), else in each game in turn,
    so that Altered's ``1.4.1.b`` is found without its game (and ``--game`` picks one game's rule)."""
    local = normalise_lookup(typed).local
    found = kb.lookup.resolve(typed) if ":" in typed or len(games) > 1 else None
    return found or next((n for g in games if (n := kb.lookup.resolve(f"{g}:{local}"))), None)


@cli.command(epilog=EXIT_CODES)
@click.option(
    "--format",
    "fmt",
    type=click.Choice(["text", "json"]),
    default="text",
    show_default=True,
    help="text: one finding per line, file:line: level [field]: message; json: for tools.",
)
@click.option("--json", "as_json", is_flag=True, help="The same as --format json (schema: lint).")
@click.option("--all", "show_all", is_flag=True, help="Also list notes (the importer's repairs).")
def lint(fmt: str, as_json: bool, show_all: bool) -> None:
    """Check the rule sources, rulings, curated data and scenarios: ids, numbering, references, schema, terms,
    spelling, suspect scenarios and rulings, untested rules. Fails on errors only."""
    as_json = as_json or fmt == "json"
    kb = load_kb()
    findings = run_lint(kb)
    errors = sum(1 for f in findings if f.severity == Severity.ERROR)
    if as_json:
        click.echo(json_document("lint", {"errors": errors, "findings": [f.to_dict() for f in findings]}))
    else:
        console = _console()
        shown = [f for f in findings if show_all or f.severity != Severity.INFO]
        for finding in shown:
            console.print(problem_text(finding))
        counts = {s: sum(1 for f in findings if f.severity == s) for s in Severity}
        hidden = "" if show_all else " (--all lists the notes)"
        console.print(
            f"{counts[Severity.ERROR]} errors, {counts[Severity.WARNING]} warnings, "
            f"{counts[Severity.INFO]} notes{hidden}"
        )
    if errors:
        raise click.exceptions.Exit(1)


@cli.command()
@click.option("--format", "fmt", type=click.Choice(EXPORT_FORMATS), default="json", show_default=True)
@click.option(
    "-o", "--output", type=click.Path(dir_okay=False, path_type=Path), help="Write to FILE instead of stdout."
)
def graph(fmt: str, output: Path | None) -> None:
    """Export the rule graph (JSON node-link data, or GraphML)."""
    kb = load_kb()
    kb.raise_for_errors()
    text = export(kb.graph, fmt)
    if output:
        output.write_text(text, encoding="utf-8")
        _console().print(Text(f"wrote {output} ({kb.graph.number_of_nodes()} nodes)"))
    else:
        sys.stdout.write(text + "\n")
