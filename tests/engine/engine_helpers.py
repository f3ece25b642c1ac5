"""Shared cards and helpers for the engine's unit tests (imported by the test modules and conftest)."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from engine.athernum import PassPriority, Setup, load_library
from engine.athernum.state import Game

#: A small library of test cards (invented; not official cards).
TEST_CARDS = [
    {
        "name": "Hero",
        "type": "character",
        "faction": "ember",
        "cost": 2,
        "ofv": 2,
        "dfv": 3,
        "item_slots": 1,
        "victory_token_field": 3,
    },
    {
        "name": "Rival",
        "type": "character",
        "faction": "tide",
        "cost": 3,
        "ofv": 1,
        "dfv": 4,
        "item_slots": 1,
        "victory_token_field": 3,
    },
    {"name": "Keep", "type": "location", "victory_token_field": 2},
    {
        "name": "Soldier",
        "type": "character",
        "faction": "ember",
        "cost": 1,
        "ofv": 2,
        "dfv": 2,
        "item_slots": 1,
    },
    {"name": "Guard", "type": "character", "cost": 1, "ofv": 1, "dfv": 3},
    {"name": "Brute", "type": "character", "faction": "tide", "cost": 2, "ofv": 3, "dfv": 1},
    {
        "name": "Champion",
        "type": "character",
        "faction": "ember",
        "cost": 2,
        "ofv": 1,
        "dfv": 2,
        "victory_token_field": 2,
        "abilities": [
            {
                "type": "activated",
                "keyword": "objective",
                "name": "Quest",
                "cost": {"exhaust_self": True},
                "effect": {"kind": "place_victory_tokens", "what": "this"},
            }
        ],
    },
    {
        "name": "Sword",
        "type": "item",
        "abilities": [
            {
                "type": "static",
                "keyword": "equip",
                "effect": {"kind": "modify_value", "what": "linked", "property": "ofv", "add": 2},
            }
        ],
    },
    {
        "name": "Potion",
        "type": "item",
        "abilities": [{"type": "static", "effect": {"kind": "draw", "count": 1}}],
    },
    {"name": "Tower", "type": "location", "item_slots": 1},
    {"name": "Fort", "type": "location"},
    {
        "name": "Bolt",
        "type": "character",
        "cost": 1,
        "ofv": 0,
        "dfv": 1,
        "abilities": [
            {
                "type": "support",
                "fee": {"resources": 1},
                "targets": [{"kind": "permanent", "filter": {"types": ["character"]}}],
                "effect": {"kind": "deal_damage", "what": "target 0", "amount": 2},
            }
        ],
    },
    {
        "name": "Medic",
        "type": "character",
        "cost": 1,
        "ofv": 0,
        "dfv": 2,
        "abilities": [
            {
                "type": "activated",
                "name": "Heal",
                "cost": {"resources": 1},
                "targets": [{"kind": "permanent", "filter": {"types": ["character"]}}],
                "effect": {"kind": "heal", "what": "target 0", "amount": "all"},
            }
        ],
    },
    {"name": "Filler", "type": "character", "cost": 1, "ofv": 1, "dfv": 1},
]


def library_fixture(cards: Sequence[object]):
    """A fixture that gives each test a freshly loaded library of ``cards``; a test module assigns it to the fixture's name."""

    @pytest.fixture
    def library():
        return load_library(cards)

    return library


def setup(lib, **kw) -> Setup:
    """A Setup with Hero (p1) and Rival (p2) as main characters, both face-up, and 5 deck cards each."""
    s = Setup(lib, seed=kw.pop("seed", 1))
    s.main("p1", kw.pop("p1_main", "Hero"), **kw.pop("p1_main_state", {}))
    s.main("p2", kw.pop("p2_main", "Rival"), **kw.pop("p2_main_state", {}))
    s.deck("p1", *["Filler"] * 5)
    s.deck("p2", *["Filler"] * 5)
    s.victory_pool(kw.pop("pool", 6))
    return s


def day(s: Setup, turn: int = 3, active: str = "p1") -> Game:
    """Build the Setup's position at the start of ``active``'s day phase in ``turn``."""
    s.at(turn=turn, active=active, phase="day")
    return s.build()


def find(game: Game, pid: str, name: str) -> str:
    """The id of the permanent named ``name`` on ``pid``'s side of the board."""
    return next(o for o in game.board_ids(pid) if game.objects[o].name == name)


def play_item_on(game: Game, item: str, target: str, pid: str = "p1") -> None:
    """``pid`` plays ``item`` from hand, chooses ``target`` if asked for one, and lets the stack resolve."""
    from engine.athernum import ChooseTargets, PlayCard

    game.apply(PlayCard(pid, item))
    if game.pending is not None:
        game.apply(ChooseTargets(pid, ((target,),)))
    pass_all(game)


def pass_all(game: Game) -> None:
    """Pass priority until the current stack (and any stacks of triggered abilities) has resolved."""
    for _ in range(100):
        if game.over or game.pending is not None or game.stack is None:
            return
        assert game.priority is not None
        game.apply(PassPriority(game.priority))
    raise AssertionError("the stack did not resolve")


def kinds(game: Game) -> list[str]:
    """The kinds of all log entries, in order."""
    return [e.kind for e in game.log]


def rules_logged(game: Game) -> list[str]:
    """The rule ids of all log entries, in order."""
    return [e.rule for e in game.log]


FILLERS = [{"name": f"Filler {i}", "type": "character", "cost": 1, "ofv": 1, "dfv": 1} for i in range(1, 16)]


def deck_library(extra_cards: list[dict] | None = None):
    """The test cards plus 15 filler characters, enough to build legal 60-card decks."""
    return load_library(TEST_CARDS + FILLERS + list(extra_cards or []))


def legal_deck(*specials: str):
    """A legal 60-card deck: the given cards (one copy each) filled up with filler characters."""
    from engine.athernum import DeckList

    cards = list(specials)
    i = 0
    while len(cards) < 60:
        cards.append(f"Filler {i // 4 + 1}")
        i += 1
    return DeckList(tuple(cards))


def advance(game: Game, until, limit: int = 500) -> None:
    """Move the game forward the plainest way (pass, end the phase, first option of a choice)
    until ``until(game)`` is true or the game ends."""
    from engine.athernum import NextPhase

    for _ in range(limit):
        if game.over or until(game):
            return
        if game.pending is not None:
            game.apply(game.legal_actions()[0])
        elif game.stack is not None:
            assert game.priority is not None
            game.apply(PassPriority(game.priority))
        else:
            assert game.active is not None
            game.apply(NextPhase(game.active))
    raise AssertionError("advance() did not reach its goal")
