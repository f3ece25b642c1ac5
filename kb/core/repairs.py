"""Import reports kept beside rule sources (``<document>.import.yaml``): the repairs ``rulekb import`` made to a
scanned text, read back so that lint can list them for review."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from kb.core.yamlio import read_yaml_quietly


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


def report_path(source_path: Path) -> Path:
    """The import report kept beside a rule source: the repairs the importer made to it."""
    return source_path.with_suffix(".import.yaml")


def load_repairs(source_path: Path) -> list[Repair]:
    """The repairs recorded when a rule source was imported (empty for a hand-written source)."""
    path = report_path(source_path)
    if not path.exists():
        return []
    data = read_yaml_quietly(path)
    entries = data.get("repairs") if isinstance(data, dict) else None
    try:
        return [Repair(**r) for r in entries or []]
    except TypeError:  # a hand-edited report whose entries are not repairs: it only lists them for review
        return []
