"""The ``rulekb`` MkDocs plugin (``plugins: [rulekb]`` in mkdocs.yml): generate the rules site from the knowledge base.

Registered as the ``mkdocs.plugins`` entry point ``rulekb``, so an installed package builds any project's site
with no source paths in its mkdocs.yml: the plugin puts the packaged theme (kb/templates/site/theme) first among
the theme's folders and generates every page. ``mkdocs build`` and ``mkdocs serve`` then build the whole site,
and ``serve`` rebuilds when the rule sources, rulings, scenarios or verify results change. The project is
found from the configuration file's folder (or ``$RULEKB_ROOT``).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.plugins import BasePlugin
from mkdocs.structure.files import Files
from mkdocs.structure.pages import Page

from kb.core.errors import RulekbError, SourceError
from kb.core.paths import Paths
from kb.site.compact import compact_html
from kb.site.content_memo import ContentMemo
from kb.site.data import BuildInputs
from kb.site.draft import DRAFT_ANCHOR, DRAFT_BUILD, draft_of
from kb.site.generate import GeneratedPageCollision, SiteGenerator
from kb.site.reuse import PageReuse
from kb.site.templates import keep_compiled
from kb.site.theme_files import list_theme_once
from kb.site.views.search import search_settings

if TYPE_CHECKING:
    from jinja2 import Environment
    from mkdocs.livereload import LiveReloadServer

#: The site's theme overrides and assets, shipped inside the package.
THEME_DIR = Path(__file__).resolve().parent.parent / "templates" / "site" / "theme"
#: The theme's stylesheets every page uses.
EXTRA_CSS = ("stylesheets/rulekb.css", "assets/rulekb/search-ui.css", "stylesheets/proof.css")
#: The Markdown extensions the generated pages are written for, with their settings.
MARKDOWN_EXTENSIONS: dict[str, dict] = {
    "attr_list": {},
    "md_in_html": {},
    "admonition": {},
    "tables": {},
    "toc": {"permalink": True},
    "pymdownx.superfences": {},
}
#: Not Material's "mermaid" class: graph.js draws a diagram only when it is opened (kb/site/mermaid.py).
MERMAID_FENCE = {"name": "mermaid", "class": "rk-mermaid"}
#: Material's own search (its worker, lunr and lunr's languages) is left out: the site's one search is rulekb's
#: (unless a build enables Material's search plugin, as the search benchmark's baseline does).
UNUSED_THEME_FILES = ("assets/javascripts/lunr/", "assets/javascripts/workers/search.")


def _paths(config: MkDocsConfig) -> Paths:
    return Paths.discover(Path(config.config_file_path).resolve().parent if config.config_file_path else None)


def _static_nav(docs_dir: str, generated: set[str]) -> list:
    """Hand-written pages in docs/ (authors' documentation), for the navigation."""
    root = Path(docs_dir)
    pages = sorted(p.relative_to(root).as_posix() for p in root.rglob("*.md")) if root.is_dir() else []
    return [p for p in pages if p not in generated]


def _use_theme(config: MkDocsConfig) -> None:
    """The packaged theme first among the theme's folders, its stylesheets and the Markdown extensions the pages
    need (a project's own settings for them are kept), so that a project's mkdocs.yml names none of them."""
    from pymdownx.superfences import fence_code_format

    if str(THEME_DIR) not in config.theme.dirs:
        config.theme.dirs.insert(0, str(THEME_DIR))
    list_theme_once(config.theme)
    config.extra_css[:0] = [css for css in EXTRA_CSS if css not in config.extra_css]
    for name, settings in MARKDOWN_EXTENSIONS.items():
        if name not in config.markdown_extensions:
            config.markdown_extensions.append(name)
        mdx = config.mdx_configs.setdefault(name, {})
        for key, value in settings.items():
            mdx.setdefault(key, value)
    fences = config.mdx_configs["pymdownx.superfences"].setdefault("custom_fences", [])
    if not any(fence.get("name") == MERMAID_FENCE["name"] for fence in fences):
        fences.append({**MERMAID_FENCE, "format": fence_code_format})


class RulekbPlugin(BasePlugin):
    """Plans the site from the knowledge base on config, adds its pages and renders each from the rule graph."""

    def __init__(self) -> None:
        self.generator: SiteGenerator | None = None
        self.paths: Paths | None = None
        #: Set by ``rulekb build`` (kb.site.build): what its earlier steps loaded, the previous site's pages and the
        #: generated pages kept from the previous build.
        self.given: BuildInputs | None = None
        self.reuse: PageReuse | None = None
        self.content: ContentMemo | None = None

    def _generator(self) -> SiteGenerator:
        if self.generator is None:
            raise PluginError("rulekb: the site was not planned (on_config did not run)")
        return self.generator

    def on_config(self, config: MkDocsConfig) -> MkDocsConfig:
        """Put the packaged theme first, load the knowledge base, plan every page, set the nav and the licence footer."""
        _use_theme(config)
        paths = _paths(config)
        try:
            generator = SiteGenerator.load(paths, self.given)
            static = _static_nav(config.docs_dir, set(generator.plan.pages))
            if static:
                generator.plan.nav.append({"For authors": static})
        except SourceError as exc:
            raise PluginError(
                "rulekb: the rule sources have errors:\n"
                + "\n".join(str(p) for p in exc.problems if str(p.severity) == "error")
            ) from None
        except RulekbError as exc:
            raise PluginError(f"rulekb: {exc}") from None
        generator.memo = self.content
        # What MkDocs' conversion of a Markdown page depends on besides its Markdown and the site's pages.
        source = Path(config.config_file_path).read_bytes() if config.config_file_path else b""
        generator.settings = (source, config.markdown_extensions, config.mdx_configs)
        self.generator, self.paths = generator, paths
        config.nav = generator.plan.nav
        config.copyright = generator.footer()
        config.extra["rulekb_search"] = search_settings(generator.model)
        # A draft build (rulekb build --draft) publishes what its gate would stop, and says so on every page.
        draft = draft_of(generator.model.data) if config.extra.get(DRAFT_BUILD) else None
        generator.model.draft = draft
        config.extra["rk_draft"] = {"text": draft.banner, "anchor": DRAFT_ANCHOR} if draft else None
        return config

    def on_files(self, files: Files, config: MkDocsConfig) -> Files:
        if "material/search" not in config.plugins:
            for unused in [f for f in files if f.src_uri.startswith(UNUSED_THEME_FILES)]:
                files.remove(unused)
        try:
            return self._generator().add_files(files, config)
        except GeneratedPageCollision as exc:
            raise PluginError(f"rulekb: {exc}") from None

    def on_page_markdown(self, markdown: str, page: Page, config: MkDocsConfig, files: Files) -> str:
        generated = self._generator().page_markdown(page, files, markdown)
        return markdown if generated is None else generated

    def on_page_content(self, html: str, page: Page, config: MkDocsConfig, files: Files) -> str:
        generator = self._generator()
        generated = generator.page_content(page, config, files)
        if generated is None:
            generator.page_rendered(page)
            return html
        return generated

    def on_env(self, env: Environment, config: MkDocsConfig, files: Files) -> Environment:
        """Keep the theme's compiled templates for the next build; every page's content is known: pick the pages to
        write as the previous build wrote them."""
        keep_compiled(env, (self.paths or _paths(config)).memo / "templates-theme")
        if self.reuse is not None:
            self.reuse.plan(config, files)
        return env

    def on_post_page(self, output: str, page: Page, config: MkDocsConfig) -> str:
        if self.reuse is None:
            return compact_html(output)
        if self.reuse.is_reused(page):
            return output
        output = compact_html(output)
        self.reuse.wrote(page, output)
        return output

    def on_post_build(self, config: MkDocsConfig) -> None:
        SiteGenerator.release()

    def on_build_error(self, error: Exception) -> None:
        SiteGenerator.release()

    def on_serve(
        self, server: LiveReloadServer, /, *, config: MkDocsConfig, builder: Callable[..., Any]
    ) -> LiveReloadServer | None:
        """Rebuild when rule sources, rulings (in rules/), scenarios or verify results (in .rulekb/) change.

        Only the top of .rulekb/ is watched: the memos a rebuild writes live in .rulekb/memo/, so writing them
        does not set off a second rebuild."""
        paths = self.paths or _paths(config)
        for folder in (paths.rules, paths.scenarios):
            if folder.is_dir():
                server.watch(str(folder))
        paths.cache.mkdir(parents=True, exist_ok=True)
        server.watch(str(paths.cache), recursive=False)
        return server
