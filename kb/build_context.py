"""What the steps of ``rulekb build`` share: a typed context, each step's outputs a field of it; and the steps
themselves, each naming the steps whose outputs it reads (kb/build.py lists them, kb/build_runner.py runs them)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Generic, TypeVar

from rich.console import Console
from rich.progress import Progress

from kb.core.errors import Problem
from kb.core.loader import KnowledgeBase
from kb.core.paths import Paths

if TYPE_CHECKING:
    from kb.search.indexer import BuildReport
    from kb.site.build import SiteBuildReport
    from kb.verify.report import Summary
    from kb.verify.results import VerifyResults

T = TypeVar("T")

#: The steps' names, by which one step names another it needs (and the report names each one's seconds).
PARSE_STEP = "parse rules and build the graph"
LINT_STEP = "lint the sources"
VERIFY_STEP = "verify scenarios"
INDEX_STEP = "index for search"
SITE_STEP = "generate the site"


def _nothing_to_wait_for(step: str) -> None:
    """Every step has finished when the one asking runs (a build whose steps all run in turn)."""


@dataclass
class BuildContext:
    """The knowledge base, the folder being written, each step's outputs, and notes for the user."""

    paths: Paths
    out: Path
    console: Console
    #: A draft build publishes despite failing scenarios and lint errors (marked on the pages) instead of stopping.
    draft: bool = False
    #: Measure the figures only the report shows (the offline app's gzipped size); serve's rebuilds do not.
    measure: bool = True
    #: How many processes the build may keep busy (kb/jobs.py): with one, no step is set aside in a child.
    jobs: int = 1
    #: The build's progress display, for steps that show their own progress below it.
    progress: Progress | None = None
    #: The parse step's knowledge base.
    kb: KnowledgeBase | None = None
    #: The lint step's findings, errors and warnings (the site lists them).
    findings: list[Problem] | None = None
    #: The verify step's results (every scenario) and their summary (counts, coverage, ruling checks).
    results: VerifyResults | None = None
    verify_summary: Summary | None = None
    #: The index step's report: the generation made (or kept, when the index's inputs did not change).
    index: BuildReport | None = None
    #: The site step's report.
    site: SiteBuildReport | None = None
    #: Each step's wall-clock seconds, in order (shown after the build, measured by the benchmark's users).
    seconds: dict[str, float] = field(default_factory=dict)
    #: Each step's CPU seconds in this process (a shared machine's wall clock mostly measures the others).
    cpu: dict[str, float] = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)
    #: Run in order once every step succeeded and the new site is in place (e.g. publish the search index).
    on_success: list[Callable[[], object]] = field(default_factory=list)
    #: Run when a step failed, to throw away what a step prepared outside the build folder.
    on_failure: list[Callable[[], None]] = field(default_factory=list)
    #: Finish the step of this name if it is running side by side, its outputs then in the context (a step that
    #: needs another's outputs only for its last part: the site step, before the offline app lists the files).
    wait_for: Callable[[str], None] = _nothing_to_wait_for


@dataclass(frozen=True)
class BuildStep:
    """One stage of the build, run in this process once the steps it ``needs`` have finished."""

    name: str
    run: Callable[[BuildContext], None]
    #: The steps whose outputs it reads, by name (those the build has); None: every step listed before it.
    needs: tuple[str, ...] | None = None


@dataclass(frozen=True)
class StepAside(Generic[T]):
    """A stage that runs side by side with the steps after it, in a forked child process (kb/forked.py): ``work``
    there, on the context as the steps it ``needs`` left it (it must not print or show progress: the context it
    gets has no progress display and a quiet console); ``take`` then puts its result into the context here, and
    ``drop`` throws away a result the build does not take (it failed meanwhile)."""

    name: str
    work: Callable[[BuildContext], T]
    take: Callable[[BuildContext, T], None]
    needs: tuple[str, ...] | None = None
    drop: Callable[[T], None] | None = None

    def run(self, ctx: BuildContext) -> None:
        """The whole step in this process, in turn (a build that runs nothing side by side, the tests)."""
        self.take(ctx, self.work(ctx))
