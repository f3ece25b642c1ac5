"""Lint of the scenario files: each validated against its game's schema, its rule and ruling references resolved,
its id unique, without running an engine.

What a file holds is read once per change (memoised by size and time); what it cites is checked against the
current graph on every run, so a rule removed from the sources is noticed at once."""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, replace
from pathlib import Path

from kb.core.errors import Problem
from kb.core.graph import Graph
from kb.core.lookup import LookupIndex
from kb.core.memo import per_file, stamp
from kb.core.paths import relative_text
from kb.verify.adapters import Adapter, adapter_for
from kb.verify.scenario import ScenarioInvalid, game_of, load_scenario, schema_for
from kb.verify.vocabulary import did_you_mean as suggest


@dataclass(frozen=True)
class Cited:
    """What a valid scenario file names: its id and the rules and rulings it cites, each with its line."""

    id: str
    line: int
    rules: tuple[tuple[str, int], ...]
    rulings: tuple[tuple[str, int], ...]
    #: What keeps it from running though its schema holds: its cards, and names its game does not know.
    problems: tuple[Problem, ...] = ()


def _read(
    path: Path, scenarios_dir: Path, display: str, rules: dict[str, frozenset[str]]
) -> Cited | list[Problem]:
    """The citations of a scenario file, or every problem that keeps it from running (schema, YAML, encoding);
    ``rules``: each game's rule ids, unqualified."""
    game = game_of(path, scenarios_dir)
    adapter = adapter_for(game, scenarios_dir)
    if adapter is None:
        return [Problem(display, 1, "", f"no engine runs scenarios of the game {game!r}")]
    try:
        scenario = load_scenario(
            path, scenarios_dir=scenarios_dir, display=display, game_schema=adapter.schema()
        )
    except ScenarioInvalid as exc:
        return exc.problems
    try:
        found = adapter.lint(scenario, rules.get(game, frozenset())) if hasattr(adapter, "lint") else []
    except (
        Exception
    ) as exc:  # an engine crashing on odd input is a finding about that input, never lint's end
        found = [
            Problem(display, 1, "", f"the {game} engine could not check it: {type(exc).__name__}: {exc}")
        ]
    return Cited(
        scenario.id,
        scenario.line_of("id"),
        tuple((r, scenario.line_of("rules", i)) for i, r in enumerate(scenario.rules)),
        tuple((r, scenario.line_of("rulings", i)) for i, r in enumerate(scenario.rulings)),
        tuple(found),
    )


def _games(files: list[Path], scenarios_dir: Path) -> dict[str, Adapter]:
    """The adapter of each game the files belong to (games without an engine left out)."""
    games = sorted({game_of(p, scenarios_dir) for p in files})
    return {g: a for g in games if (a := adapter_for(g, scenarios_dir)) is not None}


def _rules_by_game(graph: Graph) -> dict[str, frozenset[str]]:
    """Each game's rule ids, unqualified (``9.3.7``): what a scenario's log and refusals may cite."""
    found: dict[str, set[str]] = {}
    for node in graph.nodes:
        game, local = node.split(":", 1)
        found.setdefault(game, set()).add(local)
    return {game: frozenset(ids) for game, ids in found.items()}


def _schemas_key(files: list[Path], scenarios_dir: Path, rules: dict[str, frozenset[str]]) -> str:
    """A short digest of what the files are checked against (each game's schema, card library, engine and rule
    ids): a change there reads every file again."""
    against = {
        g: [
            schema_for(a.schema()),
            stamp(a.library_files()) if hasattr(a, "library_files") else (),
            sorted(a.rule_ids()),
            sorted(rules.get(g, ())),
        ]
        for g, a in _games(files, scenarios_dir).items()
    }
    return hashlib.sha256(json.dumps(against, sort_keys=True, default=str).encode()).hexdigest()[:12]


def did_you_mean(lookup: LookupIndex, graph: Graph, rule: str) -> str:
    """``; did you mean: …`` with the rules whose number starts like ``rule``, or nothing."""
    hints = lookup.suggest(rule, graph, limit=3)
    return f"; did you mean: {', '.join(hints)}" if hints else ""


@dataclass
class ScenarioLint:
    """The findings about the scenario files, and the rules they cite (what coverage lint counts as tested)."""

    problems: list[Problem]
    cited: set[str]


def lint_scenario_files(
    files: list[Path],
    scenarios_dir: Path,
    root: Path,
    graph: Graph,
    lookup: LookupIndex,
    ruling_ids: set[str],
    memo: Path | None = None,
) -> ScenarioLint:
    """Errors for malformed scenario files, rules and rulings they cite that do not exist, and duplicate ids."""

    def display(path: Path) -> str:
        return relative_text(path, root) or str(path)

    rules = _rules_by_game(graph)
    memo_file = memo and memo / f"scenario-lint-{_schemas_key(files, scenarios_dir, rules)}.pickle"
    read = per_file(memo_file, files, lambda p: _read(p, scenarios_dir, display(p), rules))
    problems: list[Problem] = [
        replace(problem, code="card-invalid")
        for adapter in _games(files, scenarios_dir).values()
        if (problem := getattr(adapter, "library_problem", lambda: None)()) is not None
    ]
    cited: set[str] = set()
    first: dict[str, str] = {}
    for path, found in read.items():
        shown = display(path)
        if isinstance(found, list):
            problems += [replace(p, code="scenario-invalid") for p in found]
            continue
        problems += found.problems
        if found.id in first:
            problems.append(
                Problem(
                    shown,
                    found.line,
                    "id",
                    f"duplicate scenario id {found.id} (also {first[found.id]})",
                    code="duplicate-id",
                )
            )
        else:
            first[found.id] = shown
        cited.update(rule for rule, _ in found.rules)
        for i, (rule, line) in enumerate(found.rules):
            if rule not in graph:
                problems.append(
                    Problem(
                        shown,
                        line,
                        f"rules[{i}]",
                        f"cites {rule}, which is not a rule" + did_you_mean(lookup, graph, rule),
                        code="dangling-reference",
                    )
                )
        for i, (ruling, line) in enumerate(found.rulings):
            if ruling not in ruling_ids:
                problems.append(
                    Problem(
                        shown,
                        line,
                        f"rulings[{i}]",
                        f"cites ruling {ruling}, which is not in any rulings.yaml"
                        + suggest(ruling, ruling_ids),
                        code="dangling-reference",
                    )
                )
    return ScenarioLint(problems, cited)
