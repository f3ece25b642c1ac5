"""Chapter 9: turn structure — morning, day, combat, evening, night."""

from __future__ import annotations

import pytest

from engine.athernum import (
    ActivateAbility,
    DeclareAttack,
    DeclareDefender,
    EnterCombat,
    NextPhase,
    PassPriority,
    PlayCard,
    UseCommand,
)
from engine.athernum.errors import InvalidTarget, LimitReached, NoPriority, WrongTiming
from engine.athernum.state import Phase, Zone
from tests.engine.engine_helpers import TEST_CARDS, advance, day, library_fixture, pass_all, setup

CARDS = TEST_CARDS + [
    {
        "name": "Rooster",
        "type": "character",
        "cost": 0,
        "ofv": 0,
        "dfv": 2,
        "abilities": [
            {"type": "triggered", "trigger": {"at": "morning"}, "effect": {"kind": "draw"}},
            {"type": "activated", "name": "Crow", "effect": {"kind": "draw"}},
        ],
    },
    {
        "name": "Owl",
        "type": "character",
        "cost": 0,
        "ofv": 0,
        "dfv": 2,
        "abilities": [{"type": "triggered", "trigger": {"at": "night"}, "effect": {"kind": "draw"}}],
    },
    {
        "name": "Bat",
        "type": "character",
        "cost": 0,
        "ofv": 0,
        "dfv": 2,
        "abilities": [{"type": "triggered", "trigger": {"at": "evening"}, "effect": {"kind": "draw"}}],
    },
    {
        "name": "Scribe",
        "type": "character",
        "cost": 0,
        "ofv": 0,
        "dfv": 2,
        "abilities": [{"type": "activated", "name": "Write", "effect": {"kind": "draw", "count": 1}}],
    },
    {
        "name": "Slayer",
        "type": "character",
        "cost": 0,
        "ofv": 0,
        "dfv": 2,
        "abilities": [
            {
                "type": "activated",
                "name": "Slay",
                "targets": [{"kind": "permanent", "filter": {"types": ["character"], "main": False}}],
                "effect": {"kind": "discard", "what": "target 0"},
            }
        ],
    },
]


tlib = library_fixture(CARDS)


def test_morning_follows_the_comprehensive_rules_order(tlib):
    """Morning: exhaustion counters, face-up, command tokens, check, then morning abilities (9.1.1-9.1.4a)."""
    s = setup(tlib)
    s.character("p1", "Rooster")
    s.character("p1", "Soldier", exhausted=True)
    s.command_tokens("p1", 0)
    s.at(turn=3, active="p1", phase="morning")
    g = s.build()
    rules = [e.rule for e in g.log]
    order = [rules.index(r) for r in ("9.1.1", "9.1.2", "9.1.3")]
    assert order == sorted(order)
    trig = next(i for i, e in enumerate(g.log) if e.kind == "stack_push")
    assert trig > order[-1]
    assert g.players["p1"].command_tokens == 2


def test_nothing_may_be_played_in_the_morning(tlib):
    """While morning abilities resolve the active player may only pass: no cards, no abilities (9.1.4a)."""
    s = setup(tlib)
    rooster = s.character("p1", "Rooster")
    (potion,) = s.hand("p1", "Potion")
    s.at(turn=3, active="p1", phase="morning")
    g = s.build()
    assert g.phase is Phase.MORNING and g.priority == "p1"
    with pytest.raises(WrongTiming):
        g.apply(PlayCard("p1", potion))
    with pytest.raises(WrongTiming) as err:
        g.apply(ActivateAbility("p1", rooster, 1))
    assert err.value.rules == ("9.1.4a",)


def test_command_tokens_are_kept_between_turns_up_to_two(tlib):
    """Command tokens are replenished to two in the own morning and kept between turns (9.1.3, 10.2.5)."""
    s = setup(tlib)
    s.command_tokens("p1", 1)
    s.command_tokens("p2", 0)
    g = day(s)
    advance(g, lambda g: g.active == "p2" and g.phase is Phase.DAY)
    assert g.players["p1"].command_tokens == 1 and g.players["p2"].command_tokens == 2


def test_ending_the_day_opens_a_window_for_the_opponent(tlib):
    """Before the evening a new empty stack is created and the other player may respond (9.2.12, 9.2.13)."""
    s = setup(tlib)
    scribe = s.character("p2", "Scribe")
    g = day(s)
    g.apply(NextPhase("p1"))
    assert g.stack == [] and g.priority == "p2" and g.phase is Phase.DAY
    g.apply(ActivateAbility("p2", scribe, 0))
    g.apply(PassPriority("p2"))
    g.apply(PassPriority("p1"))
    assert g.turn == 4 and g.active == "p2"  # the game went on to the evening, the night and the next turn


