"""Import the Athernum Comprehensive Rules from the text of its scan, repairing what the scan broke."""

from __future__ import annotations

import re

from kb.core.errors import ImportFormatError
from kb.core.ids import CR_NUMBER, repair_scanned_number
from kb.core.nodes import DocumentMeta
from kb.core.repairs import Repair
from kb.importer.common import ImportResult, join_wrapped, render

ATHERNUM_LICENCE = (
    "CC BY-NC-SA 4.0 (Athernum: The Old World); the Archen Tactical Card Game System it builds on: CC BY 4.0"
)
ATHERNUM_ATTRIBUTION = (
    "Athernum: The Old World © 2025 Shaarigan – Schroedinger Entertainment "
    "(https://github.com/SchroedingerEntertainment)"
)

_CHAPTER = re.compile(r"^(\d+)\.\s+(\S.*)$")
_NUMBERED = re.compile(r"^(?P<number>\d+\.\d+\.(?:\d+|[A-Z])[a-z]?(?:\.[IVXl]+[a-z]?)?)(?:\s+(?P<text>.*))?$")
_BULLET = re.compile(r"^(?P<indent>\s*)-\s+(?P<text>.*)$")
_TABLE_SEPARATOR = re.compile(r"^\|[\s|:-]+\|?$")

#: Words that open a glossary definition: everything before the first of them is the term.
_DEFINITION_OPENERS = {"A", "An", "Any", "Anything", "The", "To", "Determines"}
_TERM_WORD = re.compile(r"^[A-Z][\w'-]*$|^/$")


def split_glossary_entry(text: str) -> tuple[str, str] | None:
    """Split a chapter-0 list item into term and definition, or None if it is not one.

    The term is bold where the scan kept the bold; otherwise it is the run of capitalised words
    before the first word that opens a definition (``Linked Target The permanent…``).
    """
    bold = re.match(r"^\*\*(?P<term>[^*]+)\*\*\s+(?P<definition>\S.*)$", text)
    if bold:
        return bold.group("term").strip(), bold.group("definition").strip()
    words = text.split()
    for i, word in enumerate(words[1:], start=1):
        if word in _DEFINITION_OPENERS:
            term = words[:i]
            if all(_TERM_WORD.match(w) for w in term) and len(term) <= 4:
                return " ".join(term), " ".join(words[i:])
            return None
        if not _TERM_WORD.match(word):
            return None
    return None


def _is_title(text: str) -> bool:
    """Whether an unbulleted numbered line is a sub-section title (``Resource Cleanup``) rather than a rule."""
    plain = text.replace("**", "").strip()
    words = plain.split()
    if not words or len(words) > 8 or plain[-1] in ".:;,":
        return False
    return all(w[0].isupper() or len(w) <= 3 for w in words)


def _depth(number: str) -> int:
    """Nesting depth of a rule in the Markdown list: 4.2.2 → 0, 4.2.2a → 1, 4.3.5c.II → 2, 4.3.5c.IIb → 3."""
    m = CR_NUMBER.match(number)
    if not m:
        return 0
    if m.group("sub"):
        return 3
    if m.group("roman"):
        return 2
    if m.group("letter"):
        return 1
    return 0


class _CRWriter:
    """Accumulates the Markdown of the CR while remembering what it last wrote."""

    def __init__(self) -> None:
        self.lines: list[str] = []
        self.last_kind = ""  # heading, rule, item, paragraph, glossary
        self.last_depth = 0
        self.in_chapter_zero = False

    def blank(self) -> None:
        self.lines.append("")

    def heading(self, level: int, text: str) -> None:
        self.blank()
        self.lines.append(f"{'#' * level} {text}")
        self.blank()
        self.last_kind = "heading"

    def rule(self, number: str, text: str) -> None:
        depth = _depth(number)
        if self.last_kind not in ("rule", "item"):
            self.blank()
        self.lines.append(f"{'  ' * depth}- {number} {text}".rstrip())
        self.last_kind, self.last_depth = "rule", depth

    def item(self, text: str) -> None:
        """An unnumbered list item inside the previous rule (the lettered items of 1.7.3)."""
        self.lines.append(f"{'  ' * (self.last_depth + 1)}- {text}")
        self.last_kind = "item"

    def bullet(self, text: str) -> None:
        if self.last_kind != "bullet":
            self.blank()
        self.lines.append(f"- {text}")
        self.last_kind = "bullet"

    def paragraph(self, text: str) -> None:
        self.blank()
        self.lines.append(text)
        self.blank()
        self.last_kind = "paragraph"

    def extend_last(self, text: str) -> None:
        """Append a wrapped continuation to the last written line."""
        idx = len(self.lines) - 1
        while idx >= 0 and self.lines[idx] == "":
            idx -= 1
        self.lines[idx] = join_wrapped(self.lines[idx], text)


