"""The golden rules: can't beats can (1.4.1), specific beats general (1.4.2), my cards my zones (1.4.3),
new zone new object (1.4.4), the limit of a hundred quick actions a day (1.4.6)."""

from __future__ import annotations

import pytest

from engine.altered import Decide, Pass, PlayCard, PlayReaction, QuickAction
from engine.altered.errors import CannotPay, CannotPlay, LimitReached
from engine.altered.values import stats_of
from tests.engine_altered.altered_helpers import names, oid, position, reaction, rules_logged


def test_a_prohibition_stops_the_rule_driven_progress():
    """Celebration Day's emblem stops Dusk's Progress, logged under 1.4.1.a."""
    game = position(
        first_player="p1",
        p1={"hand": ["Celebration Day"], "mana": 2, "expeditions": {"hero": ["Forest Scout"]}},
    )
    game.apply(PlayCard("p1", oid(game, "Celebration Day")))
    game.apply(Pass("p2"))
    game.apply(Pass("p1"))
    assert game.players["p1"].positions["hero"] == 0
    assert "1.4.1.a" in rules_logged(game)


def test_cant_beats_a_card_that_allows_playing_from_discard():
    """Sealed Crypt forbids playing from the Discard pile even though Ashen Phoenix allows it (1.4.1.a)."""
    game = position(
        first_player="p1", p1={"discard": ["Ashen Phoenix"], "mana": 2}, p2={"landmarks": ["Sealed Crypt"]}
    )
    with pytest.raises(CannotPlay) as info:
        game.apply(PlayCard("p1", oid(game, "Ashen Phoenix")))
    assert "1.4.1.a" in info.value.rules
    assert game.players["p1"].mana and not any(game.objects[m].exhausted for m in game.players["p1"].mana)


def test_an_impossible_cost_cannot_be_paid():
    """Sacrificing as a cost is refused under Stone Statue, citing 1.4.1.b."""
    game = position(
        first_player="p1",
        p1={"expeditions": {"hero": ["Blood Pact Cultist", "Plain Guard"]}},
        p2={"landmarks": ["Stone Statue"]},
    )
    with pytest.raises(CannotPay) as info:
        game.apply(QuickAction("p1", oid(game, "Blood Pact Cultist"), pay_with=(oid(game, "Plain Guard"),)))
    assert info.value.rules[0] == "1.4.1.b"


def test_the_possible_part_of_an_effect_still_resolves():
    """Under Celebration Day, Trailblazer does not move the expedition but still Resupplies (1.4.1.c)."""
    game = position(
        first_player="p1",
        passed=["p2"],
        p1={"hand": ["Celebration Day", "Trailblazer"], "mana": 3, "deck": ["Plain Guard"]},
    )
    game.apply(PlayCard("p1", oid(game, "Celebration Day")))
    game.apply(PlayCard("p1", oid(game, "Trailblazer")))
    assert game.players["p1"].positions["hero"] == 0
    assert "Plain Guard" in names(game, game.players["p1"].reserve)
    assert "1.4.1.c" in rules_logged(game)


def test_an_impossible_event_is_not_modified():
    """With Iron Vault, Sabotage cannot discard, so Safe Harbor's replacement does not apply either (1.4.1.d)."""
    game = position(
        first_player="p1",
        p1={"hand": ["Spy Craft"], "mana": 1, "landmarks": ["Iron Vault"]},
        p2={"landmarks": ["Safe Harbor"], "reserve": ["Bog Lurker"]},
    )
    game.apply(PlayCard("p1", oid(game, "Spy Craft"), targets=(oid(game, "Bog Lurker"),)))
    assert names(game, game.players["p2"].reserve) == ["Bog Lurker"] and game.players["p2"].hand == []
    assert "1.4.1.d" in rules_logged(game)


def test_a_replacement_changes_where_the_card_goes():
    """Without Iron Vault, Safe Harbor sends the sabotaged card to its owner's Hand (1.4.2.a)."""
    game = position(
        first_player="p1",
        p1={"hand": ["Spy Craft"], "mana": 1},
        p2={"landmarks": ["Safe Harbor"], "reserve": ["Bog Lurker"]},
    )
    game.apply(PlayCard("p1", oid(game, "Spy Craft"), targets=(oid(game, "Bog Lurker"),)))
    assert names(game, game.players["p2"].hand) == ["Bog Lurker"]


