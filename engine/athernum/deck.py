"""Deck legality for the Constructed format (11.0.2) and the Unique extra rule (12.2.Aa, 12.2.Ab)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from .cards import CardDef, DeckList
from .errors import IllegalDeck
from .parameters import CR_PARAMETERS, RuleParameters

# The CR's values; deck checks read the numbers from their ``parameters`` (11.0.2a, 11.0.2c, 11.0.2d).
DECK_SIZE = CR_PARAMETERS.deck_size  # 11.0.2a
EXTRA_DECK_MAX = CR_PARAMETERS.extra_deck_max  # 11.0.2c
MAX_COPIES = CR_PARAMETERS.max_copies  # 11.0.2d

Params = RuleParameters | Mapping[str, Any] | None


def eligible_main(card: CardDef) -> tuple[tuple[str, ...], str] | None:
    """Why ``card`` cannot begin the game as a main character, or None if it can (3.0.1, 11.0.2b)."""
    if card.victory_token_field is None:
        return (("8.0.1a", "3.0.2"), f"{card.name} has no Victory Token Field")
    if card.type == "item":
        return (
            ("3.0.1c", "8.0.1e"),
            f"{card.name} is an item; no special rule lets it enter the board as a permanent",
        )
    return None


def _copy_limit(card: CardDef | None, params: RuleParameters) -> tuple[int, tuple[str, ...], str]:
    """How many copies of ``card`` a deck may hold, the rules saying so, and why (11.0.2d, 12.2.Ab)."""
    if card is not None and card.unique:
        return 1, ("12.2.Aa", "12.2.Ab"), "is Unique: one copy across deck and extra deck"
    if card is not None and card.max_copies is not None:
        return card.max_copies, ("11.0.2d",), f"states its own limit of {card.max_copies} copies"
    return params.max_copies, ("11.0.2d",), f"at most {params.max_copies} copies across deck and extra deck"


def deck_problems(
    deck: DeckList, library: dict[str, CardDef], parameters: Params = None
) -> list[tuple[tuple[str, ...], str]]:
    """Every way ``deck`` breaks the construction rules, as (rule ids, reason) pairs.

    The numbers come from ``parameters`` (the CR's by default): ``deck_size`` (11.0.2a),
    ``extra_deck_max`` (11.0.2c) and ``max_copies`` (11.0.2d), unless a card states its own limit.
    """
    params = RuleParameters.coerce(parameters)
    DECK_SIZE, EXTRA_DECK_MAX = params.deck_size, params.extra_deck_max
    problems: list[tuple[tuple[str, ...], str]] = []
    unknown = sorted({n for n in (*deck.main, *deck.extra) if n not in library})
    if unknown:
        problems.append((("11.0.2a",), f"unknown card(s): {', '.join(unknown)}"))
    if len(deck.main) != DECK_SIZE:
        problems.append(
            (("11.0.2a",), f"the deck has {len(deck.main)} cards, it must have exactly {DECK_SIZE}")
        )
    if len(deck.extra) > EXTRA_DECK_MAX:
        problems.append(
            (
                ("11.0.2c",),
                f"the extra deck has {len(deck.extra)} cards, at most {EXTRA_DECK_MAX} are allowed",
            )
        )
    counts = Counter((*deck.main, *deck.extra))
    for name, n in sorted(counts.items()):
        limit, rules, why = _copy_limit(library.get(name), params)
        if n > limit:
            problems.append((rules, f"{n} copies of {name} across deck and extra deck; {name} {why}"))
    if not any(name in library and eligible_main(library[name]) is None for name in deck.main):
        problems.append(
            (("11.0.2b", "3.0.1"), "the deck has no card with a Victory Token Field that can begin the game")
        )
    return problems


def check_deck(deck: DeckList, library: dict[str, CardDef], parameters: Params = None) -> None:
    """Raise :class:`IllegalDeck` listing every problem, or return if the deck is legal."""
    problems = deck_problems(deck, library, parameters)
    if problems:
        rules = dict.fromkeys(rule for ids, _ in problems for rule in ids)
        raise IllegalDeck("; ".join(reason for _, reason in problems), *rules)


def is_legal(deck: DeckList, library: dict[str, CardDef], parameters: Params = None) -> bool:
    """True when ``deck`` breaks no construction rule."""
    return not deck_problems(deck, library, parameters)
