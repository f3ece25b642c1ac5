"""The scenario vocabulary of the Athernum adapter (kb/verify/athernum) on the engine: effects on the stack named by
label or source card, abilities to order named by source card, abilities by name, and object expectations."""

from __future__ import annotations

import pytest

from engine.athernum import ActivateAbility, ChooseTriggerOrder, PassPriority, UseCommand, load_library
from kb.verify.athernum.expect import check
from kb.verify.athernum.refs import StepError, stack_ref, target_groups
from kb.verify.athernum.steps import parse_step, to_actions
from tests.engine.engine_helpers import TEST_CARDS, setup

CARDS = TEST_CARDS + [
    {
        "name": "Hush Adept",
        "type": "character",
        "cost": 0,
        "ofv": 0,
        "dfv": 2,
        "abilities": [
            {
                "type": "activated",
                "name": "Hush",
                "targets": [{"kind": "effect"}],
                "effect": {"kind": "neutralise", "what": "target 0"},
            }
        ],
    },
    {
        "name": "Crier",
        "type": "character",
        "cost": 0,
        "ofv": 0,
        "dfv": 2,
        "abilities": [{"type": "triggered", "trigger": {"at": "day"}, "effect": {"kind": "draw"}}],
    },
]


@pytest.fixture
def game():
    s = setup(load_library(CARDS))
    s.character("p2", "Hush Adept")
    s.character("p1", "Medic")
    s.at(turn=3, active="p1", phase="day")
    return s.build()


def test_an_effect_on_the_stack_is_named_by_label_or_source(game):
    """`{stack: Solvency}` names the Solvency effect; a source card's name names its effect; the most recent wins."""
    game.apply(UseCommand("p1", "Solvency"))
    game.apply(PassPriority("p1"))
    adept = next(o for o in game.board_ids("p2") if game.objects[o].name == "Hush Adept")
    game.apply(ActivateAbility("p2", adept, 0, ((game.stack[0].id,),)))
    [solvency, hush] = game.stack
    assert stack_ref(game, "Solvency") == solvency.id and stack_ref(game, "hush adept") == hush.id
    assert stack_ref(game, "Hero") == solvency.id  # the main character is the source of Solvency (9.2.3b)
    assert stack_ref(game, "s") == hush.id  # a text in both labels: the most recent effect
    assert target_groups(game, [{"stack": "Solvency"}, "p2"]) == ((solvency.id,), ("p2",))
    with pytest.raises(StepError, match="no effect on the stack"):
        stack_ref(game, "Contingency")


def test_a_step_can_target_an_effect_on_the_stack(game):
    """`activate: {source: Hush Adept, targets: [stack: Solvency]}` becomes an action targeting that effect."""
    game.apply(UseCommand("p1", "Solvency"))
    game.apply(PassPriority("p1"))
    step = parse_step(
        0, {"activate": {"source": "Hush Adept", "targets": [{"stack": "Solvency"}]}, "player": "p2"}
    )
    [action] = to_actions(game, step)
    assert isinstance(action, ActivateAbility) and action.targets == ((game.stack[0].id,),)


def test_an_ability_is_named_in_a_step(game):
    """`ability: Heal` names the Medic's ability by its name instead of its position."""
    step = parse_step(
        0, {"activate": {"source": "Medic", "ability": "Heal", "targets": ["Hero"], "pay": [None]}}
    )
    [action] = to_actions(game, step)
    assert isinstance(action, ActivateAbility) and action.ability == 0
    with pytest.raises(StepError, match="no ability named"):
        to_actions(game, parse_step(0, {"activate": {"source": "Medic", "ability": "Fly"}}))


def test_abilities_to_order_are_named_by_their_source_card():
    """`order_triggers: [Crier]` picks the pending ability of Crier; copies of a card are taken in turn."""
    s = setup(load_library(CARDS))
    s.character("p1", "Crier", label="c1")
    s.character("p1", "Crier", label="c2")
    s.character("p1", "Medic")
    s.at(turn=3, active="p1", phase="morning")
    g = s.build()
    assert g.pending is not None and g.pending.kind == "trigger_order"
    [action] = to_actions(g, parse_step(0, {"order_triggers": ["Crier", "crier: triggered ability"]}))
    assert isinstance(action, ChooseTriggerOrder)
    assert sorted(action.order) == sorted(g.pending.options)


def test_objects_expect_name_faction_and_no_value(game):
    """Expectations may check an object's name and faction, and `ofv: null` for a permanent without values."""
    hero = game.players["p1"].main_character
    assert check(game, {"objects": {"Hero": {"name": "Hero", "faction": "ember", "ofv": 2}}}) == []
    game.objects[hero].face_down = True
    assert check(game, {"objects": {"Hero": {"faction": None, "ofv": None, "dfv": None}}}) == []
    assert check(game, {"objects": {"Hero": {"ofv": 2}}}) != []
