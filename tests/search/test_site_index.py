"""The browser's copy of the index (kb/search/site_index.py): what a rebuild in the same process reuses."""

from __future__ import annotations

from kb.search.postings import Inverted
from kb.search.site_index import encode_postings, site_index
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


def _terms(entries: list[dict[str, str]]) -> dict[str, str]:
    return site_index(Inverted.of(entries), entries, {}, Synonyms(), META)["fields"]["body_en"]["terms"]


def test_the_site_index_after_an_edit_holds_the_edited_postings():
    """A rebuild in the same process (``rulekb serve``) writes each term's postings as they are now, never the
    last index's."""
    _terms(_entries("A player draws cards.", "The turn ends."))
    edited = _entries("The turn ends.", "A player draws cards and the turn ends.")
    inverted = Inverted.of(edited)
    expected = {t: encode_postings(*p) for t, p in sorted(inverted.postings["body_en"].items())}
    assert _terms(edited) == expected
    assert expected["turn"] == "0,1;;1,4"
