"""Commands over scenarios: verify (run them), review (accept the current rule texts)."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import click
from rich.console import Console
from rich.markup import escape
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table
from rich.text import Text

from kb.cli import EXIT_CODES, cli
from kb.core.errors import Problem, RulekbError
from kb.core.loader import load_kb
from kb.core.rulings import Ruling, load_rulings
from kb.json_output import json_document
from kb.ruling_review import record, suspect_rulings
from kb.styled_output import make_console, problem_text
from kb.verify.changed import verify_changed
from kb.verify.fingerprint import suspects_of, update_file
from kb.verify.report import RulingCheck, Summary, failure_lines, summarise
from kb.verify.results import Status, VerifyResults
from kb.verify.scenario import ScenarioInvalid, discover, game_of, load_scenario
from kb.verify.session import verify as run_verify

STATUS_STYLE = {Status.PASSED: "green", Status.FAILED: "red", Status.ERROR: "magenta", Status.XFAIL: "yellow"}


def _inside(scenarios: Path, targets: tuple[Path, ...]) -> list[Path]:
    """The targets as absolute paths, each required to lie in the project's scenarios folder (a game's folder is
    the first below it, so a scenario elsewhere could not be run)."""
    root = scenarios.resolve()
    out = [t.resolve() for t in targets]
    for given, path in zip(targets, out):
        if path != root and not path.is_relative_to(root):
            raise RulekbError(
                f"{given} is not in this project's scenarios folder ({root}); scenarios live in "
                "scenarios/<game>/"
            )
    return out


def _counts(counts: dict[Status, int]) -> str:
    """``N scenario(s): n passed, n failed, …`` with each status in its colour."""
    total = sum(counts.values())
    statuses = ", ".join(f"[{STATUS_STYLE[st]}]{counts.get(st, 0)} {st}[/]" for st in Status)
    return f"{total} scenario{'' if total == 1 else 's'}: {statuses}"


def print_summary(
    console: Console,
    results: VerifyResults,
    summary: Summary,
    ran: set[str] | None = None,
    coverage: bool = True,
) -> None:
    """Failures with their reasons, diffs and log, counts per status, coverage per chapter, rulings lacking proof.

    ``ran``: the paths a partial run ran; only its failures are shown and its counts make a one-line summary (the
    stored results of scenarios it did not run are not its business). ``coverage``: print the coverage tables."""
    for s in results.scenarios:
        if s.status in (Status.FAILED, Status.ERROR) and (ran is None or s.path in ran):
            console.print(
                f"\n[{STATUS_STYLE[s.status]}]{s.status.upper()}[/] {escape(s.id)}  [dim]{escape(s.path)}[/dim]"
            )
            lines = failure_lines(s)
            lines[0] = s.reason  # the status is in the heading already
            console.print(escape("\n".join(lines)))
    if ran is not None:
        mine = Counter(s.status for s in results.scenarios if s.path in ran)
        console.print(f"\nthis run: {_counts(mine)}")
    else:
        console.print(f"\n{_counts(summary.counts)}")
    for game, game_coverage in summary.coverage.items() if coverage else ():
        if not game_coverage.chapters:
            continue
        table = Table(title=f"{game} coverage", show_edge=False)
        for col in ("chapter", "rules", "demonstrated", "by subrules", "not testable", "missing", "%"):
            table.add_column(col, justify="right" if col != "chapter" else "left")
        for c in [*game_coverage.chapters, game_coverage.overall]:
            name = (
                f"{c.chapter} {c.title}"
                if c.chapter.isdigit() and not c.title.startswith("rules ")
                else c.title
            )
            table.add_row(
                name,
                str(c.total),
                str(c.demonstrated),
                str(c.by_subrules),
                str(c.not_testable),
                str(c.missing),
                f"{c.percent:.1f}",
            )
        console.print(table)
    for check in summary.rulings:
        console.print(f"[yellow]ruling {escape(check.ruling)}[/yellow]: {escape(check.problem)}")
    for problem in summary.problems:
        console.print(problem_text(problem))


@cli.command(epilog=EXIT_CODES)
@click.argument("targets", nargs=-1, type=click.Path(exists=True, path_type=Path))
@click.option("--json", "as_json", is_flag=True, help="Print the summary as JSON (schema: verify).")
@click.option(
    "-j", "--jobs", type=click.IntRange(1, 64), default=1, show_default=True, help="Processes to run on."
)
@click.option(
    "--changed",
    "changed",
    is_flag=False,
    flag_value="HEAD",
    default=None,
    metavar="[REV]",
    help="Run only the scenarios impacted by the rule changes since REV (default: the last commit).",
)
@click.option(
    "--coverage/--no-coverage",
    "show_coverage",
    default=None,
    help="Print the coverage tables (default: on a full run only).",
)
def verify(
    targets: tuple[Path, ...], as_json: bool, jobs: int, changed: str | None, show_coverage: bool | None
) -> None:
    """Run the scenarios (all, or those under TARGETS) on the reference engines and report coverage.

    With TARGETS, the report and the exit status are those of the scenarios run."""
    kb = load_kb()
    kb.raise_for_errors()
    console = make_console(stderr=as_json)
    if changed is not None:
        report = verify_changed(kb, changed, jobs=jobs)
        if as_json:
            click.echo(json_document("verify-changed", report.to_dict()))
        else:
            print_impact(console, report, changed)
        if report.failing:
            raise click.exceptions.Exit(1)
        return
    paths = _inside(kb.paths.scenarios, targets)
    with Progress(
        TextColumn("verify"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        TextColumn("{task.description}"),
        console=console,
        transient=True,
    ) as progress:
        task = progress.add_task("", total=None)
        results = run_verify(
            kb,
            paths or None,
            jobs=jobs,
            on_start=lambda n: progress.update(task, total=n),
            on_result=lambda r: progress.update(task, advance=1, description=r.id),
        )
    rulings, problems = load_rulings(kb.paths)
    summary = summarise(kb.paths, kb.graph, results, rulings)
    summary.problems = problems + summary.problems
    ran = None
    if paths:
        files = set(discover(kb.paths.scenarios, paths))
        ran = {r.path for r in results.scenarios if (kb.paths.root / r.path).resolve() in files}
    if as_json:
        click.echo(json_document("verify", summary.to_dict(results)))
    else:
        if ran is not None:
            summary.rulings, others = _rulings_of_run(summary.rulings, rulings, results, ran)
            if others:
                console.print(
                    f"[dim]{len(others)} problem(s) of rulings this run did not touch are not shown; "
                    "`rulekb verify` with no paths checks them all[/dim]"
                )
        print_summary(
            console, results, summary, ran, coverage=ran is None if show_coverage is None else show_coverage
        )
    broken = [
        s
        for s in results.scenarios
        if s.status in (Status.FAILED, Status.ERROR) and (ran is None or s.path in ran)
    ]
    if broken or (ran is None and not summary.ok):
        raise click.exceptions.Exit(1)


def _rulings_of_run(
    checks: list[RulingCheck], rulings: list[Ruling], results: VerifyResults, ran: set[str]
) -> tuple[list[RulingCheck], list[RulingCheck]]:
    """Split ruling problems into those of rulings a partial run's scenarios demonstrate, and the others."""
    ran_results = [s for s in results.scenarios if s.path in ran]
    ids = {s.id for s in ran_results}
    touched = {r.id for r in rulings if ids & set(r.scenarios)} | {
        rid for s in ran_results for rid in s.rulings
    }
    return [c for c in checks if c.ruling in touched], [c for c in checks if c.ruling not in touched]


