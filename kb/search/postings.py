"""The index itself: the text fields' postings (documents, term frequencies, positions), the field-length
norms, the id lookup table and what each hit shows, in one ``marshal`` file, for millisecond scoring.

The build inverts the entries directly (:class:`Inverted`, what Whoosh's writer would store, without its
cost) and plain queries are scored from the postings with Whoosh's own BM25F formula and parameters,
giving the same scores as Whoosh's ``Searcher.search``. Whoosh's query language is parsed by Whoosh and
evaluated over the same postings (``evaluator``).
"""

from __future__ import annotations

import heapq
import marshal
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from math import log, sqrt
from pathlib import Path
from typing import Any, overload

from kb.search.analysis import positioned_terms
from kb.search.schema import ALL_TEXT_FIELDS, KIND_PRIOR, STORED_FIELDS, TEXT_FIELDS

POSTINGS_FILE = "postings.marshal"
POSTINGS_FORMAT = 5
#: Whoosh's BM25F defaults (``whoosh.scoring.BM25F``).
K1 = 1.2
B = 0.75

#: field → term → (docnums, term frequencies, the positions in each document one after the other)
Postings = dict[str, dict[str, tuple[list[int], list[int], list[int]]]]
#: The documents a clause matches, with each one's BM25 term-frequency part.
Matches = tuple[list[int], list[float]]


def letter_mask(word: str) -> int:
    """Which letters a word contains, as bits: one edit changes at most two bits, so masks differing in more
    than twice the allowed edits rule a candidate out before any edit distance is computed."""
    mask = 0
    for ch in word:
        mask |= 1 << (ord(ch) % 61)
    return mask


@dataclass(frozen=True)
class Clause:
    """One scored part of a query: a term (one stem) or a phrase (several) in one field, with its boost."""

    field: str
    stems: tuple[str, ...]
    boost: float = 1.0
    group: int = 0  # which typed word this clause stands for (coordination counts distinct groups)


FIELD_LANGUAGE = {f: lang for lang, fields in TEXT_FIELDS.items() for f in fields}


def _terms_of(text: str, language: str) -> tuple[dict[str, tuple[int, ...]], int]:
    """Each index term of ``text`` with its positions, and the number of terms (the field's length). The positions
    are tuples: :data:`_LAST_ANALYSED` keeps about 100,000 of them between rebuilds, which the garbage collector
    stops scanning once it finds they hold only numbers (lists it would scan in every full collection)."""
    positions: dict[str, list[int]] = {}
    spans = positioned_terms(text, language)
    for stem, position in spans:
        positions.setdefault(stem, []).append(position)
    return {stem: tuple(where) for stem, where in positions.items()}, len(spans)


#: Each text the last inversion analysed, with its terms (``(text, language)`` → :func:`_terms_of`): a rebuild in
#: the same process (``rulekb serve``) analyses only the texts an edit changed. Holds one inversion's texts.
_LAST_ANALYSED: dict[tuple[str, str], tuple[dict[str, tuple[int, ...]], int]] = {}


