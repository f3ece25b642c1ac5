"""Word-level text handling shared by link computation and lint: tokens, stems, stopwords."""

from __future__ import annotations

import math
import re
from collections import Counter, defaultdict
from collections.abc import Callable
from functools import lru_cache

from whoosh.lang.porter2 import stem as _porter2

#: Numbers written as words, up to twenty: what a rule's "five" means as a parameter or beside a "5".
NUMBER_WORDS = {
    w: i
    for i, w in enumerate(
        [
            "zero",
            "one",
            "two",
            "three",
            "four",
            "five",
            "six",
            "seven",
            "eight",
            "nine",
            "ten",
            "eleven",
            "twelve",
            "thirteen",
            "fourteen",
            "fifteen",
            "sixteen",
            "seventeen",
            "eighteen",
            "nineteen",
            "twenty",
        ]
    )
}

stem = lru_cache(maxsize=65536)(_porter2)

WORD = re.compile(r"[A-Za-zÀ-ÖØ-öø-ÿ][A-Za-zÀ-ÖØ-öø-ÿ'-]*")

STOPWORDS = frozenset(
    [
        "a",
        "an",
        "and",
        "are",
        "as",
        "at",
        "be",
        "been",
        "but",
        "by",
        "can",
        "card",
        "cards",
        "do",
        "does",
        "each",
        "either",
        "for",
        "from",
        "has",
        "have",
        "if",
        "in",
        "into",
        "is",
        "it",
        "its",
        "may",
        "more",
        "must",
        "no",
        "not",
        "of",
        "on",
        "once",
        "one",
        "only",
        "or",
        "other",
        "same",
        "so",
        "such",
        "than",
        "that",
        "the",
        "their",
        "them",
        "then",
        "there",
        "these",
        "they",
        "this",
        "those",
        "to",
        "under",
        "unless",
        "until",
        "up",
        "was",
        "were",
        "what",
        "when",
        "whenever",
        "where",
        "which",
        "while",
        "who",
        "will",
        "with",
        "would",
        "you",
        "your",
        "e",
        "g",
        "i",
    ]
)


def words(text: str) -> list[str]:
    """The words of a text, lowercased, in order."""
    return [w.lower().strip("'-") for w in WORD.findall(text)]


def stems(text: str) -> list[str]:
    """Stemmed content words of an English text (stopwords dropped), for similarity."""
    return [stem(w) for w in words(text) if w not in STOPWORDS and len(w) > 1]


class TfIdf:
    """A small TF-IDF space over a fixed set of documents, for cosine similarity of short texts."""

    def __init__(
        self,
        documents: dict[str, str],
        groups: dict[str, str] | None = None,
        stemmer: Callable[[str], list[str]] = stems,
    ):
        """``groups`` (document → group, e.g. its game) lets a search keep to one group at the cost of that
        group's documents only; the weights stay those of the whole space. ``stemmer``: :func:`stems`, or a
        reader of it that recalls the stems of texts seen before."""
        self._stemmer = stemmer
        self._vectors: dict[str, dict[str, float]] = {}
        self._postings: dict[tuple[str | None, str], list[tuple[str, float]]] = defaultdict(list)
        counts = {key: Counter(stemmer(text)) for key, text in documents.items()}
        df: Counter[str] = Counter()
        for c in counts.values():
            df.update(c.keys())
        n = max(len(counts), 1)
        self._idf = {t: math.log((1 + n) / (1 + d)) + 1 for t, d in df.items()}
        for key, c in counts.items():
            self._vectors[key] = self._normalise({t: (1 + math.log(f)) * self._idf[t] for t, f in c.items()})
            group = groups.get(key) if groups else None
            for term, weight in self._vectors[key].items():
                self._postings[group, term].append((key, weight))

    @staticmethod
    def _normalise(vector: dict[str, float]) -> dict[str, float]:
        norm = math.sqrt(sum(v * v for v in vector.values())) or 1.0
        return {t: v / norm for t, v in vector.items()}

    def vector(self, text: str) -> dict[str, float]:
        c = Counter(self._stemmer(text))
        return self._normalise(
            {t: (1 + math.log(f)) * self._idf.get(t, 0.0) for t, f in c.items() if t in self._idf}
        )

    def most_similar(self, text: str, limit: int, group: str | None = None) -> list[tuple[str, float]]:
        """The documents (of ``group``, when the space was built with groups) most similar to ``text`` with
        their cosine similarity, best first."""
        totals: dict[str, float] = defaultdict(float)
        for term, weight in self.vector(text).items():
            for key, doc_weight in self._postings.get((group, term), ()):
                totals[key] += weight * doc_weight
        scores = sorted(totals.items(), key=lambda kv: (-kv[1], kv[0]))
        return scores[:limit]
