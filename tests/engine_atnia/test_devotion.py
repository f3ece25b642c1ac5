"""Devotion to the seven ideals: channelling, locations, exploring, requirements (rules/the-7-ideals, rules/channel-system)."""

from __future__ import annotations

import pytest

from engine.atnia.actions import Channel, Explore, PlayCard
from engine.atnia.devotion import devotion
from engine.atnia.errors import DevotionTooLow, NotInZone
from tests.engine_atnia.helpers import card, position


def test_channelled_card_adds_one_per_ideal():
    """A card of all seven ideals adds 1 to each when channelled, whatever its requirement."""
    game = position({"hand": ["Wilds"]})
    game.apply(Channel("p1", card(game, "Wilds")))
    assert set(devotion(game, "p1").values()) == {1}


def test_location_adds_its_printed_amount():
    """A location in the location zone adds as much devotion as its icons show."""
    game = position({"locations": ["Observatory"]})
    assert devotion(game, "p1")["epoca"] == 2


def test_requirement_checked_and_not_spent():
    """A card needs the devotion to be played, and playing it does not use the devotion up."""
    game = position({"energy": 5, "hand": ["Hound", "Spark"]})
    with pytest.raises(DevotionTooLow) as exc:
        game.apply(PlayCard("p1", card(game, "Hound")))
    assert "rules/the-7-ideals/p1" in exc.value.rules
    game.apply(Channel("p1", card(game, "Spark")))
    game.apply(PlayCard("p1", card(game, "Hound")))
    assert devotion(game, "p1")["arca"] == 1


def test_explore_creates_wilderness_and_moves_the_card():
    """Exploring puts the card on the chosen end of the deck and creates a 1-devotion Wilderness."""
    game = position({"hand": ["Recruit"], "deck": ["Runner"]})
    game.apply(Explore("p1", card(game, "Recruit"), "zelor", bottom=True))
    ps = game.players["p1"]
    assert [game.card(c).name for c in ps.deck] == ["Runner", "Recruit"]
    assert [game.card(c).name for c in ps.locations] == ["Wilderness (Zelor)"]
    assert devotion(game, "p1")["zelor"] == 1
    assert game.active == "p1"


def test_explore_accepts_the_short_list_names():
    """Exploring for Ancestra creates an Epoca Wilderness (decision D-IDEAL-NAMES)."""
    game = position({"hand": ["Recruit"]})
    game.apply(Explore("p1", card(game, "Recruit"), "Ancestra"))
    assert devotion(game, "p1")["epoca"] == 1


def test_only_hand_and_channel_cards_explore_or_channel():
    """A card on the battlefield can neither be channelled nor used to explore."""
    game = position({"battlefield": ["Recruit"]})
    unit = card(game, "Recruit")
    with pytest.raises(NotInZone) as exc:
        game.apply(Channel("p1", unit))
    assert exc.value.rules == ("rules/channel-system/p1",)
    with pytest.raises(NotInZone) as exc:
        game.apply(Explore("p1", unit, "arca"))
    assert exc.value.rules == ("rules/exploration/p1",)
