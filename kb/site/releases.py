"""Releases on the site: what changed in each release, each rule's history, and links that stay stable.

``kb.releases`` compares each release of a document with the next one (``cr@2025-06.md`` → ``cr.md``).
Here every change is tied to the node as it is *now*, following the later releases' renumberings, so
that a change made two releases ago still links to the rule it became. Old numbers keep working as
links: a renumbered rule carries an anchor under its old number when that number names no current
rule, on the page where the old number was (inside the rule's own block when it stayed on that page,
as a short note pointing to it when it moved to another page or was removed). Computed once per build.
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass, field

from kb.core.graph import Graph
from kb.core.nodes import NodeKind
from kb.diff import Change, ChangeKind
from kb.releases import CURRENT, Release, ReleaseChanges
from kb.site.relations import Relations

#: A numbered rule's or section's id: its number, with at least one dot (4.2.2a, 3.0.7e.II, 4.2.2.a).
_NUMBERED = re.compile(r"^\d+(\.[0-9A-Za-z]+)+$")
_UNSAFE = re.compile(r"[^\w.\-]+")


def changes_page(game: str) -> str:
    """The page listing a game's changes, release by release."""
    return f"{game}/changes.md"


def transition_anchor(document: str, release: str) -> str:
    """The HTML id of one document's changes in one release on the changes page."""
    return "release-" + _UNSAFE.sub("-", f"{release}--{document}").strip("-")


def release_anchor(release: str) -> str:
    return "release-" + (_UNSAFE.sub("-", release).strip("-") or "release")


@dataclass
class SiteChange:
    """One change of one release, with the node it concerns as it is now (None when it no longer exists)."""

    game: str
    document: str
    previous: str
    release: str
    change: Change
    target: str | None

    @property
    def kind(self) -> ChangeKind:
        return self.change.kind


@dataclass
class Transition:
    """What changed in one document from one release to the next."""

    game: str
    document: str
    previous: str
    release: str
    changes: list[SiteChange] = field(default_factory=list)

    @property
    def anchor(self) -> str:
        return transition_anchor(self.document, self.release)


@dataclass(frozen=True)
class FormerAnchor:
    """An old number kept as an anchor: where readers following an old link are sent."""

    number: str  # the old number, which is the anchor
    node: str | None  # the node it is now (None: removed)
    kind: ChangeKind  # renumbered or removed
    game: str
    document: str
    release: str  # the release in which it was renumbered or removed


@dataclass
class ReleaseIndex:
    """Every document's releases and changes, indexed by game, by current node and by page."""

    releases: dict[tuple[str, str], list[Release]] = field(default_factory=dict)
    transitions: list[Transition] = field(default_factory=list)  # per document, oldest first
    by_node: dict[str, list[SiteChange]] = field(
        default_factory=dict
    )  # node as it is now → its changes, oldest first
    former_in_block: dict[str, list[FormerAnchor]] = field(
        default_factory=dict
    )  # node → old numbers in its block
    stubs: dict[str, list[FormerAnchor]] = field(
        default_factory=dict
    )  # page → old numbers of rules that left it

    def transitions_of(self, game: str) -> list[Transition]:
        return [t for t in self.transitions if t.game == game]

    def releases_of(self, game: str) -> dict[str, list[Release]]:
        """A game's documents (by document name) with their releases, oldest first."""
        return {document: items for (g, document), items in sorted(self.releases.items()) if g == game}


def diff_segments(old: str, new: str) -> list[tuple[str, str]]:
    """A word-level diff as (op, words) segments, op being ``=``, ``-`` or ``+`` (as ``kb.diff.word_diff``)."""
    a, b = old.split(), new.split()
    out: list[tuple[str, str]] = []
    for op, i1, i2, j1, j2 in difflib.SequenceMatcher(a=a, b=b, autojunk=False).get_opcodes():
        if op == "equal":
            out.append(("=", " ".join(a[i1:i2])))
        if op in ("delete", "replace"):
            out.append(("-", " ".join(a[i1:i2])))
        if op in ("insert", "replace"):
            out.append(("+", " ".join(b[j1:j2])))
    return out


def _local(node_id: str) -> str:
    return node_id.split(":", 1)[1] if ":" in node_id else node_id


