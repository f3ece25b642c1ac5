"""What the site shows besides the graph: rulings, verify results, rules not testable, lint findings, and
the earlier releases of the rule sources with what changed from each to the next.

Every input may be missing or malformed; loading never raises. A problem becomes a finding shown on
the open-questions page instead of a failed build, so the site always shows what exists.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from kb.core.errors import Problem, Severity
from kb.core.loader import KnowledgeBase
from kb.core.paths import Paths
from kb.core.rulings import Ruling, load_rulings
from kb.releases import Release, ReleaseChanges, history, releases
from kb.verify.coverage import NOT_TESTABLE_FILE, read_not_testable
from kb.verify.results import VerifyResults, load_results


@dataclass
class SiteData:
    """The inputs of one site build, loaded once."""

    kb: KnowledgeBase
    rulings: list[Ruling]
    results: VerifyResults
    not_testable: dict[str, dict[str, str]]  # game → rule number → reviewed reason
    findings: list[Problem]  # lint findings, and problems with rulings and not-testable files
    problems: list[Problem] = field(default_factory=list)  # problems with the site's own inputs only
    releases: dict[tuple[str, str], list[Release]] = field(
        default_factory=dict
    )  # (game, document) → oldest first
    history: list[ReleaseChanges] = field(default_factory=list)  # changes from each release to the next


def not_testable_by_game(paths: Paths, known: set[str]) -> tuple[dict[str, dict[str, str]], list[Problem]]:
    """Every game's reviewed list of rules an engine cannot test (``scenarios/<game>/not-testable.yaml``)."""
    found: dict[str, dict[str, str]] = {}
    problems: list[Problem] = []
    files = sorted(paths.scenarios.glob(f"*/{NOT_TESTABLE_FILE}")) if paths.scenarios.is_dir() else []
    for path in files:
        game = path.parent.name
        display = str(path.relative_to(paths.root))
        try:
            reasons, file_problems = read_not_testable(path, display)
        except Exception:  # an oddly shaped file is a finding, not a failed site
            reasons, file_problems = (
                {},
                [
                    Problem(
                        display,
                        0,
                        "rules",
                        "cannot read: expected 'rules:' with a list "
                        "of entries, each with 'rule' and 'reason'",
                    )
                ],
            )
        problems += file_problems
        for number in reasons:
            if f"{game}:{number}" not in known:
                problems.append(
                    Problem(
                        display, 0, "rules", f"{number} is not a rule", Severity.WARNING, code="not-testable"
                    )
                )
        found[game] = reasons
    return found, problems


def _lint(kb: KnowledgeBase) -> list[Problem]:
    """Lint findings; a failing check is itself reported rather than stopping the site."""
    from kb.lint import lint

    try:
        return lint(kb)
    except Exception as exc:  # a broken extra check must not take the whole site down
        return [
            Problem(
                "rulekb lint",
                0,
                "",
                f"lint could not run: {type(exc).__name__}: {exc}",
                Severity.WARNING,
                code="lint-crashed",
            )
        ]


def load_releases(
    paths: Paths,
) -> tuple[dict[tuple[str, str], list[Release]], list[ReleaseChanges], list[Problem]]:
    """Every document's releases and what changed from each to the next (``rules/<game>/cr@2025-06.md``).

    Only documents with more than one release are parsed again; a release that cannot be read is a finding.
    """
    try:
        found = releases(paths)
        changes = history(paths) if any(len(items) > 1 for items in found.values()) else []
    except Exception as exc:  # an unreadable old release must not take the site down
        return (
            {},
            [],
            [
                Problem(
                    "rules/*/*@*.md",
                    0,
                    "",
                    f"cannot compare the releases: {type(exc).__name__}: {exc}",
                    Severity.WARNING,
                    code="releases",
                )
            ],
        )
    return found, changes, []


@dataclass(frozen=True)
class BuildInputs:
    """What the earlier steps of ``rulekb build`` hold already, handed to the site rather than loaded again."""

    kb: KnowledgeBase
    results: VerifyResults
    findings: list[Problem]  # every lint finding, errors and warnings


def load_site_data(kb: KnowledgeBase, given: BuildInputs | None = None) -> SiteData:
    """Load everything the site shows beside the graph, collecting problems instead of raising; the verify results
    and lint findings ``given`` by the build are used as they are."""
    paths = kb.paths
    try:
        rulings, ruling_problems = load_rulings(paths)
    except Exception as exc:  # an unreadable or oddly shaped rulings file is a finding, not a crash
        rulings, ruling_problems = [], [Problem("rules/*/rulings.yaml", 0, "", f"cannot read rulings: {exc}")]
    results = given.results if given is not None else load_results(paths)
    not_testable, nt_problems = not_testable_by_game(paths, set(kb.graph.nodes))
    found, changes, release_problems = load_releases(paths)
    problems = [*ruling_problems, *nt_problems, *release_problems]
    return SiteData(
        kb=kb,
        rulings=rulings,
        results=results,
        not_testable=not_testable,
        findings=[*(given.findings if given is not None else _lint(kb)), *problems],
        problems=problems,
        releases=found,
        history=changes,
    )
