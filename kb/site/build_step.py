"""The ``site`` step of ``rulekb build`` (after parse, lint, verify and index): the whole site, strictly."""

from __future__ import annotations

from kb.build_context import BuildContext
from kb.site.build import build_site


def site_step(ctx: BuildContext) -> None:
    """Build every page with MkDocs into the folder being written; any broken link or anchor fails it."""
    report = ctx.site = build_site(ctx.paths, ctx.out, draft=ctx.draft)
    ctx.notes.append(
        f"site: {report.pages} generated pages in {report.seconds:.1f} s ({report.cpu:.1f} s CPU)"
    )
    if report.offline is not None:
        ctx.notes.append(
            f"offline app: {len(report.offline.files)} files kept, "
            f"{report.offline.gzip_size / 1e6:.2f} MB gzipped (cache version {report.offline.version})"
        )
