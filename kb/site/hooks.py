"""MkDocs hooks (``hooks:`` in mkdocs.yml): generate the rules site from the knowledge base.

With these, ``mkdocs build`` and ``mkdocs serve`` build the whole site, and ``serve`` rebuilds when
the rule sources, rulings, scenarios or verify results change. The project is found from the
configuration file's folder (or ``$RULEKB_ROOT``).
"""

from __future__ import annotations

from pathlib import Path

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.structure.files import Files
from mkdocs.structure.pages import Page

from kb.errors import RulekbError, SourceError
from kb.paths import Paths
from kb.site.compact import compact_html
from kb.site.generate import GeneratedPageCollision, SiteGenerator
from kb.site.views.search import search_settings

_state: dict[str, object] = {}
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


def _generator() -> SiteGenerator:
    generator = _state.get("generator")
    if not isinstance(generator, SiteGenerator):
        raise PluginError("rulekb: the site was not planned (on_config did not run)")
    return generator


def on_config(config: MkDocsConfig) -> MkDocsConfig:
    """Load the knowledge base, plan every page, and set the navigation and the licence footer."""
    paths = _paths(config)
    try:
        generator = SiteGenerator.load(paths)
        static = _static_nav(config.docs_dir, set(generator.plan.pages))
        if static:
            generator.plan.nav.append({"For authors": static})
    except SourceError as exc:
        raise PluginError("rulekb: the rule sources have errors:\n" + "\n".join(
            str(p) for p in exc.problems if str(p.severity) == "error")) from None
    except RulekbError as exc:
        raise PluginError(f"rulekb: {exc}") from None
    _state["generator"] = generator
    _state["paths"] = paths
    config.nav = generator.plan.nav
    config.copyright = generator.footer()
    config.extra["rulekb_search"] = search_settings(generator.model)
    return config


def on_files(files: Files, config: MkDocsConfig) -> Files:
    if "material/search" not in config.plugins:
        for unused in [f for f in files if f.src_uri.startswith(UNUSED_THEME_FILES)]:
            files.remove(unused)
    try:
        return _generator().add_files(files, config)
    except GeneratedPageCollision as exc:
        raise PluginError(f"rulekb: {exc}") from None


def on_page_markdown(markdown: str, page: Page, config: MkDocsConfig, files: Files) -> str:
    generated = _generator().page_markdown(page, files)
    return markdown if generated is None else generated


def on_page_content(html: str, page: Page, config: MkDocsConfig, files: Files) -> str:
    generated = _generator().page_content(page, config, files)
    return html if generated is None else generated


def on_post_page(output: str, page: Page, config: MkDocsConfig) -> str:
    return compact_html(output)


def on_post_build(config: MkDocsConfig) -> None:
    SiteGenerator.release()


def on_build_error(error: Exception) -> None:
    SiteGenerator.release()


def on_serve(server, config: MkDocsConfig, builder) -> object:
    """Rebuild when rule sources, rulings (in rules/), scenarios or verify results (in .rulekb/) change.

    Only the top of .rulekb/ is watched: the memos a rebuild writes live in .rulekb/memo/, so writing them
    does not set off a second rebuild."""
    paths = _state.get("paths") or _paths(config)
    for folder in (paths.rules, paths.scenarios):
        if folder.is_dir():
            server.watch(str(folder))
    paths.cache.mkdir(parents=True, exist_ok=True)
    server.watch(str(paths.cache), recursive=False)
    return server