def import_cr(text: str, *, source: str, release: str | None = None) -> ImportResult:
    """Convert the scanned CR into its canonical Markdown source and list every repair made."""
    raw = text.splitlines()
    repairs: list[Repair] = []

    # The preamble (title, copyright, licences) runs until the table of contents.
    toc_start = next((i for i, line in enumerate(raw) if line.startswith("|")), None)
    if toc_start is None:
        raise ImportFormatError(
            "no table of contents (lines starting with '|') before the first chapter: "
            "not the text of the Athernum CR"
        )
    first_chapter = next(
        (
            i
            for i in range(toc_start, len(raw))
            if not raw[i].startswith("|") and _CHAPTER.match(raw[i].strip())
        ),
        None,
    )
    if first_chapter is None:
        raise ImportFormatError(
            f"no chapter ('1. Title') after the table of contents on line {toc_start + 1}: "
            "not the text of the Athernum CR"
        )
    repairs.append(
        Repair(
            toc_start + 1,
            "dropped table of contents",
            f"lines {toc_start + 1}–{first_chapter}",
            "",
            "page numbers of the printed document; the chapters and sections are the document itself",
        )
    )
    preamble = [line.strip() for line in raw[:toc_start] if line.strip()]
    out = _CRWriter()
    out.lines.extend(p for para in preamble for p in (para, ""))

    pending_glossary: list[tuple[int, str]] = []

    def flush_chapter_zero_section() -> None:
        """Write the list collected under a chapter-0 heading, as glossary terms when every item is one."""
        nonlocal pending_glossary
        if not pending_glossary:
            return
        entries = [split_glossary_entry(t) for _, t in pending_glossary]
        headings = [i for i, line in enumerate(out.lines) if line.startswith("## ")]
        if all(entries) and not headings:
            raise ImportFormatError(
                f"line {pending_glossary[0][0]}: glossary entries before any section heading"
            )
        if all(entries):
            heading = headings[-1]
            out.lines[heading] += " {.glossary}"
            for (line_no, original), entry in zip(pending_glossary, entries):
                term, definition = entry  # type: ignore[misc]
                if not original.startswith("**"):
                    repairs.append(
                        Repair(
                            line_no,
                            "glossary term marked",
                            original[:40],
                            f"**{term}**",
                            "the scan lost the bold; the term is the capitalised words before the definition",
                        )
                    )
                out.bullet(f"**{term}** {definition}")
        else:
            for _, t in pending_glossary:
                out.bullet(t)
        pending_glossary = []

    i = first_chapter
    while i < len(raw):
        line_no = i + 1
        original = raw[i]
        stripped = original.strip()
        i += 1
        if not stripped:
            continue

        if stripped.startswith("|"):
            if _TABLE_SEPARATOR.match(stripped):
                repairs.append(Repair(line_no, "table dissolved", stripped, "", "table rule line dropped"))
                continue
            cells = [c.strip() for c in stripped.strip("|").split("|")]
            head = cells[0].split()
            if not head:
                raise ImportFormatError(
                    f"line {line_no}: a table row without a rule number in its first cell"
                )
            number, stray = head[0], head[1:]
            body = " ".join(c for c in cells[1:] if c)
            if stray:
                body = f"{body} {' '.join(stray)}"
                repairs.append(
                    Repair(
                        line_no,
                        "table cell words restored",
                        stripped,
                        body,
                        f"the words {' '.join(stray)!r} had slipped into the number cell",
                    )
                )
            fixed = repair_scanned_number(number)
            if fixed != number:
                repairs.append(
                    Repair(line_no, "roman numeral repaired", number, fixed, "the scan read I as l")
                )
            repairs.append(Repair(line_no, "table row became a rule", stripped, f"{fixed} {body}"))
            flush_chapter_zero_section()
            out.rule(fixed, body)
            continue

        chapter = _CHAPTER.match(stripped)
        if chapter and not original.startswith((" ", "-")):
            flush_chapter_zero_section()
            out.in_chapter_zero = chapter.group(1) == "0"
            out.heading(1, f"{chapter.group(1)}. {chapter.group(2)}")
            continue

        bullet = _BULLET.match(original)
        content = bullet.group("text").strip() if bullet else stripped
        numbered = _NUMBERED.match(content)
        if numbered:
            flush_chapter_zero_section()
            number = numbered.group("number")
            body = (numbered.group("text") or "").strip()
            fixed = repair_scanned_number(number)
            if fixed != number:
                repairs.append(
                    Repair(line_no, "roman numeral repaired", number, fixed, "the scan read I as l")
                )
            if fixed.endswith(".0") or (
                not bullet
                and (numbered := CR_NUMBER.match(fixed))
                and not numbered.group("letter")
                and _is_title(body)
            ):
                level = 2 if fixed.endswith(".0") else 3
                out.heading(level, f"{fixed} {body.replace('**', '').strip()}")
            else:
                out.rule(fixed, body)
            continue

        if bullet:
            if out.in_chapter_zero:
                pending_glossary.append((line_no, content))
                out.last_kind = "bullet"
            elif out.last_kind in ("rule", "item") and len(bullet.group("indent")) > 0:
                out.item(content)
                repairs.append(
                    Repair(
                        line_no,
                        "list item kept with its rule",
                        content[:40],
                        "",
                        "an unnumbered item under a rule is part of that rule's text",
                    )
                )
            else:
                out.bullet(content)
            continue

        # A line the scan wrapped: it starts in lowercase and continues the previous line or paragraph.
        if stripped[0].islower():
            if pending_glossary:
                prev_line, prev = pending_glossary[-1]
                pending_glossary[-1] = (prev_line, join_wrapped(prev, stripped))
            else:
                out.extend_last(stripped)
            repairs.append(
                Repair(
                    line_no, "wrapped line joined", stripped[:40], "", "a page or line break split a sentence"
                )
            )
            continue

        if out.in_chapter_zero and len(stripped.split()) <= 5 and not stripped.endswith((".", ":")):
            flush_chapter_zero_section()
            out.heading(2, stripped)
            continue

        flush_chapter_zero_section()
        out.paragraph(stripped)

    flush_chapter_zero_section()
    meta = DocumentMeta(
        game="athernum",
        document="cr",
        title="Athernum: The Old World — Comprehensive Rules",
        language="en",
        version="2025",
        numbering="cr",
        licence=ATHERNUM_LICENCE,
        attribution=ATHERNUM_ATTRIBUTION,
        source=source,
        release=release,
    )
    return ImportResult(meta, render(meta, out.lines), repairs)
