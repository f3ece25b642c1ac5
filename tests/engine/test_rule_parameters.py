"""Rule parameters: the numbers read from the rule texts (2.4.2, 7.1.2a, 10.2.2, 8.0.5a, 11.0.2a, 11.0.2c, 11.0.2d)
change what the engine does; the defaults are the Comprehensive Rules' values."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.athernum import (
    CR_PARAMETERS,
    ChooseMainCharacter,
    DeckList,
    NextPhase,
    PassPriority,
    PlayCard,
    RuleParameters,
    Setup,
    check_deck,
    deck_problems,
    load_library,
    new_game,
)
from engine.athernum.errors import IllegalDeck, LimitReached, SetupError, ZoneFull
from engine.athernum.invariants import violations
from engine.athernum.random_player import RandomPlayer, random_game
from tests.engine.engine_helpers import TEST_CARDS, deck_library, legal_deck, pass_all

ROOT = Path(__file__).resolve().parents[2]


def _position(lib, parameters=None, **hand):
    s = Setup(lib, seed=1, parameters=parameters)
    s.main("p1", "Hero")
    s.main("p2", "Rival")
    s.deck("p1", *["Filler"] * 5)
    s.deck("p2", *["Filler"] * 5)
    s.hand("p1", *hand.get("p1", ()))
    s.at(turn=3, active="p1", phase="day")
    return s


def test_defaults_are_the_comprehensive_rules_values():
    """Without parameters a game uses the CR's numbers: 1 location per turn, 5 slots, 2 command tokens, 6 cards, 60/4/20."""
    assert RuleParameters() == CR_PARAMETERS
    assert CR_PARAMETERS.to_dict() == {
        "locations_per_turn": 1,
        "character_slots": 5,
        "command_token_max": 2,
        "starting_hand": 6,
        "deck_size": 60,
        "max_copies": 4,
        "extra_deck_max": 20,
    }


def test_unknown_or_negative_parameters_are_refused():
    """A parameter the engine does not know, or a value below 0, is a setup error naming it."""
    with pytest.raises(SetupError, match="locations_per_game"):
        RuleParameters.from_mapping({"locations_per_game": 2})
    with pytest.raises(SetupError, match="character_slots"):
        RuleParameters(character_slots=-1)


def test_two_locations_per_turn_when_the_rule_says_two(lib):
    """With 2.4.2 reading 'Only two locations may be played per turn', a second location is accepted, a third refused."""
    s = _position(lib, {"locations_per_turn": 2})
    keep, tower, fort = s.hand("p1", "Keep", "Tower", "Fort")
    g = s.build()
    assert g.params.locations_per_turn == 2
    g.apply(PlayCard("p1", keep))
    pass_all(g)
    g.apply(PlayCard("p1", tower))  # refused under the CR's one location per turn
    pass_all(g)
    assert g.objects[tower].zone.value == "location_slot"
    with pytest.raises(LimitReached) as err:
        g.apply(PlayCard("p1", fort))
    assert "2.4.2" in err.value.rules and "only 2 may be played" in err.value.reason
    assert PlayCard("p1", fort) not in g.legal_actions()


def test_one_location_per_turn_by_default(lib):
    """Under the CR's value the second location of a turn is refused citing 2.4.2."""
    s = _position(lib)
    keep, tower = s.hand("p1", "Keep", "Tower")
    g = s.build()
    g.apply(PlayCard("p1", keep))
    pass_all(g)
    with pytest.raises(LimitReached) as err:
        g.apply(PlayCard("p1", tower))
    assert "2.4.2" in err.value.rules


def test_the_location_scenario_fails_when_two_locations_are_allowed():
    """The scenario ch02/second-location-same-turn passes under the CR and fails with locations_per_turn=2 (issue 7)."""
    from kb.verify.athernum.adapter import AthernumAdapter
    from kb.verify.results import Status
    from kb.verify.scenario import load_scenario

    adapter = AthernumAdapter(ROOT / "scenarios")
    path = ROOT / "scenarios" / "athernum" / "ch02" / "second-location-same-turn.yaml"
    scenario = load_scenario(path, scenarios_dir=ROOT / "scenarios", game_schema=adapter.schema())
    assert adapter.run(scenario, {"locations_per_turn": 1}).status is Status.PASSED
    outcome = adapter.run(scenario, {"locations_per_turn": 2})
    assert outcome.status is Status.FAILED and "accepted" in outcome.reason


def test_used_location_marks_the_whole_allowance(lib):
    """A position marking the location play as used blocks every location allowed that turn; a count marks only some."""
    s = _position(lib, {"locations_per_turn": 2})
    s.used("p1", location=1)
    (keep,) = s.hand("p1", "Keep")
    g = s.build()
    g.apply(PlayCard("p1", keep))  # the second of two
    s2 = _position(lib, {"locations_per_turn": 2})
    s2.used("p1", location=True)
    (keep2,) = s2.hand("p1", "Keep")
    g2 = s2.build()
    with pytest.raises(LimitReached):
        g2.apply(PlayCard("p1", keep2))


