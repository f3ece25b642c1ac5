"""Release notes: what changed in a new release of a document, in Markdown, each rule, ruling and example linked to
its page on the site (links relative to the site root), kept as ``rules/<game>/release-notes/<document>@<release>.md``."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

from kb.core.graph import Graph
from kb.diff import Change, ChangeKind, Citations
from kb.urls import ruling_url, scenario_url, url_of

NOTES_FOLDER = "release-notes"
HEADINGS = {
    ChangeKind.ADDED: "Added",
    ChangeKind.CHANGED: "Changed",
    ChangeKind.RENUMBERED: "Renumbered",
    ChangeKind.REMOVED: "Removed",
}


def notes_path(rules_dir: Path, game: str, document: str, release: str) -> Path:
    return rules_dir / game / NOTES_FOLDER / f"{document}@{release}.md"


def _rule(graph: Graph, rule: str) -> str:
    number = rule.split(":", 1)[1]
    return f"[{number}]({url_of(graph, rule)})" if rule in graph else number


def _line(change: Change, graph: Graph, game: str, citations: Citations) -> str:
    name = _rule(graph, change.id)
    if change.kind == ChangeKind.RENUMBERED and change.old_id:
        name = f"{change.old_id.split(':', 1)[1]} → {name}"
    text = change.word_diff or change.new_text or change.old_text
    parts = [f"- **{name}** {text}".rstrip()]
    if change.rulings:
        parts.append("  rulings: " + ", ".join(f"[{r}]({ruling_url(game, r)})" for r in change.rulings))
    if change.scenarios:
        parts.append(
            "  examples: "
            + ", ".join(
                f"[{s}]({scenario_url(graph, game, s, citations.scenarios.get(s, []))})"
                for s in change.scenarios
            )
        )
    return "\n".join(parts)


def render(
    title: str,
    game: str,
    previous: str,
    release: str,
    changes: list[Change],
    graph: Graph,
    citations: Citations,
) -> str:
    """The release notes of ``release`` (from ``previous``) as Markdown, grouped by kind of change."""
    counts = Counter(c.kind for c in changes)
    lines = [
        f"# {title}: release {release}",
        "",
        f"Changes from release {previous}: " + ", ".join(f"{counts.get(k, 0)} {k}" for k in ChangeKind) + ".",
        "Word changes read `[-removed-]{+added+}`.",
    ]
    for kind, heading in HEADINGS.items():
        chosen = [c for c in changes if c.kind == kind]
        if chosen:
            lines += ["", f"## {heading}", ""] + [_line(c, graph, game, citations) for c in chosen]
    impacted = sorted({r for c in changes for r in c.rulings})
    if impacted:
        lines += [
            "",
            "## Rulings to review",
            "",
            "These rulings rest on rules that changed; check each answer, then `rulekb review` it.",
            "",
        ]
        lines += [f"- [{r}]({ruling_url(game, r)})" for r in impacted]
    return "\n".join(lines) + "\n"