@dataclass
class Inverted:
    """The text fields of every entry inverted in one pass (what Whoosh would write, without Whoosh): each
    term's documents, frequencies and positions (stopwords removed, positions renumbered as Whoosh's
    ``StopFilter`` does), and each document's field lengths as Whoosh stores them (a byte, log-scaled)."""

    count: int
    postings: Postings
    lengths: dict[str, list[int]]  # field → per docnum, the length Whoosh's reader gives back (0: none)
    totals: dict[str, int]  # field → the exact number of tokens in all documents

    @classmethod
    def of(
        cls, texts: list[dict[str, Any]], on_progress: Callable[[int, int], None] | None = None
    ) -> Inverted:
        """Invert per-document field texts (``IndexDoc.fields()``; fields absent or empty hold nothing),
        reporting progress (documents done, documents in all) every hundredth of the way. A text met again
        (a parent's text is the context of each of its rules, or the last inversion's) is analysed once."""
        from whoosh.util.numeric import byte_to_length, length_to_byte

        count = len(texts)
        postings: Postings = {f: {} for f in ALL_TEXT_FIELDS}
        lengths = {f: [0] * count for f in ALL_TEXT_FIELDS}
        totals = dict.fromkeys(ALL_TEXT_FIELDS, 0)
        analysed: dict[tuple[str, str], tuple[dict[str, tuple[int, ...]], int]] = {}
        step = max(1, count // 100)
        for doc, fields in enumerate(texts):
            if on_progress and (doc % step == 0):
                on_progress(doc, count)
            for fieldname in ALL_TEXT_FIELDS:
                text = fields.get(fieldname)
                if not text:
                    continue
                language = FIELD_LANGUAGE[fieldname]
                key = (text, language)
                found = analysed.get(key)
                if found is None:
                    found = analysed[key] = _LAST_ANALYSED.get(key) or _terms_of(text, language)
                positions, length = found
                terms = postings[fieldname]
                for stem, where in positions.items():
                    entry = terms.get(stem)
                    if entry is None:
                        entry = terms[stem] = ([], [], [])
                    entry[0].append(doc)
                    entry[1].append(len(where))
                    entry[2].extend(where)
                if length:
                    byte = length_to_byte(length)
                    lengths[fieldname][doc] = byte_to_length(byte) if byte else 0
                    totals[fieldname] += length
        if on_progress:
            on_progress(count, count)
        _LAST_ANALYSED.clear()
        _LAST_ANALYSED.update(analysed)
        return cls(count, postings, lengths, totals)

    def norms(self, fieldname: str) -> list[float]:
        """Each document's BM25F length norm in the field: ``K1 * ((1 - B) + B * length / average)``."""
        average = (self.totals[fieldname] / self.count) if self.count else 0.0
        average = average or 1.0
        return [K1 * ((1 - B) + B * (length or 1) / average) for length in self.lengths[fieldname]]


class StoredEntries(Sequence[dict[str, Any]]):
    """What each hit shows, per docnum, kept as one marshalled blob per entry and read on first use: a search
    shows ten hits of thousands, and reading them all would cost more than the search."""

    def __init__(self, blobs: list[bytes]):
        self._blobs = blobs
        self._read: dict[int, dict[str, Any]] = {}

    @classmethod
    def of(cls, entries: list[dict[str, Any]]) -> StoredEntries:
        return cls([marshal.dumps(entry) for entry in entries])

    @property
    def blobs(self) -> list[bytes]:
        return self._blobs

    def __len__(self) -> int:
        return len(self._blobs)

    @overload
    def __getitem__(self, index: int) -> dict[str, Any]: ...
    @overload
    def __getitem__(self, index: slice) -> list[dict[str, Any]]: ...
    def __getitem__(self, index: int | slice) -> dict[str, Any] | list[dict[str, Any]]:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]
        index = index + len(self._blobs) if index < 0 else index
        if index not in self._read:
            self._read[index] = marshal.loads(self._blobs[index])
        return self._read[index]


