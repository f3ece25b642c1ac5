"""The index's Whoosh analyzers, built from :mod:`kb.search.analysis`'s parts: what the schema's text fields
and Whoosh's query parser analyse with. Only building an index or parsing a query with Whoosh's syntax needs
them; a plain query analyses with :func:`kb.search.analysis.analyse`, which gives the same terms."""

from __future__ import annotations

from collections.abc import Iterator

from whoosh.analysis import Analyzer, Filter, LowercaseFilter, RegexTokenizer, StemFilter, StopFilter, Token

from kb.search.analysis import DE_STOPWORDS, EN_STOPWORDS, TOKEN_PATTERN, fold_german, stem_de, stem_en


class GermanFoldFilter(Filter):  # type: ignore[misc]  # Whoosh is untyped: Filter is Any
    """Folds typed umlauts in lowercase tokens (:func:`fold_german`), before stopwords are removed, so that
    ``koennen`` is the stopword ``können`` and ``erschoepft`` is stemmed as ``erschöpft``."""

    def __call__(self, tokens: Iterator[Token]) -> Iterator[Token]:
        for token in tokens:
            token.text = fold_german(token.text)
            yield token


def english_analyzer() -> Analyzer:
    """Tokens of English rule text: lowercased, stopwords removed, porter2-stemmed."""
    return (
        RegexTokenizer(TOKEN_PATTERN)
        | LowercaseFilter()
        | StopFilter(stoplist=EN_STOPWORDS, minsize=1)
        | StemFilter(stemfn=stem_en, cachesize=50000)
    )


def german_analyzer() -> Analyzer:
    """Tokens of German rule text: lowercased, typed umlauts folded, stopwords removed, snowball-stemmed
    (which drops umlauts: ``Fähigkeit`` and ``Fahigkeit`` meet)."""
    return (
        RegexTokenizer(TOKEN_PATTERN)
        | LowercaseFilter()
        | GermanFoldFilter()
        | StopFilter(stoplist=DE_STOPWORDS, minsize=1)
        | StemFilter(stemfn=stem_de, cachesize=50000)
    )
