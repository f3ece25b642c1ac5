"""Views of the rule documents: a CR chapter, the CR's front page, and one-page documents.

A document is walked once in order; each node becomes a block: a heading for sections and numbered
rules (its anchor is the rule's id, so search gets one entry per rule), text for paragraphs, a box
for Altered's Examples and Remarks. Under each block, folded behind one line that counts them: what
references it, what explains it, its rulings and its examples, all read from indexes computed once per
build. A ruling is printed in full once per page; further mentions give its question and a link.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from markupsafe import Markup

from kb.core.nodes import DocumentMeta, NodeKind
from kb.diff import ChangeKind
from kb.site.i18n import tr
from kb.site.mermaid import graph_anchor, graph_page, graph_units
from kb.site.releases import changes_page, transition_anchor
from kb.site.views.common import Ctx, ExampleNote, HistoryNote, Link, RulingNote

LANGUAGE = {"en": "EN", "de": "DE"}


@dataclass
class Block:
    """One node of a document as the page shows it."""

    kind: str  # chapter | section | rule | paragraph | term | example | remark
    node: str
    anchor: str
    level: int = 0  # heading level (1–6) of sections and rules
    depth: int = 0  # nesting below the enclosing section (rules, paragraphs)
    number: str = ""  # a rule's or section's number; a paragraph's number within its section (3, 3.1)
    lang: str = "en"  # the language of the document, for the labels around its text
    title: Markup = Markup("")
    text: Markup = Markup("")
    referenced_by: list[Link] = field(default_factory=list)
    explained_by: list[Link] = field(default_factory=list)  # rulebook sections saying the same
    explains: list[Link] = field(default_factory=list)  # CR rules a rulebook section explains
    translations: list[Link] = field(default_factory=list)
    rulings: list[RulingNote] = field(default_factory=list)
    examples: list[ExampleNote] = field(default_factory=list)
    graph: Link | None = None
    glossary: Link | None = None
    history: list[HistoryNote] = field(default_factory=list)  # the releases in which it changed, newest first
    former: list[str] = field(default_factory=list)  # old numbers kept as anchors in this block

    @property
    def has_notes(self) -> bool:
        return bool(
            self.referenced_by
            or self.explained_by
            or self.explains
            or self.translations
            or self.rulings
            or self.examples
            or self.graph
            or self.glossary
            or self.history
        )

    @property
    def summary(self) -> str:
        """The one line the folded notes show: ``2 rulings · 5 examples · rulebook · 3 references``."""
        lang = self.lang
        parts = [
            tr(lang, "{n} rulings", len(self.rulings)) if self.rulings else "",
            tr(lang, "{n} examples", len(self.examples)) if self.examples else "",
            tr(lang, "rulebook") if self.explained_by else "",
            tr(lang, "{n} CR rules", len(self.explains)) if self.explains else "",
            tr(lang, "translation") if self.translations else "",
            tr(lang, "changed") if self.history else "",
            tr(lang, "{n} references", len(self.referenced_by)) if self.referenced_by else "",
            tr(lang, "graph view") if self.graph else "",
            tr(lang, "in the glossary") if self.glossary else "",
        ]
        return " · ".join(p for p in parts if p) or tr(lang, "notes")


@dataclass
class FormerStub:
    """An old number kept as an anchor on the page it was on: the rule moved to another page, or was removed."""

    anchor: str
    number: str
    moved_to: Link | None  # the rule it is now (None: removed)
    release: str
    changes: Link  # the release's changes on the changes page


@dataclass
class ChapterSummary:
    """A chapter as listed on the CR's front page."""

    link: Link
    number: str
    title: str
    rules: int
    percent: float | None  # coverage, when the document has one


@dataclass
class DocumentView:
    """A page of a rule document: its title, its lead text and its blocks in order."""

    title: str
    node: str
    meta: DocumentMeta
    layout: str  # "rules" (number beside text) or "prose"
    lead: Markup = Markup("")
    blocks: list[Block] = field(default_factory=list)
    chapters: list[ChapterSummary] = field(default_factory=list)
    translation: Link | None = None  # the page of the other language
    graph: Link | None = None
    former: list[FormerStub] = field(default_factory=list)  # old numbers of rules that left this page
    toc: list = field(default_factory=list)


def _language_label(ctx: Ctx, node_id: str) -> str:
    data = ctx.graph.node(node_id)
    meta = ctx.model.documents.get(f"{data.game}:{data.document}")
    language = LANGUAGE.get(meta.language, meta.language.upper()) if meta else ""
    return f"{data.title or ctx.label(node_id)} ({language})" if language else ctx.label(node_id)


