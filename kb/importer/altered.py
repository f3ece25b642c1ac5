"""Import the Altered comprehensive rules excerpt: dotted numbers, with Examples and Remarks."""

from __future__ import annotations

import re

from kb.core.nodes import DocumentMeta
from kb.core.repairs import Repair
from kb.importer.common import ImportResult, join_wrapped, render

_NUMBERED = re.compile(r"^(?P<number>\d+(?:\.\d+)*\.[a-z]|\d+\.\d+(?:\.\d+)+)\s+(?P<text>.*)$")
_STEP = re.compile(r"^(?P<n>\d+)\.\s+(?P<text>.*)$")
_NOTE = re.compile(r"^(?:\+\+)?(?P<kind>Example|Remark)\.\s*(?P<text>.*)$")


def import_altered(text: str, *, source: str, release: str | None = None) -> ImportResult:
    """Convert the excerpt: each numbered line a rule, each Example or Remark quoted under its rule."""
    repairs: list[Repair] = []
    out: list[str] = []
    raw = text.splitlines()
    state = "start"  # rule, step, note, paragraph
    in_plus_block = False
    for n, line in enumerate(raw, start=1):
        stripped = line.strip()
        if not stripped:
            continue
        numbered = _NUMBERED.match(stripped)
        note = _NOTE.match(stripped)
        step = _STEP.match(stripped)
        if in_plus_block and not numbered:
            closing = stripped.endswith("++")
            body = stripped[:-2].rstrip() if closing else stripped
            out += ["  >", f"  > {body}"]
            in_plus_block = not closing
            continue
        if numbered:
            number, body = numbered.group("number"), numbered.group("text").strip()
            if number.split(".")[-1].isdigit():
                out += ["", f"### {number} {body}", ""]
            else:
                out.append(f"- {number} {body}")
            state = "rule"
        elif note and state in ("rule", "step", "note"):
            kind, body = note.group("kind"), note.group("text").strip()
            in_plus_block = stripped.startswith("++") and not stripped.endswith("++")
            if stripped.startswith("++"):
                body = body.removesuffix("++").rstrip()
                repairs.append(
                    Repair(n, "example markers removed", "++", "", "the ++…++ span is one example")
                )
            if state == "note":
                out.append("")
            out.append(f"  > **{kind}.** {body}")
            state = "note"
        elif step and state in ("rule", "step"):
            out.append(f"  {step.group('n')}. {step.group('text').strip()}")
            state = "step"
        elif state in ("rule", "step", "note") and not stripped[0].isupper():
            out[-1] = join_wrapped(out[-1], stripped)
            repairs.append(
                Repair(
                    n,
                    "wrapped line joined",
                    stripped[:30],
                    "",
                    "a symbol the scan could not read broke the line",
                )
            )
        elif len(stripped.split()) <= 5 and stripped[-1] not in ".:":
            out += ["", f"## {stripped}", ""]
            state = "heading"
        else:
            out += ["", stripped, ""]
            state = "paragraph"
    meta = DocumentMeta(
        game="altered",
        document="cr",
        title="Altered TCG — Comprehensive Rules (excerpt)",
        language="en",
        version="excerpt",
        numbering="dotted",
        licence="not stated in the excerpt; quoted for reference",
        attribution="Altered TCG comprehensive rules, © Equinox",
        source=source,
        release=release,
    )
    return ImportResult(meta, render(meta, out), repairs)
