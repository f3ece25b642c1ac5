"""Pages of the previous build written again as they were, without the theme's rendering, when nothing they show
changed: the step that makes a one-rule edit rebuild only the few pages it touches.

Every page's content is still produced (by the generator, or MkDocs' Markdown for hand-written pages); what is
skipped is the theme's template, which lays out the navigation of the whole site on every page, and the HTML
compaction. A page is reused when its key — a hash of everything the theme reads from the page (content, title,
front matter, table of contents, URLs) and of everything it reads from the site (the navigation with every page's
title, the configuration, the theme and this package's site code) — equals the key of the page the previous build
wrote, and that page is still there byte for byte. So a reused page is exactly the page a full build writes.
"""

from __future__ import annotations

import hashlib
import json
import os
from dataclasses import dataclass, field
from importlib.metadata import version
from pathlib import Path

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.structure.files import Files
from mkdocs.structure.pages import Page
from mkdocs.structure.toc import AnchorLink

from kb import build_stamp
from kb.site.draft import DRAFT_BUILD

#: The theme template that writes a reused page's previous output unchanged (kb/templates/site/theme).
REUSED_TEMPLATE = "rulekb-reused.html"
#: Raise to make every memo of an earlier rulekb version unusable.
MEMO_VERSION = 1


def _digest(*parts: object) -> str:
    h = hashlib.sha256()
    for part in parts:
        data = part if isinstance(part, bytes) else json.dumps(part, sort_keys=True, default=str).encode()
        h.update(len(data).to_bytes(8, "big") + data)
    return h.hexdigest()


def _toc(items: list[AnchorLink]) -> list:
    return [[item.level, item.id, item.title, _toc(item.children)] for item in items]


def _code_digest() -> str:
    """The code (with the site's code and theme) and the versions of MkDocs and Material: what lays out every page.
    The code's digest is the build's own (kb.build_stamp), each file read once per process."""
    return _digest([version("mkdocs"), version("mkdocs-material"), MEMO_VERSION], build_stamp.code_digest())


def site_key(config: MkDocsConfig, files: Files) -> str:
    """What every page shows of the whole site: the configuration, the navigation and every page's title and URL."""
    pages = [
        (f.src_uri, f.url, f.page.title if f.page is not None else None) for f in files.documentation_pages()
    ]
    settings = {
        name: config.get(name)
        for name in (
            "site_name",
            "site_url",
            "site_description",
            "site_author",
            "copyright",
            "repo_url",
            "repo_name",
            "edit_uri",
            "use_directory_urls",
            "nav",
            "extra",
            "extra_css",
            "extra_javascript",
            "markdown_extensions",
        )
    }
    # Whether the build is a draft is not shown: what a draft shows is (config.extra's rk_draft, its banner).
    settings["extra"] = {k: v for k, v in config.extra.items() if k != DRAFT_BUILD}
    config_file = Path(config.config_file_path).read_bytes() if config.config_file_path else b""
    return _digest(
        _code_digest(),
        config_file,
        dict(config.theme),
        settings,
        pages,
        os.environ.get("SOURCE_DATE_EPOCH"),
    )


def page_key(site: str, page: Page) -> str:
    """What the theme reads from one page, with the site's key."""
    return _digest(
        site,
        page.file.src_uri,
        page.url,
        page.canonical_url,
        page.edit_url,
        page.title,
        page.meta,
        _toc(list(page.toc)),
        page.content or "",
    )


def _hash(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


@dataclass
class PageReuse:
    """The previous build's site folder and its pages' keys (a memo in ``.rulekb/memo/``), and this build's."""

    previous: Path
    memo: Path
    #: dest path → [page key, sha256 of the page written]: what this build wrote, recorded once it succeeded.
    written: dict[str, list[str]] = field(default_factory=dict)
    reused: set[str] = field(default_factory=set)

    def _stored(self, name: str) -> dict:
        """One table of the memo the previous build left, or an empty one when it cannot be read."""
        try:
            stored = json.loads(self.memo.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return {}
        current = isinstance(stored, dict) and stored.get("version") == MEMO_VERSION
        found = stored.get(name) if current else None
        return found if isinstance(found, dict) else {}

    def gzip_sizes(self) -> dict[str, int]:
        """The gzipped sizes of the previous build's offline files, by content (kb.site.offline)."""
        return {k: v for k, v in self._stored("gzip_sizes").items() if isinstance(v, int)}

    def plan(self, config: MkDocsConfig, files: Files) -> None:
        """Mark each page whose key is the previous build's, and whose output is still there, to be written as it was.

        Runs once every page's content is known and before any page is laid out (MkDocs' ``on_env``)."""
        previous = self._stored("pages")
        site = site_key(config, files)
        for file in files.documentation_pages():
            page = file.page
            if page is None or page.content is None:
                continue
            key = page_key(site, page)
            self.written[file.dest_uri] = [key, ""]
            before = previous.get(file.dest_uri)
            if not isinstance(before, list) or len(before) != 2 or before[0] != key:
                continue
            try:
                output = (self.previous / file.dest_uri).read_bytes()
            except OSError:
                continue
            if _hash(output) != before[1]:
                continue
            page.meta["template"] = REUSED_TEMPLATE
            page.content = output.decode("utf-8")
            self.written[file.dest_uri][1] = before[1]
            self.reused.add(file.dest_uri)

    def is_reused(self, page: Page) -> bool:
        return page.file.dest_uri in self.reused

    def wrote(self, page: Page, output: str) -> None:
        """Note the bytes written for a page laid out in this build."""
        entry = self.written.get(page.file.dest_uri)
        if entry is not None:
            entry[1] = _hash(output.encode("utf-8", errors="xmlcharrefreplace"))

    def record(self, gzip_sizes: dict[str, int]) -> None:
        """Keep this build's pages' keys and its offline files' gzipped sizes for the next build (atomically)."""
        self.memo.parent.mkdir(parents=True, exist_ok=True)
        tmp = self.memo.with_name(f".{self.memo.name}.{os.getpid()}.tmp")
        pages = {dest: entry for dest, entry in sorted(self.written.items()) if entry[1]}
        stored = {"version": MEMO_VERSION, "pages": pages, "gzip_sizes": dict(sorted(gzip_sizes.items()))}
        tmp.write_text(json.dumps(stored), encoding="utf-8")
        tmp.replace(self.memo)
