"""The build's index step (order 30): rebuild the search index under ``.rulekb/index/`` from the parsed rules."""

from __future__ import annotations

from kb.build import BuildContext, step
from kb.loader import load_kb
from kb.search.indexer import index_knowledge_base


@step("index for search", 30)
def index_step(ctx: BuildContext) -> None:
    """Index the knowledge base the parse step loaded (with the verify step's results, if any)."""
    kb = ctx.kb or load_kb(ctx.paths)
    progress = ctx.data.get("progress")
    task = progress.add_task("  indexing", total=None) if progress is not None else None

    def advance(done: int, total: int) -> None:
        if progress is not None:
            progress.update(task, completed=done, total=total)

    try:
        report = index_knowledge_base(ctx.paths, kb, on_progress=advance)
    finally:
        if progress is not None:
            progress.remove_task(task)
    ctx.notes.append(f"search index: {report.documents} entries in {report.seconds:.1f} s")
    ctx.notes.extend(report.notes)
