"""The day (1.3.2, 4.2): phases, daily effects, Afternoon turns and passing, Dusk's Progress, Night."""

from __future__ import annotations

import pytest

from engine.altered import Decide, Pass, PlayCard, PlayReaction, QuickAction
from engine.altered.errors import NotYourTurn, WrongTiming
from engine.altered.state import Phase
from tests.engine_altered.altered_helpers import oid, position, reaction, rules_logged


def _phases(game) -> list[str]:
    return [e.message.split(" begins")[0] for e in game.log if e.kind == "phase"]


def test_a_day_runs_through_its_five_phases_in_order():
    """After Afternoon come Dusk and Night, then the next day's Morning, Noon and Afternoon (4.2.a, 1.3.2.a)."""
    game = position(first_player="p1")
    game.apply(Pass("p1"))
    game.apply(Pass("p2"))
    assert _phases(game) == ["Afternoon", "Dusk", "Night", "Morning", "Noon", "Afternoon"]
    assert game.day == 3 and game.phase is Phase.AFTERNOON
    assert "1.3.2.a" in rules_logged(game)


def test_morning_resolves_its_daily_effects_in_order():
    """Succeed, Prepare, Draw, Expand resolve in that order, each followed by a check of Reactions (1.3.2.b, 4.2.d)."""
    game = position(
        phase="morning",
        first_player="p1",
        p1={
            "deck": ["Plain Guard"] * 3,
            "mana": {"exhausted": 2},
            "expeditions": {"hero": [{"card": "Forest Scout", "exhausted": True}]},
        },
    )
    daily = [e.message.split(":")[0] for e in game.log if e.kind == "daily_effect"]
    assert daily == ["Succeed", "Prepare", "Draw", "Expand"]
    checks = [e.message for e in game.log if e.rule == "4.2.d"]
    assert len(checks) == 3  # the check after Expand comes once p1 has decided
    assert game.first_player == "p2"
    assert not game.objects[oid(game, "Forest Scout")].exhausted
    assert len(game.players["p1"].hand) == 2
    assert game.pending.kind == "expand" and game.pending.player == "p1" and game.pending.min == 0


def test_expand_puts_a_ready_face_down_mana_orb_first_player_first():
    """Expand: the first player decides first; the chosen card becomes a ready face-down Mana Orb (1.3.2.b, 1.4.5.a)."""
    game = position(
        phase="morning", first_player="p2", p1={"deck": ["Plain Guard"] * 2}, p2={"deck": ["Bog Lurker"] * 2}
    )
    assert game.first_player == "p1" and game.pending.player == "p1"
    card = game.players["p1"].hand[0]
    game.apply(Decide("p1", (card,)))
    assert game.pending.player == "p2" and "hidden zone" in game.pending.known[0].text
    game.apply(Decide("p2", ()))
    orb = game.objects[card]
    assert orb.zone.value == "mana" and orb.face_down and not orb.exhausted
    assert len(game.players["p2"].mana) == 0


def test_noon_has_no_daily_effect():
    """Noon logs that nothing happens and goes straight on to the Afternoon (1.3.2.c, 4.2.2.a)."""
    game = position(phase="noon", p1={"deck": ["Plain Guard"]})
    assert game.phase is Phase.AFTERNOON
    assert {"1.3.2.c", "4.2.2.a"} <= set(rules_logged(game))
    assert len(game.players["p1"].deck) == 1


def test_turns_alternate_from_the_first_player():
    """The first player takes the first turn and players alternate (4.2.3.a-b)."""
    game = position(first_player="p2", p1={"hand": ["Plain Guard"]}, p2={"hand": ["Plain Guard"]})
    assert game.turn_player == "p2"
    game.apply(PlayCard("p2", oid(game, "Plain Guard", "p2")))
    assert game.turn_player == "p1"
    game.apply(PlayCard("p1", oid(game, "Plain Guard", "p1")))
    assert game.turn_player == "p2"


def test_a_passed_player_takes_no_more_turns():
    """After p1 passes, p2 takes every turn and p1's actions are refused citing 1.3.2.d."""
    game = position(
        first_player="p1", p1={"hand": ["Plain Guard"]}, p2={"hand": ["Plain Guard", "Bog Lurker"]}
    )
    game.apply(Pass("p1"))
    game.apply(PlayCard("p2", oid(game, "Plain Guard", "p2")))
    assert game.turn_player == "p2"
    with pytest.raises(NotYourTurn) as info:
        game.apply(PlayCard("p1", oid(game, "Plain Guard", "p1")))
    assert info.value.rules == ("1.3.2.d",)


