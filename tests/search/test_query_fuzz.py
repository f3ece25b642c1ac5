"""Fuzzed queries: whatever a judge or an attacker types, search and ask answer or say why, never raise."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kb.core.errors import RulekbError
from kb.search.ask import ask
from kb.verify.results import VerifyResults

QUERY_PARTS = [
    "4.2.2[/x]",
    "[bold]",
    "\x1b[31m",
    "\x00",
    "R-ATH-001",
    "athernum:",
    "game:atnia",
    '"',
    "(",
    "*",
    "OR",
    "AND NOT",
    "kind:rule",
    "9.3.9b",
    "Schaden",
    "defender",
    " " * 500,
    "a" * 2000,
    "😀",
]


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    query=st.one_of(st.text(max_size=300), st.lists(st.sampled_from(QUERY_PARTS), max_size=6).map(" ".join))
)
def test_search_and_ask_never_raise(engine, project_kb, query):
    """Search and ask return results (possibly none) for any text; only a user error may be raised."""
    try:
        engine.search(query)
        ask(query, engine, project_kb.graph, [], VerifyResults(""), project_kb.curated.defined_by)
    except RulekbError:
        pass
