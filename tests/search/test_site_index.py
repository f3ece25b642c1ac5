"""The browser's copy of the index (kb/search/site_index.py, kb/search/site_packing.py): postings packed as each
document's sequence of terms, read back the same, and written afresh by a rebuild in the same process."""

from __future__ import annotations

import pytest

from kb.search.postings import Inverted
from kb.search.site_index import site_index
from kb.search.site_packing import number, pack_field, unpack_field
from kb.search.synonyms import Synonyms

META = {"games": ["g"], "docids": ["g:cr"], "kinds": {"rule": 2}, "translated": {}}


def _entries(*bodies: str) -> list[dict[str, str]]:
    fields = {
        "game": "g",
        "document": "cr",
        "kind": "rule",
        "lang": "en",
        "number": "",
        "title": "",
        "url": "",
    }
    return [{**fields, "id": f"g:cr:{n}", "label": "", "text": b, "body_en": b} for n, b in enumerate(bodies)]


def _body(entries: list[dict[str, str]]) -> dict:
    field = site_index(Inverted.of(entries), entries, {}, Synonyms(), META)["fields"]["body_en"]
    return unpack_field(field["terms"], field["sequence"])


def test_the_site_index_after_an_edit_holds_the_edited_postings():
    """A rebuild in the same process (``rulekb serve``) writes each term's postings as they are now, never the
    last index's."""
    _body(_entries("A player draws cards.", "The turn ends."))
    edited = _entries("The turn ends.", "A player draws cards and the turn ends.")
    inverted = Inverted.of(edited)
    expected = {t: tuple(map(list, p)) for t, p in sorted(inverted.postings["body_en"].items())}
    assert _body(edited) == expected
    assert expected["turn"] == ([0, 1], [1, 1], [1, 4])


def test_packed_postings_read_back_with_gaps_shared_positions_and_empty_documents():
    """Postings that skip positions, put two terms at one position, repeat a term in a document or leave a
    document out are read back exactly as they were packed."""
    postings = {
        "draw": ([0, 3], [2, 1], [0, 7, 2]),
        "card": ([0, 3], [1, 1], [7, 0]),
        "zone": ([2], [1], [40]),
    }
    terms, sequence = pack_field(postings)
    assert terms == "card draw zone"
    assert unpack_field(terms, sequence) == {t: tuple(map(list, p)) for t, p in sorted(postings.items())}


def test_numbers_are_short_and_postings_that_cannot_be_packed_are_refused():
    """A number below 62 takes one character and one below 1,550 two; a term holding the separator, or
    postings whose positions do not match their frequencies, stop the export with the term named."""
    assert [len(number(n)) for n in (0, 61, 62, 1549, 1550)] == [1, 1, 2, 2, 3]
    with pytest.raises(ValueError, match="'a b'"):
        pack_field({"a b": ([0], [1], [0])})
    with pytest.raises(ValueError, match="'draw'"):
        pack_field({"draw": ([0], [2], [0])})
