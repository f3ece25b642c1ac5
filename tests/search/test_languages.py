"""A question's words are read in its own language: synonyms, stopwords, language detection and German
participles (issue 12), alike in the CLI and the site's search.js."""

from __future__ import annotations

import pytest

from kb.search.query import QueryBuilder, detect_language, plain_words, split_query
from kb.search.site_index import SITE_INDEX_FILE
from kb.search.store import open_index
from kb.search.synonyms import parse_synonyms
from tests.search.test_site_search import Node

#: An English entry whose stem is a German article ("dies" → die) and a German one whose stem is an English
#: word ("starten" → start): each must fire in its own language only.
LEAKY = {
    "one_way": {"dies": ["discarded"]},
    "translations": {"starten": ["commence"], "Karte": ["card"], "Typ": ["type"]},
}


def built(builder_or_engine, engine, typed: str):
    builder = getattr(builder_or_engine, "builder", builder_or_engine)
    return builder.build(split_query(typed, engine.games), engine.cache)


def expansions(parsed) -> set[tuple[str, str]]:
    return {(rule.lang, rule.phrase) for rule in parsed.expansions}


def test_synonyms_expand_only_the_entries_of_the_texts_language():
    """``die`` (German article) does not fire the English "dies"; "start" does not fire the German "starten"."""
    synonyms = parse_synonyms(LEAKY)
    assert synonyms.expand("Wann wird die Karte abgelegt?", "de") == synonyms.expand("Karte", "de")
    assert [r.phrase for r in synonyms.expand("the unit dies", "en")] == ["dies"]
    assert synonyms.expand("does the game start with a card type", "en") == []
    assert [r.phrase for r in synonyms.expand("Spiel starten", "de")] == ["starten"]


def test_german_question_gets_no_english_synonym_and_english_question_no_german_one(engine):
    """A German question's "die" searches no "discarded"; an English question's "start" searches no German
    translation; each still gets its own language's entries."""
    builder = QueryBuilder(parse_synonyms(LEAKY))
    german = built(builder, engine, "Wann wird die Karte abgelegt?")
    assert german.lang == "de" and expansions(german) == {("de", "Karte")}
    assert ("discard",) not in {c.stems for c in german.clauses}
    english = built(builder, engine, "does the main character start the game exhausted")
    assert english.lang == "en" and expansions(english) == set()
    assert ("commenc",) not in {c.stems for c in english.clauses}
    dies = built(builder, engine, "what happens when a unit dies")
    assert expansions(dies) == {("en", "dies")} and ("discard",) in {c.stems for c in dies.clauses}


def test_a_stopword_of_the_other_language_is_searched_as_a_word(engine):
    """The German stopword ``dies`` ("this") is a verb in an English question, searched in the English texts
    (alone and beside its neighbour), not in the German ones."""
    parsed = built(engine, engine, "what happens when a unit dies")
    group = parsed.words.index("dies")
    fields = {c.field for c in parsed.clauses if c.stems == ("die",) and c.group == group}
    assert "body_en" in fields and not fields & {"title_de", "body_de", "context_de"}
    assert any(c.stems == ("unit", "die") for c in parsed.clauses)
    german = built(engine, engine, "Was passiert, wenn die Einheit stirbt?")
    assert not any("die" in c.stems for c in german.clauses)


def test_typo_pass_takes_a_stopword_of_the_other_language_as_a_word(engine):
    """In a query-language query, ``halt`` (a German filler word, in no English text) is an unknown English word
    the typo pass may correct; in a German question it stays a stopword."""
    from kb.search.fuzzy import unknown_words

    assert unknown_words(engine.cache, ["halt", "damage"], "en") == ["halt"]
    assert unknown_words(engine.cache, ["halt", "damage"], "de") == []


def test_function_words_of_both_languages_tell_neither():
    """``was``, ``in``, ``an``, ``will`` are English and German function words: they do not make a question
    German."""
    assert detect_language(plain_words("was it in play")) == "en"
    assert detect_language(plain_words("will an item stay")) == "en"
    assert detect_language(plain_words("Wer ist am Zug?")) == "de"


def test_present_participle_is_read_as_its_verb_not_split_off_an_ende(engine):
    """``blockende`` is the participle of ``blocken`` (blocker), not Block + Ende (end); ``Zugende``, whose head
    the translations know as no verb, is still end + turn."""
    parsed = built(engine, engine, "Darf die blockende Einheit zurückschlagen?")
    assert "blockende" not in parsed.compounds and parsed.infinitives["blockende"] == ("blocken",)
    assert ("de", "Ende") not in expansions(parsed) and ("de", "blocken") in expansions(parsed)
    assert built(engine, engine, "Was passiert am Zugende").compounds["Zugende"] == ("zug", "ende")


LANGUAGE_QUERIES = [
    "what happens when a unit dies",
    "does the main character start the game exhausted",
    "was it in play",
    "Wann wird die Karte abgelegt?",
    "Wie oft darf ich angreifen?",
    "Darf die blockende Einheit zurückschlagen?",
    "Was passiert am Zugende",
    "when does a buff wear off",
]


@pytest.fixture(scope="module")
def parse_in_node(indexed):
    """How search.js (in Node) reads each query, over the browser's copy of the shared test index."""
    runner = Node()
    yield lambda queries: runner("parse", queries, open_index(indexed).path / SITE_INDEX_FILE)
    runner.close()


def test_site_reads_each_question_in_its_language_as_the_cli(engine, parse_in_node):
    """search.js detects the same language, applies the same synonym entries (of that language only) and
    reads the same German participles and compounds as the CLI."""
    for query, js in zip(LANGUAGE_QUERIES, parse_in_node(LANGUAGE_QUERIES), strict=True):
        parsed = built(engine, engine, query)
        assert js["lang"] == parsed.lang, query
        assert [tuple(e) for e in js["expansions"]] == [(r.lang, r.phrase) for r in parsed.expansions], query
        assert all(lang == parsed.lang for lang, _ in js["expansions"]), query
        assert {w: tuple(p) for w, p in js["compounds"].items()} == parsed.compounds, query
        assert {w: tuple(f) for w, f in js["infinitives"].items()} == parsed.infinitives, query


@pytest.mark.parametrize("query", LANGUAGE_QUERIES)
def test_top_hits_of_language_queries_do_not_depend_on_the_limit(engine, query):
    """The first hits of these questions are the same whether one, three or ten are asked for."""
    ten = [h.id for h in engine.search(query, limit=10).hits]
    for limit in (1, 3):
        assert [h.id for h in engine.search(query, limit=limit).hits] == ten[:limit], query
