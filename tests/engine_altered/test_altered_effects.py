"""Costs and effects (6.1): steps, atomic actions, decisions in initiative order, single-step costs."""

from __future__ import annotations

import pytest

from engine.altered import Decide, PlayCard, PlayReaction, QuickAction
from engine.altered.errors import CannotPay, InvalidChoice, InvalidTarget
from tests.engine_altered.altered_helpers import names, oid, position, reaction


def _steps(game) -> list[str]:
    return [e.message.split(": ", 1)[1] for e in game.log if e.kind == "step"]


def test_each_verb_is_a_step_in_order():
    """Spy Craft resolves in two steps, Sabotage then Resupply (6.1.b-c)."""
    game = position(
        first_player="p1",
        p1={"hand": ["Spy Craft"], "mana": 1, "deck": ["Plain Guard"]},
        p2={"reserve": ["Bog Lurker"]},
    )
    game.apply(PlayCard("p1", oid(game, "Spy Craft"), targets=(oid(game, "Bog Lurker"),)))
    assert _steps(game) == ["Sabotage.", "Resupply."]
    assert names(game, game.players["p2"].discard) == ["Bog Lurker"]
    assert names(game, game.players["p1"].reserve) == ["Plain Guard", "Spy Craft"]


def test_one_step_on_several_objects_has_simultaneous_atomic_actions():
    """Open the Gates creates four tokens in one step: four atomic actions, simultaneous (6.1.e-f)."""
    game = position(first_player="p1", p1={"hand": ["Open the Gates"], "mana": 3})
    game.apply(PlayCard("p1", oid(game, "Open the Gates")))
    assert len(_steps(game)) == 1
    atomic = next(e for e in game.log if e.rule == "6.1.e" and e.message.startswith("Open the Gates:"))
    assert "4 atomic actions" in atomic.message
    assert [len(v) for v in game.players["p1"].expeditions.values()] == [2, 2]


def test_decisions_of_both_players_come_in_initiative_order_before_acting():
    """Nothing moves until both players have decided; the second knows the first's visible choice (6.1.g)."""
    game = position(
        first_player="p2",
        p1={"hand": ["Anubis"], "mana": 4, "expeditions": {"hero": ["Plain Guard"]}},
        p2={"expeditions": {"hero": ["Bog Lurker"]}},
        turn_player="p1",
    )
    game.apply(PlayCard("p1", oid(game, "Anubis")))
    game.apply(PlayReaction("p1", reaction(game, "Anubis")))
    assert game.pending.player == "p1"  # p1 is taking their turn: p1 has initiative
    game.apply(Decide("p1", (oid(game, "Plain Guard"),)))
    assert game.pending.player == "p2" and game.pending.known[0].text == "chooses Plain Guard"
    assert game.objects[oid(game, "Plain Guard")].zone.value == "expedition"
    game.apply(Decide("p2", (oid(game, "Bog Lurker"),)))
    assert names(game, game.players["p1"].discard) == ["Plain Guard"]
    assert names(game, game.players["p2"].discard) == ["Bog Lurker"]


def test_a_wrong_answer_is_refused():
    """Choosing a card that is not an option is refused and the decision still waits."""
    game = position(first_player="p1", p1={"hand": ["Anubis"], "mana": 4})
    game.apply(PlayCard("p1", oid(game, "Anubis")))
    game.apply(PlayReaction("p1", reaction(game, "Anubis")))
    with pytest.raises(InvalidChoice):
        game.apply(Decide("p1", ("p2:Nothing#1",)))
    assert game.pending.kind == "sacrifice"


def test_a_cost_is_one_step_and_may_be_declined():
    """Subhash & Marmo: paying 1 and a card to Reserve is one step (6.1.d); declining creates nothing."""
    game = position(phase="noon", p1={"hero": "Subhash & Marmo", "hand": ["Plain Guard"], "mana": 1})
    game.apply(PlayReaction("p1", reaction(game, "Subhash & Marmo"), ("p1:hero",)))
    game.apply(Decide("p1", ()))
    assert game.players["p1"].expeditions["hero"] == [] and names(game, game.players["p1"].hand) == [
        "Plain Guard"
    ]
    game2 = position(phase="noon", p1={"hero": "Subhash & Marmo", "hand": ["Plain Guard"], "mana": 1})
    game2.apply(PlayReaction("p1", reaction(game2, "Subhash & Marmo"), ("p1:hero",)))
    game2.apply(Decide("p1", (oid(game2, "Plain Guard"),)))
    cost = [e for e in game2.log if e.rule == "6.1.d"]
    assert len(cost) == 1 and "pay 1" in cost[0].message and "Plain Guard" in cost[0].message
    assert names(game2, game2.players["p1"].expeditions["hero"]) == ["Brassbug"]


def test_a_cost_that_cannot_be_afforded_is_not_offered():
    """Without a ready Mana Orb the optional cost offers no card to choose."""
    game = position(phase="noon", p1={"hero": "Subhash & Marmo", "hand": ["Plain Guard"]})
    game.apply(PlayReaction("p1", reaction(game, "Subhash & Marmo"), ("p1:hero",)))
    assert game.pending.options == () and game.pending.max == 0


def test_unaffordable_card_is_refused_and_reserve_cost_applies():
    """A card costs its Hand or Reserve cost in ready Mana Orbs (D-CARD-COSTS)."""
    game = position(first_player="p1", p1={"hand": ["Costly Giant"], "reserve": ["Costly Giant"], "mana": 2})
    in_hand, in_reserve = game.players["p1"].hand[0], game.players["p1"].reserve[0]
    with pytest.raises(CannotPay):
        game.apply(PlayCard("p1", in_hand))
    game.apply(PlayCard("p1", in_reserve))
    assert game.objects[in_reserve].zone.value == "expedition"


def test_a_spell_needs_its_targets():
    """A targeted Spell without a legal target declared is refused."""
    game = position(first_player="p1", p1={"hand": ["Targeted Push"]})
    with pytest.raises(InvalidTarget):
        game.apply(PlayCard("p1", oid(game, "Targeted Push")))


def test_resupply_with_an_empty_deck_does_nothing():
    """Resupply from an empty Deck moves nothing (D-EMPTY-DECK)."""
    game = position(phase="noon", p1={"expeditions": {"hero": ["Aloe Vera"]}})
    game.apply(PlayReaction("p1", reaction(game, "Aloe Vera")))
    assert game.players["p1"].reserve == []
    assert any(e.kind == "empty_deck" for e in game.log)


def test_boost_raises_each_statistic():
    """A boost adds one to each statistic (D-KEYWORDS)."""
    from engine.altered.values import stats_of

    game = position(first_player="p1", p1={"expeditions": {"hero": ["Clockwork Golem"]}})
    golem = game.objects[oid(game, "Clockwork Golem")]
    game.apply(QuickAction("p1", golem.id))
    assert stats_of(game, golem) == (1, 2, 2)
