"""A new release of a source document in one step: the new text becomes the current source, the previous current
text is archived under its own release name, and what changed is summarised with its impact."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from kb.core.errors import ImportFormatError
from kb.core.parse import parse_file
from kb.core.paths import Paths
from kb.core.rulings import load_rulings
from kb.diff import Change, ChangeKind, Citations, attach_impact, compare
from kb.importer import check_release, report_path, write
from kb.importer.common import ImportResult
from kb.release_notes import notes_path, render
from kb.releases import graph_of


@dataclass
class ReleaseSummary:
    """What taking a release did: where the previous text went, and what changed from it to the new one."""

    release: str
    previous: str | None
    archived: Path | None
    changes: list[Change] = field(default_factory=list)
    notes: Path | None = None

    def counts(self) -> dict[str, int]:
        found = Counter(c.kind for c in self.changes)
        return {str(kind): found.get(kind, 0) for kind in ChangeKind}

    @property
    def scenarios(self) -> list[str]:
        return sorted({s for c in self.changes for s in c.scenarios})

    @property
    def rulings(self) -> list[str]:
        return sorted({r for c in self.changes for r in c.rulings})


def previous_release_name(current: Path, given: str | None) -> str:
    """The release name of the current source: ``given``, else its front matter's ``release``, else its ``version``."""
    parsed = parse_file(current)
    meta = parsed.document.meta if parsed.document is not None else None
    name = given or (meta and (meta.release or meta.version))
    if not name:
        raise ImportFormatError(
            f"{current} names no release or version in its front matter; name it with --previous"
        )
    check_release(str(name))
    return str(name)


def take_release(
    paths: Paths, result: ImportResult, target: Path, *, previous: str | None = None
) -> ReleaseSummary:
    """Make ``result`` (imported with a release name) the current source at ``target``, archiving the text it
    replaces as ``<document>@<its release>.md`` (with its import report), and summarise the changes."""
    release = result.meta.release
    assert release is not None
    if not target.exists():
        write(result, target, root=paths.root)
        return ReleaseSummary(release, None, None)
    name = previous_release_name(target, previous)
    if name == release:
        raise ImportFormatError(
            f"{target.relative_to(paths.root)} already is release {release}; "
            "name the new release differently (or the current one with --previous)"
        )
    archived = target.with_name(f"{target.stem}@{name}.md")
    for path in (archived, report_path(archived)):
        if path.is_symlink():
            raise ImportFormatError(f"{path} is a symlink; rulekb import does not write through links")
    if archived.exists():
        raise ImportFormatError(
            f"{archived.relative_to(paths.root)} exists already: release {name} is archived; "
            "name the current one with --previous"
        )
    old_graph = graph_of(target)
    target.replace(archived)
    if report_path(target).exists():
        report_path(target).replace(report_path(archived))
    try:
        write(result, target, force=True, root=paths.root)
    except BaseException:
        archived.replace(target)  # put the current source back: a failed import must not lose it
        if report_path(archived).exists():
            report_path(archived).replace(report_path(target))
        raise
    summary = ReleaseSummary(release, name, archived)
    new_graph = graph_of(target)
    if old_graph is not None and new_graph is not None:
        summary.changes = compare(old_graph, new_graph)
        rulings, _ = load_rulings(paths)
        citations = Citations.read(paths.scenarios, rulings)
        attach_impact(summary.changes, old_graph, new_graph, citations)
        meta = result.meta
        summary.notes = notes_path(paths.rules, meta.game, meta.document, release)
        summary.notes.parent.mkdir(exist_ok=True)
        summary.notes.write_text(
            render(meta.title, meta.game, name, release, summary.changes, new_graph, citations),
            encoding="utf-8",
        )
    return summary