def print_impact(console: Console, report, revision: str) -> None:
    """The impacted scenarios since a revision: which now fail, which are suspect, which rulings lost proof."""
    console.print(
        f"{len(report.changes)} rule changes since {escape(revision)}, {len(report.edited)} scenarios whose "
        f"own inputs changed; {len(report.results.scenarios)} scenarios run"
    )
    for s in report.results.scenarios:
        console.print(f"  [{STATUS_STYLE[s.status]}]{s.status:>16}[/] {escape(s.id)}")
        if s.status in (Status.FAILED, Status.ERROR):
            console.print(f"      {escape(s.reason)}")
    for sid, rules in report.suspects.items():
        console.print(f"  [yellow]suspect[/yellow] {escape(sid)}: cites changed {escape(', '.join(rules))}")
    for line in report.rulings:
        console.print(f"  [yellow]ruling[/yellow] {escape(line)}")
    console.print(f"{len(report.failing)} failing, {len(report.suspects)} suspect")


@cli.command(epilog=EXIT_CODES)
@click.argument("targets", nargs=-1, required=True)
@click.option(
    "--suspect",
    "only_suspect",
    is_flag=True,
    help="Only the scenarios and rulings among TARGETS that lint finds suspect.",
)
def review(targets: tuple[str, ...], only_suspect: bool) -> None:
    """Mark scenarios (files or folders) and rulings (ids, e.g. R-ATH-003, or "rulings" for all) as reviewed
    against the current text of the rules they cite: their fingerprints are updated."""
    kb = load_kb()
    kb.raise_for_errors()
    rulings, _ = load_rulings(kb.paths)
    by_id = {r.id.casefold(): r for r in rulings}
    chosen = [r for r in rulings if "rulings" in targets] + [
        by_id[t.casefold()] for t in targets if t.casefold() in by_id
    ]
    paths = [Path(t) for t in targets if t.casefold() not in by_id and t != "rulings"]
    missing = [str(p) for p in paths if not p.exists()]
    if missing:
        raise RulekbError(f"neither a scenario path nor a ruling id: {', '.join(missing)}")
    files = discover(kb.paths.scenarios, _inside(kb.paths.scenarios, tuple(paths))) if paths else []
    if not files and not chosen:
        raise RulekbError("no scenario files under the given paths")
    if only_suspect:
        files = [p for p in files if suspects_of(p, game_of(p, kb.paths.scenarios), kb.graph)]
        chosen = [r for r in chosen if suspect_rulings([r], kb.graph)]
    problems = [p for path in files for p in _reviewable(path, kb.paths.scenarios, kb.paths.root)]
    console = make_console()
    if problems:
        for problem in problems:
            console.print(problem_text(problem))
        raise RulekbError(f"nothing reviewed: {len(problems)} problem(s) in the scenarios given")
    updated = [path for path in files if update_file(path, game_of(path, kb.paths.scenarios), kb.graph)]
    for path in updated:
        console.print(Text(f"updated {path.relative_to(kb.paths.root)}"))
    reviewed = []
    for ruling_file in sorted({r.path for r in chosen}):
        reviewed += record(
            kb.paths.root / ruling_file, [r for r in chosen if r.path == ruling_file], kb.graph
        )
    for ruling_id in reviewed:
        console.print(Text(f"updated ruling {ruling_id}"))
    console.print(
        Text(
            f"reviewed {len(files)} scenarios ({len(updated)} updated) and {len({r.id for r in chosen})} "
            f"rulings ({len(reviewed)} updated)"
        )
    )


def _reviewable(path: Path, scenarios: Path, root: Path) -> list[Problem]:
    """Why ``review`` must not rewrite a scenario file: a symlink (it could lead out of the project), or a file that
    does not load (its fingerprints could not be placed)."""
    display = str(path.relative_to(root)) if path.is_relative_to(root) else str(path)
    if path.is_symlink() or not path.resolve().is_relative_to(scenarios.resolve()):
        return [
            Problem(display, 0, "(file)", "is a symlink; review rewrites only regular files in scenarios/")
        ]
    try:
        load_scenario(path, scenarios_dir=scenarios, display=display)
    except ScenarioInvalid as exc:
        return exc.problems
    return []
