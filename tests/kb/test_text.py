"""Text similarity (kb/core/text.py): the TF-IDF space that links rulebook passages to CR rules."""

from __future__ import annotations

from kb.core.text import TfIdf

DOCUMENTS = {
    "a:1": "the defender deals damage equal to its offensive value",
    "a:2": "a permanent with damage counters equal to its defensive value is discarded",
    "b:1": "the defender deals damage back to the attacker",
    "b:2": "discard a card from your hand",
}


def test_a_search_kept_to_one_group_scores_as_the_whole_space():
    """Kept to a group, the most similar documents are that group's, with the similarities the whole space
    gives them (the weights are the whole space's), so that matching each game's passages only against that
    game's rules changes no link."""
    space = TfIdf(DOCUMENTS)
    grouped = TfIdf(DOCUMENTS, groups={key: key.split(":")[0] for key in DOCUMENTS})
    text = "does the defender deal damage"
    for group in ("a", "b"):
        expected = [
            (key, score) for key, score in space.most_similar(text, 10) if key.startswith(group + ":")
        ]
        assert grouped.most_similar(text, 10, group=group) == expected
        assert expected