def _chapter_pages(graph: Graph, relations: Relations, document: str) -> dict[str, str]:
    """The page of each chapter of a document, by chapter number (empty for a one-page document)."""
    out = {}
    for child in relations.get("children", document):
        data = graph.node(child)
        if data.kind == NodeKind.CHAPTER and data.number:
            out[data.number] = relations.location[child][0]
    return out


def _old_page(graph: Graph, relations: Relations, document: str, number: str) -> str | None:
    """The page an old number's link points to: its chapter's page, or the document's only page."""
    if document not in graph:
        return None
    chapters = _chapter_pages(graph, relations, document)
    if chapters:
        return chapters.get(number.split(".", 1)[0])
    return relations.location[document][0]


def _follow(graph: Graph, node_id: str, later: list[dict[str, str | None]]) -> str | None:
    """The node an id of some release is now: through each later release's moves (oldest first), then the graph."""
    current: str | None = node_id
    for moves in later:
        if current in moves:
            current = moves[current]
            if current is None:
                return None
    return current if current in graph else None


def _former_number(change: SiteChange) -> str | None:
    """The number a renumbered or removed rule had, when it had one (paragraphs and terms have none)."""
    if (
        change.kind == ChangeKind.RENUMBERED
        and change.change.old_id
        and change.change.old_id != change.change.id
    ):
        old = change.change.old_id
    elif change.kind == ChangeKind.REMOVED:
        old = change.change.id
    else:
        return None
    number = _local(old)
    return number if _NUMBERED.match(number) else None


def build_release_index(
    graph: Graph,
    relations: Relations,
    releases: dict[tuple[str, str], list[Release]],
    history: list[ReleaseChanges],
) -> ReleaseIndex:
    """Tie every change to the node it concerns now, and place the anchors of old numbers."""
    index = ReleaseIndex(releases=dict(releases))
    by_document: dict[tuple[str, str], list[ReleaseChanges]] = {}
    for item in history:
        by_document.setdefault((item.game, item.document), []).append(item)
    claimed: set[tuple[str, str]] = set()  # (page, anchor) already given to an old number
    for (game, document), items in by_document.items():
        doc_id = f"{game}:{document}"
        # Newest release first: each release's renumberings and removals map the previous release's ids to
        # its own; an id is followed through every later release to the node it is now.
        later: list[
            dict[str, str | None]
        ] = []  # the moves of the releases after the one at hand, oldest first
        transitions: list[Transition] = []
        for item in reversed(items):
            transition = Transition(game, document, item.previous, item.release)
            moves: dict[str, str | None] = {}
            for rule_change in item.changes:
                removed = rule_change.kind == ChangeKind.REMOVED
                target = None if removed else _follow(graph, rule_change.id, later)
                transition.changes.append(
                    SiteChange(game, document, item.previous, item.release, rule_change, target)
                )
                old_id = rule_change.old_id
                if rule_change.kind == ChangeKind.RENUMBERED and old_id and old_id != rule_change.id:
                    moves[old_id] = rule_change.id
                elif removed:
                    moves[rule_change.id] = None
            for change in transition.changes:
                number = _former_number(change)
                # An old number is kept only where no current rule has it (newer releases claim it first).
                if number is None or f"{game}:{number}" in graph:
                    continue
                page = _old_page(graph, relations, doc_id, number)
                if page is None or (page, number) in claimed:
                    continue
                claimed.add((page, number))
                kind = ChangeKind.REMOVED if change.target is None else ChangeKind.RENUMBERED
                anchor = FormerAnchor(number, change.target, kind, game, document, item.release)
                if change.target is not None and relations.location[change.target][0] == page:
                    index.former_in_block.setdefault(change.target, []).append(anchor)
                else:
                    index.stubs.setdefault(page, []).append(anchor)
            later.insert(0, moves)
            transitions.append(transition)
        for transition in reversed(transitions):
            index.transitions.append(transition)
            for change in transition.changes:
                if change.target is not None:
                    index.by_node.setdefault(change.target, []).append(change)
    for stubs in index.stubs.values():
        stubs.sort(key=lambda a: [int(p) if p.isdigit() else p for p in re.split(r"(\d+)", a.number)])
    return index


def release_name(release: str, meta: object | None = None) -> str:
    """How a release is named on the site: its date, or "current" (with the source's own release name)."""
    if release != CURRENT:
        return release
    named = getattr(meta, "release", None) if meta is not None else None
    return f"current ({named})" if named else "current"
