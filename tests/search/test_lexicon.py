"""Real words: the stems typo correction leaves alone, from the English and German frequency lists."""

import random

from kb.search.analysis import analyse
from kb.search.fuzzy import distance, max_edits
from kb.search.lexicon import (
    MAX_UPDATED_TERMS,
    REAL_WORDS_FILE,
    reachable,
    real_words,
    real_words_from_json,
    real_words_to_json,
    update,
)
from kb.search.store import open_index


def test_a_stem_within_reach_of_an_index_term_is_kept():
    """A real word one or two edits from an index term is kept, one already in the index or out of reach is not."""
    vocabulary = ["task", "charact", "exhaust"]
    assert reachable(["talk", "charm", "exhaust", "zebra", "tusk"], vocabulary) == ["talk", "tusk"]


def test_reach_follows_the_correction_rules():
    """As typo correction: no edit below four letters, the first letter must match, swaps count as one edit."""
    assert reachable(["tax", "bask", "tsak"], ["task", "tag"]) == ["tsak"]


def test_reach_is_every_stem_one_comparison_with_each_term_would_find():
    """The stems kept are exactly those a letter-by-letter comparison with every term keeps: one or two edits
    (deletions, insertions, substitutions, swaps), the same first letter, nothing missed by the shortcuts."""
    rng = random.Random(11)
    for alphabet in ("ab", "aeirs", "aeirstnkäbu"):
        words = sorted({"".join(rng.choice(alphabet) for _ in range(rng.randint(2, 9))) for _ in range(500)})
        rng.shuffle(words)
        stems, vocabulary = words[:250], words[200:350]
        expected = sorted(
            s
            for s in stems
            if s not in vocabulary
            and any(
                t[:1] == s[:1] and distance(s, t, max_edits(s)) <= max_edits(s) and max_edits(s)
                for t in vocabulary
            )
        )
        assert reachable(stems, vocabulary) == expected


def test_an_edited_vocabulary_updates_to_what_a_fresh_computation_gives():
    """After terms are added and removed, the updated real words are exactly those computed from scratch."""
    rng = random.Random(5)
    letters = "aeirstnk"
    words = sorted({"".join(rng.choice(letters) for _ in range(rng.randint(3, 8))) for _ in range(600)})
    stems, pool = words[:300], words[300:]
    before = rng.sample(pool, 120) + rng.sample(stems, 10)
    reached = reachable(stems, before)
    for _ in range(20):
        after = [t for t in before if rng.random() > 0.1] + rng.sample(pool + stems, 8)
        assert update(stems, before, reached, after) == reachable(stems, after)
        before, reached = after, reachable(stems, after)


def test_a_vocabulary_changed_wholesale_gives_what_a_fresh_computation_gives():
    """Another project's vocabulary (more terms changed than an update looks at) gives the real words computed
    from scratch."""
    rng = random.Random(7)
    words = sorted({"".join(rng.choice("aeirstnk") for _ in range(rng.randint(3, 8))) for _ in range(900)})
    stems, before, after = words[:300], words[300:500], words[500:]
    assert len(set(before) ^ set(after)) > MAX_UPDATED_TERMS
    assert update(stems, before, reachable(stems, before), after) == reachable(stems, after)


def test_a_rebuild_updates_the_real_words_from_its_memo(tmp_path):
    """An index whose vocabulary changed gets the real words of its new vocabulary, not the last build's."""
    first = real_words({"body_en": {"task": 0}, "body_de": {}}, tmp_path)
    second = real_words({"body_en": {"task": 0, "talk": 0}, "body_de": {}}, tmp_path)
    assert "talk" in first["en"]
    assert "talk" not in second["en"] and "tall" in second["en"]
    assert second == real_words({"body_en": {"task": 0, "talk": 0}, "body_de": {}})


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
