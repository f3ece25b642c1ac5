"""What every page view shares: the render context, links as data, and notes on rulings and examples."""

from __future__ import annotations

from dataclasses import dataclass, field

from markupsafe import Markup

from kb.core.nodes import NodeKind
from kb.core.rulings import Ruling
from kb.diff import ChangeKind
from kb.site.links import Linker
from kb.site.model import RulingStatus, SiteModel
from kb.site.releases import SiteChange, changes_page, diff_segments, release_name, transition_anchor
from kb.site.render import TextRenderer
from kb.verify.results import ScenarioResult, Status

STATUS_LABEL = {
    Status.PASSED: "verified",
    Status.FAILED: "failed",
    Status.ERROR: "error",
    Status.XFAIL: "expected failure",
}


@dataclass
class Link:
    """A link as a template shows it: where, what it says, an optional tooltip and status class. A link whose
    href is a previewed node's shows that node's text in the popover (the page carries it once, by href)."""

    href: str | None
    label: str
    title: str = ""
    status: str = ""


@dataclass
class TocEntry:
    """One line of a page's table of contents."""

    level: int
    anchor: str
    title: str


@dataclass
class ExampleNote:
    """A scenario as listed beside a rule or ruling: only a passing one is verified."""

    id: str
    href: str | None
    title: str
    status: str  # passed | failed | error | expected-failure
    label: str  # verified | failed | error | expected failure
    game: str = ""
    number: int = -1  # its place in its game's list of examples (kb.site.example_data)

    @property
    def verified(self) -> bool:
        return self.status == Status.PASSED


@dataclass
class RulingNote:
    """A ruling as shown under a rule it rests on."""

    id: str
    href: str | None
    question: str
    answer: Markup
    status: str
    full: bool = True  # False where the page already shows this ruling in full: then only its question


@dataclass
class HistoryNote:
    """A release in which a rule changed, as shown under the rule: what happened and the word diff."""

    release: str  # the release's name
    previous: str  # the previous release's name
    href: str  # the release's changes on the changes page
    kind: str  # added | removed | changed | renumbered
    summary: str  # "renumbered from 1.1.3", "changed", "added"
    diff: Markup  # the word diff (<del>, <ins>), or the text for an added rule


@dataclass
class Ctx:
    """Everything a view builder needs for one page: the model, its linker and the text renderer."""

    model: SiteModel
    link: Linker
    text: TextRenderer
    toc: list[TocEntry] = field(default_factory=list)
    listed: set[str] = field(
        default_factory=set
    )  # the games whose examples rules or rulings list on this page

    @property
    def graph(self):
        return self.model.graph

    def label(self, node_id: str) -> str:
        """How a reader names a node in a list of links: its number, its title, or section ¶ n."""
        data = self.graph.node(node_id)
        if data.number:
            return data.number
        if data.kind == NodeKind.PARAGRAPH:
            # A list item under a paragraph (p3.1) is named from the section, not from its paragraph.
            parent = data.parent
            while parent in self.graph and self.graph.node(parent).kind == NodeKind.PARAGRAPH:
                parent = self.graph.node(parent).parent
            where = self.label(parent) if parent and parent in self.graph else ""
            return f"{where} ¶{node_id.rsplit('/p', 1)[-1]}".strip()
        return data.title or node_id.split(":", 1)[1]

    def ref(self, node_id: str, label: str | None = None, *, tip: bool = False) -> Link:
        """A link to a node; with ``tip``, it previews the node's text on hover or tap."""
        if tip:
            return Link(self.link.preview(node_id), label or self.label(node_id))
        return Link(self.link.node(node_id), label or self.label(node_id))

    def refs(self, node_ids: list[str], *, tip: bool = False) -> list[Link]:
        return [self.ref(n, tip=tip) for n in node_ids]

    def example(self, scenario: ScenarioResult) -> ExampleNote:
        return ExampleNote(
            scenario.id,
            self.link.scenario(scenario.id),
            scenario.title or scenario.id,
            str(scenario.status),
            STATUS_LABEL.get(scenario.status, str(scenario.status)),
            scenario.game,
            self.model.scenario_number.get(scenario.id, -1),
        )

    def listing(self, notes: list[ExampleNote]) -> list[ExampleNote]:
        """``notes`` as a list under a rule or ruling, which names them by number: the page then loads their
        games' lists of examples."""
        self.listed.update(note.game for note in notes)
        return notes

    def examples_of(self, rule: str) -> list[ExampleNote]:
        """The scenarios citing a rule, passing ones first, as listed on this page."""
        found = self.model.scenarios_by_rule.get(rule, [])
        return self.listing(
            [self.example(s) for s in sorted(found, key=lambda s: (s.status != Status.PASSED, s.id))]
        )

    def ruling_note(self, ruling: Ruling) -> RulingNote:
        return RulingNote(
            ruling.id,
            self.link.ruling(ruling.id),
            ruling.question,
            self.text.prose(ruling.answer, ruling.game, self.link),
            str(self.model.ruling_status(ruling)),
        )

    def rulings_of(self, rule: str) -> list[RulingNote]:
        return [self.ruling_note(r) for r in self.model.rulings_by_rule.get(rule, [])]

    def release_name(self, game: str, document: str, release: str) -> str:
        return release_name(release, self.model.documents.get(f"{game}:{document}"))

    def history_note(self, change: SiteChange) -> HistoryNote:
        c = change.change
        kind = str(c.kind)
        if c.kind == ChangeKind.RENUMBERED:
            summary = f"renumbered from {c.old_id.split(':', 1)[-1]}" if c.old_id else kind
            diff = diff_markup(c.old_text, c.new_text) if c.word_diff else Markup("")
        elif c.kind == ChangeKind.ADDED:
            summary, diff = "added", Markup("<ins>{}</ins>").format(c.new_text)
        else:
            summary, diff = kind, diff_markup(c.old_text, c.new_text)
        href = self.link.to(changes_page(change.game), transition_anchor(change.document, change.release))
        return HistoryNote(
            self.release_name(change.game, change.document, change.release),
            self.release_name(change.game, change.document, change.previous),
            href,
            kind,
            summary,
            diff,
        )

    def history_of(self, node_id: str) -> list[HistoryNote]:
        """The releases in which a node changed, newest first."""
        return [self.history_note(c) for c in reversed(self.model.releases.by_node.get(node_id, []))]

    def add_toc(self, level: int, anchor: str, title: str) -> None:
        self.toc.append(TocEntry(level, anchor, title))


def rule_links(ctx: Ctx, rules: list[str], *, tip: bool = False) -> list[Link]:
    """Links to the rules a ruling or scenario cites; one the graph does not have is shown struck out."""
    return [
        ctx.ref(r, tip=tip)
        if r in ctx.graph
        else Link(None, r.split(":", 1)[-1], "not a rule of the graph", "error")
        for r in rules
    ]


RULING_STATUS_CLASS = {
    RulingStatus.DEMONSTRATED: "passed",
    RulingStatus.FAILING: "failed",
    RulingStatus.UNPROVEN: "missing",
}


def diff_markup(old: str, new: str) -> Markup:
    """A word-level diff as HTML: removed words in ``<del>``, added ones in ``<ins>``, every word escaped."""
    parts = []
    for op, words in diff_segments(old, new):
        if op == "-":
            parts.append(Markup("<del>{}</del>").format(words))
        elif op == "+":
            parts.append(Markup("<ins>{}</ins>").format(words))
        else:
            parts.append(Markup.escape(words))
    return Markup(" ").join(parts)