def _language(ctx: Ctx, node_id: str) -> str:
    data = ctx.graph.node(node_id)
    meta = ctx.model.documents.get(f"{data.game}:{data.document}")
    return meta.language if meta else "en"


def _is_translation(ctx: Ctx, node_id: str) -> bool:
    data = ctx.graph.node(node_id)
    meta = ctx.model.documents.get(f"{data.game}:{data.document}")
    return bool(meta and meta.translates)


def _proof_notes(ctx: Ctx, block: Block) -> None:
    """Any unit of a game's rules: its rulings, its examples and its history.

    Why a unit is not testable is a note for authors: the coverage page gives it, not the rules."""
    node = block.node
    block.rulings = ctx.rulings_of(node)
    block.examples = ctx.examples_of(node)
    block.history = ctx.history_of(node)
    block.former = [a.number for a in ctx.model.releases.former_in_block.get(node, [])]


def _rule_notes(ctx: Ctx, block: Block) -> None:
    """A numbered rule: what references it, what explains it, its rulings, examples, coverage and history."""
    rel, node = ctx.model.relations, block.node
    block.referenced_by = ctx.refs(rel.get("referenced_by", node), tip=True)
    sections = sorted(rel.get("explained_by", node), key=lambda s: _is_translation(ctx, s))  # originals first
    block.explained_by = [ctx.ref(s, _language_label(ctx, s)) for s in sections]
    _proof_notes(ctx, block)


def _section_notes(ctx: Ctx, block: Block) -> None:
    """A rulebook section: the CR rules it explains, and its translation."""
    rel, node = ctx.model.relations, block.node
    block.explains = ctx.refs(rel.get("explains", node), tip=True)
    block.translations = [
        ctx.ref(t, _language_label(ctx, t))
        for t in rel.get("translates", node) + rel.get("translated_by", node)
    ]


def _block(ctx: Ctx, node: str, level: int, depth: int) -> Block:
    """One node as a block, with the notes that stand under it."""
    data = ctx.graph.node(node)
    kind = str(data.kind)
    anchor = ctx.model.relations.location[node][1]
    block = Block(
        kind, node, anchor, level=level, depth=depth, number=data.number or "", lang=_language(ctx, node)
    )
    if kind == NodeKind.PARAGRAPH and not block.number:
        block.number = node.rsplit("/p", 1)[-1] if "/p" in node else ""
    if data.title:
        block.title = ctx.text.inline(node, ctx.link, data.title)
    if kind == NodeKind.TERM:
        block.title = Markup.escape(data.title)
        block.glossary = ctx.ref(node, "glossary")
    # A rule's text goes into its heading: search then has one entry per rule whose title is the rule.
    block.text = (
        ctx.text.node_line(node, ctx.link) if kind == NodeKind.RULE else ctx.text.node_text(node, ctx.link)
    )
    if kind in (NodeKind.RULE, NodeKind.SECTION, NodeKind.CHAPTER) and block.number:
        _rule_notes(ctx, block)
    else:  # paragraphs and list items (Atnia's rules), unnumbered sections, terms, Examples and Remarks
        _proof_notes(ctx, block)
    if kind == NodeKind.SECTION and not block.number:
        _section_notes(ctx, block)
    return block


def walk(ctx: Ctx, root: str, root_level: int = 1, graphs: dict[str, Link] | None = None) -> list[Block]:
    """Every node below ``root`` as a block, in document order, with heading levels from nesting."""
    graphs = graphs or {}
    rel = ctx.model.relations
    blocks: list[Block] = []
    data = ctx.graph.node(root)
    meta = ctx.model.documents.get(f"{data.game}:{data.document}")
    dotted = bool(meta and meta.numbering == "dotted")
    groups: set[str] = set()  # the section numbers of a dotted document's rules already in the contents

    def visit(node: str, level: int, depth: int) -> None:
        for child in rel.get("children", node):
            kind = ctx.graph.node(child).kind
            if kind in (NodeKind.SECTION, NodeKind.CHAPTER):
                block = _block(ctx, child, min(6, level + 1), 0)
                block.graph = graphs.get(child)
                blocks.append(block)
                if level + 1 <= 3:  # sections and sub-sections make the page's table of contents
                    ctx.add_toc(
                        level + 1,
                        block.anchor,
                        ctx.label(child)
                        if not block.number
                        else f"{block.number} {ctx.graph.node(child).title}".strip(),
                    )
                visit(child, level + 1, 0)
            elif kind == NodeKind.RULE:
                block = _block(ctx, child, min(6, level + 1), depth)
                blocks.append(block)
                group = block.number.rsplit(".", 1)[0]
                titled = group == ctx.graph.node(node).number  # a section of that number heads it already
                if (
                    dotted and depth == 0 and group and not titled and group not in groups
                ):  # Altered: by number
                    groups.add(group)
                    ctx.add_toc(min(level + 1, 3), block.anchor, group)
                visit(child, level + 1, depth + 1)
            else:
                blocks.append(_block(ctx, child, 0, depth))
                visit(child, level, depth + 1)

    visit(root, root_level, 0)
    _print_rulings_once(blocks)
    return blocks


