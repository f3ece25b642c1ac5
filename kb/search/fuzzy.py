"""Typo tolerance: words the index does not know are widened to index terms within an edit or two.

Runs as a second pass, for words no field contains (``exhuasted``, ``defensve``), or for every word when
the exact terms found little. Edits are counted as Damerau–Levenshtein distance (a swap of two neighbouring
letters is one edit), the first letter must match, and the most frequent close terms win.
"""

from __future__ import annotations

from collections.abc import Container, Mapping
from dataclasses import dataclass, field

from kb.search.analysis import analyse
from kb.search.postings import Clause, PostingsCache, letter_mask
from kb.search.schema import BOOSTS, TEXT_FIELDS

#: How much a corrected word counts against an exact one; how many corrections per word at most.
FUZZY_BOOST = 0.6
MAX_CORRECTIONS = 4


@dataclass
class FuzzyPass:
    """The corrections found for a query's words, and the clauses that search them."""

    corrections: dict[str, list[str]] = field(default_factory=dict)  # typed word → index terms
    clauses: list[Clause] = field(default_factory=list)


def max_edits(term: str) -> int:
    """How many edits a word of this length may be corrected by: none below 4 letters, 2 from 6."""
    return 0 if len(term) < 4 else 1 if len(term) <= 5 else 2


def distance(a: str, b: str, limit: int) -> int:
    """Damerau–Levenshtein (optimal string alignment) distance of ``a`` and ``b``, or ``limit + 1`` beyond it."""
    if abs(len(a) - len(b)) > limit:
        return limit + 1
    previous2: list[int] = []
    previous = list(range(len(b) + 1))
    for i, ca in enumerate(a, start=1):
        current = [i] + [0] * len(b)
        for j, cb in enumerate(b, start=1):
            cost = 0 if ca == cb else 1
            value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
            if i > 1 and j > 1 and ca == b[j - 2] and a[i - 2] == cb:
                value = min(value, previous2[j - 2] + 1)
            current[j] = value
        if min(current) > limit:
            return limit + 1
        previous2, previous = previous, current
    return previous[-1]


def unknown_words(cache: PostingsCache, words: list[str], question_lang: str) -> list[str]:
    """The words no text field of the index contains, in any of its languages (the stopwords of the question's
    language are known; one of the other language is a word like any other)."""
    unknown = []
    for word in words:
        stems = {lang: analyse(word, lang) for lang in TEXT_FIELDS}
        if not stems[question_lang]:
            continue
        if not any(
            cache.has(f, s) for lang, fields in TEXT_FIELDS.items() for f in fields for s in stems[lang]
        ):
            unknown.append(word)
    return unknown


def fuzzy_pass(
    cache: PostingsCache,
    words: list[str],
    groups: dict[str, int] | None = None,
    languages: tuple[str, ...] = ("en", "de"),
    real_words: Mapping[str, Container[str]] | None = None,
) -> FuzzyPass:
    """Index terms close to each of ``words`` (other than the word itself) in the fields of the question's
    language(s), as clauses in the word's group: a German typo is not "corrected" into an English word, and
    a real word of the language (``real_words``, stems per language; see ``lexicon``) is not corrected at all."""
    result = FuzzyPass()
    for n, word in enumerate(words):
        group = (groups or {}).get(word, n)
        close: dict[str, str] = {}  # index term → the language whose stem it corrects
        for lang in languages:
            real = (real_words or {}).get(lang, ())
            for stem in analyse(word, lang):
                edits = 0 if stem in real else max_edits(stem)
                mask, spread = letter_mask(stem), 2 * edits
                for length in range(len(stem) - edits, len(stem) + edits + 1) if edits else ():
                    for term, term_mask in cache.vocabulary(stem[0], length):
                        if (
                            (mask ^ term_mask).bit_count() <= spread
                            and term != stem
                            and term not in close
                            and distance(stem, term, edits) <= edits
                        ):
                            close[term] = lang
        frequency = {
            t: sum(cache.doc_frequency(f, t) for f in TEXT_FIELDS[lang]) for t, lang in close.items()
        }
        chosen = [t for t in sorted(frequency, key=lambda t: (-frequency[t], t)) if frequency[t]][
            :MAX_CORRECTIONS
        ]
        if chosen:
            result.corrections[word] = chosen
        result.clauses += [
            Clause(f, (t,), BOOSTS[f] * FUZZY_BOOST, group)
            for t in chosen
            for f in TEXT_FIELDS[close[t]]
            if cache.has(f, t)
        ]
    return result
