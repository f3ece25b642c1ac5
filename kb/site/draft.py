"""A draft site: one published with failing examples or lint errors (``rulekb build --draft``) says so on every page,
with a banner linking to the list of them on the status page. A build that passes its gate has neither, so no banner.
"""

from __future__ import annotations

from dataclasses import dataclass

from kb.core.errors import Problem, Severity
from kb.site.data import SiteData
from kb.verify.results import ScenarioResult, Status

#: Where the status page lists what makes the site a draft.
DRAFT_ANCHOR = "draft"
#: The MkDocs ``extra`` setting that makes a build a draft (set by ``rulekb build --draft``).
DRAFT_BUILD = "rk_draft_build"


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}{'' if n == 1 else 's'}"


@dataclass(frozen=True)
class Draft:
    """What a draft publishes although it is broken: examples failing or in error, references to things that do
    not exist (rules, rulings, decisions), and the other lint errors."""

    failing: tuple[ScenarioResult, ...]
    broken: tuple[Problem, ...]
    errors: tuple[Problem, ...]

    @property
    def banner(self) -> str:
        """``Draft: 2 failing examples, 1 broken reference`` (and other errors, if any)."""
        text = f"Draft: {_count(len(self.failing), 'failing example')}, {_count(len(self.broken), 'broken reference')}"
        return text + (f", {_count(len(self.errors), 'other error')}" if self.errors else "")


def draft_of(data: SiteData) -> Draft | None:
    """The draft state of the site's inputs, or None when every example passes and lint finds no error."""
    failing = tuple(r for r in data.results.scenarios if r.status in (Status.FAILED, Status.ERROR))
    errors = [p for p in data.findings if p.severity == Severity.ERROR]
    broken = tuple(p for p in errors if p.code == "dangling-reference")
    if not failing and not errors:
        return None
    return Draft(failing, broken, tuple(p for p in errors if p.code != "dangling-reference"))
