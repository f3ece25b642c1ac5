"""Commands for rule authors: diff two versions of the rules and see what a change touches."""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import asdict

import click
from rich.console import Console
from rich.markup import escape
from rich.text import Text

from kb.cli import EXIT_CODES, cli
from kb.core.loader import load_kb
from kb.core.paths import Paths
from kb.core.rulings import load_rulings
from kb.core.versions import load_spec
from kb.diff import Change, ChangeKind, Citations, attach_impact, compare, impacted_scenarios
from kb.json_output import json_document
from kb.renumber import apply, latest_release_changes, plan, renumberings
from kb.styled_output import make_console
from kb.verify.changed import behaviour_diff

STYLE = {
    ChangeKind.ADDED: "green",
    ChangeKind.REMOVED: "red",
    ChangeKind.CHANGED: "yellow",
    ChangeKind.RENUMBERED: "cyan",
}


def diff_versions(old_spec: str, new_spec: str, paths: Paths) -> list[Change]:
    """The changes from ``old_spec`` to ``new_spec`` with their impact on this project's scenarios and rulings."""
    old_kb, new_kb = load_spec(old_spec, paths), load_spec(new_spec, paths)
    changes = compare(old_kb.graph, new_kb.graph)
    rulings, _ = load_rulings(paths)
    attach_impact(changes, old_kb.graph, new_kb.graph, Citations.read(paths.scenarios, rulings))
    return changes


def styled_diff(text: str) -> Text:
    """A word diff with removals in red and additions in green."""
    out = Text("    ")
    for part in re.split(r"(\[-.*?-\]|\{\+.*?\+\})", text):
        style = "red" if part.startswith("[-") else "green" if part.startswith("{+") else ""
        out.append(part, style=style)
    return out


def print_changes(console: Console, changes: list[Change]) -> None:
    for c in changes:
        name = f"{c.old_id} → {c.id}" if c.kind == ChangeKind.RENUMBERED else c.id
        console.print(f"[{STYLE[c.kind]}]{c.kind:>10}[/] [bold]{escape(name)}[/bold]")
        if c.word_diff:
            console.print(styled_diff(c.word_diff))
        elif c.kind == ChangeKind.ADDED:
            console.print(f"    [green]{escape(c.new_text)}[/green]")
        elif c.kind == ChangeKind.REMOVED:
            console.print(f"    [red]{escape(c.old_text)}[/red]")
        if c.scenarios:
            console.print(f"    scenarios: {escape(', '.join(c.scenarios))}")
        if c.rulings:
            console.print(f"    rulings: {escape(', '.join(c.rulings))}")
    counts = Counter(c.kind for c in changes)
    console.print(
        ", ".join(f"{counts.get(k, 0)} {k}" for k in ChangeKind)
        + f"; {len(impacted_scenarios(changes))} scenarios impacted"
    )


@cli.command(epilog=EXIT_CODES)
@click.argument("old")
@click.argument("new", required=False)
@click.option("--json", "as_json", is_flag=True, help="Print the changes as JSON (schema: diff).")
@click.option(
    "--exit-code", "exit_code", is_flag=True, help="Exit with 1 when the versions differ (as git diff)."
)
@click.option("--run", "run", is_flag=True, help="Also verify the impacted scenarios under both versions.")
@click.option("-j", "--jobs", type=click.IntRange(1, 64), default=1, show_default=True)
def diff(old: str, new: str | None, as_json: bool, exit_code: bool, run: bool, jobs: int) -> None:
    """Compare two versions of the rules (folders or git revisions; NEW defaults to the working tree)."""
    changes = _diff(old, new, as_json, run, jobs)
    if exit_code and changes:
        raise click.exceptions.Exit(1)


def _diff(old: str, new: str | None, as_json: bool, run: bool, jobs: int) -> list:
    """Print the changes (and, with ``run``, the outcomes that changed); return the changes."""
    paths = Paths.discover()
    new = new or str(paths.root)
    if run:
        changes, changed, count = behaviour_diff(paths, old, new, jobs=jobs)
        if as_json:
            click.echo(
                json_document(
                    "diff",
                    {
                        "changes": [c.to_dict() for c in changes],
                        "impacted_scenarios": impacted_scenarios(changes),
                        "verified": count,
                        "outcome_changed": [asdict(b) for b in changed],
                    },
                )
            )
            return changes
        console = make_console()
        print_changes(console, changes)
        console.print(
            f"\n{count} impacted scenarios verified under both versions; {len(changed)} changed outcome:"
        )
        for b in changed:
            console.print(
                f"  [bold]{escape(b.scenario)}[/bold]: {b.old_status} → [yellow]{b.new_status}[/yellow]"
            )
            if b.new_reason:
                console.print(f"      {escape(b.new_reason)}")
        return changes
    changes = diff_versions(old, new, paths)
    if as_json:
        click.echo(
            json_document(
                "diff",
                {
                    "changes": [c.to_dict() for c in changes],
                    "impacted_scenarios": impacted_scenarios(changes),
                },
            )
        )
    else:
        print_changes(make_console(), changes)
    return changes


@cli.command(epilog=EXIT_CODES)
@click.argument("old", required=False)
@click.option("--dry-run", is_flag=True, help="Show each edit without writing it.")
def renumber(old: str | None, dry_run: bool) -> None:
    """Rewrite every reference to a renumbered rule (scenarios, rulings, links, terms, parameters).

    The renumberings are those from OLD (a folder or git revision) to the working tree; by default, from each
    document's newest archived release (rules/<game>/<document>@<release>.md) to its current source."""
    paths = Paths.discover()
    if old is None:
        changes = latest_release_changes(paths)
    else:
        changes = compare(load_spec(old, paths).graph, load_kb(paths).graph)
    moves = renumberings(changes)
    edits = plan(paths, moves)
    console = make_console()
    for edit in edits:
        where = f"{edit.path.relative_to(paths.root)}:{edit.line}"
        console.print(
            Text.assemble(
                (where, "bold"), ": ", (edit.before.strip(), "red"), " → ", (edit.after.strip(), "green")
            )
        )
    renumbered = sum(len(m) for m in moves.values())
    files = len({e.path for e in edits})
    if dry_run:
        console.print(
            Text(f"{renumbered} rules renumbered; would edit {len(edits)} lines in {files} files (--dry-run)")
        )
        return
    apply(edits)
    console.print(Text(f"{renumbered} rules renumbered; edited {len(edits)} lines in {files} files"))
