"""Where a rulekb project keeps its files: rule sources, scenarios, the generated site, caches."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path


def _looks_like_root(path: Path) -> bool:
    return (path / "rules").is_dir() and ((path / "pyproject.toml").exists() or (path / "mkdocs.yml").exists())


def find_root(start: Path | None = None) -> Path:
    """The project root: ``$RULEKB_ROOT``, else the nearest folder up from ``start`` holding ``rules/``."""
    env = os.environ.get("RULEKB_ROOT")
    if env:
        return Path(env).resolve()
    here = (start or Path.cwd()).resolve()
    for candidate in (here, *here.parents):
        if _looks_like_root(candidate):
            return candidate
    package_root = Path(__file__).resolve().parent.parent
    if _looks_like_root(package_root):
        return package_root
    return here


@dataclass(frozen=True)
class Paths:
    """The folders of one project."""

    root: Path

    @classmethod
    def discover(cls, start: Path | None = None) -> "Paths":
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
