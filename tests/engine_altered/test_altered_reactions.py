"""Reactions: emblems in Limbo (2.2.2.m), checking them (4.2.b, 4.2.d, 4.2.e), their order, the daily limit (1.4.6.c)."""

from __future__ import annotations

import pytest

from engine.altered import Decide, Pass, PlayCard, PlayReaction, QuickAction
from engine.altered.errors import UnknownObject, WrongTiming
from tests.engine_altered.altered_helpers import oid, position, reaction, rules_logged


def test_a_triggered_reaction_waits_in_limbo_as_an_emblem():
    """An "At Noon" reaction creates an Emblem-Reaction in Limbo that its controller must play (2.2.2.m, 4.2.b)."""
    game = position(phase="noon", p1={"expeditions": {"hero": ["Aloe Vera"]}, "deck": ["Plain Guard"]})
    (eid,) = game.reactions_in_limbo()
    emblem = game.emblems[eid]
    assert (emblem.kind, emblem.subtypes, emblem.text, emblem.duration) == (
        "reaction",
        ("Reaction",),
        "Resupply",
        None,
    )
    assert game.acting_player == "p1" and game.legal_actions() == [PlayReaction("p1", eid)]
    game.apply(PlayReaction("p1", eid))
    assert eid not in game.emblems and game.limbo == []
    assert [game.objects[c].name for c in game.players["p1"].reserve] == ["Plain Guard"]


def test_the_player_with_initiative_plays_their_reactions_first():
    """With Reactions of both players in Limbo, the first player's come first; the other is refused (1.4.5.a)."""
    game = position(
        phase="noon",
        first_player="p2",
        p1={"expeditions": {"hero": ["Aloe Vera"]}},
        p2={"expeditions": {"hero": ["Aloe Vera"]}},
    )
    assert game.acting_player == "p2"
    with pytest.raises(WrongTiming) as info:
        game.apply(PlayReaction("p1", game.reactions_in_limbo("p1")[0]))
    assert info.value.rules == ("1.4.5.a",)
    game.apply(PlayReaction("p2", game.reactions_in_limbo("p2")[0]))
    assert game.acting_player == "p1"


def test_a_player_cannot_play_another_players_reaction():
    """Only the controller of an Emblem-Reaction plays it (2.2.2.m)."""
    game = position(phase="noon", first_player="p1", p2={"expeditions": {"hero": ["Aloe Vera"]}})
    with pytest.raises(UnknownObject):
        game.apply(PlayReaction("p2", "E999"))
    assert game.acting_player == "p2"


def test_reactions_after_a_daily_effect_come_before_the_next_one():
    """An "after Draw" reaction is played before Expand begins (4.2.d, 4.2.e)."""
    game = position(
        phase="morning",
        first_player="p2",
        p1={"expeditions": {"hero": ["Early Bird"]}, "deck": ["Plain Guard"] * 2},
    )
    assert game.pending is None and game.reactions_in_limbo()
    game.apply(PlayReaction("p1", reaction(game, "Early Bird")))
    assert game.pending is not None
    assert game.pending.kind == "expand"
    assert rules_logged(game).index("4.2.e") < len(game.log)


def test_trigger_condition_is_checked_when_it_triggers():
    """Kojo & Booda's Noon reaction triggers only for the first player."""
    assert position(phase="noon", first_player="p1", p1={"hero": "Kojo & Booda"}).reactions_in_limbo()
    assert not position(phase="noon", first_player="p2", p1={"hero": "Kojo & Booda"}).reactions_in_limbo()


def test_only_objects_in_play_at_the_phase_start_react():
    """An "At Noon" reaction of a card in the Reserve does not trigger."""
    game = position(phase="noon", p1={"reserve": ["Aloe Vera"]})
    assert game.reactions_in_limbo() == []


def test_a_reaction_activates_at_most_a_hundred_times_a_day():
    """A self-feeding reaction stops after its hundredth activation of the day (1.4.6.c)."""
    game = position(first_player="p1", p1={"expeditions": {"hero": ["Echo Golem"]}})
    golem = oid(game, "Echo Golem")
    game.apply(QuickAction("p1", golem, 0))
    plays = 0
    while game.reactions_in_limbo():
        game.apply(PlayReaction("p1", game.reactions_in_limbo()[0]))
        plays += 1
    assert plays == 100
    assert game.objects[golem].boosts == 101
    assert rules_logged(game).count("1.4.6.c") == 1


def test_reaction_with_nothing_to_target_is_still_played():
    """A Reaction whose target cannot be declared is played without it; its targeted step does nothing."""
    game = position(phase="noon", p1={"landmarks": ["Hex Stone"]})
    (eid,) = game.reactions_in_limbo()
    assert game.legal_actions() == [PlayReaction("p1", eid)]
    game.apply(PlayReaction("p1", eid, (None,)))
    assert game.limbo == []


def test_a_card_played_checks_reactions_before_the_turn_ends():
    """Kitsune's reaction is played during Ninette's turn, and the turn ends afterwards (4.2.3.c)."""
    game = position(first_player="p1", p1={"hand": ["Kitsune"], "mana": 2})
    game.apply(PlayCard("p1", oid(game, "Kitsune")))
    assert game.turn_player == "p1" and game.reactions_in_limbo()
    with pytest.raises(WrongTiming):
        game.apply(Pass("p1"))
    game.apply(PlayReaction("p1", reaction(game, "Kitsune")))
    game.apply(Decide("p1", ("no",)))
    game.apply(Decide("p2", ("no",)))
    assert game.turn_player == "p2"
