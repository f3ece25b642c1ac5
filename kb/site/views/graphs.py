"""The graph-view page of a CR chapter: one Mermaid diagram per section, as Markdown.

This page is Markdown (unlike the rule pages) so that its diagrams go through the configured
``pymdownx.superfences`` ``mermaid`` fence and its links through MkDocs' own link validation.
Every string is escaped for Markdown here; the template only assembles.
"""

from __future__ import annotations

import posixpath
from dataclasses import dataclass, field

from kb.site.mermaid import graph_anchor, graph_page, graph_units, neighbourhood, to_mermaid
from kb.site.render import md_escape
from kb.site.views.common import Ctx


@dataclass
class GraphSection:
    """One section's diagram, with Markdown links to every rule it shows."""

    anchor: str
    heading: str  # Markdown-escaped
    diagram: str  # Mermaid source
    rule_links: list[str] = field(default_factory=list)  # Markdown links
    neighbour_links: list[str] = field(default_factory=list)
    truncated: int = 0


@dataclass
class GraphView:
    """A chapter's graph page."""

    title: str  # Markdown-escaped
    chapter_link: str  # Markdown link to the chapter
    sections: list[GraphSection] = field(default_factory=list)


def _md_link(ctx: Ctx, here: str, node: str, label: str) -> str:
    page, anchor = ctx.model.relations.location[node]
    target = posixpath.relpath(page, posixpath.dirname(here) or ".")
    return f"[{md_escape(label)}]({target}{'#' + anchor if anchor else ''})"


def graph_view(ctx: Ctx, chapter: str) -> GraphView:
    """Every unit of the chapter drawn with its neighbourhood."""
    graph, relations = ctx.graph, ctx.model.relations
    data = graph.node(chapter)
    here = graph_page(data.game, data.number)
    name = f"{data.number}. {data.title}"
    view = GraphView(md_escape(f"Graph view: {name}"), _md_link(ctx, here, chapter, name))
    for unit in graph_units(graph, relations, chapter):
        unit_data = graph.node(unit)
        hood = neighbourhood(graph, relations, unit)
        heading = (
            f"{unit_data.number}. {unit_data.title}"
            if unit == chapter
            else f"{unit_data.number or ''} {unit_data.title}".strip()
        )
        view.sections.append(
            GraphSection(
                anchor=graph_anchor(graph, unit),
                heading=md_escape(heading),
                diagram=to_mermaid(graph, hood),
                rule_links=[_md_link(ctx, here, n, ctx.label(n)) for n in [unit, *hood.inner]],
                neighbour_links=[_md_link(ctx, here, n, ctx.label(n)) for n in hood.outer],
                truncated=hood.truncated,
            )
        )
    return view
