"""Scenario notation in words: steps as sentences, expected values as text, never Python's notation."""

from __future__ import annotations

import pytest

from kb.proof.words import found_words, path_words, step_words, value_words


@pytest.mark.parametrize(
    ("game", "key", "args", "player", "words"),
    [
        (
            "athernum",
            "attack",
            {"attacker": "Ember Knight", "target": "p2:Wanderer"},
            "p1",
            "p1 attacks Wanderer (p2) with Ember Knight",
        ),
        ("athernum", "defend", None, "p2", "p2 declares no defender"),
        ("athernum", "defend", "Tide Guard", "p2", "p2 defends with Tide Guard"),
        (
            "athernum",
            "play",
            {"card": "Ember Knight", "pay": [1, 2]},
            "p1",
            "p1 plays Ember Knight (pay 1, 2)",
        ),
        ("athernum", "advance", {"phase": "combat", "turn": 3}, "p1", "play goes on to phase combat; turn 3"),
        ("atnia", "block", {"Shield Bearer": "Rift Hound"}, "p2", "p2 blocks: Shield Bearer → Rift Hound"),
        (
            "altered",
            "play",
            {"card": "Wild Growth", "targets": ["Night Owl"]},
            "p1",
            "p1 plays Wild Growth (targets Night Owl)",
        ),
        ("altered", "unheard_of", {"a": 1}, "p2", "p2: unheard of a 1"),
        ("athernum", "attack", {"attacker": "Ember Knight"}, "p1", "p1: attack attacker Ember Knight"),
    ],
)
def test_a_step_reads_as_a_sentence(game, key, args, player, words):
    """Each game's step reads as who does what; an action without a phrase still reads in words."""
    assert step_words(game, key, args, player) == words


def test_values_read_as_words_never_as_python():
    """Lists, mappings, nothing, yes/no and log entries read as text, with no brackets, braces or quotes."""
    assert value_words(["Ember Knight", "p2:Wanderer#2"]) == "Ember Knight, Wanderer (p2, copy 2)"
    assert value_words({"kind": "defender", "player": "p2"}) == "kind defender; player p2"
    assert value_words([]) == "none" and value_words(None) == "none" and value_words(True) == "yes"
    assert value_words({"rule": "10.2.4", "message": "spends 1"}) == "rule 10.2.4 “spends 1”"
    for value in ([1, {"a": [None, False]}], {"x": {"y": "z"}}):
        assert not set(value_words(value)) & set("[]{}'\"")


def test_what_the_engine_had_is_read_from_a_mismatch():
    """A mismatch ``expected A, got B`` gives B in words; any other line is kept as it is."""
    assert (
        found_words("pending choice: expected None, got {'kind': 'defender', 'player': 'p2'}")
        == "kind defender; player p2"
    )
    assert found_words("p1.hand: expected ['A'], got []") == "none"
    line = "log: expected an entry citing 9.9, none found"
    assert found_words(line) == line


def test_an_expectation_path_names_the_player_or_the_object():
    """``["p1", "command_tokens"]`` reads ``p1 command tokens``; an object reads by its name alone."""
    assert path_words(["p1", "command_tokens"]) == "p1 command tokens"
    assert path_words(["objects", "Night Owl"]) == "Night Owl"
