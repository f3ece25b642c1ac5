"""Import the Athernum rulebook (English or German), which already comes as Markdown."""

from __future__ import annotations

import re

from kb.core.nodes import DocumentMeta
from kb.core.repairs import Repair
from kb.importer.common import ImportResult, render
from kb.importer.cr import ATHERNUM_ATTRIBUTION, ATHERNUM_LICENCE

_HEADING = re.compile(r"^(?P<hashes>#{1,6})\s+(?P<text>\S.*)$")  # matched on the line without trailing space
#: "## - Rules Questions and Exceptions – In complex interactions…": a heading with its paragraph run in.
_RUN_IN_HEADING = re.compile(r"^-\s+(?P<title>[^–]*[^–\s])(?:\s+–\s+(?P<rest>.+))?$")
_BULLET = re.compile(r"^(?P<indent>\s*)[-*•]\s+(?P<text>.*)$")


def _indent_width(indent: str) -> int:
    return len(indent.replace("\t", "    "))


def import_rulebook(text: str, *, language: str, source: str, release: str | None = None) -> ImportResult:
    """Normalise the rulebook's Markdown: run-in headings split, list indents made regular, breaks joined."""
    repairs: list[Repair] = []
    out: list[str] = []
    raw = text.splitlines()
    levels: list[int] = []  # indent widths of the open list levels
    for n, line in enumerate(raw, start=1):
        if not line.strip():
            out.append("")
            levels = []
            continue
        heading = _HEADING.match(line.rstrip())
        if heading:
            title = heading.group("text")
            run_in = _RUN_IN_HEADING.match(title)
            if run_in:
                new_title = run_in.group("title").strip()
                repairs.append(
                    Repair(
                        n,
                        "heading marker removed",
                        title[:50],
                        new_title,
                        "a list dash had slipped into the heading",
                    )
                )
                out += ["", f"{heading.group('hashes')} {new_title}", ""]
                if run_in.group("rest"):
                    out.append(run_in.group("rest").strip())
                    repairs.append(
                        Repair(
                            n,
                            "run-in heading split",
                            title[:50],
                            run_in.group("rest")[:40],
                            "the text after the dash is the section's first paragraph",
                        )
                    )
            else:
                out += ["", f"{heading.group('hashes')} {title}", ""]
            levels = []
            continue
        bullet = _BULLET.match(line)
        if bullet:
            width = _indent_width(bullet.group("indent"))
            while levels and width < levels[-1]:
                levels.pop()
            if not levels or width > levels[-1]:
                levels.append(width)
            depth = len(levels) - 1
            normalised = f"{'  ' * depth}- {bullet.group('text').strip()}"
            if width != 2 * depth:
                repairs.append(Repair(n, "list indent normalised", line[:40], normalised[:40]))
            out.append(normalised)
            continue
        stripped = line.strip()
        # A hard line break ("Entertainment  " + newline + "<https://…>") continues the same paragraph.
        if out and out[-1] and not out[-1].lstrip().startswith(("#", "-")) and raw[n - 2].endswith("  "):
            out[-1] = f"{out[-1].rstrip()} {stripped}"
            repairs.append(Repair(n, "hard line break joined", stripped[:40], ""))
            continue
        out.append(stripped)
    german = language == "de"
    meta = DocumentMeta(
        game="athernum",
        document=f"rulebook-{language}",
        title=(
            "Athenum: The Old World — Regelbuch für Einsteiger"
            if german
            else "Athernum: The Old World — Rulebook for new players"
        ),
        language=language,
        version="2025",
        numbering="none",
        licence=ATHERNUM_LICENCE,
        attribution=ATHERNUM_ATTRIBUTION,
        translates="athernum:rulebook-en" if german else None,
        source=source,
        release=release,
    )
    return ImportResult(meta, render(meta, out), repairs)
