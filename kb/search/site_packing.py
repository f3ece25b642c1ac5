"""Compact text for the browser's index (``search-index.js``): each field's postings as the sequence of its terms in
each document (numbers as short runs of printable characters), and the entries as columns without what follows
from their ids.

Written this way the postings gzip to 60 % of per-term lists of positions (the same phrases recur as the same
runs of characters); ``search.js`` (``unpackField``) turns them back into the same postings while the browser is
idle after the index loads (or when a query first reads the field, if that comes sooner), and derives what was left out of the entries (``unpackEntries``). :func:`unpack_field` is the
reference reading, for tests.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from typing import Any

#: The last digit of a number (base 62).
DIGITS = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
#: The digits before it, most significant first (base 25): neither a digit, a separator, a quote nor a backslash.
CARRIES = "!#$%&()*+-./:<=>?@[]^_`{}"
#: Before a number n: the next term stands n - 1 positions after the place it would take (0: beside the last one).
GAP = "~"
#: Between two documents' sequences.
NEXT_DOCUMENT = "|"
#: Between the terms of a field's vocabulary (no term holds one).
TERM_SEPARATOR = " "

#: A term's postings: its documents (ascending), the frequency in each, the positions in each one after the other.
TermPostings = tuple[list[int], list[int], list[int]]


def number(n: int) -> str:
    """``n`` (≥ 0) as its digits: one character below 62, two below 1,550, three below 38,750."""
    out = DIGITS[n % len(DIGITS)]
    n //= len(DIGITS)
    while n:
        out = CARRIES[n % len(CARRIES)] + out
        n //= len(CARRIES)
    return out


def pack_field(postings: dict[str, TermPostings]) -> tuple[str, str]:
    """A field's vocabulary (its terms in order, joined by ``TERM_SEPARATOR``) and each document's terms in the
    order of their positions, by their place in it."""
    vocabulary = sorted(postings)
    codes = [number(n) for n in range(len(vocabulary))]
    placed: dict[int, list[tuple[int, int]]] = {}
    for place, term in enumerate(vocabulary):
        docs, frequencies, positions = postings[term]
        if not term or TERM_SEPARATOR in term:
            raise ValueError(f"the term {term!r} cannot be written into the site index")
        if len(positions) != sum(frequencies) or len(frequencies) != len(docs):
            raise ValueError(f"the postings of {term!r} do not hold one position per occurrence")
        if len(positions) == len(docs):  # once in each document, as mostly
            for doc, position in zip(docs, positions, strict=True):
                placed.setdefault(doc, []).append((position, place))
            continue
        start = 0
        for doc, frequency in zip(docs, frequencies, strict=True):
            placed.setdefault(doc, []).extend((p, place) for p in positions[start : start + frequency])
            start += frequency
    sequences = [""] * (max(placed) + 1 if placed else 0)
    for doc, terms in placed.items():
        terms.sort()
        sequences[doc] = "".join(_sequence(terms, codes))
    return TERM_SEPARATOR.join(vocabulary), NEXT_DOCUMENT.join(sequences)


def _sequence(terms: list[tuple[int, int]], codes: list[str]) -> Iterator[str]:
    """One document's terms (position, place in the vocabulary; in order) as their codes, with a gap where a
    position is not the next."""
    expected = 0
    for position, place in terms:
        if position != expected:
            yield GAP + number(position - expected + 1)
        yield codes[place]
        expected = position + 1


def _numbers(text: str) -> Iterator[str | int]:
    """The numbers of a sequence, and the separators between them as they come."""
    value = 0
    for char in text:
        if char in (GAP, NEXT_DOCUMENT):
            yield char
        elif char in CARRIES:
            value = value * len(CARRIES) + CARRIES.index(char)
        else:
            yield value * len(DIGITS) + DIGITS.index(char)
            value = 0


def unpack_field(vocabulary: str, sequence: str) -> dict[str, TermPostings]:
    """The postings :func:`pack_field` wrote, in term order (as ``search.js`` reads them)."""
    terms = vocabulary.split(TERM_SEPARATOR) if vocabulary else []
    found: dict[str, TermPostings] = {}
    doc = position = 0
    gap = False
    for item in _numbers(sequence):
        if item == NEXT_DOCUMENT:
            doc, position = doc + 1, 0
        elif item == GAP:
            gap = True
        elif gap:
            position, gap = position + int(item) - 1, False
        else:
            docs, frequencies, positions = found.setdefault(terms[int(item)], ([], [], []))
            if not docs or docs[-1] != doc:
                docs.append(doc)
                frequencies.append(0)
            frequencies[-1] += 1
            positions.append(position)
            position += 1
    return dict(sorted(found.items()))


# --- what a result shows ----------------------------------------------------------------------------------

#: How a label may follow from the rest of its entry (``search.js`` derives it by name: ``DERIVED_LABELS``).
LABELS: dict[str, Callable[[dict[str, Any], list[str]], str]] = {
    "number": lambda entry, segments: entry["number"],
    "id": lambda entry, segments: "/".join(segments),
    "title": lambda entry, segments: entry["title"],
    "number title": lambda entry, segments: f"{entry['number']} {entry['title']}",
    "game/id tail": lambda entry, segments: "/".join([entry["game"], *segments[1:]]),
    "id end": lambda entry, segments: segments[-1],
}
#: How the anchor of a URL may follow from its entry (``DERIVED_ANCHORS``; None: the URL has none).
ANCHORS: dict[str, Callable[[dict[str, Any], list[str]], str | None]] = {
    "none": lambda entry, segments: None,
    "number": lambda entry, segments: entry["number"],
    "id": lambda entry, segments: "--".join(segments),
    "id tail": lambda entry, segments: "--".join(segments[1:]),
    "id dashed": lambda entry, segments: "-".join(segments),
}
#: The columns whose few values are written once, in ``tables``, and referred to by their position.
TABLES = ("game", "document", "kind", "lang")
#: The columns written as they are.
PLAIN = ("number", "title", "related", "subrules", "examples", "parent", "primary")


def _local_id(entry: dict[str, Any]) -> str:
    """The id without its game's prefix (all of it when it has none)."""
    prefix = f"{entry['game']}:"
    node_id = str(entry["id"])
    return node_id[len(prefix) :] if node_id.startswith(prefix) else node_id


