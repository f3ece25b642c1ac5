"""Chapter 8: game setup — main characters, initiative, the Victory Token pool, shuffling, starting hands."""

from __future__ import annotations

import pytest

from engine.athernum import ChooseMainCharacter, DeckList, new_game
from engine.athernum.errors import IllegalDeck
from engine.athernum.state import Phase
from tests.engine.engine_helpers import deck_library, legal_deck


def _started(seed=5, d1=None, d2=None):
    lib = deck_library()
    g = new_game({"p1": d1 or legal_deck("Hero"), "p2": d2 or legal_deck("Rival")}, lib, seed=seed)
    for pid in ("p1", "p2"):
        assert g.pending_choice is not None
        g.apply(ChooseMainCharacter(pid, g.pending_choice.options[0]))
    return g


def test_pool_starts_with_the_main_characters_fields():
    """The Victory Token pool starts as the sum of the main characters' fields (8.0.3a, 10.1.1)."""
    g = _started()
    assert g.victory_pool == 6 and g.victory_added == 6


def test_each_player_draws_six():
    """Each player draws six cards after shuffling; the main character left the deck (8.0.5a)."""
    g = _started()
    for pid in ("p1", "p2"):
        assert len(g.players[pid].hand) == 6
        assert len(g.players[pid].deck) == 60 - 1 - 6


def test_setup_runs_in_order():
    """Reveal, initiative, pool, shuffle, draw, then the first turn (8.0.1c-8.0.6a)."""
    g = _started()
    rules = [e.rule for e in g.log]
    firsts = [rules.index(r) for r in ("8.0.1c", "8.0.2a", "8.0.3a", "8.0.4a", "8.0.5a", "8.0.6a")]
    assert firsts == sorted(firsts)
    assert g.turn == 1 and g.phase is Phase.DAY


def test_shuffles_come_from_the_seed():
    """Shuffles use the game's seed: the same seed gives the same hands, another seed other hands (8.0.4a)."""
    a, b, c = _started(seed=11), _started(seed=11), _started(seed=12)
    assert a.players["p1"].hand == b.players["p1"].hand
    assert a.players["p1"].hand != c.players["p1"].hand


def test_illegal_decks_cannot_start_a_game():
    """A deck breaking the construction rules is rejected before setup (11.0.2a)."""
    lib = deck_library()
    short = DeckList(tuple(legal_deck("Hero").main[:59]))
    with pytest.raises(IllegalDeck) as err:
        new_game({"p1": short, "p2": legal_deck("Rival")}, lib)
    assert "11.0.2a" in err.value.rules


def test_main_character_selection_is_secret_until_all_have_chosen():
    """Selections are revealed only once all players have chosen (8.0.1c)."""
    lib = deck_library()
    g = new_game({"p1": legal_deck("Hero"), "p2": legal_deck("Rival")}, lib, seed=1)
    assert g.pending_choice is not None
    g.apply(ChooseMainCharacter("p1", g.pending_choice.options[0]))
    assert not any(e.rule == "8.0.1c" for e in g.log)
    assert g.pending_choice is not None
    assert g.pending_choice.player == "p2"
    assert g.pending_choice is not None
    g.apply(ChooseMainCharacter("p2", g.pending_choice.options[0]))
    assert sum(e.rule == "8.0.1c" for e in g.log) == 2


def test_selected_main_waits_face_down_in_the_main_slot():
    """The selected card leaves the deck at once and waits face-down in the main character slot until the reveal (3.0.2a, 8.0.1b)."""
    lib = deck_library()
    g = new_game({"p1": legal_deck("Hero"), "p2": legal_deck("Rival")}, lib, seed=5)
    assert g.pending_choice is not None
    hero = next(o for o in g.pending_choice.options if g.objects[o].name == "Hero")
    g.apply(ChooseMainCharacter("p1", hero))
    o = g.objects[hero]
    assert o.zone.value == "main_character" and o.face_down and hero not in g.players["p1"].deck
    assert g.players["p1"].main_slot == hero and g.phase is Phase.SETUP
    assert any(e.rule == "8.0.1b" for e in g.log)
    assert g.pending_choice is not None
    g.apply(ChooseMainCharacter("p2", g.pending_choice.options[0]))
    assert o.zone.value == "main_character" and g.players["p1"].main_character == hero
    assert any(e.rule == "8.0.1c" and hero in e.objects for e in g.log)


def test_a_selected_location_moves_to_the_location_slot_at_the_reveal():
    """A selected location also waits face-down in the main character slot, then moves to its own zone (8.0.1b, 8.0.1d)."""
    lib = deck_library()
    g = new_game({"p1": legal_deck("Keep"), "p2": legal_deck("Rival")}, lib, seed=5)
    assert g.pending_choice is not None
    keep = next(o for o in g.pending_choice.options if g.objects[o].name == "Keep")
    g.apply(ChooseMainCharacter("p1", keep))
    assert g.objects[keep].zone.value == "main_character"
    assert g.pending_choice is not None
    g.apply(ChooseMainCharacter("p2", g.pending_choice.options[0]))
    assert g.objects[keep].zone.value == "location_slot" and g.players["p1"].main_slot is None