def test_only_the_active_player_ends_the_phase(tlib):
    """The non-active player has no priority in an open day phase (9.2.0)."""
    g = day(setup(tlib))
    with pytest.raises(NoPriority):
        g.apply(NextPhase("p2"))


def test_no_combat_on_the_first_turn_of_the_game(tlib):
    """Combat may not be entered during the first turn of the game (9.2.11)."""
    g = day(setup(tlib), turn=1)
    with pytest.raises(WrongTiming) as err:
        g.apply(EnterCombat("p1"))
    assert err.value.rules == ("9.2.11",)


def test_combat_only_once_per_turn(tlib):
    """Combat may be entered only once per turn (9.3.1); afterwards the day continues (9.3.2)."""
    g = day(setup(tlib))
    g.apply(EnterCombat("p1"))
    assert g.phase is Phase.COMBAT and g.priority == "p1"
    g.apply(NextPhase("p1"))
    assert g.phase is Phase.DAY and g.priority == "p1"
    with pytest.raises(LimitReached) as err:
        g.apply(EnterCombat("p1"))
    assert "9.3.1" in err.value.rules


def _combat(s):
    g = day(s)
    g.apply(EnterCombat("p1"))
    return g


def test_combat_damage_is_simultaneous(tlib):
    """Attacker and target deal their OFV to each other at the same time (9.3.9)."""
    s = setup(tlib)
    a = s.character("p1", "Soldier")  # 2/2
    t = s.character("p2", "Soldier")  # 2/2
    g = _combat(s)
    g.apply(DeclareAttack("p1", a, t))
    g.apply(DeclareDefender("p2", None))
    pass_all(g)
    assert g.objects[a].zone is Zone.DISCARD and g.objects[t].zone is Zone.DISCARD


def test_attacker_is_exhausted_after_combat(tlib):
    """The attacker is turned face-down and exhausted after the combat (9.3.11)."""
    s = setup(tlib)
    a = s.character("p1", "Guard")  # 1/3
    t = s.character("p2", "Guard")
    g = _combat(s)
    g.apply(DeclareAttack("p1", a, t))
    g.apply(DeclareDefender("p2", None))
    pass_all(g)
    assert g.objects[a].exhausted and g.objects[t].counters["damage"] == 1 and not g.objects[t].exhausted
    assert g.objects[a].counters == {"damage": 1, "exhaustion": 1}


def test_defender_takes_the_targets_place(tlib):
    """A declared defender fights the attacker instead of the target and is exhausted too (D-COMBAT-DEFENDER, 9.3.12)."""
    s = setup(tlib)
    a = s.character("p1", "Brute")  # 3/1
    t = s.character("p2", "Soldier")
    d = s.character("p2", "Guard")  # 1/3
    g = _combat(s)
    g.apply(DeclareAttack("p1", a, t))
    assert g.pending.kind == "defender" and g.pending.player == "p2"
    g.apply(DeclareDefender("p2", d))
    pass_all(g)
    assert "damage" not in g.objects[t].counters
    assert g.objects[d].zone is Zone.DISCARD  # 3 damage on DFV 3
    assert g.objects[a].zone is Zone.DISCARD  # 1 damage back on DFV 1


def test_defender_must_be_face_up_with_a_defensive_value(tlib):
    """Only face-up permanents with a DFV controlled by the target's controller may defend (9.3.7)."""
    s = setup(tlib)
    a = s.character("p1", "Soldier")
    t = s.character("p2", "Guard")
    tired = s.character("p2", "Soldier", exhausted=True)
    g = _combat(s)
    g.apply(DeclareAttack("p1", a, t))
    assert tired not in g.pending.options
    from engine.athernum.errors import InvalidChoice

    with pytest.raises(InvalidChoice):
        g.apply(DeclareDefender("p2", tired))


def test_attack_without_target_has_no_effect_but_exhausts(tlib):
    """If the target left play before damage, the attack has no effect but the attacker is still exhausted (9.3.9a.I)."""
    s = setup(tlib)
    a = s.character("p1", "Soldier")
    t = s.character("p2", "Guard")
    slayer = s.character("p1", "Slayer")
    g = _combat(s)
    g.apply(DeclareAttack("p1", a, t))
    g.apply(DeclareDefender("p2", None))
    g.apply(ActivateAbility("p1", slayer, 0, ((t,),)))
    pass_all(g)
    assert g.objects[t].zone is Zone.DISCARD
    assert g.objects[a].exhausted and "damage" not in g.objects[a].counters
    assert any(e.rule == "9.3.9a.I" for e in g.log)


