"""Versions of the rule sources to compare: a folder, or a git revision of ``rules/``."""

from __future__ import annotations

import io
import subprocess
import tarfile
import tempfile
from contextlib import contextmanager
from pathlib import Path

from kb.core.errors import RulekbError
from kb.core.loader import KnowledgeBase, build_kb
from kb.core.memo import cached
from kb.core.paths import Paths


class VersionNotFound(RulekbError):
    """Neither a folder of rule sources nor a git revision that has ``rules/``."""


def _git(root: Path, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run(["git", "-C", str(root), *args], capture_output=True)


def _as_folder(spec: str, root: Path) -> Path | None:
    path = Path(spec)
    if not path.is_absolute():
        path = Path.cwd() / path
    if path.is_dir():
        if (path / "rules").is_dir():
            return path
        if any(path.glob("*/*.md")):  # the rules folder itself
            return path.parent if path.name == "rules" else _wrap(path)
    return None


def _wrap(rules_dir: Path) -> Path:
    """A project root whose rules/ is the given folder (a folder of games named otherwise)."""
    tmp = Path(tempfile.mkdtemp(prefix="rulekb-version-"))
    (tmp / "rules").symlink_to(rules_dir.resolve(), target_is_directory=True)
    return tmp


@contextmanager
def checkout(spec: str, root: Path):
    """A project root holding the rule sources of ``spec`` (a folder, or a git revision), for the block's length."""
    folder = _as_folder(spec, root)
    if folder is not None:
        yield folder
        return
    verify = _git(root, "rev-parse", "--verify", "--quiet", f"{spec}^{{commit}}")
    if verify.returncode != 0:
        raise VersionNotFound(f"{spec!r} is neither a folder of rule sources nor a git revision")
    archive = _git(root, "archive", "--format=tar", spec, "rules")
    if archive.returncode != 0:
        raise VersionNotFound(f"revision {spec} has no rules/ folder: {archive.stderr.decode().strip()}")
    with tempfile.TemporaryDirectory(prefix="rulekb-rev-") as tmp:
        with tarfile.open(fileobj=io.BytesIO(archive.stdout)) as tar:
            tar.extractall(tmp, filter="data")
        yield Path(tmp)


def load_version(root: Path) -> KnowledgeBase:
    """The knowledge base of a checked-out version of the rules."""
    return build_kb(Paths(root))


def _tree_id(spec: str, root: Path) -> str | None:
    """The git object id of ``rules/`` at a revision: equal ids mean identical rule sources."""
    found = _git(root, "rev-parse", "--verify", "--quiet", f"{spec}:rules")
    return found.stdout.decode().strip() or None if found.returncode == 0 else None


def load_spec(spec: str, project: Paths) -> KnowledgeBase:
    """The knowledge base of a folder or git revision; a revision's is cached by the id of its rules tree."""
    if _as_folder(spec, project.root) is None:
        tree = _tree_id(spec, project.root)
        if tree:

            def build() -> KnowledgeBase:
                with checkout(spec, project.root) as root:
                    return load_version(root)

            return cached(project.memo / "versions" / f"{tree}.pickle", tree, build)
    with checkout(spec, project.root) as root:
        return load_version(root)
