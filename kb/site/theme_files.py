"""The theme's files listed once per process: MkDocs lists every file of the theme's folders for each build (Material's
some 14,500 icons among them, 0.03 s CPU), which ``rulekb serve`` and the tests repeat many times in one process.

A folder's listing is kept with the modification time of each of its directories, taken before each is read; any
file added, removed or renamed in one changes that directory's time, and the folder is listed again. A directory
changed in the last second is not trusted (its time could be that of a change yet to come within the file system's
clock tick), so its folder is listed again each time until it has been still for a second.
"""

from __future__ import annotations

import os
import time
from dataclasses import dataclass

import jinja2
from mkdocs.theme import Theme


@dataclass(frozen=True)
class _Listing:
    """The files below one theme folder (as the template names Jinja gives them) and the times of its directories."""

    names: frozenset[str]
    times: tuple[tuple[str, int], ...]

    def current(self) -> bool:
        """Whether no directory of the folder changed since it was listed."""
        try:
            return all(os.stat(path).st_mtime_ns == mtime for path, mtime in self.times)
        except OSError:
            return False


#: The listing of each theme folder, by its path and whether links to directories are followed.
_LISTINGS: dict[tuple[str, bool], _Listing] = {}
#: How long a directory must have been unchanged for its time to be trusted.
_STILL_NS = 1_000_000_000
#: The time kept for a directory that is listed again each time: no directory has it.
_UNTRUSTED = -1


def _list(folder: str, follow_links: bool) -> _Listing:
    """Every file below ``folder`` named as ``jinja2.FileSystemLoader.list_templates`` names it."""
    names: set[str] = set()
    times: list[tuple[str, int]] = []
    pending = [folder]
    recent = time.time_ns() - _STILL_NS
    while pending:
        directory = pending.pop()
        try:
            changed = os.stat(directory).st_mtime_ns
            times.append((directory, changed if changed < recent else _UNTRUSTED))
            with os.scandir(directory) as entries:
                for entry in entries:
                    if entry.is_dir():
                        if follow_links or not entry.is_symlink():
                            pending.append(entry.path)
                        continue
                    name = entry.path[len(folder) :].strip(os.path.sep).replace(os.path.sep, "/")
                    names.add(name[2:] if name[:2] == "./" else name)
        except OSError:  # skipped, as Jinja's listing skips it; and listed again next time
            times.append((directory, _UNTRUSTED))
    return _Listing(frozenset(names), tuple(times))


class ListedOnceLoader(jinja2.FileSystemLoader):
    """A file-system loader whose list of templates is kept per process while its folders do not change."""

    def list_templates(self) -> list[str]:
        found: set[str] = set()
        for folder in self.searchpath:
            key = (folder, self.followlinks)
            listing = _LISTINGS.get(key)
            if listing is None or not listing.current():
                listing = _LISTINGS[key] = _list(folder, self.followlinks)
            found |= listing.names
        return sorted(found)


def list_theme_once(theme: Theme) -> None:
    """Make the environment MkDocs gets from ``theme`` (to list its files and render its pages) list them through
    :class:`ListedOnceLoader`; everything else about it stays as MkDocs makes it."""
    make_env = theme.get_env

    def get_env() -> jinja2.Environment:
        env = make_env()
        loader = env.loader
        if type(loader) is jinja2.FileSystemLoader:
            env.loader = ListedOnceLoader(loader.searchpath, loader.encoding, loader.followlinks)
        return env

    theme.get_env = get_env  # type: ignore[method-assign]
