"""Links from one generated page to nodes, rulings, scenarios and pages, recorded for validation.

Every href a generated page contains is made here, relative to the page, from the locations in
``kb.urls``. Each target (page, anchor) is recorded so that the MkDocs plugin can hand them to MkDocs'
own link and anchor validation: a link to a missing page or anchor fails a strict build.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from mkdocs.utils import get_relative_url

from kb.site.model import SiteModel
from kb.urls import page_url


@dataclass
class Linker:
    """Makes page-relative hrefs for one page and remembers where they point."""

    page: str  # src_uri of the page being rendered
    model: SiteModel
    urls: dict[str, str]  # src_uri → site URL of every file of the build
    targets: dict[tuple[str, str], str] = field(default_factory=dict)  # (page, anchor) → first href made
    previews: dict[str, None] = field(default_factory=dict)  # nodes whose links preview their text, in order
    #: The relative URL of each other page linked to so far (a page links to a few pages some 400 times each).
    relative: dict[str, str] = field(default_factory=dict, repr=False)

    def to(self, page: str, anchor: str = "") -> str:
        """The href of ``page`` (a src_uri) and an anchor on it, as seen from this page."""
        if page == self.page:
            here = self.urls.get(self.page, page_url(self.page))
            href = f"#{anchor}" if anchor else here.rsplit("/", 1)[-1]
        else:
            relative = self.relative.get(page)
            if relative is None:
                here = self.urls.get(self.page, page_url(self.page))
                relative = get_relative_url(self.urls.get(page, page_url(page)), here)
                self.relative[page] = relative
            href = relative + (f"#{anchor}" if anchor else "")
        self.targets.setdefault((page, anchor), href)
        return href

    def node(self, node_id: str) -> str:
        """The href of a graph node where the site shows it."""
        page, anchor = self.model.relations.location[node_id]
        return self.to(page, anchor)

    def preview(self, node_id: str) -> str:
        """The href of a node whose link previews its text: the page then carries that text once."""
        self.previews.setdefault(node_id)
        return self.node(node_id)

    def preview_hrefs(self) -> dict[str, str]:
        """The href of each node previewed on this page (the key its popover text is found by) → the node."""
        return {self.node(n): n for n in self.previews if n in self.model.relations.location}

    def ruling(self, ruling_id: str) -> str | None:
        """The href of a ruling on its game's rulings page, or None for an unknown ruling."""
        ruling = self.model.rulings.get(ruling_id)
        return self.to(*self.model.ruling_location(ruling)) if ruling else None

    def scenario(self, scenario_id: str) -> str | None:
        """The href of a scenario shown in full, or None when it has no result to show."""
        location = self.model.scenario_location.get(scenario_id)
        return self.to(*location) if location else None