def test_a_card_may_allow_itself_to_be_played_from_the_discard_pile():
    """Ashen Phoenix can be played from the Discard pile; an ordinary card cannot (1.4.2.a, 4.2.3.c)."""
    game = position(first_player="p1", p1={"discard": ["Ashen Phoenix", "Plain Guard"], "mana": 2})
    with pytest.raises(CannotPlay) as info:
        game.apply(PlayCard("p1", oid(game, "Plain Guard")))
    assert info.value.rules == ("4.2.3.c",)
    game.apply(PlayCard("p1", oid(game, "Ashen Phoenix")))
    assert "1.4.2.a" in rules_logged(game)


def test_my_cards_go_to_my_zones():
    """Pickpocket cannot put the opponent's card in its caster's Hand: it goes to its owner's (1.4.3.a)."""
    game = position(first_player="p1", p1={"hand": ["Pickpocket"], "mana": 1}, p2={"reserve": ["Bog Lurker"]})
    card = oid(game, "Bog Lurker")
    game.apply(PlayCard("p1", oid(game, "Pickpocket"), targets=(card,)))
    assert game.objects[card].zone.value == "hand" and game.objects[card].controller == "p2"
    assert card in game.players["p2"].hand


def test_a_token_for_the_opponents_expedition_goes_to_its_owners():
    """A Brassbug created for p2's expedition is created in p1's (D-TOKEN-ZONE, 1.4.3.a)."""
    game = position(first_player="p1", p1={"hand": ["Foundry Armorer"], "mana": 2})
    game.apply(PlayCard("p1", oid(game, "Foundry Armorer")))
    game.apply(PlayReaction("p1", reaction(game, "Foundry Armorer"), ("p2:hero",)))
    assert game.players["p2"].expeditions["hero"] == []
    assert names(game, game.players["p1"].expeditions["hero"]) == ["Foundry Armorer", "Brassbug"]


def test_an_object_in_a_new_zone_loses_what_applied_to_it():
    """Boosts and Ongoing bonuses do not follow a Character to the Reserve and back (1.4.4.a)."""
    game = position(
        first_player="p1",
        passed=["p2"],
        p1={
            "hand": ["Wild Growth", "Recall"],
            "mana": 3,
            "expeditions": {"hero": [{"card": "Forest Scout", "boosts": 2}]},
        },
    )
    scout = game.objects[oid(game, "Forest Scout")]
    game.apply(PlayCard("p1", oid(game, "Wild Growth"), targets=(scout.id,)))
    assert stats_of(game, scout) == (6, 2, 2)
    game.apply(PlayCard("p1", oid(game, "Recall"), targets=(scout.id,)))
    game.apply(PlayCard("p1", scout.id))
    assert stats_of(game, scout) == (2, 0, 0) and scout.boosts == 0


def test_the_moving_effect_follows_the_object_but_a_target_does_not():
    """Rally's "it" follows the Character it moved; a second step aimed at a moved target does nothing (1.4.4.a)."""
    game = position(first_player="p1", p1={"hand": ["Rally"], "reserve": ["Forest Scout"], "mana": 1})
    game.apply(PlayCard("p1", oid(game, "Rally"), targets=(oid(game, "Forest Scout"),)))
    assert game.objects[oid(game, "Forest Scout")].boosts == 1


def test_a_sacrificed_token_ceases_to_exist():
    """A token that leaves its expedition is gone, not in any pile (D-TOKEN-LEAVES)."""
    game = position(first_player="p1", p1={"hand": ["Open the Gates", "Anubis"], "mana": 7}, passed=["p2"])
    game.apply(PlayCard("p1", oid(game, "Open the Gates")))
    game.apply(PlayCard("p1", oid(game, "Anubis")))
    game.apply(PlayReaction("p1", reaction(game, "Anubis")))
    token = game.players["p1"].expeditions["hero"][0]
    game.apply(Decide("p1", (token,)))
    assert token not in game.objects and game.players["p1"].discard == []


def test_a_quick_action_is_limited_to_a_hundred_a_day():
    """The hundred-and-first play of a quick action in a day is refused citing 1.4.6.b; a new day resets it."""
    game = position(first_player="p1", p1={"expeditions": {"hero": ["Clockwork Golem"]}})
    golem = oid(game, "Clockwork Golem")
    for _ in range(100):
        game.apply(QuickAction("p1", golem))
    with pytest.raises(LimitReached) as info:
        game.apply(QuickAction("p1", golem))
    assert info.value.rules == ("1.4.6.b",)
    game.apply(Pass("p1"))
    game.apply(Pass("p2"))
    game.apply(Pass("p2"))
    game.apply(QuickAction("p1", golem))
    assert game.objects[golem].boosts == 101 and "1.4.6.a" in rules_logged(game)
