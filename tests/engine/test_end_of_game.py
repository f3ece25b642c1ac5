"""The end of the game: majority of Victory Tokens, objectives, empty decks, effects that win or lose, the turn limit."""

from __future__ import annotations

import pytest

from engine.athernum import ActivateAbility
from engine.athernum.state import Phase
from tests.engine.engine_helpers import TEST_CARDS, advance, day, find, library_fixture, pass_all, setup

CARDS = TEST_CARDS + [
    {
        "name": "Collector",
        "type": "character",
        "cost": 0,
        "ofv": 0,
        "dfv": 2,
        "abilities": [
            {
                "type": "activated",
                "name": "Take",
                "targets": [{"kind": "permanent"}],
                "effect": {"kind": "place_victory_tokens", "what": "target 0"},
            }
        ],
    },
    {
        "name": "Sage",
        "type": "character",
        "cost": 0,
        "ofv": 0,
        "dfv": 2,
        "abilities": [{"type": "activated", "name": "Study", "effect": {"kind": "draw", "count": 10}}],
    },
    {
        "name": "Oracle",
        "type": "character",
        "cost": 0,
        "ofv": 0,
        "dfv": 2,
        "abilities": [
            {"type": "activated", "name": "Ascend", "effect": {"kind": "win", "player": "you"}},
            {"type": "activated", "name": "Doom", "effect": {"kind": "lose", "player": "opponent"}},
            {"type": "activated", "name": "Folly", "effect": {"kind": "lose", "player": "you"}},
        ],
    },
]


elib = library_fixture(CARDS)


def _p1_activates(lib, card, *abilities):
    """In p1's day, p1's ``card`` activates the given abilities in turn; returns the game once the stack has resolved."""
    s = setup(lib)
    s.character("p1", card)
    g = day(s)
    for ability in abilities:
        g.apply(ActivateAbility("p1", find(g, "p1", card), ability))
    pass_all(g)
    return g


def test_majority_of_all_victory_tokens_wins(elib):
    """More than half of all Victory Tokens in the game (pool plus on permanents) wins (4.2.3c, D-MAJORITY)."""
    s = setup(elib, pool=5, p1_main_state={"victory_tokens": 2})
    s.character("p1", "Collector")
    g = day(s)
    assert g.result is None  # 2 of 7 tokens
    collector = find(g, "p1", "Collector")
    hero = g.players["p1"].main_character
    g.apply(ActivateAbility("p1", collector, 0, ((hero,),)))
    pass_all(g)
    assert g.result is None  # 3 of 7: not yet a majority
    advance(g, lambda g: g.turn == 5 and g.phase is Phase.DAY)
    g.apply(ActivateAbility("p1", collector, 0, ((hero,),)))
    pass_all(g)
    assert g.result is not None
    assert g.result.winner == "p1" and g.result.rule == "4.2.3c"  # 4 of 7


def test_exactly_half_is_not_a_majority(elib):
    """Holding exactly half of all Victory Tokens is not a majority (4.2.3c)."""
    g = day(setup(elib, pool=2, p1_main_state={"victory_tokens": 2}))
    advance(g, lambda g: g.turn == 4)
    assert g.result is None


@pytest.mark.parametrize(
    ("card", "ability", "winner", "rule", "logged"),
    [
        pytest.param("Sage", 0, "p2", "4.2.4a", ("4.2.4b", "p1"), id="drawing-from-an-empty-deck-loses"),
        pytest.param("Oracle", 0, "p1", "4.2.3b", ("4.2.3b", "p1"), id="an-effect-makes-you-win"),
        pytest.param("Oracle", 1, "p1", "4.2.4a", ("4.2.3a", "p2"), id="an-effect-makes-the-opponent-lose"),
    ],
)
def test_a_win_or_a_loss_takes_effect_at_the_next_check(elib, card, ability, winner, rule, logged):
    """At the next check a player who drew from an empty deck (4.2.4b) or whom an effect makes lose (4.2.3a) loses, the remaining player winning (4.2.4a), and one whom an effect makes win wins (4.2.3b)."""
    g = _p1_activates(elib, card, ability)
    assert g.result.winner == winner and g.result.rule == rule
    assert any((e.rule, e.player) == logged for e in g.log)


def test_defeat_overrides_victory(elib):
    """A player made both to win and to lose loses: 4.2.3a is checked before 4.2.3b (D-SIMULTANEOUS-RESULTS)."""
    g = _p1_activates(elib, "Oracle", 0, 2)
    assert g.result.winner == "p2"


def test_turn_limit_ends_with_most_victory_tokens(elib):
    """At the engine's turn limit each player gets one more turn, then most Victory Tokens wins (11.1.5, 11.1.6)."""
    s = setup(elib, pool=6, p2_main_state={"victory_tokens": 1})
    s.game.turn_limit = 4
    g = day(s)
    advance(g, lambda g: g.over, limit=200)
    assert g.result is not None
    assert g.result.winner == "p2" and g.result.rule == "11.1.6"
    assert g.turn == 6
