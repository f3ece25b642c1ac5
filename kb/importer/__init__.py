"""``rulekb import``: turn a source document (a scan's text, or Markdown) into a canonical rule source."""

from __future__ import annotations

import re
from pathlib import Path

import yaml

from kb.core.errors import ImportFormatError
from kb.core.repairs import Repair, report_path
from kb.core.textfile import read_text
from kb.importer.altered import import_altered
from kb.importer.atnia import import_atnia
from kb.importer.common import ImportResult
from kb.importer.cr import import_cr
from kb.importer.rulebook import import_rulebook

FORMATS = ("athernum-cr", "athernum-rulebook-en", "athernum-rulebook-de", "atnia", "altered")

_GERMAN_WORDS = re.compile(r"\b(?:und|der|die|das|nicht|Spieler|Karte)\b")


#: A release name: letters, digits, ``.``, ``_`` and ``-`` (no separators, no ``..``), as in ``2026-01``.
RELEASE_NAME = re.compile(r"^[0-9A-Za-z][0-9A-Za-z._-]*$")


def check_release(release: str | None) -> None:
    """Refuse a release name that could leave ``rules/<game>/`` or make a folder (``../x``, ``2026/01``)."""
    if release is not None and (not RELEASE_NAME.match(release) or ".." in release):
        raise ImportFormatError(
            f"release {release!r} is not a release name: use letters, digits, '.', '_' and '-' "
            "(like 2026-01), without '/' or '..'"
        )


def read_document(path: Path) -> str:
    """The text of a document to import, whatever its bytes; a clear error naming the file for what is not text."""
    text, problems = read_text(path, str(path))
    errors = (
        problems if text is None else [p for p in problems if p.field == "(text)"]
    )  # a BOM is only dropped
    if errors or text is None:
        raise ImportFormatError("cannot import " + "; ".join(str(p) for p in errors[:3]))
    return text


def detect_format(text: str) -> str:
    """Recognise which of the known documents a text is, from its own wording."""
    head = text[:3000]
    if "Comprehensive Rules" in head and re.search(r"^[ \t]*(?:-[ \t]*)?1\.1\.1\s", text, re.MULTILINE):
        return "athernum-cr"
    if re.search(r"^#\s+Athe(?:r)?num", head, re.MULTILINE):
        return "athernum-rulebook-de" if len(_GERMAN_WORDS.findall(head)) > 20 else "athernum-rulebook-en"
    if head.lstrip().startswith("Atnia Card Game"):
        return "atnia"
    if re.search(r"^\d+\.\d+\.\d+\.[a-z]\s", text, re.MULTILINE) and "Altered" in text:
        return "altered"
    raise ImportFormatError(
        "cannot tell which document this is; pass --format with one of: " + ", ".join(FORMATS)
    )


def convert(text: str, fmt: str, *, source: str, release: str | None = None) -> ImportResult:
    """Convert ``text`` in format ``fmt`` into a canonical rule source."""
    if fmt == "athernum-cr":
        return import_cr(text, source=source, release=release)
    if fmt in ("athernum-rulebook-en", "athernum-rulebook-de"):
        return import_rulebook(text, language=fmt[-2:], source=source, release=release)
    if fmt == "atnia":
        return import_atnia(text, source=source, release=release)
    if fmt == "altered":
        return import_altered(text, source=source, release=release)
    raise ImportFormatError(f"unknown format {fmt!r}; known formats: {', '.join(FORMATS)}")


def target_path(rules_dir: Path, result: ImportResult) -> Path:
    """Where an imported document lives: ``rules/<game>/<document>.md``, the current source (a new release becomes
    the current source; the one it replaces is archived as ``<document>@<release>.md``)."""
    check_release(result.meta.release)
    return rules_dir / result.meta.game / f"{result.meta.document}.md"


def write(result: ImportResult, path: Path, *, force: bool = False, root: Path | None = None) -> None:
    """Write a converted document and its import report; never overwrite an edited source unless forced, never
    through a symlink, and (given the project ``root``) never outside it."""
    for target in (path, report_path(path)):
        if target.is_symlink():
            raise ImportFormatError(f"{target} is a symlink; rulekb import does not write through links")
        if root is not None and not target.parent.resolve().is_relative_to(root.resolve()):
            raise ImportFormatError(
                f"{target} lies outside the project ({root}); rulekb import writes only in rules/"
            )
    if path.exists() and not force:
        raise ImportFormatError(
            f"{path} already exists and is the source of truth; import a new release with --release, "
            "or pass --force to replace it"
        )
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(result.markdown, encoding="utf-8")
    report = {
        "source": result.meta.source,
        "repairs": [r.to_dict() for r in result.repairs],
    }
    report_path(path).write_text(
        "# Repairs made by `rulekb import`; `rulekb lint` lists them for review.\n"
        + yaml.safe_dump(report, sort_keys=False, allow_unicode=True, width=100),
        encoding="utf-8",
    )


__all__ = [
    "FORMATS",
    "ImportResult",
    "Repair",
    "convert",
    "detect_format",
    "report_path",
    "target_path",
    "write",
]
