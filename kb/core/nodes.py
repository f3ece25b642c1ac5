"""The knowledge base's data model: documents, their nodes, and the kinds of edges between them."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from pathlib import Path


class NodeKind(StrEnum):
    """What a node of the rule graph is."""

    DOCUMENT = "document"
    CHAPTER = "chapter"
    SECTION = "section"
    RULE = "rule"
    TERM = "term"
    PARAGRAPH = "paragraph"
    EXAMPLE = "example"
    REMARK = "remark"


class EdgeKind(StrEnum):
    """The typed relations of the rule graph."""

    CONTAINS = "contains"
    REFERENCES = "references"
    USES_TERM = "uses-term"
    TRANSLATES = "translates"
    EXPLAINS = "explains"


@dataclass(frozen=True)
class DocumentMeta:
    """A rule source's front matter: which document this is and under what licence."""

    game: str
    document: str
    title: str
    language: str
    version: str
    licence: str
    attribution: str
    numbering: str = "none"
    translates: str | None = None
    source: str | None = None
    release: str | None = None

    @property
    def is_excerpt(self) -> bool:
        """An excerpt leaves out rules, so its gaps and references to absent rules are expected."""
        return "excerpt" in self.version.lower()


@dataclass
class Node:
    """One node of the rule graph: a document, chapter, section, numbered rule, term or paragraph.

    ``path`` is its source file as readers see it (relative to the project), set when the graph is built."""

    id: str
    game: str
    document: str
    kind: NodeKind
    title: str = ""
    text: str = ""
    number: str | None = None
    parent: str | None = None
    order: int = 0
    line: int = 0
    aliases: tuple[str, ...] = ()
    path: str = ""

    @property
    def label(self) -> str:
        """How a reader names this node: its number and title, or its title, or its id."""
        if self.number and self.title:
            return f"{self.number} {self.title}"
        return self.number or self.title or self.id.split(":", 1)[1]

    @property
    def place(self) -> tuple[str, str, int]:
        """Where it stands among all nodes: its game, its document and its order in the document."""
        return (self.game, self.document, self.order)


@dataclass
class SourceDocument:
    """A parsed rule source file: its front matter and its nodes in document order."""

    meta: DocumentMeta
    path: Path
    nodes: list[Node] = field(default_factory=list)

    @property
    def id(self) -> str:
        return f"{self.meta.game}:{self.meta.document}"
