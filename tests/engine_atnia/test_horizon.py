"""The horizon and the active player (rules/playing-cards-and-the-horizon, rules/shared-round, rules/more-info)."""

from __future__ import annotations

import pytest

from engine.atnia.actions import Channel, Commit, Item, Pass, PlayCard
from engine.atnia.errors import CannotPay, InvalidTarget, NotYourTurn, WrongTiming
from tests.engine_atnia.helpers import card, names, pass_, position


def test_only_the_active_player_acts():
    """The non-active player's action is refused and changes nothing."""
    game = position({}, {"hand": ["Runner"]})
    before = game.to_dict()
    with pytest.raises(NotYourTurn) as exc:
        game.apply(PlayCard("p2", card(game, "Runner")))
    assert exc.value.rules == ("rules/shared-round/p1",)
    assert game.to_dict() == before


def test_play_makes_the_opponent_active_and_pass_resolves_top_first():
    """A reply goes above the card it answers; a pass after doing nothing resolves the newer first."""
    game = position(
        {"hand": ["Wall"], "locations": ["Shrine"], "energy": 2},
        {"hand": ["Spark"], "locations": ["Shrine"], "energy": 1},
    )
    game.apply(PlayCard("p1", card(game, "Wall")))
    assert game.active == "p2"
    game.apply(PlayCard("p2", card(game, "Spark"), (card(game, "Wall"),)))
    assert [e.label for e in game.horizon] == ["Wall", "Spark"]
    pass_(game)
    wall = game.card(card(game, "Wall"))
    assert (wall.zone.value, wall.damage) == ("battlefield", 2)
    assert game.active == "p2"  # p2 did not control the bottom card


def test_costs_are_paid_on_play():
    """Energy leaves the pool as the card is played, before it resolves."""
    game = position({"hand": ["Spark"], "locations": ["Shrine"], "energy": 1})
    game.apply(PlayCard("p1", card(game, "Spark"), ("p2",)))
    assert game.players["p1"].energy == 0 and game.players["p2"].life == 20
    poor = position({"hand": ["Spark"], "locations": ["Shrine"]})
    with pytest.raises(CannotPay):
        poor.apply(PlayCard("p1", card(poor, "Spark"), ("p2",)))


def test_slow_needs_an_empty_horizon():
    """A slow card cannot answer a card on the horizon."""
    game = position({"hand": ["Spark"], "locations": ["Shrine"], "energy": 1}, {"hand": ["Bolt"]})
    game.apply(PlayCard("p1", card(game, "Spark"), ("p2",)))
    with pytest.raises(WrongTiming) as exc:
        game.apply(PlayCard("p2", card(game, "Bolt"), ("p1",)))
    assert "rules/speed/p2" in exc.value.rules


def test_commit_slow_only_at_the_bottom():
    """In a commit a slow card must be the bottom card."""
    game = position({"hand": ["Bolt", "Jab", "Recruit"], "locations": ["Shrine"], "energy": 1})
    with pytest.raises(WrongTiming) as exc:
        game.apply(Commit("p1", (Item(card(game, "Recruit")), Item(card(game, "Bolt"), ("p2",)))))
    assert "rules/more-info/p1.1" in exc.value.rules
    with pytest.raises(WrongTiming) as exc:
        game.apply(Commit("p1", (Item(card(game, "Bolt"), ("p2",)), Item(card(game, "Jab"), ("p2",)))))
    assert exc.value.rules == ("rules/speed/p4.1",)


def test_lower_committed_cards_are_legal_targets():
    """A card committed lower is a legal target for one committed above it, not the other way round."""
    game = position({"hand": ["Recruit", "Shell"], "locations": ["Shrine"], "energy": 1})
    recruit, shell = card(game, "Recruit"), card(game, "Shell")
    with pytest.raises(InvalidTarget) as exc:
        game.apply(Commit("p1", (Item(shell, (recruit,)), Item(recruit))))
    assert "rules/more-info/p1.2" in exc.value.rules
    game.apply(Commit("p1", (Item(recruit), Item(shell, (recruit,)))))
    pass_(game)
    assert game.card(recruit).zone.value == "battlefield"
    assert game.card(recruit).buffs and game.card(recruit).buffs[0].health == 2


def test_burst_keeps_the_player_active_and_counts_as_an_action():
    """A burst card resolves at once; its player stays active, and their next pass does not help end the phase."""
    game = position({"hand": ["Jab"]})
    game.apply(PlayCard("p1", card(game, "Jab"), ("p2",)))
    assert (game.active, game.players["p2"].life, game.horizon) == ("p1", 19, [])
    pass_(game, 2)
    assert game.phase.value == "main" and game.active == "p1"


def test_infinite_does_not_count_as_an_action():
    """After an infinite-speed card and a pass, the opponent's pass ends the main phase."""
    game = position({"hand": ["Insight"], "deck": ["Runner", "Runner", "Runner"]})
    game.apply(PlayCard("p1", card(game, "Insight")))
    assert game.active == "p1"
    pass_(game, 2)
    assert game.round == 2
    assert any(e.rule == "rules/round-phases/p3.2" for e in game.log)


def test_channel_trigger_hands_over_instead_of_resolving():
    """A fast trigger of the active player caused by channelling does not resolve on their pass (D-INFINITE-SOURCE)."""
    game = position({"hand": ["Spark"], "battlefield": ["Teller"]})
    game.apply(Channel("p1", card(game, "Spark")))
    assert game.window is not None
    assert len(game.horizon) == 1 and game.window.hand_over
    game.apply(Pass("p1"))
    assert game.active == "p2" and len(game.horizon) == 1
    assert any(e.rule == "rules/advanced-notes-on-timing-rules-and-the-horizon/p1.1" for e in game.log)
    game.apply(Pass("p2"))
    assert game.players["p2"].life == 19 and not game.horizon


def test_rejected_commit_leaves_the_game_unchanged():
    """A commit refused at its second card (the same card twice, or too little energy) does not play the first."""
    game = position({"hand": ["Spark", "Recruit"], "locations": ["Shrine"], "energy": 1})
    before = game.to_dict()
    with pytest.raises(InvalidTarget):
        game.apply(Commit("p1", (Item(card(game, "Spark"), ("p2",)), Item(card(game, "Spark"), ("p2",)))))
    with pytest.raises(CannotPay):
        game.apply(Commit("p1", (Item(card(game, "Recruit")), Item(card(game, "Spark"), ("p2",)))))
    assert game.to_dict() == before
    assert names(game, game.players["p1"].hand) == ["Spark", "Recruit"]
