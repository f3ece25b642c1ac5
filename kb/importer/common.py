"""What every importer shares: the result it returns (with its repairs) and the Markdown source it writes."""

from __future__ import annotations

from dataclasses import dataclass, field

import yaml

from kb.core.nodes import DocumentMeta
from kb.core.repairs import Repair


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
