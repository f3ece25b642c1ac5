"""One build of the site inside MkDocs: plan the pages, add them as in-memory files, render each one.

Generated pages never touch ``docs/``: each is an in-memory MkDocs ``File`` whose source is a small
front matter; its HTML is rendered from a Jinja2 template when MkDocs processes the page (rule pages),
or its Markdown is produced then (graph views). Every link a rendered page makes is handed to MkDocs'
own link and anchor validation.
"""

from __future__ import annotations

import copy
import gc
import json
import logging
import os
import re
import time
from dataclasses import dataclass, field, replace
from html import unescape as html_unescape
from typing import TYPE_CHECKING, cast

from markupsafe import Markup
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.structure.files import File, Files
from mkdocs.structure.pages import Page
from mkdocs.structure.toc import get_toc

from kb import build_stamp
from kb.core.loader import load_kb
from kb.core.paths import Paths
from kb.site.content_memo import ContentMemo, PageOutput, Rendered, view_state
from kb.site.data import BuildInputs, load_site_data
from kb.site.example_data import example_scripts, examples_script
from kb.site.german import GermanTerms
from kb.site.links import Linker
from kb.site.model import SiteModel, build_model
from kb.site.pages import PageSpec, SitePlan, plan_site
from kb.site.previews import previews_json
from kb.site.render import TextRenderer, linkify
from kb.site.templates import environment, keep_compiled, render
from kb.site.titles import tab_title
from kb.site.views.common import Ctx
from kb.site.watched import Key, recording, watched

if TYPE_CHECKING:
    from mkdocs.structure.toc import _TocToken  # the token's shape, as get_toc() takes it

log = logging.getLogger("mkdocs.plugins.rulekb")
ID_ATTRIBUTE = re.compile(r'\sid="([^"]+)"')
_LAST: list[SiteGenerator] = []


def last_generator() -> SiteGenerator | None:
    """The generator of the most recent build in this process (for its page timings)."""
    return _LAST[-1] if _LAST else None


class GeneratedPageCollision(Exception):
    """A file in docs/ has the path of a generated page."""


@dataclass
class Licence:
    """A licence line of the footer: whose texts, and under which licence."""

    attribution: Markup
    licence: Markup


def _toc_tokens(entries: list) -> list[_TocToken]:
    """Nest a flat list of (level, anchor, title) entries into the tokens MkDocs builds a TOC from."""
    root: list[_TocToken] = []
    stack: list[_TocToken] = []
    for entry in entries:
        token: _TocToken = {
            "level": entry.level,
            "id": entry.anchor,
            "name": str(Markup.escape(entry.title)),
            "children": [],
        }
        while stack and stack[-1]["level"] >= entry.level:
            stack.pop()
        (stack[-1]["children"] if stack else root).append(token)
        stack.append(token)
    return root


class GeneratedPage(Page):
    """A generated rule page: its HTML, table of contents and anchors are the plugin's (``page_content``), so
    MkDocs' Markdown conversion of its placeholder source, whose results would all be replaced, is skipped."""

    def render(self, config: MkDocsConfig, files: Files) -> None:
        """What converting the placeholder gives: no content, contents, title or anchors, and no links yet."""
        self.content = ""
        self.toc = get_toc([])
        self._title_from_render = None
        self.present_anchor_ids = set()
        if logging.getLogger("mkdocs.structure.pages").getEffectiveLevel() > logging.DEBUG:
            self.links_to_anchors = {}


