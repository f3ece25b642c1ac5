"""The build as a gate: lint errors and failing scenarios stop ``rulekb build`` unless it is a draft."""

from __future__ import annotations

from kb.build_context import BuildContext
from kb.core.errors import GateError, Problem, Severity
from kb.lint import lint


def stop_unless_draft(ctx: BuildContext, problems: list[Problem], what: str) -> None:
    """Stop the build on ``problems`` (the previous site, index and results stay), or in a draft publish anyway
    and say so: the pages mark failing examples and broken references themselves."""
    if not problems:
        return
    if not ctx.draft:
        raise GateError(problems)
    ctx.notes.append(f"draft: published with {len(problems)} {what} (marked on the pages)")


def lint_findings(ctx: BuildContext) -> list[Problem]:
    """The lint step's work (side by side with verify): every finding about the parsed knowledge base."""
    assert ctx.kb is not None
    return lint(ctx.kb)


def take_findings(ctx: BuildContext, findings: list[Problem]) -> None:
    """Every lint error (dangling references, duplicate ids, malformed scenarios) is a reason not to publish."""
    ctx.findings = findings
    errors = [f for f in findings if f.severity == Severity.ERROR]
    stop_unless_draft(ctx, errors, "lint errors")
