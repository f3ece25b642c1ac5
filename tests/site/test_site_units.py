"""The pieces pages are made of: escaping, marking rule text, Mermaid labels, locations of rulings and examples."""

from __future__ import annotations

import pytest
from markupsafe import Markup

from kb.core.nodes import EdgeKind, Node, NodeKind
from kb.core.typed_graph import Graph
from kb.site.mermaid import mermaid_text, neighbourhood, node_label, to_mermaid
from kb.site.relations import build_relations
from kb.site.render import TextRenderer, linkify, md_escape, tooltip
from kb.urls import (
    EXAMPLES_PER_PAGE,
    crowded_units,
    ruling_anchor,
    ruling_url,
    scenario_anchor,
    scenario_page,
    scenario_url,
    url_of,
)


def test_md_escape_leaves_no_markdown_or_html():
    """Text put into generated Markdown cannot open a link, emphasis, a heading or an HTML tag."""
    escaped = md_escape("[x](javascript:1) *bold* # <b>&amp;")
    assert "<b>" not in escaped and "&lt;b" in escaped
    assert "\\[x\\]\\(javascript:1\\)" in escaped and "\\*bold\\*" in escaped and "\\#" in escaped
    assert "&amp;amp;" in escaped


def test_mermaid_text_cannot_break_out_of_a_label():
    """Quotes, angle brackets, backticks and newlines in a label become Mermaid entities or spaces."""
    assert mermaid_text('a "b" <c>\n`d`') == "a #quot;b#quot; #lt;c#gt; 'd'"


def test_linkify_escapes_and_links_addresses():
    """An attribution keeps its web address as a link and its other text escaped."""
    html = linkify("© <me> (https://example.org/x).")
    assert html == Markup('© &lt;me&gt; (<a href="https://example.org/x">https://example.org/x</a>).')


def test_tooltip_is_cut_on_a_word():
    """A long definition is shortened for its tooltip on a word boundary."""
    text = "word " * 100
    assert tooltip(text).endswith(" …") and len(tooltip(text)) < 250


@pytest.fixture(scope="module")
def small_model(small_project):
    from kb.core.loader import load_kb
    from kb.site.data import load_site_data
    from kb.site.model import build_model

    return build_model(load_site_data(load_kb(small_project)))


def test_rule_text_links_numbers_and_marks_terms(small_model):
    """A rule's text links the rule numbers it mentions and marks each glossary term; the page then carries
    the text of each, once, for their previews, keyed by the links' href."""
    import json

    from kb.site.links import Linker
    from kb.site.previews import previews_json

    renderer = TextRenderer(small_model)
    linker = Linker("athernum/cr/2.md", small_model, {})
    html = renderer.node_text("athernum:2.1.1", linker)
    assert '<a class="rk-ref" href="1.html#1.1.2">1.1.2</a>' in html
    assert '<a class="rk-term" href="../glossary.html#term-permanent">' in html
    assert ("athernum/cr/1.md", "1.1.2") in linker.targets
    previews = previews_json(small_model, linker.preview_hrefs())
    assert "<" not in previews
    entries = json.loads(previews)
    assert set(entries) == {"1.html#1.1.2", "../glossary.html#term-permanent"}  # each under its links' href
    assert entries["../glossary.html#term-permanent"]["t"].startswith("Any face-up card")


def test_prose_links_rule_numbers_and_escapes(small_model):
    """A ruling's or a log's text links the game's rule numbers and escapes everything else."""
    from kb.site.links import Linker

    html = TextRenderer(small_model).prose(
        "see 1.1.1 and athernum:2.1.1 <b>", "athernum", Linker("athernum/rulings.md", small_model, {})
    )
    assert html.count('class="rk-ref"') == 2 and "&lt;b&gt;" in html


