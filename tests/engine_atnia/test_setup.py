"""Starting a game, positions, snapshots and card definitions (rules/starting-the-game/p1, rules/card-types/p4.1)."""

from __future__ import annotations

import pytest

from engine.atnia import DeckList, Setup, load_card, new_game
from engine.atnia.actions import Commit, DeclareAttack, Item, PlayCard, action_from_dict
from engine.atnia.errors import CardDefinitionError, IllegalDeck, SetupError
from tests.engine_atnia.helpers import game_from_decks, library, position


def test_new_game_draws_five_and_places_starting_locations():
    """Each player draws 5 and starts with their starting locations in the location zone."""
    game = game_from_decks(1, starting=["Shrine", "Shrine", "Observatory"])
    assert [len(p.hand) for p in game.players.values()] == [5, 5]
    assert [game.card(c).name for c in game.players["p1"].locations] == ["Shrine", "Shrine", "Observatory"]
    assert (game.round, game.phase.value, game.active) == (1, "main", game.first)


def test_first_player_depends_on_the_seed():
    """The first player is random: different seeds give both players."""
    assert {game_from_decks(seed).first for seed in range(12)} == {"p1", "p2"}


def test_four_starting_locations_refused():
    """A deck with four starting locations is illegal."""
    with pytest.raises(IllegalDeck) as exc:
        game_from_decks(0, starting=["Shrine"] * 4)
    assert exc.value.rules == ("rules/card-types/p4.1",)
    with pytest.raises(IllegalDeck):
        new_game({"p1": DeckList(("Runner",), ("Recruit",)), "p2": DeckList(("Runner",))}, library())


def test_setup_refuses_a_seventeenth_board_space():
    """A position cannot hold more than 16 board spaces on one battlefield."""
    with pytest.raises(SetupError):
        position({"battlefield": ["Runner"] * 17})


def test_snapshot_is_plain_data():
    """to_dict gives the whole state as plain data, including devotion and the horizon."""
    game = position({"hand": ["Recruit"], "locations": ["Shrine"], "energy": 1})
    game.apply(PlayCard("p1", game.players["p1"].hand[0]))
    snap = game.to_dict()
    assert snap["players"]["p1"]["devotion"] == {"arca": 1, "talentus": 1}
    assert snap["horizon"][0]["label"] == "Recruit" and snap["active"] == "p2"


def test_actions_round_trip_through_plain_data():
    """Actions rebuild from their to_dict form."""
    for action in (
        PlayCard("p1", "x", ("p2",)),
        DeclareAttack("p1", (("a", None),), (Item("c", ("t",)),)),
        Commit("p2", (Item("a"), Item("b", (), 0))),
    ):
        assert action_from_dict(action.to_dict()) == action


def test_card_definition_errors_name_the_field():
    """A malformed card definition names the field at fault."""
    with pytest.raises(CardDefinitionError, match=r"ideals\.chaos"):
        load_card({"name": "Odd", "type": "spell", "ideals": {"chaos": 1}})
    with pytest.raises(CardDefinitionError, match="offense"):
        load_card({"name": "Odd", "type": "item", "offense": 1})
    with pytest.raises(CardDefinitionError, match="abilities"):
        load_card({"name": "Odd", "type": "unit", "offense": 1, "health": 1, "abilities": [{"on": "arrive"}]})


def test_position_in_round_end_runs_its_steps():
    """A position starting at round end runs round end and the draw phase into the next round."""
    game = Setup.from_dict(
        {"round": 3, "phase": "round_end", "players": {"p1": {"deck": ["Runner"]}}}, library()
    ).build()
    assert (game.round, game.phase.value) == (4, "main")
