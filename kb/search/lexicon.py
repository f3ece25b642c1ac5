"""Real English and German words the index does not hold, so that typo correction leaves them alone.

A judge who types "talk" or "Schlägt" means those words, not the index terms one or two letters away
("task", "schatt"). The words come from the frequency lists of pyspellchecker (English and German, from
subtitles), cut to the words seen often enough to be words rather than slips, and shipped stemmed with
rulekb (``wordlist``). Only what the typo correction could mangle is kept: the stems of those words that no
field of their language holds but that lie within the correction's reach of one that does. The build writes them into
the index (``real-words.json``) and into the site's index, so the CLI and the browser skip the same words.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator, Mapping
from pathlib import Path

from kb.core import memo
from kb.search import fuzzy
from kb.search.fuzzy import distance, max_edits
from kb.search.schema import TEXT_FIELDS
from kb.search.wordlist import data_file, shipped_stems

REAL_WORDS_FILE = "real-words.json"
#: The memo of the last index's vocabulary and its real words.
REAL_WORDS_MEMO = "real-words.pickle"


def _deleted(word: str, edits: int) -> tuple[set[str], set[str]]:
    """``word`` with one of its letters after the first left out, and (when ``edits`` is two) with two: two words
    of the same first letter within ``edits`` edits share such a form, or one is such a form of the other (and two
    that share one at ``i`` and ``j`` deletions are at most ``i + j`` apart)."""
    n = len(word)
    once = {word[:i] + word[i + 1 :] for i in range(1, n)}
    if edits < 2:
        return once, set()
    return once, {word[:i] + word[i + 1 : j] + word[j + 1 :] for i in range(1, n) for j in range(i + 1, n)}


def reachable(stems: Iterable[str], vocabulary: Iterable[str]) -> list[str]:
    """The ``stems`` that are not in ``vocabulary`` but that typo correction would correct into one of its
    terms (same first letter, within ``max_edits`` of the stem), sorted. Set operations over the forms with
    letters left out: a stem sharing one with a term at ``i`` and ``j`` deletions, ``i + j`` within its edits,
    is reached outright; one sharing only forms further apart is compared letter by letter with those terms."""
    terms = set(vocabulary)
    deleted = {term: _deleted(term, 2) for term in terms}
    once_all: set[str] = set().union(*(once for once, _ in deleted.values()))
    twice_all: set[str] = set().union(*(twice for _, twice in deleted.values()))
    reached: list[str] = []
    unsure: dict[str, set[str]] = {}  # stem → the forms it shares with terms only beyond its edits
    for stem in stems:
        edits = max_edits(stem)
        if not edits or stem in terms:
            continue
        once, twice = _deleted(stem, edits)
        if edits == 1:
            if stem in once_all or not once.isdisjoint(terms):
                reached.append(stem)
            elif shared := once & once_all:
                unsure[stem] = shared
        elif (
            stem in once_all
            or stem in twice_all
            or not once.isdisjoint(terms)
            or not once.isdisjoint(once_all)
            or not twice.isdisjoint(terms)
        ):
            reached.append(stem)
        elif shared := (once & twice_all) | (twice & once_all) | (twice & twice_all):
            unsure[stem] = shared
    if unsure:
        needed: set[str] = set().union(*unsure.values())
        holders: dict[str, list[str]] = {}  # form → the terms it is made from
        for term, (once, twice) in deleted.items():
            for form in (once | twice) & needed:
                holders.setdefault(form, []).append(term)
        for stem, shared in unsure.items():
            edits = max_edits(stem)
            near = {t for form in shared for t in holders[form] if len(t) - len(form) <= edits}
            if any(distance(stem, term, edits) <= edits for term in near):
                reached.append(stem)
    return sorted(reached)


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


#: More terms added or removed than this, and the real words are worked out afresh (:func:`reachable`, about
#: 0.2 s): looking again around each changed term costs a few milliseconds per term.
MAX_UPDATED_TERMS = 50


def update(
    stems: Iterable[str], before: Iterable[str], reached: Iterable[str], vocabulary: Iterable[str]
) -> list[str]:
    """``reachable(stems, vocabulary)`` from ``reached``, which was ``reachable(stems, before)``: only the stems
    within reach of a term added or removed since are looked at again, so that an edit costs what it changes (a
    vocabulary that changed wholesale, another project's, is worked out afresh)."""
    now, stems = set(vocabulary), frozenset(stems)
    changed = set(before) ^ now
    if not changed:
        return sorted(reached)
    if len(changed) > MAX_UPDATED_TERMS:
        return reachable(stems, now)
    shapes = _shapes(stems)
    suspects = {s for term in changed for s in _near(term, shapes, is_stem=False)} | (changed & stems)
    terms = _shapes(now)
    again = {s for s in suspects if s not in now and any(_near(s, terms, is_stem=True))}
    return sorted((set(reached) - suspects) | again)


def real_words(
    postings: Mapping[str, Mapping[str, object]], memo_dir: Path | None = None
) -> dict[str, list[str]]:
    """Per language, the real words' stems that typo correction must leave alone in this index's postings.
    Kept in a memo while nothing they depend on changes (the shipped stems, the code that reaches them): the last
    index's vocabulary with its real words, from which a new vocabulary's are updated (:func:`update`)."""
    vocabulary = {
        lang: sorted({t for f in fields for t in postings.get(f, ())}) for lang, fields in TEXT_FIELDS.items()
    }
    if memo_dir is None:
        return {lang: reachable(shipped_stems(lang), vocabulary[lang]) for lang in TEXT_FIELDS}
    code = memo.stamp([*(data_file(lang) for lang in TEXT_FIELDS), Path(fuzzy.__file__), Path(__file__)])
    last = memo.load(memo_dir / REAL_WORDS_MEMO)
    if isinstance(last, tuple) and len(last) == 3 and last[0] == code and last[1] == vocabulary:
        return dict(last[2])
    stems = {lang: shipped_stems(lang) for lang in TEXT_FIELDS}
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
