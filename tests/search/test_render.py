"""Search hits as a judge reads them in a pipe: the lines rich printed, now printed without rich."""

from __future__ import annotations

import pytest

from kb.search.render import hit_lines
from kb.search.searcher import SearchEngine
from kb.styled_output import print_lines
from tests.kb.test_styled_output import rich_plain


@pytest.mark.parametrize("query", ["defender", "Schaden Verteidiger", "4.2.2a", "zzqqx"])
def test_search_hits_print_as_rich_printed_them(indexed, capsys, query):
    """A search's hits, piped, read exactly as rich printed them before output needed no rich."""
    with SearchEngine(indexed) as engine:
        lines = hit_lines(engine.search(query))
    print_lines(lines)
    assert capsys.readouterr().out == rich_plain(lines)
