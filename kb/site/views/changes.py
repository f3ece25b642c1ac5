"""The changes page of a game: per release, what changed in each document, linked to the rules as they are now."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from markupsafe import Markup

from kb.diff import ChangeKind
from kb.releases import CURRENT
from kb.site.releases import SiteChange, Transition, release_anchor
from kb.site.views.common import Ctx, Link, diff_markup

KIND_ORDER = (ChangeKind.CHANGED, ChangeKind.RENUMBERED, ChangeKind.ADDED, ChangeKind.REMOVED)


@dataclass
class ChangeRow:
    """One change: the rule as it is now (linked), its old number, and the word diff or the text."""

    kind: str
    link: Link | None  # the node as it is now; None when removed (then or since)
    label: str  # how the node is named when there is nothing to link
    old: str  # the old number of a renumbered rule
    diff: Markup
    gone: bool = False  # changed or renumbered in this release, removed in a later one


@dataclass
class TransitionView:
    """One document's changes in one release."""

    anchor: str
    document: Link
    previous: str
    counts: list[tuple[str, int]] = field(default_factory=list)
    rows: list[ChangeRow] = field(default_factory=list)


@dataclass
class ReleaseSection:
    anchor: str
    name: str
    transitions: list[TransitionView] = field(default_factory=list)


@dataclass
class DocumentReleases:
    document: Link
    releases: list[str]  # oldest first


@dataclass
class ChangesView:
    title: str
    game: str
    game_name: str
    documents: list[DocumentReleases] = field(default_factory=list)
    releases: list[ReleaseSection] = field(default_factory=list)  # newest first
    example: str = "cr"  # the file name (without .md) of the game's main document, for the explanation
    toc: list = field(default_factory=list)

    @property
    def single(self) -> bool:
        """Every document of the game has one release: there is nothing to compare."""
        return not self.releases


def _name(node_id: str) -> str:
    """An id that is no longer in the rules, as a reader names it: the number, or the local id."""
    return node_id.split(":", 1)[-1]


def _row(ctx: Ctx, item: SiteChange) -> ChangeRow:
    change = item.change
    link = ctx.ref(item.target, tip=False) if item.target else None
    old = _name(change.old_id) if change.kind == ChangeKind.RENUMBERED and change.old_id else ""
    if change.kind == ChangeKind.REMOVED:
        diff = Markup("<del>{}</del>").format(change.old_text)
    elif change.kind == ChangeKind.ADDED:
        diff = Markup("<ins>{}</ins>").format(change.new_text)
    elif change.kind == ChangeKind.RENUMBERED and not change.word_diff:
        diff = Markup.escape(change.new_text)
    else:
        diff = diff_markup(change.old_text, change.new_text)
    return ChangeRow(
        str(change.kind),
        link,
        _name(change.id),
        old,
        diff,
        gone=item.target is None and change.kind != ChangeKind.REMOVED,
    )


def _transition(ctx: Ctx, transition: Transition) -> TransitionView:
    doc_id = f"{transition.game}:{transition.document}"
    document = (
        ctx.ref(doc_id, ctx.model.document_name(doc_id))
        if doc_id in ctx.graph
        else Link(None, transition.document)
    )
    view = TransitionView(
        transition.anchor,
        document,
        ctx.release_name(transition.game, transition.document, transition.previous),
    )
    counts = Counter(c.kind for c in transition.changes)
    view.counts = [(str(k), counts[k]) for k in KIND_ORDER if counts.get(k)]
    view.rows = [_row(ctx, c) for c in transition.changes]
    return view


def changes_view(ctx: Ctx, game: str) -> ChangesView:
    """Every release of the game's documents, newest first, each with what changed since the one before."""
    view = ChangesView(title="Changes", game=game, game_name=ctx.model.game_name(game))
    index = ctx.model.releases
    main = ctx.model.documents_of(game)
    if main:
        view.example = ctx.model.documents[main[0]].document
    for document, items in index.releases_of(game).items():
        doc_id = f"{game}:{document}"
        link = (
            ctx.ref(doc_id, ctx.model.document_name(doc_id)) if doc_id in ctx.graph else Link(None, document)
        )
        view.documents.append(
            DocumentReleases(link, [ctx.release_name(game, document, r.release) for r in items])
        )
    sections: dict[str, ReleaseSection] = {}
    # Newest release first (the current source is the newest); a stable sort keeps the documents in order.
    transitions = sorted(
        index.transitions_of(game), key=lambda t: (t.release == CURRENT, t.release), reverse=True
    )
    for transition in transitions:
        section = sections.get(transition.release)
        if section is None:
            name = ctx.release_name(game, transition.document, transition.release)
            heading = (
                f"Current release{name.removeprefix('current')}"
                if transition.release == CURRENT
                else f"Release {name}"
            )
            section = sections[transition.release] = ReleaseSection(
                release_anchor(transition.release), heading
            )
            ctx.add_toc(2, section.anchor, heading)
        entry = _transition(ctx, transition)
        section.transitions.append(entry)
        ctx.add_toc(3, entry.anchor, entry.document.label)
    view.releases = list(sections.values())
    view.toc = ctx.toc
    return view
