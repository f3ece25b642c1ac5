"""Malformed rule sources get a clear message naming file, line and field, every problem in one run."""

from __future__ import annotations

import textwrap
from pathlib import Path

from kb.core.errors import Severity
from kb.core.parse import parse_text

FRONT = """---
game: testgame
document: cr
title: Test rules
language: en
version: "1"
numbering: cr
licence: CC0
attribution: test
---
"""


def _parse(body: str):
    return parse_text(FRONT + textwrap.dedent(body), Path("rules/testgame/cr.md"), "rules/testgame/cr.md")


def test_well_formed_source_has_no_problems():
    """A small valid source parses into chapter, section and rules with parents from their numbers."""
    result = _parse("""
        # 1. First

        ## 1.1.0 Section

        - 1.1.1 A rule
          - 1.1.1a A subrule
    """)
    assert result.problems == []
    nodes = {n.id: n for n in result.document.nodes}
    assert nodes["testgame:1.1.1a"].parent == "testgame:1.1.1"
    assert nodes["testgame:1.1.1"].parent == "testgame:1.1.0"
    assert nodes["testgame:1.1.0"].parent == "testgame:1"


def test_duplicate_id_names_both_lines():
    """A duplicated rule number is reported on the line of the copy, naming the first line."""
    result = _parse("""
        # 1. First

        - 1.1.1 A rule
        - 1.1.1 The same number again
    """)
    [problem] = result.problems
    assert problem.path == "rules/testgame/cr.md"
    assert problem.line == 15 and problem.field == "id"
    assert "duplicate id 1.1.1" in problem.message and "line 14" in problem.message


def test_every_malformed_line_is_reported_not_only_the_first():
    """A malformed number, an empty rule, a bad glossary item and a stray quote are all reported."""
    result = _parse("""
        # 1. First

        > **Example.** An example with no rule before it
        - 1.1.x9 A malformed number
        - 1.1.2

        ## Terms {.glossary}

        - Not a term in bold
    """)
    fields = sorted((p.line, p.field) for p in result.problems)
    assert fields == [(14, "quote"), (15, "number"), (16, "text"), (20, "term")]
    assert all(p.severity == Severity.ERROR for p in result.problems)
    assert all(str(p).startswith("rules/testgame/cr.md:") for p in result.problems)


def test_missing_front_matter_field_is_named():
    """A front matter without a licence is refused, naming the field."""
    result = parse_text(FRONT.replace("licence: CC0\n", ""), Path("x.md"), "x.md")
    assert result.document is None
    assert [p.field for p in result.problems] == ["licence"]


def test_invalid_front_matter_yaml_names_the_line():
    """Broken YAML in the front matter gives its line."""
    result = parse_text(FRONT.replace("title: Test rules", "title: [unclosed"), Path("x.md"), "x.md")
    assert result.document is None
    assert result.problems[0].field == "front matter" and result.problems[0].line >= 2


def test_no_front_matter_at_all():
    """A file without front matter is refused with a message saying what a rule source starts with."""
    result = parse_text("# 1. Rules\n", Path("x.md"), "x.md")
    assert result.problems and "front matter" in result.problems[0].message


def test_examples_and_continuations_attach_to_their_rule():
    """Quoted examples become children of the rule before them; wrapped lines join the rule's text."""
    result = _parse("""
        - 1.1.1 A rule that
          continues here
          > **Example.** First paragraph.
          >
          > Second paragraph.
          > **Remark.** A remark.
    """)
    assert result.problems == []
    nodes = {n.id: n for n in result.document.nodes}
    assert nodes["testgame:1.1.1"].text == "A rule that continues here"
    assert nodes["testgame:1.1.1/example-1"].text == "First paragraph.\n\nSecond paragraph."
    assert nodes["testgame:1.1.1/remark-1"].parent == "testgame:1.1.1"
