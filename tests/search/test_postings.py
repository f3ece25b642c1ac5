"""The build's inversion of the entries (kb/search/postings.py): what a rebuild in the same process reuses."""

from __future__ import annotations

import gc

from kb.search import postings
from kb.search.postings import Inverted


def _entries(*bodies: str) -> list[dict[str, str]]:
    return [{"body_en": body, "body_de": body} for body in bodies]


def test_an_inversion_after_an_edit_equals_a_fresh_inversion_of_the_edited_entries():
    """A rebuild in the same process (``rulekb serve``) indexes the edited text, never the last inversion's."""
    Inverted.of(_entries("A player draws one card.", "The turn ends.", "Spieler ziehen Karten."))
    edited = Inverted.of(_entries("A player draws two cards.", "The turn ends.", "Spieler ziehen Karten."))
    terms = edited.postings["body_en"]
    assert "two" in terms and "one" not in terms
    assert (
        Inverted.of(_entries("A player draws two cards.", "The turn ends.", "Spieler ziehen Karten."))
        == edited
    )


def test_the_same_text_in_two_languages_is_analysed_in_each():
    """A text met in an English and a German field is split into each language's terms, not the first met's."""
    inverted = Inverted.of(_entries("Spieler ziehen Karten"))
    assert inverted.postings["body_en"].keys() != inverted.postings["body_de"].keys()


def test_the_positions_kept_for_the_next_inversion_are_left_alone_by_the_collector():
    """What an inversion keeps for a rebuild in the same process (about 100,000 texts' positions after a build)
    holds only numbers, which the garbage collector stops scanning once it has looked at them."""
    Inverted.of(_entries("A player draws one card.", "Spieler ziehen Karten."))
    gc.collect()
    kept = [where for positions, _ in postings._LAST_ANALYSED.values() for where in positions.values()]
    assert kept and not any(gc.is_tracked(where) for where in kept)