def test_attacks_target_an_opponents_permanent_with_dfv(tlib):
    """The target must be an opponent's permanent with a DFV: not one's own, not a location without DFV (9.3.6, 9.3.6b)."""
    s = setup(tlib)
    a = s.character("p1", "Soldier")
    mine = s.character("p1", "Guard")
    tower = s.location("p2", "Tower")
    g = _combat(s)
    with pytest.raises(InvalidTarget) as err:
        g.apply(DeclareAttack("p1", a, mine))
    assert err.value.rules == ("9.3.6",)
    with pytest.raises(InvalidTarget) as err:
        g.apply(DeclareAttack("p1", a, tower))
    assert "9.3.6b" in err.value.rules


def test_exhausted_characters_can_be_attacked(tlib):
    """Face-down or exhausted permanents known to have a DFV are valid targets (9.3.6a)."""
    s = setup(tlib, p2_main_state={"exhausted": True})
    a = s.character("p1", "Soldier")
    g = _combat(s)
    rival = g.players["p2"].main_character
    g.apply(DeclareAttack("p1", a, rival))
    pass_all(g)
    assert g.objects[rival].counters["damage"] == 2
    assert any(e.rule == "9.3.9b.I" for e in g.log)  # a face-down target has no OFV to deal back


def test_evening_and_night_abilities_resolve(tlib):
    """'At the evening' abilities resolve with priority to pass (9.4.1a); night ones without priority (9.5.3)."""
    s = setup(tlib)
    s.character("p1", "Bat")
    s.character("p1", "Owl")
    g = day(s)
    hand = len(g.players["p1"].hand)
    g.apply(NextPhase("p1"))
    g.apply(PassPriority("p2"))
    assert g.stack is not None
    assert g.phase is Phase.EVENING and g.priority == "p1" and len(g.stack) == 1
    g.apply(PassPriority("p1"))
    g.apply(PassPriority("p2"))
    assert g.active == "p2" and g.turn == 4
    assert len(g.players["p1"].hand) == hand + 2
    night = [e for e in g.log if e.phase == "night"]
    assert night and not any(e.kind in ("pass", "all_passed") for e in night)


def test_turns_alternate(tlib):
    """After the night the other player's turn begins with their morning (9.5.0)."""
    g = day(setup(tlib))
    advance(g, lambda g: g.turn == 4)
    assert g.active == "p2" and g.phase in (Phase.MORNING, Phase.DAY)


def test_acquisition_draws_for_a_command_token(tlib):
    """Acquisition draws a card for one command token (9.2.2, 4.3.5e.II)."""
    g = day(setup(tlib))
    hand = len(g.players["p1"].hand)
    g.apply(UseCommand("p1", "Acquisition"))
    pass_all(g)
    assert len(g.players["p1"].hand) == hand + 1 and g.players["p1"].command_tokens == 1


def test_global_commands_only_in_your_day_without_stack(tlib):
    """Global command abilities are day-phase actions of the active player with no stack open (9.2.2, D-SORCERY)."""
    s = setup(tlib)
    scribe = s.character("p1", "Scribe")
    g = day(s)
    g.apply(ActivateAbility("p1", scribe, 0))
    with pytest.raises(WrongTiming):
        g.apply(UseCommand("p1", "Acquisition"))


def test_there_is_no_active_player_at_night(tlib):
    """During the night the engine reports no active player; the next turn belongs to the other player (9.5.1)."""
    s = setup(tlib)
    s.character("p1", "Owl")
    s.character("p1", "Owl")  # two night abilities: the night pauses for their order
    s.at(turn=3, active="p1", phase="evening")
    g = s.build()
    advance(g, lambda g: g.phase is Phase.NIGHT)
    assert g.phase is Phase.NIGHT and g.pending is not None
    assert g.active is None and g.turn_owner == "p1" and g.pending.player == "p1"
    assert g.to_dict()["active"] is None
    advance(g, lambda g: g.phase is Phase.DAY)
    assert g.active == "p2" and g.turn == 4 and g.night_of is None


def test_morning_check_is_logged_after_the_command_tokens(tlib):
    """The morning logs its state-based check at 9.1.4, after the exhaustion counters (9.1.1) and command tokens (9.1.3)."""
    s = setup(tlib)
    s.character("p1", "Guard", exhausted=True)
    s.command_tokens("p1", 0)
    s.at(turn=3, active="p1", phase="morning")
    g = s.build()
    rules = [e.rule for e in g.log]
    assert "9.1.0" in rules and rules.index("9.1.0") < rules.index("9.1.1") < rules.index(
        "9.1.3"
    ) < rules.index("9.1.4")
    assert [e.kind for e in g.log if e.rule == "9.1.4"] == ["check"]
