"""Search results as a judge reads them: styled lines, plain in a pipe and coloured on a terminal (no rich needed
to build them, so that ``rulekb search`` starts fast)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from kb.search.results import SearchHit, SearchResult
from kb.site_links import SiteLinks
from kb.styled_output import Line, print_lines

if TYPE_CHECKING:  # the explanations' types, without loading what ``--explain`` needs into every search
    from kb.search.explain import Explanation

KIND_STYLE = {
    "rule": "cyan",
    "section": "cyan",
    "chapter": "cyan",
    "term": "green",
    "ruling": "magenta",
    "scenario": "yellow",
    "example": "yellow",
    "remark": "yellow",
    "paragraph": "blue",
    "document": "blue",
}
CRUMB = " › "


def hit_heading(n: int, hit: SearchHit) -> Line:
    """``1  4.2.2a  athernum:4.2.2a  rule`` — rank, label, qualified id, kind, and how it was reached."""
    style = KIND_STYLE.get(hit.kind, "white")
    heading = Line.of(f"{n:>2}  ", "dim").add(hit.label, f"bold {style}")
    if hit.title and hit.number and hit.title not in hit.label:
        heading.add(f"  {hit.title}", "bold")
    heading.add(f"  {hit.id}", "dim")
    status = hit.extra.get("status")
    kind = f"{hit.kind} ({status})" if status else hit.kind
    heading.add(f"  {kind}", "dim")
    if hit.via != "text":
        heading.add(f"  [{hit.via}]", "dim italic")
    return heading


def explanation_lines(explanation: Explanation, indent: str = "    ") -> list[Line]:
    """``score 16.77 · reached by text`` and the words matched, field by field, and how each came in."""
    lines = [Line.of(f"{indent}score {explanation.score:.2f} · reached by {explanation.reached}", "dim")]
    for match in explanation.matches:
        line = Line.of(f"{indent}  {match.word}", "bold").add(f" → {match.field}: {' '.join(match.terms)}")
        if match.how != "typed":
            line.add(f" ({match.how})", "italic")
        lines.append(line)
    return lines


def hit_lines(
    result: SearchResult, links: SiteLinks = SiteLinks(), explanations: list[Explanation] | None = None
) -> list[Line]:
    """Every hit: heading, breadcrumb, highlighted snippet, its link on the site (and why it ranked there)."""
    lines = [Line.of(f"note: {note}", "dim") for note in result.notes]
    if not result.hits:
        return [*lines, Line.of("no results" + ("" if result.notes else f" for {result.query!r}"))]
    for n, hit in enumerate(result.hits, start=1):
        lines.append(hit_heading(n, hit))
        if hit.breadcrumb:
            lines.append(Line.of("    " + CRUMB.join(hit.breadcrumb), "dim"))
        body = Line.of("    ")
        for part, matched in hit.snippet:
            body.add(part, "bold yellow" if matched else "")
        lines.append(body)
        lines.append(Line.of(f"    {links.href(hit.url)}", "underline dim"))
        if explanations:
            lines += explanation_lines(explanations[n - 1])
    return lines


def print_hits(
    result: SearchResult, links: SiteLinks = SiteLinks(), explanations: list[Explanation] | None = None
) -> None:
    """Print a search's hits on standard output."""
    print_lines(hit_lines(result, links, explanations))
