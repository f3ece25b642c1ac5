"""Build the site with MkDocs in-process, strictly, into a folder (used by ``rulekb build``, tests, the bench).

MkDocs cleans the folder it builds into, so the site is built into a staging folder (in the project's
``.rulekb/`` cache) and moved into the target, keeping files other build steps wrote there; the
service worker, which keeps all of them offline, is written last (once the steps running side by side have
put their files in). Warnings (broken links or anchors among
them) fail the build; they are collected and reported, never printed as a traceback.
"""

from __future__ import annotations

import logging
import os
import shutil
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path

from kb.core.errors import RulekbError
from kb.core.paths import Paths
from kb.site.content_memo import ContentMemo
from kb.site.data import BuildInputs
from kb.site.draft import DRAFT_BUILD
from kb.site.offline import OfflineBundle, write_service_worker
from kb.site.reuse import PageReuse

CONFIG_FILE = "mkdocs.yml"
#: The keys of the pages of the last site built with a previous site to reuse (kb/site/reuse.py), in the memo folder.
PAGES_MEMO = "site-pages.json"
#: The generated pages of the last site built with a previous site to reuse (kb/site/content_memo.py).
CONTENT_MEMO = "site-content.pickle"


class SiteBuildError(RulekbError):
    """MkDocs could not build the site; carries the warnings and errors it reported."""

    def __init__(self, message: str, messages: list[str]):
        self.messages = messages
        details = "\n".join(f"  {m}" for m in messages[:40])
        more = f"\n  … and {len(messages) - 40} more" if len(messages) > 40 else ""
        super().__init__(f"{message}\n{details}{more}" if messages else message)


@dataclass
class SiteBuildReport:
    """What a site build produced and how long it took."""

    out: Path
    pages: int
    seconds: float  # wall clock
    cpu: float  # CPU seconds of this process
    timings: dict[str, float] = field(
        default_factory=dict
    )  # generated page → CPU seconds to build and render
    offline: OfflineBundle | None = None  # what the service worker keeps
    reused: int = 0  # pages written as the previous site had them, nothing they show having changed
    kept: int = 0  # generated pages whose content is the previous build's, nothing they read having changed
    #: Keep this build's pages for the next build (kb/site/reuse.py, content_memo.py): the caller's to call once the
    #: site is published, when it built with ``record_later``; None when done already.
    record: Callable[[], None] | None = None


class _Collect(logging.Handler):
    """Keeps MkDocs' warnings and errors to report them, instead of printing them as they come."""

    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.messages: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.messages.append(f"{record.levelname.lower()}: {record.getMessage()}")


def config_file(paths: Paths) -> Path:
    """The project's mkdocs.yml, or the one shipped beside the kb package (for projects without one)."""
    for candidate in (paths.root / CONFIG_FILE, Path(__file__).resolve().parents[2] / CONFIG_FILE):
        if candidate.is_file():
            return candidate
    raise RulekbError(f"no {CONFIG_FILE} in {paths.root}: the site cannot be built")


@contextmanager
def _project(paths: Paths) -> Iterator[None]:
    """Point the rulekb MkDocs plugin at this project for the duration of a build."""
    saved = os.environ.get("RULEKB_ROOT")
    os.environ["RULEKB_ROOT"] = str(paths.root)
    os.environ.setdefault("NO_MKDOCS_2_WARNING", "1")
    try:
        yield
    finally:
        if saved is None:
            os.environ.pop("RULEKB_ROOT", None)
        else:
            os.environ["RULEKB_ROOT"] = saved


def _merge_into(source: Path, target: Path) -> None:
    """Move everything under ``source`` into ``target``, replacing files of the same name."""
    target.mkdir(parents=True, exist_ok=True)
    for entry in source.iterdir():
        destination = target / entry.name
        if entry.is_dir() and destination.is_dir():
            _merge_into(entry, destination)
            entry.rmdir()
        else:
            if destination.is_dir():
                shutil.rmtree(destination)
            elif destination.exists():
                destination.unlink()
            shutil.move(entry, destination)  # a rename where both are on one file system


