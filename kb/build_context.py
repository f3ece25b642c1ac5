"""What the steps of ``rulekb build`` share: a typed context, each step's outputs a field of it (kb/build.py lists
the steps in order)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

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


@dataclass(frozen=True)
class BuildStep:
    """One stage of the build, run in the order of ``kb.build.STEPS``."""

    name: str
    run: Callable[[BuildContext], None]
