"""A build's inputs as one digest, so that ``rulekb build`` with nothing changed since the last good build does
nothing: the rule sources, scenarios and card libraries, the site's pages and configuration, and the code (kb,
its templates, the engines) that turns them into the site and the index."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import engine
from kb.core import memo
from kb.core.paths import Paths, path_order

STAMP_FILE = "build-stamp.json"
#: The memo of each input file's digest.
DIGESTS_MEMO = "build-inputs.pickle"
CODE = Path(__file__).parent


def _files(paths: Paths) -> list[Path]:
    folders = [paths.rules, paths.scenarios, paths.docs, CODE, Path(engine.__file__).parent]
    found = [paths.root / "mkdocs.yml"]
    for folder in folders:
        if folder.is_dir():
            found += [p for p in folder.rglob("*") if p.is_file() and "__pycache__" not in p.parts]
    return sorted((p for p in found if p.is_file()), key=path_order)


def _file_digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


#: This process's digests of the code's files, by file and its size and modification time (``code_digest``).
_CODE_DIGESTS: dict[tuple[Path, int, int], str] = {}


def code_digest() -> str:
    """The digest of the code a build runs (kb, its templates, the engines): what makes the same inputs give the
    same site. Each file is read once per process while its size and modification time are unchanged."""
    h = hashlib.sha256()
    for folder in (CODE, Path(engine.__file__).parent):
        for path in sorted(
            (p for p in folder.rglob("*") if p.is_file() and "__pycache__" not in p.parts), key=path_order
        ):
            stat = path.stat()
            key = (path, stat.st_size, stat.st_mtime_ns)
            if key not in _CODE_DIGESTS:
                _CODE_DIGESTS[key] = _file_digest(path)
            # Named from the folder holding its package: kb and the engines may be imported from different places.
            h.update(f"{path.relative_to(folder.parent).as_posix()}\0{_CODE_DIGESTS[key]}\0".encode())
    return h.hexdigest()


def _name(path: Path, paths: Paths) -> str:
    """A file's name where it lives, not where the project is: relative to the project, or for the code, to the
    folder holding the packages (``kb/build.py``), so that a project copied with its build finds it current."""
    text = path.as_posix()
    for base in (paths.root.as_posix().rstrip("/") + "/", CODE.parent.as_posix().rstrip("/") + "/"):
        if text.startswith(base):  # as relative_to gives it, without pathlib's cost on a thousand files
            return text[len(base) :]
    return text


def inputs_digest(paths: Paths, draft: bool) -> str:
    """The digest of every file a build reads (name and bytes), and whether it is a draft. Each file's own digest
    is kept in a memo while its size and modification time are unchanged, so that a build with nothing changed
    reads no file whole."""
    h = hashlib.sha256(b"draft" if draft else b"final")
    for path, digest in memo.per_file(paths.memo / DIGESTS_MEMO, _files(paths), _file_digest).items():
        h.update(f"{_name(path, paths)}\0{digest}\0".encode())
    return h.hexdigest()


def stamp_path(paths: Paths) -> Path:
    return paths.cache / STAMP_FILE


def up_to_date(paths: Paths, digest: str) -> bool:
    """Whether the last good build had exactly these inputs and its site is still there."""
    try:
        stored = json.loads(stamp_path(paths).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return False
    outputs = [
        paths.site / "index.html",
        paths.cache / "index" / "CURRENT",
        paths.cache / "verify-results.json",
    ]
    return isinstance(stored, dict) and stored.get("inputs") == digest and all(p.is_file() for p in outputs)


def record(paths: Paths, digest: str) -> None:
    """Remember the inputs of a build that succeeded (written atomically)."""
    path = stamp_path(paths)
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(".tmp")
    tmp.write_text(json.dumps({"inputs": digest}), encoding="utf-8")
    tmp.replace(path)
