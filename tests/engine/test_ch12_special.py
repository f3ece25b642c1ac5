"""Chapter 12: special rules — extra rules, the Unique rule."""

from __future__ import annotations

from engine.athernum import DeckList, deck_problems, load_library
from engine.athernum.values import value
from tests.engine.engine_helpers import FILLERS, TEST_CARDS, day, setup

UNIQUE = [
    {"name": "Relic", "type": "item", "extra_rules": ["Unique"]},
    {
        "name": "Saint",
        "type": "character",
        "cost": 1,
        "ofv": 1,
        "dfv": 1,
        "victory_token_field": 1,
        "extra_rules": ["Unique"],
    },
]


def _lib():
    return load_library(TEST_CARDS + FILLERS + UNIQUE)


def _deck(*cards, extra=()):
    main = list(cards)
    i = 0
    while len(main) < 60:
        main.append(f"Filler {i // 4 + 1}")
        i += 1
    return DeckList(tuple(main), tuple(extra))


def test_unique_card_only_once_per_deck():
    """A card with the Unique rule may be included only once per deck (12.2.Aa)."""
    problems = deck_problems(_deck("Hero", "Relic", "Relic"), _lib())
    assert [rules for rules, _ in problems] == [("12.2.Aa", "12.2.Ab")]


def test_unique_counts_the_extra_deck_too():
    """Only one copy of a Unique card across the main deck and the extra deck (12.2.Ab)."""
    problems = deck_problems(_deck("Hero", "Relic", extra=("Relic",)), _lib())
    assert [rules for rules, _ in problems] == [("12.2.Aa", "12.2.Ab")]


def test_one_unique_copy_is_fine():
    """A single copy of a Unique card is legal (12.2.Aa)."""
    assert deck_problems(_deck("Hero", "Relic", "Saint"), _lib()) == []


def test_extra_rules_are_kept_by_exhausted_permanents():
    """An exhausted permanent keeps its extra rules (6.2.4b) while losing its values (6.2.3)."""
    s = setup(_lib())
    saint = s.character("p1", "Saint", exhausted=True)
    g = day(s)
    o = g.objects[saint]
    assert o.definition.unique and value(g, o, "ofv") is None
