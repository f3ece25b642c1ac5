"""Text analysis for the index: English (porter2) and German (snowball) analyzers with stopwords.

Whoosh's default porter stemmer mangles -ed/-ing words (``activated`` → ``activat``); porter2 does not.
The tokenizer keeps rule numbers (``4.2.2a``) and hyphenated words' parts as separate, searchable tokens.
"""

from __future__ import annotations

import re
from functools import lru_cache

from whoosh.analysis import LowercaseFilter, RegexTokenizer, StemFilter, StopFilter
from whoosh.lang.porter2 import stem as porter2_stem
from whoosh.lang.snowball.german import GermanStemmer
from whoosh.lang.stopwords import stoplists

#: Words (letters, digits) and dotted rule numbers; hyphens and apostrophes split words.
TOKEN_PATTERN = r"\d+(?:\.\w+)+|\w+"

#: Words the stock stoplists drop but rules depend on: face-down vs face-up, before/after, once, only.
KEEP = frozenset("""down up off out over before after during once more most only all each same between again
against few further""".split())
EN_STOPWORDS = (frozenset(stoplists["en"]) - KEEP) | {"e", "g", "etc", "does", "happens", "happen", "get", "gets"}
DE_STOPWORDS = frozenset(stoplists["de"]) | {"z", "b", "bzw", "ggf", "etwa", "passiert"}

_german = GermanStemmer()

#: A participle of a separable verb: prefix, "ge", stem, ending (``abgelegt``, ``angesehen``, ``aufgedeckt``).
SEPARABLE_PARTICIPLE = re.compile(
    r"^(ab|an|auf|aus|bei|dar|ein|fest|frei|her|hin|hinzu|los|mit|nach|um|vor|weg|zu|zurück|zusammen)"
    r"ge(\w{3,}?)(t|en)$")


def _stem_de(word: str) -> str:
    """Snowball's German stem, after folding a separable verb's participle into its infinitive's stem, so
    that ``abgelegt`` meets ``ablegen`` and ``aufgedeckt`` meets ``aufdecken``."""
    participle = SEPARABLE_PARTICIPLE.match(word)
    if participle:
        prefix, rest, ending = participle.groups()
        word = prefix + rest + ("en" if ending == "t" else ending)
    return _german.stem(word)


def english_analyzer():
    """Tokens of English rule text: lowercased, stopwords removed, porter2-stemmed."""
    return (RegexTokenizer(TOKEN_PATTERN) | LowercaseFilter() | StopFilter(stoplist=EN_STOPWORDS, minsize=1)
            | StemFilter(stemfn=porter2_stem, cachesize=50000))


def german_analyzer():
    """Tokens of German rule text: lowercased, stopwords removed, snowball-stemmed (umlauts folded)."""
    return (RegexTokenizer(TOKEN_PATTERN) | LowercaseFilter() | StopFilter(stoplist=DE_STOPWORDS, minsize=1)
            | StemFilter(stemfn=_stem_de, cachesize=50000))


@lru_cache(maxsize=8)
def analyzer_for(language: str):
    """The analyzer of a language code (``en``, ``de``); English for anything else."""
    return german_analyzer() if language == "de" else english_analyzer()


@lru_cache(maxsize=8192)
def analyse(text: str, language: str = "en") -> tuple[str, ...]:
    """The index terms ``text`` yields in ``language`` (what the index stores for it); cached, since a
    search analyses the same words for its clauses, synonyms, language guess and typo check."""
    return tuple(t.text for t in analyzer_for(language)(text))