class RenderedPage(Page):
    """A Markdown page (a graph view, or a hand-written page) kept from the previous build: what MkDocs' conversion
    of the same Markdown, with the same pages and settings, gave then (``Rendered``), rather than converting it
    again."""

    rendered: Rendered
    kept_markdown: str | None

    def render(self, config: MkDocsConfig, files: Files) -> None:
        """The kept conversion, its links to other pages' anchors resolved to this build's files; the Markdown is
        converted after all when it is not the kept one (a plugin after this one changed it)."""
        kept = self.rendered
        if self.markdown != self.kept_markdown:
            super().render(config, files)
            return
        links = None
        if kept.links is not None:
            links = {files.get_file_from_path(uri): dict(anchors) for uri, anchors in kept.links.items()}
            if None in links:  # a page it links to is gone (the memo's key says otherwise): convert it
                super().render(config, files)
                return
        self.content = kept.content
        self.toc = copy.deepcopy(kept.toc)  # type: ignore[assignment]
        self._title_from_render = kept.title
        self.present_anchor_ids = set(kept.anchors)
        if links is not None:
            self.links_to_anchors = links  # type: ignore[assignment]


def _use_rendered(page: Page, kept: PageOutput) -> None:
    """Have MkDocs take a Markdown page's kept conversion instead of converting it again."""
    if kept.rendered is not None and type(page) is Page:
        page.__class__ = RenderedPage
        cast(RenderedPage, page).rendered = kept.rendered
        cast(RenderedPage, page).kept_markdown = kept.markdown


def _front_matter(spec: PageSpec) -> str:
    lines = [
        f"{key}: {json.dumps(value, ensure_ascii=False)}" for key, value in spec.front_matter.items()
    ]  # YAML reads no surrogate pairs
    return "---\n" + "\n".join(lines) + "\n---\n\n"


