"""Links to the generated site as a terminal shows them: absolute URLs when the site has a public address
(``RULEKB_SITE_URL``, or a literal ``site_url`` in mkdocs.yml), else the path of the built page under site/."""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from pathlib import Path

from kb.core.paths import Paths

SITE_URL_VARIABLE = "RULEKB_SITE_URL"
_LITERAL_SITE_URL = re.compile(r"^site_url:\s*['\"]?(https?://[^\s'\"]+)", re.MULTILINE)


@dataclass(frozen=True)
class SiteLinks:
    """Turns a URL relative to the site root (``athernum/cr/4.html#4.2.2a``) into one a reader can open."""

    base: str = ""  # the site's public address ending in "/", or "" when it has none
    site: Path | None = None  # the built site folder (None: URLs stay relative to the site root)

    def href(self, url: str) -> str:
        if not url:
            return url
        if self.base:
            return self.base + url
        if self.site is None:
            return url
        page = self.site / url
        try:
            return str(page.relative_to(Path.cwd()))
        except ValueError:
            return str(page)


def configured_site_url(paths: Paths) -> str:
    """The site's public address: the environment's ``RULEKB_SITE_URL``, else mkdocs.yml's literal site_url."""
    url = os.environ.get(SITE_URL_VARIABLE, "").strip()
    if not url:
        config = paths.root / "mkdocs.yml"
        match = _LITERAL_SITE_URL.search(config.read_text(encoding="utf-8")) if config.is_file() else None
        url = match.group(1) if match else ""
    return url if not url or url.endswith("/") else url + "/"


def site_links(paths: Paths) -> SiteLinks:
    return SiteLinks(configured_site_url(paths), paths.site)
