"""The ``site`` stage of ``rulekb build`` (after parse, verify and index): the whole site, strictly."""

from __future__ import annotations

from kb.build import BuildContext, step
from kb.site.build import build_site


@step("generate the site", 40)
def site_step(ctx: BuildContext) -> None:
    """Build every page with MkDocs into the folder being written; any broken link or anchor fails it."""
    report = build_site(ctx.paths, ctx.out, draft=ctx.draft)
    ctx.notes.append(f"site: {report.pages} generated pages in {report.seconds:.1f} s ({report.cpu:.1f} s CPU)")
    if report.offline is not None:
        ctx.notes.append(f"offline app: {len(report.offline.files)} files kept, "
                         f"{report.offline.gzip_size / 1e6:.2f} MB gzipped (cache version {report.offline.version})")
