"""The build's index step (after verify, side by side with the site's pages): rebuild the search index under
``.rulekb/index/`` from the parsed rules, and put the browser's copy of it into the site being built
(``assets/rulekb/search-index.js``) before the offline app lists the site's files.

The new index goes live only when the whole build succeeds, together with the new site."""

from __future__ import annotations

import shutil

from kb.build_context import BuildContext
from kb.core.loader import load_kb
from kb.search.indexer import PreparedIndex, discard_index, prepare_knowledge_base_index, publish_index
from kb.search.site_index import SITE_ASSETS, SITE_INDEX_FILE


def prepare(ctx: BuildContext) -> PreparedIndex:
    """Index the knowledge base the parse step loaded with the verify step's results (the stored ones when the
    build has no verify step) into a generation not live yet; when the entries are those the live index was written
    from, keep it."""
    kb = ctx.kb or load_kb(ctx.paths)
    progress = ctx.progress
    task = progress.add_task("  indexing", total=None) if progress is not None else None

    def advance(done: int, total: int) -> None:
        if progress is not None and task is not None:
            progress.update(task, completed=done, total=total)

    try:
        return prepare_knowledge_base_index(
            ctx.paths, kb, on_progress=advance, reuse=True, results=ctx.results
        )
    finally:
        if progress is not None and task is not None:
            progress.remove_task(task)


def take(ctx: BuildContext, prepared: PreparedIndex) -> None:
    """Put the browser's copy of the prepared index into the site being built; publish the index with the site, or
    throw it away if the build fails."""
    assets = ctx.out / SITE_ASSETS
    assets.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(prepared.folder / SITE_INDEX_FILE, assets / SITE_INDEX_FILE)
    ctx.on_success.append(lambda: publish_index(prepared))
    ctx.on_failure.append(lambda: discard_index(prepared))
    report = ctx.index = prepared.report
    if not prepared.reused:
        ctx.notes.append(f"search index: {report.documents} entries in {report.seconds:.1f} s")
    ctx.notes.extend(report.notes)
