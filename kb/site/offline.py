"""The offline app: the service worker's list of files to keep, its cache version, and the bundle's size.

Written after the whole site is in its folder, from what is there: every page, asset and the search
index, but not the downloads (JSON/GraphML exports, fetched when asked for), source maps or sitemaps.
The version is a hash of the kept files' paths and contents, so identical builds publish identical
service workers and any change to a kept file publishes a new one.
"""

from __future__ import annotations

import gzip
import hashlib
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

from kb.site.templates import render

SERVICE_WORKER = "sw.js"
#: Not kept offline: exports fetched on demand, and files only tools read.
NOT_KEPT_FOLDERS = ("downloads/",)
NOT_KEPT_SUFFIXES = (".map", ".gz")
NOT_KEPT_FILES = ("sitemap.xml", SERVICE_WORKER)

#: The gzipped size this process measured of each file the last measured bundle held, by the sha256 of its content:
#: builds in one process (``rulekb serve``, the tests) ship mostly the same files (the theme's scripts, 3.5 MB of
#: mermaid), which are then not gzipped again. Only the last bundle's, so that no size of an old file is kept, and
#: never a size the caller gave (``known``).
_MEASURED: dict[str, int] = {}


@dataclass(frozen=True)
class OfflineBundle:
    """What the service worker keeps: its files (relative to the site root), their sizes, and the version."""

    files: tuple[str, ...]
    version: str
    size: int  # bytes as stored
    #: Bytes once each file is gzipped, as a server would send them; None when not measured (``measure``).
    gzip_size: int | None
    #: Each kept file's gzipped size by the sha256 of its content, for the next build (see :func:`offline_bundle`).
    gzip_sizes: dict[str, int] = field(default_factory=dict, compare=False)


def kept(path: str) -> bool:
    """Whether the service worker keeps the file at ``path`` (relative to the site root)."""
    return not (
        path.startswith(NOT_KEPT_FOLDERS)
        or path.endswith(NOT_KEPT_SUFFIXES)
        or path in NOT_KEPT_FILES
        or path.rsplit("/", 1)[-1].startswith(".")
    )


def offline_bundle(
    site: Path, known: Mapping[str, int] | None = None, *, measure: bool = True
) -> OfflineBundle:
    """The files of the built site at ``site`` that the service worker keeps, with their version and size; a file
    whose gzipped size an earlier build measured (``known``: its bundle's ``gzip_sizes``) is not gzipped again.
    Without ``measure`` no file is gzipped (only to report a size nobody reads): the gzipped size is unknown unless
    every file's is ``known``, and a file whose size is not is left for a later build to measure."""
    digest = hashlib.sha256()
    files: list[str] = []
    sizes: dict[str, int] = {}
    size = gzip_size = 0
    measured = True
    gzipped: dict[str, int] = {}  # what this process measured of this bundle's files, for _MEASURED
    for file in sorted(p for p in site.rglob("*") if p.is_file()):
        path = file.relative_to(site).as_posix()
        if not kept(path):
            continue
        content = file.read_bytes()
        files.append(path)
        sha = hashlib.sha256(content)
        key = sha.hexdigest()
        packed = (known or {}).get(key)
        if packed is None and measure:
            packed = _MEASURED.get(key)
            if packed is None:
                packed = len(gzip.compress(content, compresslevel=6, mtime=0))
            gzipped[key] = packed
        elif key in _MEASURED:
            gzipped[key] = _MEASURED[key]
        if packed is None:
            measured = False
        else:
            sizes[key] = packed
            gzip_size += packed
        size += len(content)
        digest.update(path.encode() + b"\0" + sha.digest())
    if measure:
        _MEASURED.clear()
        _MEASURED.update(gzipped)
    return OfflineBundle(tuple(files), digest.hexdigest()[:16], size, gzip_size if measured else None, sizes)


def write_service_worker(
    site: Path, known: Mapping[str, int] | None = None, *, measure: bool = True
) -> OfflineBundle:
    """Write ``sw.js`` at the root of the built site at ``site``, keeping the files of this build (``known`` and
    ``measure``: see :func:`offline_bundle`)."""
    bundle = offline_bundle(site, known, measure=measure)
    (site / SERVICE_WORKER).write_text(
        render("sw.js", version=bundle.version, files=list(bundle.files)), encoding="utf-8"
    )
    return bundle
