"""Deck legality for the Constructed format (11.0.2) and the Unique extra rule (12.2.Aa, 12.2.Ab)."""

from __future__ import annotations

from collections import Counter

from .cards import CardDef, DeckList
from .errors import IllegalDeck

DECK_SIZE = 60  # 11.0.2a
EXTRA_DECK_MAX = 20  # 11.0.2c
MAX_COPIES = 4  # 11.0.2d


def eligible_main(card: CardDef) -> tuple[tuple[str, ...], str] | None:
    """Why ``card`` cannot begin the game as a main character, or None if it can (3.0.1, 11.0.2b)."""
    if card.victory_token_field is None:
        return (("8.0.1a", "3.0.2"), f"{card.name} has no Victory Token Field")
    if card.type == "item":
        return (("3.0.1c", "8.0.1e"), f"{card.name} is an item; no special rule lets it enter the board as a permanent")
    return None


def deck_problems(deck: DeckList, library: dict[str, CardDef]) -> list[tuple[tuple[str, ...], str]]:
    """Every way ``deck`` breaks the construction rules, as (rule ids, reason) pairs."""
    problems: list[tuple[tuple[str, ...], str]] = []
    unknown = sorted({n for n in (*deck.main, *deck.extra) if n not in library})
    if unknown:
        problems.append((("11.0.2a",), f"unknown card(s): {', '.join(unknown)}"))
    if len(deck.main) != DECK_SIZE:
        problems.append((("11.0.2a",), f"the deck has {len(deck.main)} cards, it must have exactly {DECK_SIZE}"))
    if len(deck.extra) > EXTRA_DECK_MAX:
        problems.append((("11.0.2c",), f"the extra deck has {len(deck.extra)} cards, at most {EXTRA_DECK_MAX} are allowed"))
    counts = Counter((*deck.main, *deck.extra))
    for name, n in sorted(counts.items()):
        if n > MAX_COPIES:
            problems.append((("11.0.2d",), f"{n} copies of {name} across deck and extra deck; at most {MAX_COPIES}"))
        card = library.get(name)
        if card is not None and card.unique and n > 1:
            problems.append((("12.2.Aa", "12.2.Ab"), f"{name} is Unique: one copy across deck and extra deck, not {n}"))
    if not any(name in library and eligible_main(library[name]) is None for name in deck.main):
        problems.append((("11.0.2b", "3.0.1"), "the deck has no card with a Victory Token Field that can begin the game"))
    return problems


def check_deck(deck: DeckList, library: dict[str, CardDef]) -> None:
    """Raise :class:`IllegalDeck` listing every problem, or return if the deck is legal."""
    problems = deck_problems(deck, library)
    if problems:
        raise IllegalDeck(problems)


def is_legal(deck: DeckList, library: dict[str, CardDef]) -> bool:
    """True when ``deck`` breaks no construction rule."""
    return not deck_problems(deck, library)
