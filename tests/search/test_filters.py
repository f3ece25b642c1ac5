"""What a search is kept to: the names a question may call a game by."""

from __future__ import annotations

from kb.search.filters import game_spellings


def test_a_document_spelling_its_game_otherwise_gives_the_game_another_name():
    """The German rulebook's "Athenum: The Old World" names athernum as a judge may type it; a title that starts
    with the game's own name, or with a word that is no spelling of it ("The …"), adds no name."""
    titles = [
        ("athernum", "Athenum: The Old World — Regelbuch für Einsteiger"),
        ("athernum", "Athernum: The Old World — Comprehensive Rules"),
        ("atnia", "Atnia Card Game Rules Document"),
        ("altered", "The Altered TCG rules"),
        ("altered", ""),
    ]
    assert game_spellings(titles) == {"athenum": "athernum"}
