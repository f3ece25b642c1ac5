"""Deck legality (11.0.2): 60 cards, at most four copies across deck and extra deck, extra deck up to 20, a Victory Token Field card."""

from __future__ import annotations

import random

import pytest

from engine.athernum import DeckList, check_deck, deck_problems, is_legal
from engine.athernum.card_pool import library, random_deck
from engine.athernum.errors import IllegalDeck
from tests.engine.engine_helpers import deck_library, legal_deck


def _rules(problems):
    return sorted(r for rules, _ in problems for r in rules)


def test_a_legal_deck_has_no_problems():
    """Exactly 60 cards with a Victory-Token-Field character is legal (11.0.2)."""
    assert deck_problems(legal_deck("Hero"), deck_library()) == []


def test_exactly_sixty_cards():
    """A deck must contain exactly 60 cards (11.0.2a)."""
    lib = deck_library()
    main = legal_deck("Hero").main
    assert _rules(deck_problems(DeckList(main[:59]), lib)) == ["11.0.2a"]
    assert _rules(deck_problems(DeckList(main + ("Guard",)), lib)) == ["11.0.2a"]


def test_at_most_four_copies_across_deck_and_extra_deck():
    """No more than four copies of a card across the main deck and the extra deck (11.0.2d)."""
    lib = deck_library()
    main = ("Hero",) + ("Guard",) * 4 + legal_deck().main[:55]
    assert deck_problems(DeckList(main), lib) == []
    assert _rules(deck_problems(DeckList(main, ("Guard",)), lib)) == ["11.0.2d"]


def test_extra_deck_up_to_twenty():
    """The extra deck holds at most 20 cards (11.0.2c)."""
    lib = deck_library()
    main = legal_deck("Hero").main
    others = [
        "Soldier",
        "Guard",
        "Brute",
        "Medic",
        "Bolt",
        "Sword",
        "Potion",
        "Tower",
        "Fort",
        "Champion",
        "Keep",
    ]
    extra = tuple(n for n in others for _ in range(2))[:21]
    assert _rules(deck_problems(DeckList(main, extra), lib)) == ["11.0.2c"]
    assert deck_problems(DeckList(main, extra[:20]), lib) == []


def test_needs_a_victory_token_field_card():
    """A deck needs at least one card with a Victory Token Field that can begin the game (11.0.2b, 3.0.1)."""
    lib = deck_library([{"name": "Idol", "type": "item", "victory_token_field": 2}])
    assert _rules(deck_problems(legal_deck(), lib)) == ["11.0.2b", "3.0.1"]
    assert _rules(deck_problems(legal_deck("Idol"), lib)) == ["11.0.2b", "3.0.1"]  # an item cannot (3.0.1c)


def test_unknown_cards_are_reported():
    """A deck naming a card the library does not know is not legal."""
    problems = deck_problems(legal_deck("Hero", "Nonexistent"), deck_library())
    assert any("Nonexistent" in reason for _, reason in problems)


def test_check_deck_raises_with_every_problem():
    """check_deck raises IllegalDeck listing every problem with its rule ids."""
    with pytest.raises(IllegalDeck) as err:
        check_deck(DeckList(("Guard",) * 61), deck_library())
    assert set(err.value.rules) == {"11.0.2a", "11.0.2d", "11.0.2b", "3.0.1"}


def test_random_decks_from_the_built_in_pool_are_legal():
    """The random deck builder used by random play always produces legal decks."""
    lib = library()
    rng = random.Random(0)
    for _ in range(200):
        assert is_legal(random_deck(rng, lib), lib)