def _print_rulings_once(blocks: list[Block]) -> None:
    """A ruling is printed in full where the page first cites it; later blocks give its question and a link."""
    shown: set[str] = set()
    for block in blocks:
        for note in block.rulings:
            note.full = note.id not in shown
            shown.add(note.id)


def former_stubs(ctx: Ctx, page: str) -> list[FormerStub]:
    """Old numbers of rules that were on ``page`` and moved to another page or were removed."""
    out = []
    for anchor in ctx.model.releases.stubs.get(page, []):
        moved_to = ctx.ref(anchor.node) if anchor.node and anchor.kind == ChangeKind.RENUMBERED else None
        changes = Link(
            ctx.link.to(changes_page(anchor.game), transition_anchor(anchor.document, anchor.release)),
            "changes",
        )
        out.append(
            FormerStub(
                anchor.number,
                anchor.number,
                moved_to,
                ctx.release_name(anchor.game, anchor.document, anchor.release),
                changes,
            )
        )
    return out


def _graph_links(ctx: Ctx, chapter: str) -> dict[str, Link]:
    """Links from each section of a chapter to its graph view."""
    number = ctx.graph.node(chapter).number
    game = ctx.graph.node(chapter).game
    return {
        unit: Link(ctx.link.to(graph_page(game, number), graph_anchor(ctx.graph, unit)), "graph view")
        for unit in graph_units(ctx.graph, ctx.model.relations, chapter)
    }


def chapter_view(ctx: Ctx, chapter: str) -> DocumentView:
    """A CR chapter: every rule a heading, its text linked, and what stands under it."""
    data = ctx.graph.node(chapter)
    meta = ctx.model.documents[f"{data.game}:{data.document}"]
    graphs = _graph_links(ctx, chapter)
    view = DocumentView(
        title=f"{data.number}. {data.title}",
        node=chapter,
        meta=meta,
        layout="rules",
        lead=ctx.text.node_text(chapter, ctx.link),
    )
    view.graph = graphs.pop(chapter, None)
    view.blocks = walk(ctx, chapter, 1, graphs)
    view.former = former_stubs(ctx, ctx.link.page)
    view.toc = ctx.toc
    return view


def document_view(ctx: Ctx, document: str) -> DocumentView:
    """A document on one page (rulebooks, Atnia, the Altered excerpt), or a CR's front page."""
    meta = ctx.model.documents[document]
    view = DocumentView(
        title=meta.title,
        node=document,
        meta=meta,
        layout="prose" if meta.numbering == "none" else "rules",
        lead=ctx.text.node_text(document, ctx.link),
    )
    children = ctx.model.relations.get("children", document)
    chapters = [c for c in children if ctx.graph.node(c).kind == NodeKind.CHAPTER]
    if chapters:
        coverage = ctx.model.coverage.get(meta.game)
        by_chapter = {c.node: c for c in coverage.chapters if c.node} if coverage else {}
        for chapter in chapters:
            c = ctx.graph.node(chapter)
            counted = by_chapter.get(chapter)
            view.chapters.append(
                ChapterSummary(
                    ctx.ref(chapter, f"{c.number}. {c.title}"),
                    c.number,
                    c.title,
                    counted.counts.total if counted else 0,
                    counted.counts.percent if counted else None,
                )
            )
    else:
        view.blocks = walk(ctx, document, 1)
    view.former = former_stubs(ctx, ctx.link.page)
    for doc_id, other in ctx.model.documents.items():
        if doc_id == meta.translates or other.translates == document:
            view.translation = ctx.ref(doc_id, _language_label(ctx, doc_id))
    view.toc = ctx.toc
    return view
