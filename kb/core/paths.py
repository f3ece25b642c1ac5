"""Where a rulekb project keeps its files: rule sources, scenarios, the generated site, caches."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from kb.core.errors import RulekbError

#: The environment variable that names the project root (``rulekb --root DIR`` sets it for the run).
ROOT_VARIABLE = "RULEKB_ROOT"


class NoProjectError(RulekbError):
    """No rulekb project was found where the command looked for one."""


def looks_like_root(path: Path) -> bool:
    """A rulekb project holds ``rules/`` beside its ``mkdocs.yml``."""
    return (path / "rules").is_dir() and (path / "mkdocs.yml").is_file()


def find_root(start: Path | None = None) -> Path:
    """The project root: ``$RULEKB_ROOT`` (trusted as given: a new project may not hold ``rules/`` yet), else the
    nearest folder from ``start`` upwards that looks like a project; never a guess, so that a command run
    outside any project writes nothing."""
    env = os.environ.get(ROOT_VARIABLE)
    if env:
        root = Path(env).resolve()
        if not root.is_dir():
            raise NoProjectError(f"the project root {env!r} (--root or ${ROOT_VARIABLE}) is not a folder")
        return root
    here = (start or Path.cwd()).resolve()
    for candidate in (here, *here.parents):
        if looks_like_root(candidate):
            return candidate
    raise NoProjectError(
        f"no rulekb project in {here} or above (a folder with rules/ and mkdocs.yml); "
        f"use --root DIR or set ${ROOT_VARIABLE}"
    )


def relative_text(path: Path, folder: Path) -> str | None:
    """``path`` relative to ``folder``, as ``str(path.relative_to(folder))`` gives it, when it is written below it;
    None otherwise (the folder itself too). Compared as text first: pathlib took most of the time of code asking
    it of every scenario or input file (pathlib decides what text cannot, e.g. a relative ``folder``)."""
    text, base = str(path), os.path.join(str(folder), "")
    if text.startswith(base) and len(text) > len(base):
        return text[len(base) :]
    return str(path.relative_to(folder)) if path != folder and path.is_relative_to(folder) else None


def path_order(path: Path) -> tuple[str, ...]:
    """The key that sorts paths as ``Path.__lt__`` does (by their parts), computed once per path instead of once
    per comparison: sorting a thousand paths by it takes a fraction of the time."""
    return path.parts


@dataclass(frozen=True)
class Paths:
    """The folders of one project."""

    root: Path

    @classmethod
    def discover(cls, start: Path | None = None) -> Paths:
        return cls(find_root(start))

    @property
    def rules(self) -> Path:
        return self.root / "rules"

    @property
    def scenarios(self) -> Path:
        return self.root / "scenarios"

    @property
    def site(self) -> Path:
        return self.root / "site"

    @property
    def docs(self) -> Path:
        return self.root / "docs"

    @property
    def cache(self) -> Path:
        """Everything rulekb derives and keeps between runs: verify results, the search index, memos."""
        return self.root / ".rulekb"

    @property
    def memo(self) -> Path:
        """Pickled parses of the sources, disposable and rebuilt when a source changes; a folder of its own so
        that ``mkdocs serve``, watching ``.rulekb/`` for new verify results, does not rebuild when they are written."""
        return self.cache / "memo"

    @property
    def verify_details(self) -> Path:
        """Each verified scenario's steps, log and boards, a file per scenario beside the verify results (see
        :mod:`kb.verify.results`)."""
        return self.cache / "verify-details"
