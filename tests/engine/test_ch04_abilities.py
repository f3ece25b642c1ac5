"""Chapter 4: abilities and effects — the stack, priority, state-based checks, ability types, value layers."""

from __future__ import annotations

import pytest

from engine.athernum import (
    ActivateAbility,
    ActivateSupport,
    AttachItem,
    ChooseTargets,
    ChooseTriggerOrder,
    ExhaustResource,
    PassPriority,
    PlayCard,
    Setup,
    load_library,
)
from engine.athernum.errors import CannotPay, InvalidTarget, NotYourTurn, WrongTiming
from engine.athernum.state import Zone
from engine.athernum.values import value
from tests.engine.engine_helpers import (
    TEST_CARDS,
    advance,
    day,
    library_fixture,
    pass_all,
    play_item_on,
    setup,
)

CARDS = TEST_CARDS + [
    {
        "name": "Scribe",
        "type": "character",
        "cost": 0,
        "ofv": 0,
        "dfv": 2,
        "abilities": [{"type": "activated", "name": "Write", "effect": {"kind": "draw", "count": 1}}],
    },
    {
        "name": "Pyro",
        "type": "character",
        "cost": 0,
        "ofv": 0,
        "dfv": 2,
        "abilities": [
            {
                "type": "activated",
                "name": "Burn",
                "targets": [
                    {"kind": "permanent", "filter": {"types": ["character"], "main": False}, "count": 2}
                ],
                "effect": {"kind": "deal_damage", "what": "target 0", "amount": 1},
            },
            {
                "type": "activated",
                "name": "Blast",
                "targets": [{"kind": "permanent", "filter": {"types": ["character"]}}],
                "effect": {"kind": "deal_damage", "what": "target 0", "amount": 2},
            },
        ],
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
    {
        "name": "Countermage",
        "type": "character",
        "cost": 0,
        "ofv": 0,
        "dfv": 2,
        "abilities": [
            {
                "type": "activated",
                "name": "Unravel",
                "targets": [{"kind": "effect", "filter": {"controller": "opponent"}}],
                "effect": {"kind": "neutralise", "what": "target 0"},
            }
        ],
    },
    {
        "name": "Amplifier",
        "type": "character",
        "cost": 0,
        "ofv": 0,
        "dfv": 2,
        "abilities": [
            {
                "type": "activated",
                "name": "Amplify",
                "targets": [{"kind": "effect"}],
                "effect": {"kind": "modify_effect", "what": "target 0", "add": 1},
            }
        ],
    },
    {
        "name": "Herald",
        "type": "character",
        "cost": 0,
        "ofv": 0,
        "dfv": 2,
        "abilities": [
            {"type": "triggered", "trigger": {"when": "enters"}, "effect": {"kind": "draw", "count": 1}}
        ],
    },
    {
        "name": "Mourner",
        "type": "character",
        "cost": 0,
        "ofv": 0,
        "dfv": 2,
        "abilities": [
            {
                "type": "triggered",
                "trigger": {"whenever": "discarded", "filter": {"types": ["character"]}},
                "effect": {"kind": "draw", "count": 1},
            }
        ],
    },
    {
        "name": "Martyr",
        "type": "character",
        "cost": 0,
        "ofv": 1,
        "dfv": 2,
        "item_slots": 1,
        "abilities": [
            {
                "type": "triggered",
                "trigger": {"when": "leaves"},
                "targets": [
                    {
                        "kind": "permanent",
                        "filter": {"types": ["character"], "controller": "opponent", "main": False},
                    }
                ],
                "effect": {
                    "kind": "deal_damage",
                    "what": "target 0",
                    "amount": {"value_of": "ofv", "of": "this"},
                },
            }
        ],
    },
    {
        "name": "Early Bird",
        "type": "character",
        "cost": 0,
        "ofv": 0,
        "dfv": 2,
        "abilities": [
            {"type": "triggered", "trigger": {"at": "morning"}, "effect": {"kind": "draw", "count": 1}},
            {"type": "triggered", "trigger": {"at": "morning"}, "effect": {"kind": "reveal", "zone": "hand"}},
        ],
    },
    {
        "name": "Lord",
        "type": "character",
        "cost": 0,
        "ofv": 1,
        "dfv": 3,
        "abilities": [
            {
                "type": "static",
                "effect": {
                    "kind": "modify_value",
                    "what": {"all": {"types": ["character"], "controller": "you", "other": True}},
                    "property": "ofv",
                    "add": 1,
                },
            }
        ],
    },
    {
        "name": "Commander",
        "type": "character",
        "cost": 0,
        "ofv": 0,
        "dfv": 2,
        "abilities": [
            {
                "type": "activated",
                "name": "Order",
                "keyword": "command",
                "effect": {"kind": "draw", "count": 1},
            }
        ],
    },
    {
        "name": "Setter",
        "type": "item",
        "abilities": [
            {
                "type": "static",
                "targets": [{"kind": "permanent", "filter": {"types": ["character"]}}],
                "effect": {
                    "kind": "modify_value",
                    "what": "target 0",
                    "property": "ofv",
                    "set": 5,
                    "duration": "end_of_turn",
                },
            }
        ],
    },
    {
        "name": "Setter Two",
        "type": "item",
        "abilities": [
            {
                "type": "static",
                "targets": [{"kind": "permanent", "filter": {"types": ["character"]}}],
                "effect": {
                    "kind": "modify_value",
                    "what": "target 0",
                    "property": "ofv",
                    "set": 1,
                    "duration": "end_of_turn",
                },
            }
        ],
    },
    {
        "name": "Doubler",
        "type": "item",
        "abilities": [
            {
                "type": "static",
                "targets": [{"kind": "permanent", "filter": {"types": ["character"]}}],
                "effect": {
                    "kind": "modify_value",
                    "what": "target 0",
                    "property": "ofv",
                    "multiply": 2,
                    "duration": "end_of_turn",
                },
            }
        ],
    },
    {
        "name": "Adder",
        "type": "item",
        "abilities": [
            {
                "type": "static",
                "targets": [{"kind": "permanent", "filter": {"types": ["character"]}}],
                "effect": {
                    "kind": "modify_value",
                    "what": "target 0",
                    "property": "ofv",
                    "add": 1,
                    "duration": "end_of_turn",
                },
            }
        ],
    },
    {
        "name": "Berserker",
        "type": "character",
        "cost": 0,
        "ofv": 1,
        "dfv": 4,
        "abilities": [
            {
                "type": "static",
                "effect": {
                    "kind": "modify_value",
                    "what": "this",
                    "property": "ofv",
                    "add": 3,
                    "condition": {"it_is_damaged": True},
                },
            }
        ],
    },
    {
        "name": "Ghost",
        "type": "character",
        "cost": 0,
        "ofv": 0,
        "dfv": 1,
        "abilities": [
            {
                "type": "triggered",
                "zone": "discard",
                "trigger": {"when": "discarded"},
                "effect": {"kind": "draw", "count": 2},
            },
            {
                "type": "triggered",
                "zone": "discard",
                "trigger": {"at": "morning"},
                "effect": {"kind": "draw", "count": 1},
            },
        ],
    },
    {
        "name": "Quester",
        "type": "character",
        "cost": 0,
        "ofv": 0,
        "dfv": 2,
        "victory_token_field": 1,
        "abilities": [
            {
                "type": "triggered",
                "keyword": "objective",
                "trigger": {"at": "evening"},
                "effect": {"kind": "place_victory_tokens", "what": "this"},
            }
        ],
    },
]


clib = library_fixture(CARDS)


def test_stack_resolves_last_in_first_out(clib):
    """Effects resolve from the top of the stack down: last in, first out (4.1.7)."""
    s = setup(clib)
    a = s.character("p1", "Scribe")
    b = s.character("p1", "Scribe")
    g = day(s)
    g.apply(ActivateAbility("p1", a, 0))
    g.apply(ActivateAbility("p1", b, 0))
    assert [e.source_id for e in g.stack] == [a, b]
    pass_all(g)
    resolved = [e.objects[0] for e in g.log if e.kind == "resolve"]
    assert resolved == [b, a]


def test_acting_player_keeps_priority_and_all_must_pass(clib):
    """The player who adds an effect keeps priority; the stack resolves only after all players pass in succession (4.1.6, 4.1.7)."""
    s = setup(clib)
    a = s.character("p1", "Scribe")
    c = s.character("p2", "Scribe")
    g = day(s)
    g.apply(ActivateAbility("p1", a, 0))
    assert g.priority == "p1"
    g.apply(PassPriority("p1"))
    assert g.stack is not None
    assert g.priority == "p2" and len(g.stack) == 1
    g.apply(ActivateAbility("p2", c, 0))
    assert g.priority == "p2" and len(g.stack) == 2
    g.apply(PassPriority("p2"))
    assert g.priority == "p1" and len(g.stack) == 2
    g.apply(PassPriority("p1"))
    assert g.stack is None and g.priority == "p1"


def test_neutralised_effect_is_removed_from_the_stack(clib):
    """A neutralised effect is removed from the stack before it resolves (4.1.8d)."""
    s = setup(clib)
    scribe = s.character("p1", "Scribe")
    cm = s.character("p2", "Countermage")
    g = day(s)
    hand = len(g.players["p1"].hand)
    g.apply(ActivateAbility("p1", scribe, 0))
    g.apply(PassPriority("p1"))
    assert g.stack is not None
    effect_id = g.stack[0].id
    g.apply(ActivateAbility("p2", cm, 0, ((effect_id,),)))
    pass_all(g)
    assert len(g.players["p1"].hand) == hand
    assert any(e.rule == "4.1.8d" for e in g.log)


def test_modified_effect_keeps_its_modification(clib):
    """An effect modified on the stack resolves with its changed value (4.1.8b, 4.1.8c)."""
    s = setup(clib)
    pyro = s.character("p1", "Pyro")
    amp = s.character("p1", "Amplifier")
    target = s.character("p2", "Guard")  # DFV 3
    g = day(s)
    g.apply(ActivateAbility("p1", pyro, 1, ((target,),)))
    assert g.stack is not None
    g.apply(ActivateAbility("p1", amp, 0, ((g.stack[0].id,),)))
    pass_all(g)
    assert g.objects[target].zone is Zone.DISCARD  # 2 + 1 damage on DFV 3


def test_partly_invalid_targets_affect_the_rest(clib):
    """If some targets become invalid, the remaining ones are affected as normal (4.3.5c.V)."""
    s = setup(clib)
    pyro = s.character("p1", "Pyro")
    slayer = s.character("p1", "Slayer")
    x = s.character("p2", "Guard")
    y = s.character("p2", "Soldier")
    g = day(s)
    g.apply(ActivateAbility("p1", pyro, 0, ((x, y),)))
    g.apply(ActivateAbility("p1", slayer, 0, ((x,),)))
    pass_all(g)
    assert g.objects[x].zone is Zone.DISCARD
    assert g.objects[y].counters.get("damage") == 1
    assert any(e.rule == "4.3.5c.V" and e.kind == "target_invalid" for e in g.log)


def test_state_based_check_runs_in_order(clib):
    """A state-based check applies 4.2.2a (lethal damage), then 4.2.2c (a second location), then 4.2.2h (an
    objective wins), in that order."""
    s = setup(clib, pool=6)
    doomed = s.character("p2", "Soldier", damage=2)
    s.location("p1", "Tower")
    s.character("p1", "Quester", victory_tokens=1)
    (fort,) = s.hand("p1", "Fort")
    g = day(s)
    g.apply(PlayCard("p1", fort))
    pass_all(g)
    order = [e.rule for e in g.log if e.rule in ("4.2.2a", "4.2.2c", "4.2.2h")]
    assert order == ["4.2.2a", "4.2.2c", "4.2.2h"]
    assert g.objects[doomed].zone is Zone.DISCARD
    assert (g.result.winner, g.result.rule) == ("p1", "4.2.2h")


def test_state_based_check_follows_the_closed_stack(clib):
    """Once all effects resolved the stack closes and a state-based check follows immediately (4.1.9, 4.2.0)."""
    s = setup(clib)
    s.resources("p1", "ember", 2)
    (champ,) = s.hand("p1", "Champion")
    g = day(s)
    for t in list(g.players["p1"].resources):
        g.apply(ExhaustResource("p1", t))
    g.apply(PlayCard("p1", champ, ("ember", "ember")))
    g.apply(PassPriority("p1"))
    g.apply(PassPriority("p2"))
    kinds = [(e.kind, e.rule) for e in g.log]
    closed = kinds.index(("stack_closed", "4.1.9"))
    grown = kinds.index(("pool_grows", "4.2.2g"))
    assert closed < grown and g.priority == "p1"


def test_enter_trigger_goes_on_the_stack_after_the_check(clib):
    """A 'when this enters' ability triggers on entering and is put on the stack after the next check (4.3.5b.I)."""
    s = setup(clib)
    (herald,) = s.hand("p1", "Herald")
    s.resource_pool("p1", {})
    g = day(s)
    g.apply(PlayCard("p1", herald))
    assert [e.kind for e in g.stack] == []
    g.apply(PassPriority("p1"))
    g.apply(PassPriority("p2"))
    assert [e.kind for e in g.stack] == ["triggered"]
    pushes = [e for e in g.log if e.kind in ("stack_closed", "stack_push")]
    assert pushes[-1].rule == "4.3.5b" and pushes[-2].kind == "stack_closed"


def test_leave_trigger_uses_last_known_information(clib):
    """A triggered ability of a card that left the board uses its last known state (4.2.3d.II, 4.2.3d.III)."""
    s = setup(clib)
    martyr = s.character("p2", "Martyr")
    s.attach(martyr, "Sword")  # OFV 1 + 2
    slayer = s.character("p1", "Slayer")
    victim = s.character("p1", "Guard")  # DFV 3
    g = day(s)
    g.apply(ActivateAbility("p1", slayer, 0, ((martyr,),)))
    pass_all(g)
    if g.pending is not None:
        g.apply(ChooseTargets("p2", ((victim,),)))
    pass_all(g)
    assert g.objects[martyr].zone is Zone.DISCARD
    assert g.objects[victim].zone is Zone.DISCARD  # took 3 damage: the Martyr's OFV before it left


def test_whenever_trigger_sees_other_cards_leave(clib):
    """'Whenever a character is discarded' triggers for each character discarded, after the check (4.2.3d)."""
    s = setup(clib)
    s.character("p1", "Mourner")
    slayer = s.character("p1", "Slayer")
    victim = s.character("p2", "Soldier")
    g = day(s)
    hand = len(g.players["p1"].hand)
    g.apply(ActivateAbility("p1", slayer, 0, ((victim,),)))
    pass_all(g)
    assert len(g.players["p1"].hand) == hand + 1


def test_simultaneous_triggers_are_ordered_by_their_controller(clib):
    """A player orders their simultaneous triggered abilities (9.2.1); the first chosen goes on the stack first."""
    s = setup(clib)
    s.character("p1", "Early Bird")
    s.at(turn=3, active="p1", phase="morning")
    g = s.build()
    assert g.pending.kind == "trigger_order"
    second = g.pending.options[1]
    g.apply(ChooseTriggerOrder("p1", (second,)))
    assert g.stack is not None
    assert g.stack[0].label.endswith("triggered ability")
    assert len(g.stack) == 2
    first_placed = [e for e in g.log if e.kind == "stack_push"][-2]
    assert first_placed.rule == "4.3.5b"


def test_support_ability_from_hand(clib):
    """A support card is revealed, its fee paid, it is discarded as a cost and its effect goes on the stack (4.3.5f)."""
    s = setup(clib)
    s.resources("p1", "ember", 1)
    (bolt,) = s.hand("p1", "Bolt")
    target = s.character("p2", "Soldier")
    g = day(s)
    with pytest.raises(CannotPay):
        g.apply(ActivateSupport("p1", bolt, ((target,),), ()))
    g.apply(ExhaustResource("p1", g.players["p1"].resources[0]))
    g.apply(ActivateSupport("p1", bolt, ((target,),), ("ember",)))
    assert g.stack is not None
    assert g.objects[bolt].zone is Zone.DISCARD and len(g.stack) == 1
    pass_all(g)
    assert g.objects[target].zone is Zone.DISCARD


def test_support_needs_no_stack_and_the_active_player(clib):
    """Support abilities only when the active player has priority and no stack exists (4.3.5f.I)."""
    s = setup(clib)
    scribe = s.character("p1", "Scribe")
    (bolt,) = s.hand("p2", "Bolt")
    s.resource_pool("p2", {None: 1})
    g = day(s)
    g.apply(ActivateAbility("p1", scribe, 0))
    g.apply(PassPriority("p1"))
    with pytest.raises((NotYourTurn, WrongTiming)) as err:
        g.apply(ActivateSupport("p2", bolt, ((scribe,),), (None,)))
    assert "4.3.5f.I" in err.value.rules


def test_command_ability_needs_a_command_token(clib):
    """A command ability costs a Command Token in addition to its regular cost (4.3.5e.II)."""
    s = setup(clib)
    cmd = s.character("p1", "Commander")
    s.command_tokens("p1", 0)
    g = day(s)
    with pytest.raises(CannotPay) as err:
        g.apply(ActivateAbility("p1", cmd, 0))
    assert "4.3.5e.II" in err.value.rules


def test_an_exhausted_permanent_cannot_pay_its_exhaust_cost_again(clib):
    """Once a permanent is exhausted for a cost it is face-down, so its ability cannot be activated again (4.3.2a);
    the 6.2.9a refusal itself is shown by the scenarios with resource tokens."""
    s = setup(clib)
    champ = s.character("p1", "Champion")
    g = day(s)
    g.apply(ActivateAbility("p1", champ, 0))
    pass_all(g)
    assert g.objects[champ].exhausted
    with pytest.raises(WrongTiming) as err:
        g.apply(ActivateAbility("p1", champ, 0))
    assert err.value.rules == ("4.3.2a", "6.1.5")


def test_activated_ability_needs_its_targets(clib):
    """An activated ability can only be activated with legal targets for every group (4.3.5c.V, D-TARGETS)."""
    s = setup(clib)
    pyro = s.character("p1", "Pyro")
    only = s.character("p2", "Guard")
    g = day(s)
    with pytest.raises(InvalidTarget) as err:
        g.apply(ActivateAbility("p1", pyro, 0, ((only,),)))  # Burn needs two targets
    assert err.value.rules == ("4.3.5c.V",)
    burns = [a for a in g.legal_actions() if isinstance(a, ActivateAbility) and a.ability == 0]
    assert burns and all(len(a.targets[0]) == 2 for a in burns)


def test_equipment_abilities_only_work_in_an_item_slot(clib):
    """Equipment abilities function only while the attachment is face-up in an item slot (4.3.5g.II)."""
    s = setup(clib)
    (sword,) = s.hand("p1", "Sword")
    g = day(s)
    g.apply(PlayCard("p1", sword))
    assert g.stack == []  # played directly: the Equip static has no effect outside a slot
    pass_all(g)
    main = g.players["p1"].main_character
    assert main is not None
    assert value(g, g.objects[main], "ofv") == 2


def test_continuous_static_applies_while_face_up(clib):
    """A continuous static effect applies to matching permanents while its source is face-up, also to later arrivals (4.3.5a, 4.3.5a.II)."""
    s = setup(clib)
    (lord,) = s.hand("p1", "Lord")
    soldier = s.character("p1", "Soldier")
    (guard,) = s.hand("p1", "Guard")
    s.resource_pool("p1", {None: 1})
    g = day(s)
    g.apply(PlayCard("p1", lord))
    pass_all(g)
    assert value(g, g.objects[soldier], "ofv") == 3
    g.apply(PlayCard("p1", guard, (None,)))
    pass_all(g)
    assert value(g, g.objects[guard], "ofv") == 2
    from engine.athernum.markers import exhaust

    exhaust(g, g.objects[lord], "6.2.2")
    assert value(g, g.objects[soldier], "ofv") == 2


def test_value_layers_set_then_add_then_multiply(clib):
    """Set, then add, then multiply, whatever the order they resolved in (4.4.2)."""
    s = setup(clib)
    target = s.character("p2", "Soldier")  # OFV 2
    doubler, adder, setter = s.hand("p1", "Doubler", "Adder", "Setter")
    g = day(s)
    for item in (doubler, adder, setter):
        play_item_on(g, item, target)
    assert value(g, g.objects[target], "ofv") == (5 + 1) * 2


def test_most_recent_set_wins(clib):
    """Of two effects setting the same value, the most recent takes precedence (4.4.1a)."""
    s = setup(clib)
    target = s.character("p2", "Soldier")
    setter, setter2 = s.hand("p1", "Setter", "Setter Two")
    g = day(s)
    play_item_on(g, setter, target)
    play_item_on(g, setter2, target)
    assert value(g, g.objects[target], "ofv") == 1


def test_conditional_modifier_applies_last_and_only_when_true(clib):
    """A conditional modifier applies after the others, and only while its condition holds (4.4.2d)."""
    s = setup(clib)
    zerk = s.character("p1", "Berserker")  # OFV 1, +3 while damaged
    pyro = s.character("p1", "Pyro")
    (doubler,) = s.hand("p1", "Doubler")
    g = day(s)
    assert value(g, g.objects[zerk], "ofv") == 1
    play_item_on(g, doubler, zerk)
    assert value(g, g.objects[zerk], "ofv") == 2
    g.apply(ActivateAbility("p1", pyro, 1, ((zerk,),)))
    pass_all(g)
    assert value(g, g.objects[zerk], "ofv") == 1 * 2 + 3  # the condition is applied after multiplying


def test_objective_ability_wins_with_enough_victory_tokens(clib):
    """A face-up permanent with an Objective Ability and Victory Tokens >= its field wins (4.2.2h, 4.3.5d.III)."""
    s = setup(clib)
    champ = s.character("p1", "Champion", victory_tokens=1)  # field 2
    g = day(s)
    g.apply(ActivateAbility("p1", champ, 0))  # Quest exhausts the Champion as its cost
    pass_all(g)
    assert g.objects[champ].victory_tokens == 2
    assert g.result is None  # exhausted, hence face-down: 4.2.2h needs a face-up permanent
    advance(g, lambda g: g.over)
    assert g.result is not None
    assert g.result.winner == "p1" and g.result.rule == "4.2.2h"
    assert g.turn == 5  # it turned face-up in p1's next morning


def test_equip_static_follows_a_new_linked_target(clib):
    """An attachment's effect follows its linked target (4.2.1b): the bonus is the host's, not a fixed object's."""
    s = setup(clib)
    (sword,) = s.hand("p1", "Sword")
    soldier = s.character("p1", "Soldier")
    g = day(s)
    g.apply(AttachItem("p1", sword, soldier))
    pass_all(g)
    assert value(g, g.objects[soldier], "ofv") == 4
    main = g.players["p1"].main_character
    assert main is not None
    assert value(g, g.objects[main], "ofv") == 2


def test_continuous_static_applies_once_after_recovering(clib):
    """A static ability that stopped when its card turned face-down applies again, once, after it recovers (4.3.5a.I-II)."""
    from engine.athernum.state import Phase

    s = setup(clib)
    lord = s.character("p1", "Lord")
    soldier = s.character("p1", "Soldier")
    g = day(s)
    assert value(g, g.objects[soldier], "ofv") == 3
    from engine.athernum.markers import exhaust

    exhaust(g, g.objects[lord], "6.2.2")
    assert value(g, g.objects[soldier], "ofv") == 2
    advance(g, lambda g: g.turn == 5 and g.phase is Phase.DAY)
    assert not g.objects[lord].exhausted
    assert value(g, g.objects[soldier], "ofv") == 3
    assert sum(1 for m in g.modifiers if m.source_id == lord) == 1


def test_abilities_that_work_from_the_discard_pile(clib):
    """Some triggered abilities work while their card is in the discard pile (4.3.2c)."""
    from engine.athernum.state import Phase

    s = setup(clib)
    ghost = s.character("p1", "Ghost")
    slayer = s.character("p1", "Slayer")
    g = day(s)
    hand = len(g.players["p1"].hand)
    g.apply(ActivateAbility("p1", slayer, 0, ((ghost,),)))
    pass_all(g)
    assert g.objects[ghost].zone is Zone.DISCARD and len(g.players["p1"].hand) == hand + 2
    advance(g, lambda g: g.turn == 5 and g.phase is Phase.DAY)
    assert len(g.players["p1"].hand) == hand + 3


MODIFY = TEST_CARDS + [
    {
        "name": "Marshal",
        "type": "character",
        "cost": 0,
        "ofv": 0,
        "dfv": 2,
        "abilities": [
            {
                "type": "static",
                "effect": {
                    "kind": "modify_value",
                    "what": {"all": {"types": ["character"], "controller": "you", "other": True}},
                    "property": "ofv",
                    "add": 1,
                },
            }
        ],
    },
    {
        "name": "Echo Mage",
        "type": "character",
        "cost": 0,
        "ofv": 0,
        "dfv": 2,
        "abilities": [
            {
                "type": "activated",
                "name": "Echo",
                "targets": [{"kind": "effect", "filter": {"controller": "you"}}],
                "effect": {"kind": "modify_effect", "what": "target 0", "add": 2},
            },
            {
                "type": "activated",
                "name": "Dampen",
                "targets": [{"kind": "effect", "filter": {"controller": "you"}}],
                "effect": {"kind": "modify_effect", "what": "target 0", "add": -3},
            },
        ],
    },
]


modlib = library_fixture(MODIFY)


@pytest.mark.parametrize(
    ("ability", "target_name", "ofv"),
    [
        pytest.param(0, "Guard", 1 + (1 + 2), id="echo-plus2-makes-plus3"),  # Guard OFV 1
        pytest.param(
            1, "Soldier", 2 + (1 - 3), id="dampen-minus3-makes-minus2"
        ),  # Soldier OFV 2: not cut at 0
    ],
)
def test_a_value_change_modified_on_the_stack_applies_as_modified_and_keeps_it(
    modlib, ability, target_name, ofv
):
    """A '+1' modified on the stack applies with its modified amount, a reduction too ('-3' makes it '-2', the add is not cut at 0), and keeps it (4.1.8b, 4.1.8c, 4.1.4c.II, 4.4.3a)."""
    s = setup(modlib)
    mage = s.character("p1", "Echo Mage")
    target = s.character("p1", target_name)
    (marshal,) = s.hand("p1", "Marshal")
    g = day(s)
    g.apply(PlayCard("p1", marshal))
    assert g.stack is not None
    [entry] = g.stack
    g.apply(ActivateAbility("p1", mage, ability, ((entry.id,),)))
    pass_all(g)
    assert value(g, g.objects[target], "ofv") == ofv
    advance(g, lambda g: g.turn == 4)
    assert value(g, g.objects[target], "ofv") == ofv


GRANTS = TEST_CARDS + [
    {
        "name": "War Chanter",
        "type": "character",
        "cost": 0,
        "ofv": 0,
        "dfv": 2,
        "abilities": [
            {
                "type": "activated",
                "name": "Inspire",
                "targets": [{"kind": "permanent", "filter": {"types": ["character"], "controller": "you"}}],
                "effect": {
                    "kind": "grant_ability",
                    "what": "target 0",
                    "ability": {"type": "activated", "name": "Second Wind", "effect": {"kind": "draw"}},
                },
            },
            {
                "type": "activated",
                "name": "Vow",
                "targets": [{"kind": "permanent", "filter": {"types": ["character"], "controller": "you"}}],
                "effect": {
                    "kind": "grant_ability",
                    "what": "target 0",
                    "duration": "permanent",
                    "ability": {
                        "type": "triggered",
                        "trigger": {"when": "damaged"},
                        "effect": {"kind": "draw"},
                    },
                },
            },
        ],
    },
    {
        "name": "Drowse",
        "type": "item",
        "abilities": [
            {
                "type": "static",
                "targets": [{"kind": "permanent", "filter": {"types": ["character"]}}],
                "effect": {"kind": "exhaust", "what": "target 0"},
            }
        ],
    },
    {
        "name": "Recall",
        "type": "item",
        "abilities": [
            {
                "type": "static",
                "targets": [{"kind": "permanent", "filter": {"types": ["character"], "main": False}}],
                "effect": {"kind": "return_to_hand", "what": "target 0"},
            }
        ],
    },
]


glib = library_fixture(GRANTS)


#: The War Chanter's abilities: grant "Second Wind" (draw), or grant "when this is dealt damage, draw" for good.
INSPIRE, VOW = 0, 1


def _grant_then_play(s, grant, holder, item):
    """p1's War Chanter grants ``holder`` an ability in p1's day, then p1 plays ``item`` on it; returns the game."""
    chanter = s.character("p1", "War Chanter")
    (card,) = s.hand("p1", item)
    g = day(s)
    g.apply(ActivateAbility("p1", chanter, grant, ((holder,),)))
    pass_all(g)
    play_item_on(g, card, holder)
    return g


def test_a_granted_ability_activates_while_its_permanent_is_exhausted(glib):
    """An ability granted by an effect may be activated whatever the permanent's state, here exhausted (4.3.2b)."""
    s = setup(glib)
    soldier = s.character("p1", "Soldier")
    g = _grant_then_play(s, INSPIRE, soldier, "Drowse")
    assert g.objects[soldier].exhausted
    assert (
        ActivateAbility("p1", soldier, 0) in g.legal_actions()
    )  # no printed ability: index 0 is the granted one
    hand = len(g.players["p1"].hand)
    g.apply(ActivateAbility("p1", soldier, 0))
    pass_all(g)
    assert len(g.players["p1"].hand) == hand + 1


def test_a_granted_ability_is_lost_when_its_permanent_changes_zones(glib):
    """A granted ability does not follow its permanent to another zone and back (4.3.2b)."""
    from engine.athernum.errors import NotAnAbility

    s = setup(glib)
    soldier = s.character("p1", "Soldier")
    s.resources("p1", "ember", 1)
    g = _grant_then_play(s, INSPIRE, soldier, "Recall")
    assert g.objects[soldier].zone is Zone.HAND
    g.apply(ExhaustResource("p1", g.players["p1"].resources[0]))
    g.apply(PlayCard("p1", soldier, ("ember",)))
    pass_all(g)
    with pytest.raises(NotAnAbility):
        g.apply(ActivateAbility("p1", soldier, 0))


def test_a_granted_triggered_ability_triggers_while_face_down(glib):
    """A granted 'when this is dealt damage' ability triggers although its permanent is exhausted (4.3.2b)."""
    from engine.athernum.markers import deal_damage

    s = setup(glib)
    guard = s.character("p1", "Guard")
    g = _grant_then_play(s, VOW, guard, "Drowse")
    deal_damage(g, g.objects[guard], 1, "10.3.1", "a test")
    assert any(e.kind == "trigger" and guard in e.objects for e in g.log)


DECK_TOP = TEST_CARDS + [
    {
        "name": "Augur",
        "type": "character",
        "cost": 0,
        "ofv": 0,
        "dfv": 2,
        "abilities": [{"type": "activated", "name": "Omen", "effect": {"kind": "turn_top_face_up"}}],
    },
    {
        "name": "Omen Bird",
        "type": "character",
        "cost": 1,
        "ofv": 1,
        "dfv": 1,
        "abilities": [
            {
                "type": "triggered",
                "zone": "deck_top",
                "trigger": {"at": "morning"},
                "effect": {"kind": "draw"},
            }
        ],
    },
]


def _augur_turns_the_top_face_up(p1_deck, p2_deck=()):
    """In p1's day p1's Augur turns the top card of p1's deck (``p1_deck``, top first) face-up; returns the game and that card."""
    s = Setup(load_library(DECK_TOP), seed=1)
    s.main("p1", "Hero")
    s.main("p2", "Rival")
    augur = s.character("p1", "Augur")
    top, *_ = s.deck("p1", *p1_deck)
    if p2_deck:
        s.deck("p2", *p2_deck)
    g = day(s)
    g.apply(ActivateAbility("p1", augur, 0))
    pass_all(g)
    return g, top


def test_an_ability_works_from_the_face_up_top_of_the_deck():
    """A card face-up on top of its owner's deck uses its deck-top ability; face-down there it does nothing (4.3.2d)."""
    g, bird = _augur_turns_the_top_face_up(
        ("Omen Bird", "Filler", "Filler", "Filler"), ("Filler", "Filler", "Filler")
    )
    assert g.can_see("p2", bird) and g.view("p2")["objects"][bird]["name"] == "Omen Bird"
    advance(g, lambda g: g.turn == 5 and g.phase.value == "day")
    assert any(e.rule == "4.3.5b" and bird in e.objects for e in g.log)
    assert g.objects[bird].zone is Zone.HAND and not g.can_see("p2", bird)


def test_a_shuffle_hides_the_face_up_top_card_again():
    """Shuffling keeps cards hidden: the face-up top card is face-down again afterwards (4.3.2d, 7.2.3c)."""
    from engine.athernum.zones import shuffle

    g, bird = _augur_turns_the_top_face_up(("Omen Bird", "Filler"))
    assert g.can_see("p1", bird)
    shuffle(g, "p1", "7.2.3b")
    assert not g.can_see("p1", bird) and not g.players["p1"].face_up_top
