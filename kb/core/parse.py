"""Parse rule sources (``rules/<game>/*.md``) into documents of nodes, collecting every problem.

The parser never stops at the first problem: it returns the document it could read together with
all problems found, each naming file, line and field, so that ``rulekb lint`` can show them in one run.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from kb.core.errors import Problem, Severity
from kb.core.ids import CR_NUMBER, DOTTED_NUMBER, cr_parent_number, dotted_parent_number, slugify
from kb.core.nodes import DocumentMeta, Node, NodeKind, SourceDocument
from kb.core.textfile import read_text
from kb.core.yamlpos import YamlInvalid, load_located

REQUIRED_META = ("game", "document", "title", "language", "version", "licence", "attribution")
NUMBERINGS = ("cr", "dotted", "none")

_HEADING = re.compile(
    r"^(?P<hashes>#{1,6})(?:\s+(?P<text>.*))?$"
)  # matched on the line without trailing space
_ATTRS = re.compile(r"\{[^{}]*\}$")  # a heading's attribute list: ``## Glossary {.glossary}``
_ITEM = re.compile(r"^(?P<indent>\s*)(?P<marker>[-*+]|\d+\.)\s+(?P<text>.*)$")
_QUOTE = re.compile(r"^(?P<indent>\s*)>\s?(?P<text>.*)$")
_CHAPTER_TITLE = re.compile(r"^(?P<number>\d+)\.\s+(?P<title>\S.*)$")
_LEADING_NUMBER = re.compile(r"^(?P<token>\d+\.\d+\S*)(?:\s+(?P<text>.*))?$")
_NOTE_KIND = re.compile(r"^\*\*(?P<kind>Example|Remark)\.\*\*\s*(?P<text>.*)$")
_BOLD_TERM = re.compile(r"^\*\*(?P<term>[^*]+)\*\*\s*(?:[–—-]\s*)?(?P<definition>.*)$")
_UNDERSCORE_STRONG = re.compile(r"(?<![\w_])__(?=[^\s_])([^_\n]*[^\s_])__(?![\w_])")  # linear: no '_' inside
_GAME_NAME = re.compile(r"^[a-z][a-z0-9-]*$")
#: Front matter fields that name things in ids, file names and URLs, and the shape each must have.
NAME_FIELDS = {
    "game": (_GAME_NAME, "a lowercase name like 'athernum'"),
    "document": (re.compile(r"^[a-z0-9][a-z0-9-]*$"), "a lowercase name like 'cr' or 'rulebook-en'"),
    "language": (re.compile(r"^[a-z]{2,3}(?:-[A-Za-z0-9]{2,8})*$"), "a language code like 'en' or 'de'"),
    "release": (
        re.compile(r"^[0-9A-Za-z][0-9A-Za-z._-]*$"),
        "a release name like '2026-01' (no '/' or '..')",
    ),
    "translates": (
        re.compile(r"^[a-z][a-z0-9-]*:[a-z0-9][a-z0-9-]*$"),
        "a document id like 'athernum:rulebook-en'",
    ),
}
OPTIONAL_META = ("numbering", "release", "translates", "source")


def plain(text: str) -> str:
    """Rule text without Markdown strong-emphasis markers: every ``**``, and ``__`` only around words (``__x__``),
    so that a blank to fill in (``__``) or a name like ``a__b`` stays as written."""
    return _UNDERSCORE_STRONG.sub(r"\1", text.replace("**", ""))


@dataclass
class ParseResult:
    """A parsed source: the document (None when the front matter is unusable) and every problem found."""

    document: SourceDocument | None
    problems: list[Problem] = field(default_factory=list)


@dataclass
class _Open:
    """A node still receiving lines: continuation text, nested items, quotes."""

    node: Node
    indent: int
    kind: str  # "rule", "para", "term", "quote", "heading"


class _Parser:
    def __init__(self, path: Path, display: str, meta: DocumentMeta, body_start: int):
        self.path = path
        self.display = display
        self.meta = meta
        self.body_start = body_start
        self.problems: list[Problem] = []
        self.order = 0
        self.nodes: list[Node] = []
        self.by_id: dict[str, Node] = {}
        self.doc = Node(
            id=f"{meta.game}:{meta.document}",
            game=meta.game,
            document=meta.document,
            kind=NodeKind.DOCUMENT,
            title=meta.title,
            line=1,
        )
        self._add(self.doc)
        self.headings: list[tuple[int, Node]] = []  # (level, node) of open headings
        self.glossary = False
        self.open: list[_Open] = []  # innermost last
        self.intro_target: Node | None = self.doc if meta.numbering != "none" else None
        self.block_counts: dict[str, int] = {}
        self.quote_counts: dict[tuple[str, str], int] = {}
        self.slugs: set[str] = set()

    # --- helpers -----------------------------------------------------------------------------
    def problem(self, line: int, fld: str, message: str, severity: Severity = Severity.ERROR) -> None:
        self.problems.append(Problem(self.display, line, fld, message, severity))

    def _add(self, node: Node) -> bool:
        if node.id in self.by_id:
            first = self.by_id[node.id]
            self.problem(
                node.line,
                "id",
                f"duplicate id {node.id.split(':', 1)[1]} (first defined on line {first.line})",
            )
            return False
        self.order += 1
        node.order = self.order
        self.by_id[node.id] = node
        self.nodes.append(node)
        return True

    def _new(self, local: str, kind: NodeKind, line: int, **kw) -> Node:
        return Node(
            id=f"{self.meta.game}:{local}",
            game=self.meta.game,
            document=self.meta.document,
            kind=kind,
            line=line,
            **kw,
        )

    @property
    def container(self) -> Node:
        return self.headings[-1][1] if self.headings else self.doc

    def _block_id(self, container: Node) -> str:
        """A stable id from position: ``<section>/p3`` for a block, ``<section>/p3.2`` for an item nested in it."""
        count = self.block_counts.get(container.id, 0) + 1
        self.block_counts[container.id] = count
        local = container.id.split(":", 1)[1]
        return f"{local}.{count}" if container.kind == NodeKind.PARAGRAPH else f"{local}/p{count}"

    def _number_parent(self, number: str) -> Node:
        """The nearest existing ancestor of a numbered rule, by its number."""
        step = cr_parent_number if self.meta.numbering == "cr" else dotted_parent_number
        parent = step(number)
        while parent is not None:
            node = self.by_id.get(f"{self.meta.game}:{parent}")
            if node is not None:
                return node
            parent = step(parent)
        return self.doc

    def _valid_number(self, token: str) -> bool:
        if self.meta.numbering == "cr":
            return bool(CR_NUMBER.match(token))
        return bool(DOTTED_NUMBER.match(token))

    # --- line handlers ---------------------------------------------------------------------------
    def heading(self, line: int, level: int, text: str, attrs: str) -> None:
        self.open.clear()
        self.glossary = ".glossary" in attrs
        title = plain(text).strip()
        if not title:
            self.problem(line, "heading", "heading has no text")
            return
        while self.headings and self.headings[-1][0] >= level:
            self.headings.pop()
        numbered = self.meta.numbering != "none"
        chapter = _CHAPTER_TITLE.match(title) if numbered and level == 1 else None
        lead = _LEADING_NUMBER.match(title) if numbered else None
        if chapter:
            node = self._new(
                chapter.group("number"),
                NodeKind.CHAPTER,
                line,
                number=chapter.group("number"),
                title=chapter.group("title").strip(),
                parent=self.doc.id,
            )
        elif lead and self._valid_number(lead.group("token")):
            number = lead.group("token")
            node = self._new(
                number, NodeKind.SECTION, line, number=number, title=(lead.group("text") or "").strip()
            )
            node.parent = self._number_parent(number).id
        elif lead:
            self.problem(line, "number", f"malformed rule number {lead.group('token')!r} in heading")
            return
        else:
            slug = slugify(title)
            base, k = slug, 2
            while slug in self.slugs:
                slug, k = f"{base}-{k}", k + 1
            self.slugs.add(slug)
            node = self._new(
                f"{self.meta.document}/{slug}", NodeKind.SECTION, line, title=title, parent=self.container.id
            )
        if self._add(node):
            self.headings.append((level, node))
            self.intro_target = node if numbered else None

    def item(self, line: int, indent: int, marker: str, text: str) -> None:
        text = text.strip()
        self.intro_target = None
        # A nested item belongs to the innermost open node that is less indented.
        while self.open and self.open[-1].indent >= indent:
            self.open.pop()
        owner = self.open[-1] if self.open else None
        lead = _LEADING_NUMBER.match(text) if self.meta.numbering != "none" else None
        if lead and marker in "-*+":
            token, body = lead.group("token"), plain(lead.group("text") or "").strip()
            if not self._valid_number(token):
                self.problem(line, "number", f"malformed rule number {token!r}")
                return
            if not body:
                self.problem(line, "text", f"rule {token} has no text")
            node = self._new(token, NodeKind.RULE, line, number=token, text=body)
            node.parent = self._number_parent(token).id
            if self._add(node):
                self.open.append(_Open(node, indent, "rule"))
            return
        if owner is not None and owner.kind == "rule":
            shown = text if marker in "-*+" else f"{marker} {text}"
            owner.node.text += "\n" + plain(shown)
            return
        if self.glossary and indent == 0:
            term = _BOLD_TERM.match(text)
            if not term or not term.group("definition").strip():
                self.problem(line, "term", "a glossary item must read '**Term** definition'")
                return
            name = term.group("term").strip()
            node = self._new(
                f"term/{slugify(name)}",
                NodeKind.TERM,
                line,
                title=name,
                text=plain(term.group("definition")).strip(),
                parent=self.container.id,
            )
            node.aliases = tuple(a.strip() for a in name.split("/") if a.strip() and "/" in name)
            if self._add(node):
                self.open.append(_Open(node, indent, "term"))
            return
        parent = owner.node if owner is not None and owner.kind == "para" else self.container
        node = self._new(self._block_id(parent), NodeKind.PARAGRAPH, line, text=plain(text), parent=parent.id)
        if marker not in "-*+":
            node.text = f"{marker} {node.text}"
        if self._add(node):
            self.open.append(_Open(node, indent, "para"))

    def quote(self, line: int, text: str) -> None:
        self.intro_target = None
        rule = next((o for o in reversed(self.open) if o.kind in ("rule", "quote")), None)
        if rule is None:
            self.problem(line, "quote", "an Example or Remark must follow the rule it belongs to")
            return
        note = _NOTE_KIND.match(text)
        if note:
            while self.open and self.open[-1].kind == "quote":
                self.open.pop()
            owner = self.open[-1].node
            kind = note.group("kind").lower()
            key = (owner.id, kind)
            self.quote_counts[key] = self.quote_counts.get(key, 0) + 1
            local = f"{owner.id.split(':', 1)[1]}/{kind}-{self.quote_counts[key]}"
            node = self._new(
                local,
                NodeKind.EXAMPLE if kind == "example" else NodeKind.REMARK,
                line,
                title=note.group("kind"),
                text=plain(note.group("text")).strip(),
                parent=owner.id,
            )
            if self._add(node):
                self.open.append(_Open(node, 10_000, "quote"))
            return
        current = self.open[-1]
        if current.kind != "quote":
            self.problem(line, "quote", "a quote under a rule must start with **Example.** or **Remark.**")
            return
        if not text.strip():
            current.node.text += "\n\n"
        elif current.node.text.endswith("\n\n"):
            current.node.text += plain(text).strip()
        else:
            current.node.text += " " + plain(text).strip()

    def paragraph(self, line: int, text: str, continues: bool) -> None:
        text = plain(text).strip()
        if continues and self.open:
            target = self.open[-1].node
            target.text = f"{target.text} {text}".strip()
            return
        if continues and self.intro_target is not None and self.intro_target.text:
            self.intro_target.text += " " + text
            return
        self.open.clear()
        if self.intro_target is not None:
            target = self.intro_target
            target.text = f"{target.text}\n\n{text}" if target.text else text
            return
        container = self.container
        node = self._new(self._block_id(container), NodeKind.PARAGRAPH, line, text=text, parent=container.id)
        if self._add(node):
            self.open.append(_Open(node, -1, "para"))

    def run(self, lines: list[str]) -> None:
        previous_blank = True
        for offset, raw in enumerate(lines):
            line = self.body_start + offset
            if not raw.strip():
                previous_blank = True
                if self.open and self.open[-1].kind == "para" and self.open[-1].indent == -1:
                    self.open.pop()
                continue
            heading = _HEADING.match(raw.rstrip())
            if heading and not raw.startswith(" "):
                text = heading.group("text") or ""
                attrs = _ATTRS.search(text)
                if attrs:
                    text = text[: attrs.start()]
                self.heading(line, len(heading.group("hashes")), text.strip(), attrs.group() if attrs else "")
            elif (quote := _QUOTE.match(raw)) is not None:
                self.quote(line, quote.group("text"))
            elif (item := _ITEM.match(raw)) is not None:
                self.item(line, len(item.group("indent")), item.group("marker"), item.group("text"))
            else:
                self.paragraph(line, raw, continues=not previous_blank)
            previous_blank = False


def _read_front_matter(text: str, display: str) -> tuple[dict, int, list[Problem]]:
    """The front matter mapping, the line the body starts on, and problems with the front matter."""
    lines = text.split("\n")
    if not lines or lines[0].strip() != "---":
        return (
            {},
            1,
            [Problem(display, 1, "front matter", "a rule source must start with a '---' front matter block")],
        )
    try:
        end = next(i for i in range(1, len(lines)) if lines[i].strip() == "---")
    except StopIteration:
        return {}, 1, [Problem(display, 1, "front matter", "the front matter block is not closed with '---'")]
    try:
        data = load_located("\n".join(lines[1:end])).data or {}
    except YamlInvalid as exc:
        return {}, end + 2, [exc.problem(display, "front matter", line_offset=1)]
    if not isinstance(data, dict):
        return {}, end + 2, [Problem(display, 2, "front matter", "front matter must be a mapping of fields")]
    return data, end + 2, []


def _field_line(text: str, name: str) -> int:
    for n, line in enumerate(text.split("\n")[:60], start=1):
        if line.startswith(f"{name}:"):
            return n
    return 1


def _meta_problems(data: dict, text: str, display: str) -> list[Problem]:
    """Front matter fields missing, of the wrong type (a list, a mapping) or of the wrong shape."""
    problems = []
    for name in (*REQUIRED_META, *OPTIONAL_META):
        value = data.get(name)
        line = _field_line(text, name)
        if value is None or not str(value).strip():
            if name in REQUIRED_META:
                problems.append(Problem(display, line, name, f"front matter field '{name}' is missing"))
        elif isinstance(value, (dict, list, bool)):
            problems.append(
                Problem(
                    display,
                    line,
                    name,
                    f"front matter field '{name}' must be text, not {type(value).__name__}",
                )
            )
        elif name in NAME_FIELDS and not NAME_FIELDS[name][0].match(str(value)):
            problems.append(
                Problem(display, line, name, f"{name} must be {NAME_FIELDS[name][1]}, not {str(value)!r}")
            )
        elif name == "numbering" and value not in NUMBERINGS:
            problems.append(
                Problem(
                    display,
                    line,
                    name,
                    f"numbering must be one of {', '.join(NUMBERINGS)}, not {str(value)!r}",
                )
            )
    return problems


def parse_text(text: str, path: Path, display: str | None = None) -> ParseResult:
    """Parse the text of one rule source; ``display`` is the path shown in messages."""
    display = display or str(path)
    data, body_start, problems = _read_front_matter(text, display)
    if problems:
        return ParseResult(None, problems)
    problems += _meta_problems(data, text, display)
    numbering = str(data.get("numbering", "none"))
    game = str(data.get("game", ""))
    if problems:
        return ParseResult(None, problems)
    meta = DocumentMeta(
        game=game,
        document=str(data["document"]),
        title=str(data["title"]),
        language=str(data["language"]),
        version=str(data["version"]),
        licence=str(data["licence"]),
        attribution=str(data["attribution"]),
        numbering=numbering,
        translates=data.get("translates"),
        source=data.get("source"),
        release=str(data["release"]) if data.get("release") else None,
    )
    parser = _Parser(path, display, meta, body_start)
    parser.run(text.split("\n")[body_start - 1 :])
    document = SourceDocument(meta, path, parser.nodes)
    return ParseResult(document, parser.problems)


def parse_file(path: Path, display: str | None = None) -> ParseResult:
    """Parse one rule source file; its encoding, BOM and control characters are problems too."""
    display = display or str(path)
    text, problems = read_text(path, display)
    if text is None:
        return ParseResult(None, problems)
    result = parse_text(text, path, display)
    result.problems[:0] = problems
    return result