def _derived(
    rules: Mapping[str, Callable[..., str | None]],
    entry: dict[str, Any],
    segments: list[str] | None,
    value: object,
) -> int | None:
    """The position of the first rule deriving ``value`` from the entry and its local id's ``segments`` (None:
    nothing derives from an entry whose id, game, number or title is not text), if one does."""
    if segments is None:
        return None
    return next((n for n, rule in enumerate(rules.values()) if rule(entry, segments) == value), None)


def pack_entries(entries: list[dict[str, Any]]) -> dict[str, Any]:
    """Each entry's shown fields and links (one dict per docnum) as columns (``docs``), with what follows from the
    rest left out: the game, document, kind and language as positions in their ``tables``; the id without its
    game (``[id]`` when it has another prefix); the text 0 when it is the title; the label as the position of
    the rule in ``LABELS`` that gives it; the URL as its page's position in ``pages`` and the rule in ``ANCHORS``
    that gives its anchor (each the value itself when no rule does)."""
    tables: dict[str, dict[str, int]] = {column: {} for column in TABLES}
    pages: dict[str, int] = {}
    ids, texts, urls, labels = [], [], [], []
    for entry in entries:
        local = _local_id(entry)
        ids.append(local if local != entry["id"] else [entry["id"]])
        textual = all(isinstance(entry[k], str) for k in ("id", "game", "number", "title"))
        segments = local.split("/") if textual else None
        texts.append(
            0 if isinstance(entry["text"], str) and entry["text"] == entry["title"] else entry["text"]
        )
        label = _derived(LABELS, entry, segments, entry["label"])
        labels.append(entry["label"] if label is None else label)
        page, hashed, anchor = str(entry["url"]).partition("#")
        derived = _derived(ANCHORS, entry, segments, anchor if hashed else None)
        if derived is None or not isinstance(entry["url"], str):
            urls.append(entry["url"])
        else:
            urls.append([pages.setdefault(page, len(pages)), derived])
    columns = {c: [tables[c].setdefault(e[c], len(tables[c])) for e in entries] for c in TABLES}
    return {
        "tables": {column: list(values) for column, values in tables.items()},
        "derivations": {"label": list(LABELS), "anchor": list(ANCHORS)},
        "pages": list(pages),
        "docs": {
            "id": ids,
            **columns,
            **{column: [e[column] for e in entries] for column in PLAIN},
            "text": texts,
            "url": urls,
            "label": labels,
        },
    }
