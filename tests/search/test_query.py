"""Malformed and odd queries: none raises, each falls back to its plain words or says there is nothing to find."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kb.search.query import detect_language, plain_words, split_query

GAMES = frozenset({"athernum", "altered", "atnia"})


@pytest.mark.parametrize(
    "typed, ids, text",
    [
        ("4.2.2a", ["4.2.2a"], ""),
        ("rule 4.2.2a.", ["4.2.2a"], ""),
        ("athernum:3.0.2c.l", ["athernum:3.0.2c.l"], ""),
        ("chapter 4", ["4"], ""),
        ("what does rule 9.3.9b say", ["9.3.9b"], "what does say"),
        ("costs 1.5 resources", [], "costs 1.5 resources"),
        ("athernum:term/permanent", ["athernum:term/permanent"], ""),
    ],
)
def test_split_query_takes_rule_ids_out_of_the_text(typed, ids, text):
    """Rule ids in every typed form are taken out of the query; a decimal like 1.5 stays a word."""
    parsed = split_query(typed, GAMES)
    assert parsed.ids == ids and parsed.text == text


def test_plain_words_drop_operators_and_punctuation():
    """The fallback words of ``(OFV: AND "damage`` are the words only."""
    assert plain_words('(OFV: AND "damage') == ["OFV", "damage"]


def test_language_of_a_question_is_detected():
    """German function words mark a question as German; an English one stays English."""
    assert detect_language(plain_words("Wer darf verdeckte Karten ansehen?")) == "de"
    assert detect_language(plain_words("Who may look at face-down cards?")) == "en"


@pytest.mark.parametrize(
    "typed",
    [
        '"unbalanced quote damage',
        "(unbalanced paren damage",
        "damage)",
        "OFV:",
        "AND",
        "OR NOT",
        "*",
        "?",
        "",
        "   ",
        "::",
        "damage AND",
        "NOT damage",
        '""',
        "()",
        "exh*",
        "a*",
        "title:",
        "^2",
        "[to]",
        "{}",
        "~",
        "game:",
        "4.2.",
        "athernum:",
        "rule",
        "Regel",
        "\x00",
        "damage\u200bcounter",
    ],
)
def test_malformed_query_never_raises(engine, typed):
    """Unbalanced quotes or parentheses, bare fields, lone operators, stars and empty input all return a result."""
    result = engine.search(typed)
    assert isinstance(result.hits, list)


def test_unbalanced_quote_falls_back_to_plain_terms(engine):
    """``"face down exhausted`` (quote never closed) searches its words and says so."""
    result = engine.search('"face down exhausted')
    assert result.fallback and any("plain words" in note for note in result.notes)
    assert {"athernum:term/exhausted", "athernum:6.2.2", "athernum:9.3.11"} & {h.id for h in result.hits[:3]}


def test_bare_field_is_searched_as_a_word(engine):
    """``OFV:`` is not a field: it searches OFV (and so offensive value)."""
    assert engine.search("OFV:").hits[0].id == "athernum:term/offensive-value"


@pytest.mark.parametrize("typed", ["AND", "*", "", "OR NOT"])
def test_query_without_words_says_there_is_nothing_to_search(engine, typed):
    """A lone operator or star finds nothing and tells the judge what to type instead."""
    result = engine.search(typed)
    assert result.hits == [] and "nothing to search for" in result.notes[-1]


@settings(max_examples=150, deadline=None)
@given(st.text(alphabet=st.sampled_from(list('abcOFV 4.2:"()*?-AND OR NOT äöß\\^~[]{}')), max_size=40))
def test_any_typed_text_returns_without_error(engine, typed):
    """Whatever mix of words, operators and punctuation is typed, search returns hits or notes, never raises."""
    result = engine.search(typed, limit=5)
    assert len(result.hits) <= 5
