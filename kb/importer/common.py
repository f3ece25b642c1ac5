"""What every importer shares: the repairs it reports and the Markdown source it writes."""

from __future__ import annotations

from dataclasses import dataclass, field

import yaml

from kb.model import DocumentMeta


@dataclass(frozen=True)
class Repair:
    """One change the importer made to the scanned text, reported so a person can check it."""

    line: int
    kind: str
    before: str
    after: str
    note: str = ""

    def __str__(self) -> str:
        text = f"line {self.line}: {self.kind}: {self.before!r} → {self.after!r}"
        return f"{text} ({self.note})" if self.note else text

    def to_dict(self) -> dict[str, object]:
        return {
            "line": self.line,
            "kind": self.kind,
            "before": self.before,
            "after": self.after,
            "note": self.note,
        }


@dataclass
class ImportResult:
    """A document converted to its canonical Markdown source, with the repairs made on the way."""

    meta: DocumentMeta
    markdown: str
    repairs: list[Repair] = field(default_factory=list)


def front_matter(meta: DocumentMeta) -> str:
    """The YAML front matter block of a rule source, fields in a fixed, readable order."""
    data: dict[str, str] = {
        "game": meta.game,
        "document": meta.document,
        "title": meta.title,
        "language": meta.language,
        "version": meta.version,
        "numbering": meta.numbering,
    }
    if meta.release:
        data["release"] = meta.release
    if meta.translates:
        data["translates"] = meta.translates
    data["licence"] = meta.licence
    data["attribution"] = meta.attribution
    if meta.source:
        data["source"] = meta.source
    body = yaml.safe_dump(data, sort_keys=False, allow_unicode=True, width=100)
    return f"---\n{body}---\n"


def render(meta: DocumentMeta, lines: list[str]) -> str:
    """Front matter and body as one Markdown file, with runs of blank lines collapsed."""
    out: list[str] = []
    for line in lines:
        if line == "" and (not out or out[-1] == ""):
            continue
        out.append(line.rstrip())
    while out and out[-1] == "":
        out.pop()
    return front_matter(meta) + "\n" + "\n".join(out) + "\n"


def join_wrapped(previous: str, continuation: str) -> str:
    """Join a line the scan broke in two, without doubling or losing the space between them."""
    return f"{previous.rstrip()} {continuation.strip()}"