@dataclass
class PostingsCache:
    """The index as a search reads it: postings to score queries, the id lookup table, each entry's columns
    (game, kind, …) and what a hit shows."""

    count: int
    ids: list[str]
    keys: dict[str, int]  # every accepted spelling of an id (casefolded) → docnum
    norms: dict[str, list[float]]  # field → K1 * ((1 - B) + B * length / average length), per docnum
    postings: Postings
    games: list[str] = field(default_factory=list)
    documents: list[str] = field(default_factory=list)
    kinds: list[str] = field(default_factory=list)
    langs: list[str] = field(default_factory=list)
    labels: list[str] = field(default_factory=list)
    related: list[tuple[int, ...]] = field(
        default_factory=list
    )  # per docnum: the CR rules a passage leads to
    subrules: list[tuple[int, ...]] = field(default_factory=list)  # per docnum: the rules under it, in order
    stored: StoredEntries = field(default_factory=lambda: StoredEntries([]))  # per docnum: what a hit shows
    _parts: dict[tuple[str, str], list[float]] = field(default_factory=dict, repr=False)
    _vocabulary: dict[tuple[str, int], list[tuple[str, int]]] = field(default_factory=dict, repr=False)
    _sorted: dict[str, list[str]] = field(default_factory=dict, repr=False)
    _priors: list[float] = field(default_factory=list, repr=False)
    _phrases: dict[tuple[str, tuple[str, ...]], Matches | None] = field(default_factory=dict, repr=False)

    # --- building and loading --------------------------------------------------------------------------

    @classmethod
    def from_inverted(
        cls, inverted: Inverted, stored: list[dict[str, Any]], keys: dict[str, str]
    ) -> PostingsCache:
        """The cache of freshly inverted entries (``stored``: each entry's ``IndexDoc.fields()``)."""
        ids = [s["id"] for s in stored]
        docnum = {node_id: n for n, node_id in enumerate(ids)}

        def docnums(node_ids: list[str] | None) -> tuple[int, ...]:
            return tuple(docnum[i] for i in node_ids or () if i in docnum)

        return cls(
            count=inverted.count,
            ids=ids,
            keys={k: docnum[v] for k, v in keys.items() if v in docnum},
            norms={f: inverted.norms(f) for f in ALL_TEXT_FIELDS},
            postings={f: dict(sorted(inverted.postings[f].items())) for f in ALL_TEXT_FIELDS},
            games=[s["game"] for s in stored],
            documents=[s["document"] for s in stored],
            kinds=[s["kind"] for s in stored],
            langs=[s["lang"] for s in stored],
            labels=[s["label"] for s in stored],
            related=[docnums(s.get("related")) for s in stored],
            subrules=[docnums(s.get("subrules")) for s in stored],
            stored=StoredEntries.of([{k: s[k] for k in STORED_FIELDS if k in s} for s in stored]),
        )

    def save(self, folder: Path) -> None:
        data = (
            POSTINGS_FORMAT,
            self.count,
            self.ids,
            self.keys,
            self.norms,
            self.postings,
            self.games,
            self.documents,
            self.kinds,
            self.langs,
            self.labels,
            self.related,
            self.subrules,
            self.stored.blobs,
        )
        (folder / POSTINGS_FILE).write_bytes(marshal.dumps(data))

    @classmethod
    def load(cls, folder: Path) -> PostingsCache:
        data = marshal.loads((folder / POSTINGS_FILE).read_bytes())
        if not isinstance(data, tuple) or data[0] != POSTINGS_FORMAT:
            raise ValueError(f"{POSTINGS_FILE} has an unknown format")
        (
            _,
            count,
            ids,
            keys,
            norms,
            postings,
            games,
            documents,
            kinds,
            langs,
            labels,
            related,
            subrules,
            stored,
        ) = data
        if not all(
            len(column) == count
            for column in (ids, games, documents, kinds, langs, labels, related, subrules, stored)
        ):
            raise ValueError(f"{POSTINGS_FILE} does not describe its {count} documents consistently")
        return cls(
            count,
            ids,
            keys,
            norms,
            postings,
            games,
            documents,
            kinds,
            langs,
            labels,
            related,
            subrules,
            StoredEntries(stored),
        )

    # --- questions ----------------------------------------------------------------------------------

    def vocabulary(self, initial: str, length: int) -> list[tuple[str, int]]:
        """Every field's terms that start with ``initial`` and have ``length`` letters, each with its
        letter mask (indexed on first use), for typo correction."""
        if not self._vocabulary:
            seen: set[str] = set()
            for terms in self.postings.values():
                for term in terms:
                    if term not in seen:
                        seen.add(term)
                        self._vocabulary.setdefault((term[:1], len(term)), []).append(
                            (term, letter_mask(term))
                        )
        return self._vocabulary.get((initial, length), [])

    def sorted_terms(self, fieldname: str) -> list[str]:
        """The field's terms in order (sorted on first use), for prefix and wildcard expansion."""
        if fieldname not in self._sorted:
            self._sorted[fieldname] = sorted(self.postings.get(fieldname, {}))
        return self._sorted[fieldname]

    def has(self, fieldname: str, stem: str) -> bool:
        return stem in self.postings.get(fieldname, {})

    def doc_frequency(self, fieldname: str, stem: str) -> int:
        entry = self.postings.get(fieldname, {}).get(stem)
        return len(entry[0]) if entry else 0

    def docnum(self, key: str) -> int | None:
        """The document a casefolded id spelling names."""
        return self.keys.get(key)

    def score(self, clauses: list[Clause], coordinate: bool = True) -> dict[int, float]:
        """BM25F scores of every document matching any clause, summed over the clauses (as Whoosh's OR),
        then scaled by the share of the typed words a document matches (coordination), unless told not to.
        Each word's share is weighed by its rarity (``_rarity``): an entry holding the one rare, decisive word
        of a question ("poison") is not outweighed by entries holding only its frequent ones ("card")."""
        scores: dict[int, float] = {}
        get = scores.get
        by_group: dict[int, set[int]] = {}
        for clause in clauses:
            matches = self._term(clause) if len(clause.stems) == 1 else self._phrase(clause)
            if matches is None:
                continue
            docs, parts = matches
            factor = clause.boost * (log(self.count / (len(docs) + 1)) + 1)
            for doc, part in zip(docs, parts):
                scores[doc] = get(doc, 0.0) + factor * part
            by_group.setdefault(clause.group, set()).update(docs)
        if coordinate and len(by_group) > 1:
            groups = dict.fromkeys(c.group for c in clauses)  # in the order met, as search.js sums them
            weights = {group: self._rarity(len(by_group.get(group, ()))) for group in groups}
            total = sum(weights.values())
            matched: dict[int, float] = {}
            for group, holding in by_group.items():
                for doc in holding:
                    matched[doc] = matched.get(doc, 0.0) + weights[group]
            for doc, weight in matched.items():
                scores[doc] *= weight / total
        return scores

    def _rarity(self, holding: int) -> float:
        """A typed word's weight in coordination: the square root of its idf over the entries that hold it in
        any field, in any of its forms (a word no entry holds weighs as the rarest)."""
        return sqrt(log(self.count / (holding + 1)) + 1)

    def _term(self, clause: Clause) -> Matches | None:
        """A term's documents with their BM25 term-frequency parts ``tf·(K1+1)/(tf+norm)`` (computed on first use)."""
        key = (clause.field, clause.stems[0])
        entry = self.postings.get(key[0], {}).get(key[1])
        if entry is None:
            return None
        parts = self._parts.get(key)
        if parts is None:
            norms = self.norms[key[0]]
            parts = self._parts[key] = [tf * (K1 + 1) / (tf + norms[d]) for d, tf in zip(entry[0], entry[1])]
        return entry[0], parts

    def _phrase(self, clause: Clause) -> Matches | None:
        """Documents where the stems occur in order (Whoosh's default slop of 1: adjacent), with counts;
        remembered per field and phrase, since the same phrases (``victory token``, ``face down``) come back
        in question after question as synonyms and translations."""
        key = (clause.field, clause.stems)
        if key not in self._phrases:
            if len(self._phrases) > 4096:
                self._phrases.clear()
            self._phrases[key] = self._match_phrase(clause.field, clause.stems)
        return self._phrases[key]

    def _match_phrase(self, fieldname: str, stems: tuple[str, ...]) -> Matches | None:
        fieldterms = self.postings.get(fieldname, {})
        entries = [e for e in (fieldterms.get(stem) for stem in stems) if e is not None]
        if len(entries) < len(stems):
            return None
        maps = [_positions_by_doc(*e) for e in entries]
        common = set(maps[0]).intersection(*maps[1:])
        norms = self.norms[fieldname]
        docs: list[int] = []
        parts: list[float] = []
        for doc in sorted(common):
            starts = set(maps[0][doc])
            for offset, positions in enumerate(maps[1:], start=1):
                starts &= {p - offset for p in positions[doc]}
                if not starts:
                    break
            if starts:
                tf = float(len(starts))
                docs.append(doc)
                parts.append(tf * (K1 + 1) / (tf + norms[doc]))
        return (docs, parts) if docs else None

    def top(
        self, scores: dict[int, float], limit: int, accept: Callable[[int], bool] | None = None
    ) -> list[tuple[int, float]]:
        """The ``limit`` best (docnum, score) pairs after each kind's prior (an example weighs less than the
        rule it shows), best first, ties in index order; ``accept`` filters."""
        priors = self.priors
        if accept is None:
            items = [(s * priors[d], -d) for d, s in scores.items()]
        else:
            items = [(s * priors[d], -d) for d, s in scores.items() if accept(d)]
        return [(-negative, s) for s, negative in heapq.nlargest(limit, items)]

    @property
    def priors(self) -> list[float]:
        """Each document's weight by kind (``KIND_PRIOR``), computed on first use."""
        if not self._priors:
            self._priors = [KIND_PRIOR.get(kind, 1.0) for kind in self.kinds]
        return self._priors


def _positions_by_doc(docs: list[int], tfs: list[int], positions: list[int]) -> dict[int, list[int]]:
    """A term's positions per document (they are stored one document after the other)."""
    out: dict[int, list[int]] = {}
    start = 0
    for doc, tf in zip(docs, tfs):
        out[doc] = positions[start : start + tf]
        start += tf
    return out