def test_character_slots_come_from_the_rules(lib):
    """With 3 character slots (7.1.2a) a fourth character cannot be played (7.1.2c)."""
    s = _position(lib, RuleParameters(character_slots=3))
    for _ in range(3):
        s.character("p1", "Guard")
    (guard,) = s.hand("p1", "Guard")
    s.resources("p1", None, 1)
    g = s.build()
    assert len(g.players["p1"].character_slots) == 3 and violations(g) == []
    with pytest.raises(ZoneFull) as err:
        g.apply(PlayCard("p1", guard, (None,)))
    assert "7.1.2c" in err.value.rules and "all 3" in err.value.reason
    with pytest.raises(SetupError):
        s2 = _position(lib, RuleParameters(character_slots=1))
        s2.character("p1", "Guard")
        s2.character("p1", "Guard")


def test_command_token_maximum_comes_from_the_rules(lib):
    """With a maximum of 3 command tokens (10.2.2) players start with 3 and the morning refills to 3 (9.1.3)."""
    s = _position(lib, {"command_token_max": 3})
    s.command_tokens("p2", 0)
    g = s.build()
    assert g.players["p1"].command_tokens == 3 and g.players["p2"].command_max == 3
    for _ in range(10):
        if g.turn == 4 and g.phase.value == "day":
            break
        g.apply(PassPriority(g.priority) if g.stack is not None else NextPhase(g.active))
    assert g.players["p2"].command_tokens == 3


def test_starting_hand_and_deck_rules_come_from_the_rules():
    """A game under 'draws five cards' and a 40-card deck rule deals five cards from 40-card decks (8.0.5a, 11.0.2a)."""
    lib = deck_library()
    params = RuleParameters(starting_hand=5, deck_size=40)
    deck = DeckList(legal_deck("Hero").main[:40])
    with pytest.raises(IllegalDeck):
        new_game({"p1": deck, "p2": deck}, lib, seed=3)
    g = new_game({"p1": deck, "p2": deck}, lib, seed=3, parameters=params)
    for pid in ("p1", "p2"):
        assert g.pending_choice is not None
        hero = next(o for o in g.pending_choice.options if g.objects[o].name == "Hero")
        g.apply(ChooseMainCharacter(pid, hero))
    assert [len(g.players[p].hand) for p in g.order] == [5, 5]
    assert [len(g.players[p].deck) for p in g.order] == [34, 34]


def test_copy_and_extra_deck_limits_come_from_the_rules():
    """The copy limit (11.0.2d) and the extra deck's size (11.0.2c) are read from the parameters."""
    lib = deck_library()
    main = ("Hero",) + ("Guard",) * 5 + legal_deck().main[:54]
    assert [r for rules, _ in deck_problems(DeckList(main), lib) for r in rules] == ["11.0.2d"]
    assert deck_problems(DeckList(main), lib, {"max_copies": 5}) == []
    extra = ("Soldier", "Brute", "Medic")
    assert deck_problems(DeckList(legal_deck("Hero").main, extra), lib, RuleParameters(extra_deck_max=2))
    check_deck(DeckList(legal_deck("Hero").main, extra), lib, RuleParameters(extra_deck_max=3))


def test_a_card_may_state_its_own_copy_limit():
    """A card stating 'any deck may hold up to eight copies' overrides the four-copy limit for itself (11.0.2d)."""
    lib = deck_library(
        [{"name": "Swarmling", "type": "character", "cost": 1, "ofv": 1, "dfv": 1, "max_copies": 8}]
    )
    main = ("Hero",) + ("Swarmling",) * 8 + legal_deck().main[:51]
    assert deck_problems(DeckList(main), lib) == []
    main9 = ("Hero",) + ("Swarmling",) * 9 + legal_deck().main[:50]
    [(rules, reason)] = deck_problems(DeckList(main9), lib)
    assert rules == ("11.0.2d",) and "8" in reason


def test_random_games_keep_every_invariant_under_other_parameters():
    """Random games under other numbers (3 slots, 3 command tokens, 2 locations, 5 cards) keep every invariant."""
    params = RuleParameters(character_slots=3, command_token_max=3, locations_per_turn=2, starting_hand=5)
    for seed in range(3):
        g = random_game(seed, parameters=params, turn_limit=30)
        player = RandomPlayer(seed)
        for _ in range(3000):
            if g.over:
                break
            g.apply(player.choose(g))
            assert violations(g) == []
        assert g.params is params


def test_parameters_reach_built_positions_from_plain_data():
    """Setup.from_dict passes its parameters to the game it builds."""
    lib = load_library(TEST_CARDS)
    g = Setup.from_dict(
        {"players": {"p1": {"main": "Hero"}, "p2": {"main": "Rival"}}}, lib, parameters={"character_slots": 4}
    ).build()
    assert g.params.character_slots == 4 and len(g.players["p2"].character_slots) == 4
