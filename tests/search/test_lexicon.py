"""Real words: the stems typo correction leaves alone, from the English and German frequency lists."""

from kb.search.analysis import analyse
from kb.search.lexicon import REAL_WORDS_FILE, reachable, real_words_from_json, real_words_to_json
from kb.search.store import open_index


def test_a_stem_within_reach_of_an_index_term_is_kept():
    """A real word one or two edits from an index term is kept, one already in the index or out of reach is not."""
    vocabulary = ["task", "charact", "exhaust"]
    assert reachable(["talk", "charm", "exhaust", "zebra", "tusk"], vocabulary) == ["talk", "tusk"]


def test_reach_follows_the_correction_rules():
    """As typo correction: no edit below four letters, the first letter must match, swaps count as one edit."""
    assert reachable(["tax", "bask", "tsak"], ["task", "tag"]) == ["tsak"]


def test_the_index_keeps_the_real_words_correction_would_mangle(indexed):
    """The built index holds "talk" (English, next to "task") and "Schlägt" (German), but no typo."""
    words = real_words_from_json((open_index(indexed).path / REAL_WORDS_FILE).read_text(encoding="utf-8"))
    assert "talk" in words["en"]
    assert set(analyse("Schlägt", "de")) <= words["de"]
    assert not set(analyse("exhuasted", "en")) & words["en"]


def test_real_words_survive_their_round_trip():
    """What the index writes reads back the same, per language."""
    assert real_words_from_json(real_words_to_json({"en": ["talk", "tusk"], "de": []})) == {
        "en": frozenset({"talk", "tusk"}),
        "de": frozenset(),
    }