def test_afternoon_ends_when_all_have_passed():
    """When both players have passed, the Afternoon ends and Dusk begins (4.2.f)."""
    game = position(first_player="p1", p2={"expeditions": {"hero": ["Night Owl"]}})
    game.apply(Pass("p1"))
    assert game.phase is Phase.AFTERNOON
    game.apply(Pass("p2"))
    assert game.phase is Phase.NIGHT  # Night Owl's reaction waits
    assert "4.2.f" in rules_logged(game)


def test_quick_actions_keep_the_turn_a_card_ends_it():
    """A quick action continues the turn; a card played ends it (4.2.3.c)."""
    game = position(
        first_player="p1", p1={"expeditions": {"hero": ["Clockwork Golem"]}, "hand": ["Plain Guard"]}
    )
    golem = oid(game, "Clockwork Golem")
    game.apply(QuickAction("p1", golem))
    game.apply(QuickAction("p1", golem))
    assert game.turn_player == "p1"
    game.apply(PlayCard("p1", oid(game, "Plain Guard")))
    assert game.turn_player == "p2"


def test_actions_outside_the_afternoon_are_refused():
    """Playing a card while a Morning decision or a Reaction waits is refused (4.2.3.c)."""
    game = position(phase="noon", p1={"expeditions": {"hero": ["Aloe Vera"]}, "hand": ["Plain Guard"]})
    with pytest.raises(WrongTiming) as info:
        game.apply(PlayCard("p1", oid(game, "Plain Guard")))
    assert "4.2.3.c" in info.value.rules


@pytest.mark.parametrize(
    "p1_chars, p2_chars, moved",
    [
        (["Forest Scout"], ["Mountain Guard"], (1, 1)),  # each wins its own terrain
        (["Forest Scout"], ["Forest Scout"], (0, 0)),  # a tie moves nobody
        (["Bog Lurker"], [], (1, 0)),  # 3 Water against nothing
        ([], [], (0, 0)),  # 0 is not enough
    ],
)
def test_progress_compares_same_kind_expeditions_per_terrain(p1_chars, p2_chars, moved):
    """A hero expedition moves forward when a positive statistic beats the opposing hero expedition's (1.3.2.e)."""
    game = position(
        first_player="p1", p1={"expeditions": {"hero": p1_chars}}, p2={"expeditions": {"hero": p2_chars}}
    )
    game.apply(Pass("p1"))
    game.apply(Pass("p2"))
    assert (game.players["p1"].positions["hero"], game.players["p2"].positions["hero"]) == moved


def test_progress_counts_only_terrains_of_the_region():
    """In a region that is only Water, Forest statistics do not move an expedition (1.3.2.e, 2.2.2.l)."""
    game = position(
        first_player="p1",
        adventure={
            "tumult": [
                {"card": "Tumult: Delta", "face_up": True},
                "Tumult: High Pass",
                "Tumult: Sunken Grove",
            ]
        },
        p1={"positions": {"hero": 1}, "expeditions": {"hero": ["Forest Scout"]}},
    )
    game.apply(Pass("p1"))
    game.apply(Pass("p2"))
    assert game.players["p1"].positions["hero"] == 1


def test_companion_expeditions_move_towards_the_hero_region():
    """A companion expedition moves forward from region 4 towards region 0, revealing the Tumult it reaches."""
    game = position(first_player="p1", p1={"expeditions": {"companion": ["Bog Lurker"]}})
    game.apply(Pass("p1"))
    game.apply(Pass("p2"))
    assert game.players["p1"].positions["companion"] == 3
    assert not game.objects[game.adventure[3]].face_down


def test_night_resolves_no_daily_effect_and_ends_the_day():
    """Night checks its reactions, resolves no daily effect, then the day's durations end (D-NIGHT, 2.2.13.a)."""
    game = position(
        first_player="p1", p1={"expeditions": {"hero": ["Night Owl"]}, "hand": ["Celebration Day"], "mana": 2}
    )
    game.apply(PlayCard("p1", oid(game, "Celebration Day")))
    game.apply(Pass("p2"))
    game.apply(Pass("p1"))
    assert game.phase is Phase.NIGHT and len(game.ongoing()) == 1
    assert not [e for e in game.log if e.kind == "daily_effect" and e.phase == "night"]
    game.apply(PlayReaction("p1", reaction(game, "Night Owl")))
    assert game.day == 3 and game.ongoing() == []