@dataclass
class SiteGenerator:
    """The plan and model of one build, and the work of adding and rendering its pages."""

    model: SiteModel
    plan: SitePlan
    text: TextRenderer
    timings: dict[str, float] = field(default_factory=dict)  # src_uri → CPU seconds to build and render it
    #: The pages of the previous build, kept while nothing they read changed (set by the plugin for ``rulekb build``).
    memo: ContentMemo | None = None
    _urls: dict[str, str] | None = None
    _memo_started: bool = False
    #: What the conversion of Markdown pages depends on besides their Markdown (set by the plugin from the config).
    settings: object = None
    #: src_uri → its file, as links look it up (once per build, however many pages link to it).
    _files_found: dict[str, File | None] = field(default_factory=dict)

    @classmethod
    def load(cls, paths: Paths, given: BuildInputs | None = None) -> SiteGenerator:
        """Load the knowledge base and everything beside it (or take what the build ``given`` holds), and plan the
        site."""
        kb = given.kb if given is not None else load_kb(paths)
        kb.raise_for_errors()
        keep_compiled(environment(), paths.memo / "templates-pages")
        # Pages read the model through a stand-in that records what each one reads (kb/site/watched.py).
        model = watched(build_model(load_site_data(kb, given)))
        generator = cls(model, plan_site(model), TextRenderer(model, GermanTerms.build(model)))
        _LAST[:] = [generator]
        # The graph and its indexes live as long as the build and are never garbage: keep the cyclic
        # garbage collector from re-scanning them for every page (``release`` undoes this). No full collection
        # first (0.2 s CPU): garbage frozen with them is collected once unfrozen, by whoever builds again
        # (``run_build`` collects once the site is published, off the path from an edit to its page).
        gc.freeze()
        return generator

    @staticmethod
    def release() -> None:
        """Hand the objects kept out of garbage collection during the build back to the collector."""
        gc.unfreeze()

    # --- configuration -----------------------------------------------------------------------

    def licences(self) -> list[Licence]:
        """Each distinct licence and attribution of the rule texts, by game."""
        seen: dict[tuple[str, str], Licence] = {}
        for game in self.model.games:
            for document in self.model.documents_of(game):
                meta = self.model.documents[document]
                key = (meta.attribution, meta.licence)
                if key not in seen:
                    seen[key] = Licence(
                        linkify(meta.attribution.rstrip(".")), linkify(meta.licence.rstrip("."))
                    )
        return list(seen.values())

    def footer(self) -> str:
        return render("footer.html", licences=self.licences()).strip()

    # --- files -------------------------------------------------------------------------------

    def add_files(self, files: Files, config: MkDocsConfig) -> Files:
        """Add every generated page and download, and each game's list of examples, as an in-memory file."""
        for src_uri, spec in self.plan.pages.items():
            if files.get_file_from_path(src_uri) is not None:
                raise GeneratedPageCollision(f"docs/{src_uri} has the path of a generated page; rename it")
            stub = "<!-- generated by kb.site from the rule graph -->\n" if not spec.markdown else ""
            files.append(File.generated(config, src_uri, content=_front_matter(spec) + stub))
        for item in self.plan.downloads:
            if files.get_file_from_path(item.path) is None:
                files.append(File.generated(config, item.path, content=item.content))
        self._urls = None
        for path, script in example_scripts(self.model, self._url_map(files)).items():
            files.append(File.generated(config, path, content=script))
        self._urls = None
        self._files_found.clear()
        return files

    def _url_map(self, files: Files) -> dict[str, str]:
        if self._urls is None:
            self._urls = {f.src_uri: f.url for f in files}
        return self._urls

    # --- pages -------------------------------------------------------------------------------

    def _ctx(self, spec: PageSpec, files: Files) -> Ctx:
        return Ctx(self.model, Linker(spec.src_uri, self.model, self._url_map(files)), self.text)

    def _memo(self, files: Files) -> ContentMemo | None:
        """The content memo, started on the first page (once every file, so every URL, is known)."""
        if self.memo is not None and not self._memo_started:
            self._memo_started = True
            german = self.text.german
            # Not the pages' titles, nor the navigation: a page's content shows its own title (in its description)
            # and no other's, unless its view holds the plan (content_memo._plain); the theme lays the navigation
            # out on every page (kb/site/reuse.py). A section's retitling thus makes its pages again, not every page.
            plan = [(s.src_uri, s.template, s.markdown, s.meta) for s in self.plan.pages.values()]
            shared = (
                build_stamp.code_digest(),
                sorted(self._url_map(files).items()),
                plan,
                (german.by_stems, german.wording) if german is not None else None,
                os.environ.get("SOURCE_DATE_EPOCH"),
                self.settings,
            )
            # What the text renderer holds for every page: each document's numbering, the terms' forms.
            reads: list[Key] = [
                ("all", ("model", "documents")),
                ("all", ("model", "term_forms")),
                ("attr", ("model", "draft")),
            ]
            self.memo.start(self.model, shared, reads)
        return self.memo

    @staticmethod
    def _described(spec: PageSpec) -> object:
        return (spec.src_uri, spec.title, spec.template, spec.markdown, spec.meta, view_state(spec.view))

    def page_markdown(self, page: Page, files: Files, markdown: str = "") -> str | None:
        """The Markdown of a generated Markdown page (graph views); None for other pages. A Markdown page kept from
        the previous build (a generated one nothing it reads changed for, or a hand-written one of the same
        ``markdown``) is not converted again."""
        spec = self.plan.pages.get(page.file.src_uri)
        if spec is None:
            self._hand_written(page, files, markdown)
            return None
        if not spec.markdown:
            if type(page) is Page:
                page.__class__ = GeneratedPage
            return None
        start = time.process_time()
        memo = self._memo(files)
        described = self._described(spec) if memo is not None else None
        kept = memo.lookup(spec.src_uri, described) if memo is not None else None
        if kept is not None and kept.markdown is not None:
            markdown = kept.markdown
            _use_rendered(page, kept)
        else:
            with recording() as reads:
                markdown = render(spec.template, view=spec.view(self._ctx(spec, files)))
            if memo is not None:
                memo.keep(spec.src_uri, described, reads, PageOutput(markdown=markdown))
        self.timings[spec.src_uri] = time.process_time() - start
        return markdown

    def _hand_written(self, page: Page, files: Files, markdown: str) -> None:
        """Take a hand-written page's conversion from the previous build when its Markdown is the same."""
        memo = self._memo(files)
        if memo is None:
            return
        described = ("hand-written", page.file.src_uri, markdown)
        kept = memo.lookup(page.file.src_uri, described)
        if kept is None:
            memo.keep(page.file.src_uri, described, set(), PageOutput(markdown=markdown))
        else:
            _use_rendered(page, kept)

    def page_rendered(self, page: Page) -> None:
        """Keep what MkDocs' conversion of a Markdown page gave, for the next build."""
        output = self.memo.output(page.file.src_uri) if self.memo is not None else None
        if output is None or output.markdown is None or page.content is None:
            return
        links = page.links_to_anchors
        output.rendered = Rendered(
            page.content,
            copy.deepcopy(page.toc),
            page._title_from_render,
            set(page.present_anchor_ids or ()),
            None if links is None else {f.src_uri: dict(a) for f, a in links.items()},
        )

    def _make(self, spec: PageSpec, files: Files) -> tuple[PageOutput, set[Key], set[Key]]:
        """Make a generated rule page from the model, recording what it reads, and apart what its previews read."""
        with recording() as reads:
            ctx = self._ctx(spec, files)
            view = spec.view(ctx)
            html = render(spec.template, view=view, page=spec)
            german = self.text.german
            extra = {
                key: german.preview(key)
                for key in ctx.link.previews
                if german is not None and german.owns(key)
            }
            meta: dict[str, object] = {
                "tab_title": tab_title(self.model, spec),
                "rk_examples": [examples_script(game) for game in sorted(ctx.listed)],
            }
            hrefs = ctx.link.preview_hrefs()
        anchors = {html_unescape(a) for a in ID_ATTRIBUTE.findall(html)}
        toc = list(getattr(view, "toc", []))
        output = PageOutput(
            html=html,
            toc=toc,
            meta=meta,
            anchors=anchors,
            targets=dict(ctx.link.targets),
            previews=hrefs,
            extra_previews=extra,
        )
        output, preview_reads = self._with_previews(output)
        return output, reads, preview_reads

    def _with_previews(self, output: PageOutput) -> tuple[PageOutput, set[Key]]:
        """``output`` with the previews of the nodes it links, recording what they read apart from the page."""
        with recording() as reads:
            previews = previews_json(self.model, output.previews, output.extra_previews)
        return replace(output, meta={**output.meta, "rk_previews": previews}), reads

    def page_content(self, page: Page, config: MkDocsConfig, files: Files) -> str | None:
        """The HTML of a generated rule page, with its TOC, anchors and links handed to MkDocs; None for others.
        A page nothing it reads changed for is the previous build's."""
        spec = self.plan.pages.get(page.file.src_uri)
        if spec is None or spec.markdown:
            return None
        start = time.process_time()
        memo = self._memo(files)
        described = self._described(spec) if memo is not None else None
        output = memo.lookup(spec.src_uri, described) if memo is not None else None
        if output is None or output.html is None:
            output, reads, preview_reads = self._make(spec, files)
            if memo is not None:
                memo.keep(spec.src_uri, described, reads, output, preview_reads)
        elif memo is not None and not memo.previews_hold(spec.src_uri):
            output, preview_reads = self._with_previews(output)
            memo.keep_previews(spec.src_uri, output, preview_reads)
        self.timings[spec.src_uri] = time.process_time() - start
        page.toc = get_toc(_toc_tokens(output.toc))
        page.meta.update(output.meta)
        page.present_anchor_ids = set(output.anchors)
        self._validate_targets(page, output.targets, config, files)
        return output.html

    def _validate_targets(
        self, page: Page, targets: dict[tuple[str, str], str], config: MkDocsConfig, files: Files
    ) -> None:
        """Report links to files that do not exist; hand anchors to MkDocs' anchor validation."""
        found = self._files_found
        for (target, anchor), href in targets.items():
            if target not in found:
                found[target] = files.get_file_from_path(target)
            file = found[target]
            if file is None:
                log.log(
                    config.validation.links.not_found,
                    f"Generated page '{page.file.src_uri}' links to '{href}', but '{target}' is not a page of the site.",
                )
                continue
            if anchor and page.links_to_anchors is not None:
                page.links_to_anchors.setdefault(file, {}).setdefault(anchor, href)
