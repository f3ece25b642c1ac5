"""Import the Atnia rules document: plain text whose headings are bare short lines."""

from __future__ import annotations

import itertools
import re

from kb.core.errors import ImportFormatError
from kb.core.nodes import DocumentMeta
from kb.core.repairs import Repair
from kb.importer.common import ImportResult, render

_ITEM = re.compile(r"^(?P<indent>\s*)(?P<marker>•|-|\*(?=\s)|\d+\.)\s+(?P<text>.*)$")


def _looks_like_heading(line: str, next_line: str) -> bool:
    """A bare short line with no sentence punctuation is a heading; so is a short ``…:`` before a list."""
    words = line.split()
    if not words or line.startswith((" ", "*")) or len(words) > 12 or ", " in line:
        return False
    if line.endswith(":"):
        return len(words) <= 8 and bool(_ITEM.match(next_line))
    return line[-1] not in ".!?;)’'\"" and line[0].isupper()


def import_atnia(text: str, *, source: str, release: str | None = None) -> ImportResult:
    """Convert the Atnia document to Markdown: headings marked, bullets and numbered steps as lists."""
    raw = text.splitlines()
    if not raw or not raw[0].strip():
        raise ImportFormatError('the first line must be the document\'s title ("Atnia Card Game…")')
    repairs: list[Repair] = []
    title = raw[0].strip()
    out: list[str] = []
    nonblank = [i for i, line in enumerate(raw) if line.strip()]
    next_of = {a: raw[b] for a, b in itertools.pairwise(nonblank)}
    levels: list[int] = []
    for idx in range(1, len(raw)):
        line = raw[idx].rstrip()
        n = idx + 1
        if not line.strip():
            out.append("")
            continue
        item = _ITEM.match(line)
        if item:
            width = len(item.group("indent"))
            while levels and width < levels[-1]:
                levels.pop()
            if not levels or width > levels[-1]:
                levels.append(width)
            depth = len(levels) - 1
            marker = item.group("marker")
            marker = "-" if marker in "•-*" else marker
            pad = "   " if marker != "-" else "  "
            out.append(f"{pad * depth}{marker} {item.group('text').strip()}")
            continue
        levels = []
        if _looks_like_heading(line.strip(), next_of.get(idx, "")):
            heading = line.strip().rstrip(":")
            repairs.append(
                Repair(
                    n,
                    "heading marked",
                    line.strip(),
                    f"## {heading}",
                    "a bare short line of the document is a section heading",
                )
            )
            out += ["", f"## {heading}", ""]
            continue
        out += ["", line.strip(), ""]
    meta = DocumentMeta(
        game="atnia",
        document="rules",
        title=title,
        language="en",
        version="set 1 (draft)",
        numbering="none",
        licence="not stated in the source document; quoted for reference",
        attribution="Atnia Card Game rules document, by the designers of Atnia (setting of Ciaḃan's Tabletop RPG)",
        source=source,
        release=release,
    )
    return ImportResult(meta, render(meta, out), repairs)