def build_site(
    paths: Paths,
    out: Path,
    *,
    strict: bool = True,
    draft: bool = False,
    given: BuildInputs | None = None,
    previous: Path | None = None,
    measure: bool = True,
    before_offline: Callable[[], None] | None = None,
    record_later: bool = False,
) -> SiteBuildReport:
    """Build the whole site of the project at ``paths`` into ``out``; raise SiteBuildError on any warning. A
    ``draft`` marks every page with what is broken (failing examples, lint errors), if anything is.

    The knowledge base, verify results and lint findings ``given`` by the build are not loaded again; the pages of
    the ``previous`` site that nothing changed for are written as they were (kb/site/reuse.py). Without ``measure``
    the offline app's gzipped size is not measured afresh (kb/site/offline.py). ``before_offline`` is called once
    the pages are in ``out``, before the offline app lists its files (the build waits there for the search index
    it makes side by side). With ``record_later`` what the next build reuses is kept only when the caller calls the
    report's ``record`` (once the site is published, off the way from an edit to its page in ``rulekb serve``)."""
    os.environ.setdefault("NO_MKDOCS_2_WARNING", "1")
    from mkdocs.commands.build import build
    from mkdocs.config import load_config
    from mkdocs.exceptions import MkDocsException

    from kb.site import generate

    start, cpu = time.perf_counter(), time.process_time()
    paths.cache.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix="site-staging-", dir=paths.cache))
    # The project's own hand-written pages; a project without any gets none (the theme holds the assets).
    docs = paths.docs if paths.docs.is_dir() else staging.with_name(staging.name + "-docs")
    docs.mkdir(exist_ok=True)
    collect = _Collect()
    logger = logging.getLogger("mkdocs")
    logger.addHandler(collect)
    try:
        with _project(paths):
            try:
                config = load_config(
                    config_file=str(config_file(paths)),
                    site_dir=str(staging),
                    docs_dir=str(docs),
                    strict=strict,
                )
                config.extra[DRAFT_BUILD] = draft
                plugin = config.plugins.get("rulekb")
                reuse = PageReuse(previous, paths.memo / PAGES_MEMO) if previous is not None else None
                content = ContentMemo(paths.memo / CONTENT_MEMO) if previous is not None else None
                if plugin is not None:
                    plugin.given, plugin.reuse, plugin.content = given, reuse, content
                config.plugins.on_startup(command="build", dirty=False)
                try:
                    build(config)
                finally:
                    config.plugins.on_shutdown()
            except (MkDocsException, SystemExit) as exc:
                raise SiteBuildError(f"the site did not build: {exc}", collect.messages) from None
        if strict and collect.messages:
            raise SiteBuildError("the site did not build", collect.messages)
        _merge_into(staging, out)
        if before_offline is not None:
            before_offline()
        offline = write_service_worker(
            out, reuse.gzip_sizes() if reuse is not None else None, measure=measure
        )
        record = partial(_record, reuse, content, offline.gzip_sizes)
        if not record_later:
            record()
    finally:
        logger.removeHandler(collect)
        shutil.rmtree(staging, ignore_errors=True)
        if docs != paths.docs:
            shutil.rmtree(docs, ignore_errors=True)
    generator = generate.last_generator()
    return SiteBuildReport(
        out=out,
        pages=len(generator.plan.pages) if generator else 0,
        seconds=time.perf_counter() - start,
        cpu=time.process_time() - cpu,
        timings=dict(generator.timings) if generator else {},
        offline=offline,
        reused=len(reuse.reused) if reuse is not None else 0,
        kept=len(content.kept & set(generator.plan.pages)) if content is not None and generator else 0,
        record=record if record_later else None,
    )


def _record(reuse: PageReuse | None, content: ContentMemo | None, gzip_sizes: dict[str, int]) -> None:
    """Keep the pages' keys, the offline files' gzipped sizes and the pages' contents for the next build."""
    if reuse is not None:
        reuse.record(gzip_sizes)
    if content is not None:
        content.record()
