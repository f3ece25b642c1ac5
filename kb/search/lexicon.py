"""Real English and German words the index does not hold, so that typo correction leaves them alone.

A judge who types "talk" or "Schlägt" means those words, not the index terms one or two letters away
("task", "schatt"). The words come from the frequency lists of pyspellchecker (English and German, from
subtitles; installed with rulekb, read offline), cut to the words seen often enough to be words rather than
slips. Only what the typo correction could mangle is kept: the stems of those words that no field of their
language holds but that lie within the correction's reach of one that does. The build writes them into
the index (``real-words.json``) and into the site's index, so the CLI and the browser skip the same words.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator, Mapping
from pathlib import Path

from kb.core import memo
from kb.search import analysis
from kb.search.analysis import analyse
from kb.search.fuzzy import distance, max_edits
from kb.search.schema import TEXT_FIELDS

REAL_WORDS_FILE = "real-words.json"
#: The memo of the last index's vocabulary and its real words.
REAL_WORDS_MEMO = "real-words.pickle"
#: How often a word must occur in the frequency list to count as a real word: the words of everyday speech
#: (some 16,000 English and 12,000 German ones; the German list gives generated inflections a floor of 50),
#: what a judge types, at some 13 KB of the site's index (gzipped).
MIN_COUNT = {"en": 1000, "de": 100}
LEXICON_PACKAGE = "pyspellchecker"


def lexicon_words(lang: str) -> list[str]:
    """The frequency list's words of ``lang`` seen at least ``MIN_COUNT`` times (letters only, lowercase)."""
    from spellchecker import SpellChecker

    counts = SpellChecker(language=lang, distance=1).word_frequency.dictionary
    return sorted(w for w, n in counts.items() if n >= MIN_COUNT[lang] and w.isalpha())


def lexicon_stems(lang: str) -> frozenset[str]:
    """The stems of the real words of ``lang`` that typo correction would look at (four letters or more)."""
    return frozenset(s for w in lexicon_words(lang) for s in analyse(w, lang) if max_edits(s))


def _stems() -> dict[str, frozenset[str]]:
    return {lang: lexicon_stems(lang) for lang in TEXT_FIELDS}


def _package() -> str | None:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version(LEXICON_PACKAGE)
    except PackageNotFoundError:  # pragma: no cover - a dependency of rulekb
        return None


def _deletions(word: str, edits: int) -> dict[str, int]:
    """``word`` with up to ``edits`` letters left out, each with how many: two words within ``edits`` edits
    share one of them (and two that share one at ``i`` and ``j`` deletions are at most ``i + j`` apart)."""
    out = {word: 0}
    frontier = {word}
    for n in range(1, edits + 1):
        frontier = {w[:i] + w[i + 1 :] for w in frontier for i in range(len(w))}
        for deleted in frontier:
            out.setdefault(deleted, n)
    return out


def reachable(stems: Iterable[str], vocabulary: Iterable[str]) -> list[str]:
    """The ``stems`` that are not in ``vocabulary`` but that typo correction would correct into one of its
    terms (same first letter, within ``max_edits`` of the stem), sorted."""
    terms = set(vocabulary)
    by_deletion: dict[tuple[str, str], list[tuple[str, int]]] = {}
    for term in terms:
        for deleted, n in _deletions(term, 2).items():
            by_deletion.setdefault((term[:1], deleted), []).append((term, n))

    def corrected(stem: str) -> bool:
        edits = max_edits(stem)
        for deleted, i in _deletions(stem, edits).items():
            for term, j in by_deletion.get((stem[0], deleted), ()):
                if i + j <= edits or (j <= edits and distance(stem, term, edits) <= edits):
                    return True
        return False

    return sorted(stem for stem in stems if stem not in terms and corrected(stem))


def _near(word: str, shapes: Mapping[tuple[str, int], list[str]], *, is_stem: bool) -> Iterator[str]:
    """The words of ``shapes`` (grouped by first letter and length) that typo correction reaches from ``word`` or
    corrects into it: the same first letter, within the edits the pair's stem allows (``word``'s own when
    ``is_stem``, else the other's)."""
    initial, length = word[:1], len(word)
    for other_length in range(length - 2, length + 3):
        for other in shapes.get((initial, other_length), ()):
            edits = max_edits(word if is_stem else other)
            if abs(other_length - length) <= edits and distance(word, other, edits) <= edits:
                yield other


def _shapes(words: Iterable[str]) -> dict[tuple[str, int], list[str]]:
    shapes: dict[tuple[str, int], list[str]] = {}
    for word in words:
        shapes.setdefault((word[:1], len(word)), []).append(word)
    return shapes


def update(
    stems: Iterable[str], before: Iterable[str], reached: Iterable[str], vocabulary: Iterable[str]
) -> list[str]:
    """``reachable(stems, vocabulary)`` from ``reached``, which was ``reachable(stems, before)``: only the stems
    within reach of a term added or removed since are looked at again, so that an edit costs what it changes."""
    now, stems = set(vocabulary), frozenset(stems)
    changed = set(before) ^ now
    if not changed:
        return sorted(reached)
    shapes = _shapes(stems)
    suspects = {s for term in changed for s in _near(term, shapes, is_stem=False)} | (changed & stems)
    terms = _shapes(now)
    again = {s for s in suspects if s not in now and any(_near(s, terms, is_stem=True))}
    return sorted((set(reached) - suspects) | again)


def real_words(
    postings: Mapping[str, Mapping[str, object]], memo_dir: Path | None = None
) -> dict[str, list[str]]:
    """Per language, the real words' stems that typo correction must leave alone in this index's postings.
    Kept in memos while nothing they depend on changes: the lexicon's stems, and the last index's vocabulary with
    its real words, from which a new vocabulary's are updated (:func:`update`)."""
    vocabulary = {
        lang: sorted({t for f in fields for t in postings.get(f, ())}) for lang, fields in TEXT_FIELDS.items()
    }
    if memo_dir is None:
        stems = _stems()
        return {lang: reachable(stems[lang], vocabulary[lang]) for lang in TEXT_FIELDS}
    code = (_package(), sorted(MIN_COUNT.items()), memo.stamp([Path(analysis.__file__), Path(__file__)]))
    stems = memo.cached(memo_dir / "lexicon-stems.pickle", code, _stems)
    last = memo.load(memo_dir / REAL_WORDS_MEMO)
    if isinstance(last, tuple) and len(last) == 3 and last[0] == code and last[1] == vocabulary:
        return dict(last[2])
    if isinstance(last, tuple) and len(last) == 3 and last[0] == code:
        words = {
            lang: update(stems[lang], last[1][lang], last[2][lang], vocabulary[lang]) for lang in TEXT_FIELDS
        }
    else:
        words = {lang: reachable(stems[lang], vocabulary[lang]) for lang in TEXT_FIELDS}
    memo.store(memo_dir / REAL_WORDS_MEMO, (code, vocabulary, words))
    return words


def real_words_to_json(words: Mapping[str, list[str]]) -> str:
    """The real words as the index keeps them: per language, the stems joined by spaces."""
    return json.dumps({lang: " ".join(stems) for lang, stems in words.items()}, ensure_ascii=False)


def real_words_from_json(text: str) -> dict[str, frozenset[str]]:
    """The real words an index keeps (see :func:`real_words_to_json`), per language."""
    data = json.loads(text)
    return (
        {lang: frozenset(str(stems).split()) for lang, stems in data.items()}
        if isinstance(data, dict)
        else {}
    )
