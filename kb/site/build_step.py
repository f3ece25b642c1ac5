"""The ``site`` step of ``rulekb build`` (after parse, lint and verify; the index made side by side): the whole site,
strictly."""

from __future__ import annotations

from kb.build_context import INDEX_STEP, BuildContext
from kb.site.build import build_site
from kb.site.data import BuildInputs


def site_step(ctx: BuildContext) -> None:
    """Build every page with MkDocs into the folder being written, from what the earlier steps loaded; any broken
    link or anchor fails it. The pages nothing changed for are the previous site's. The offline app lists the
    site's files once the index step, running side by side, has put the search index in."""
    given = None
    if ctx.kb is not None and ctx.results is not None and ctx.findings is not None:
        given = BuildInputs(ctx.kb, ctx.results, ctx.findings)
    previous = ctx.paths.site if ctx.out != ctx.paths.site else None
    report = ctx.site = build_site(
        ctx.paths,
        ctx.out,
        draft=ctx.draft,
        given=given,
        previous=previous,
        measure=ctx.measure,
        before_offline=lambda: ctx.wait_for(INDEX_STEP),
        record_later=True,
    )
    if report.record is not None:
        ctx.on_success.append(report.record)
    ctx.notes.append(
        f"site: {report.pages} generated pages in {report.seconds:.1f} s ({report.cpu:.1f} s CPU), "
        f"{report.reused} pages unchanged ({report.kept} generated pages not made again)"
    )
    if report.offline is not None:
        offline = report.offline
        gzipped = "" if offline.gzip_size is None else f", {offline.gzip_size / 1e6:.2f} MB gzipped"
        ctx.notes.append(
            f"offline app: {len(offline.files)} files kept{gzipped} (cache version {offline.version})"
        )