def test_neighbourhood_draws_a_section_and_its_references():
    """A section's view holds its rules, their nesting, and rules elsewhere linked by references."""
    g = Graph()
    nodes = {
        "g:1": ("chapter", None),
        "g:1.1.0": ("section", "g:1"),
        "g:1.1.1": ("rule", "g:1.1.0"),
        "g:1.1.1a": ("rule", "g:1.1.1"),
        "g:2": ("chapter", None),
        "g:2.1.0": ("section", "g:2"),
        "g:2.1.1": ("rule", "g:2.1.0"),
    }
    for order, (node, (kind, parent)) in enumerate(nodes.items()):
        g.add_typed_node(
            Node(
                node,
                "g",
                "cr",
                NodeKind(kind),
                number=node[2:],
                parent=parent,
                text=f'text of {node} "quoted"',
                order=order,
            )
        )
        if parent:
            g.link(parent, node, EdgeKind.CONTAINS)
    g.link("g:2.1.1", "g:1.1.1a", EdgeKind.REFERENCES)
    hood = neighbourhood(g, build_relations(g), "g:1.1.0")
    assert hood.inner == ["g:1.1.1", "g:1.1.1a"] and hood.outer == ["g:2.1.1"]
    assert ("g:1.1.1", "g:1.1.1a") in hood.contains and ("g:2.1.1", "g:1.1.1a") in hood.references
    source = to_mermaid(g, hood)
    assert (
        source.startswith("flowchart")
        and "-.->" in source
        and '"' not in node_label(g, "g:2.1.1")[1:-1].replace("#quot;", "")
    )


def test_rulings_and_examples_have_stable_locations(graph):
    """Rulings live on their game's rulings page; an example on the page of its first cited rule's section, or
    of its first number in a document of numbered rules only."""
    assert ruling_url("athernum", "R-ATH-001") == "athernum/rulings.html#R-ATH-001"
    assert ruling_anchor("R ATH/1") == "R-ATH-1"
    assert scenario_anchor("athernum/combat/first turn") == "combat--first-turn"
    assert (
        scenario_page(graph, "athernum", ["athernum:nope", "athernum:4.2.2a"]) == "athernum/examples/4.2.0.md"
    )
    assert scenario_page(graph, "athernum", []) == "athernum/examples/other.md"
    assert scenario_page(graph, "altered", ["altered:4.2.3.c"]) == "altered/examples/rules-4.md"


def test_a_crowded_section_shows_its_examples_on_a_page_per_rule(graph):
    """A section citing more scenarios first than one page holds has a page per rule right under it, and each
    scenario keeps its anchor; a section with few keeps its one page."""
    from types import SimpleNamespace

    def scenarios(n: int, rules: list[str]) -> list:
        return [SimpleNamespace(game="athernum", rules=rules) for _ in range(n)]

    few = crowded_units(graph, scenarios(EXAMPLES_PER_PAGE, ["athernum:4.2.2a"]))
    assert few == frozenset()
    crowded = crowded_units(graph, scenarios(EXAMPLES_PER_PAGE + 1, ["athernum:4.2.2a"]))
    assert crowded == {"athernum:4.2.0"}
    assert scenario_page(graph, "athernum", ["athernum:4.2.2a"], crowded) == "athernum/examples/4.2.2.md"
    assert scenario_page(graph, "athernum", ["athernum:4.2.0"], crowded) == "athernum/examples/4.2.0.md"
    assert (
        scenario_url(graph, "athernum", "athernum/x/y", ["athernum:4.2.2a"], crowded)
        == "athernum/examples/4.2.2.html#x--y"
    )


@pytest.mark.parametrize(
    "node,url",
    [
        ("athernum:4.2.2a", "athernum/cr/4.html#4.2.2a"),
        ("athernum:cr", "athernum/cr/index.html"),
        ("athernum:rulebook-en/combat-phase/p3", "athernum/rulebook-en.html#combat-phase--p3"),
        ("altered:1.4.6.b", "altered/cr.html#1.4.6.b"),
        ("athernum:term/permanent", "athernum/glossary.html#term-permanent"),
    ],
)
def test_node_urls_are_unchanged_permalinks(graph, node, url):
    """Every kind of node keeps the permalink the site publishes for it."""
    assert url_of(graph, node) == url
