"""The position builder (Setup), plain-data positions, snapshots and actions as data — the API scenarios use."""

from __future__ import annotations

import json

import pytest

from engine.athernum import PlayCard, Setup, action_from_dict
from engine.athernum.card_pool import library
from engine.athernum.errors import SetupError
from engine.athernum.values import value
from tests.engine.engine_helpers import pass_all, setup


def test_built_position_applies_continuous_statics(lib):
    """In a built position the continuous static effects of face-up cards already apply (4.3.5a)."""
    s = setup(lib)
    assert s.game.players["p1"].main_character is not None
    s.attach(s.game.players["p1"].main_character, "Sword")
    s.at(turn=3, active="p1", phase="day")
    g = s.build()
    assert g.players["p1"].main_character is not None
    assert value(g, g.objects[g.players["p1"].main_character], "ofv") == 4


def test_face_down_attachments_do_not_apply(lib):
    """A face-down attachment in a built position has no effect (6.1.5)."""
    s = setup(lib)
    assert s.game.players["p1"].main_character is not None
    s.attach(s.game.players["p1"].main_character, "Sword", face_down=True)
    s.at(turn=3, active="p1", phase="day")
    g = s.build()
    assert g.players["p1"].main_character is not None
    assert value(g, g.objects[g.players["p1"].main_character], "ofv") == 2


def test_builder_rejects_impossible_positions(lib):
    """The builder refuses a sixth character (7.1.2a) and Victory Tokens without a field (10.1.3)."""
    s = setup(lib)
    for _ in range(5):
        s.character("p1", "Guard")
    with pytest.raises(SetupError):
        s.character("p1", "Guard")
    with pytest.raises(SetupError):
        s.character("p2", "Guard", victory_tokens=1)


def test_from_dict_reports_unknown_fields():
    """A misspelt position field is an error, not silently ignored."""
    with pytest.raises(SetupError) as err:
        Setup.from_dict({"victory_pol": 3}, library())
    assert "victory_pol" in str(err.value)


def test_labels_become_instance_ids():
    """A board card given a label gets it as its instance id; others get owner:Name#n."""
    data = {
        "players": {
            "p1": {
                "main": "Ember Queen",
                "characters": [{"card": "Ember Knight", "label": "knight"}, "Ember Knight"],
            },
            "p2": {"main": "Tide Oracle"},
        },
        "turn": 3,
        "active": "p1",
    }
    g = Setup.from_dict(data, library()).build()
    assert g.objects["knight"].name == "Ember Knight"
    assert "p1:Ember Knight#1" in g.objects and g.objects["p1:Ember Queen#1"].zone.value == "main_character"


def test_snapshot_is_plain_data(lib):
    """to_dict() is plain JSON-able data with zones, counters, values and the pools."""
    s = setup(lib)
    k = s.character("p1", "Soldier", damage=1)
    s.at(turn=3, active="p1", phase="day")
    g = s.build()
    d = json.loads(json.dumps(g.to_dict()))
    assert d["phase"] == "day" and d["active"] == "p1" and d["victory_pool"] == 6
    assert k in d["players"]["p1"]["character_slots"]
    assert d["objects"][k]["counters"] == {"damage": 1} and d["objects"][k]["ofv"] == 2


def test_actions_round_trip_as_data(lib):
    """Actions convert to plain data and back unchanged (for scenario steps)."""
    a = PlayCard("p1", "p1:Soldier#1", ("ember",))
    assert action_from_dict(a.to_dict()) == a
    assert a.to_dict() == {"action": "PlayCard", "player": "p1", "card": "p1:Soldier#1", "payment": ["ember"]}


def test_log_entries_explain_automatic_rules(lib):
    """Log entries carry a sequence number, turn, phase, rule, kind, objects and a message."""
    s = setup(lib)
    soldier = s.character("p2", "Soldier", damage=2)
    (potion,) = s.hand("p1", "Potion")
    s.at(turn=3, active="p1", phase="day")
    g = s.build()
    g.apply(PlayCard("p1", potion))
    pass_all(g)
    entry = next(e for e in g.log if e.rule == "4.2.2a")
    assert entry.kind == "moved" and entry.objects == (soldier,) and entry.turn == 3 and entry.phase == "day"
    assert "Defensive Value" in entry.message
    assert [e.seq for e in g.log] == list(range(1, len(g.log) + 1))


def test_from_dict_without_resources_creates_none(lib):
    """A player without a 'resources' field has no resource tokens (not one factionless token)."""
    g = Setup.from_dict({"players": {"p1": {"main": "Hero"}, "p2": {"main": "Rival"}}}, lib).build()
    assert g.players["p1"].resources == [] and g.players["p2"].resources == []


def test_from_dict_reads_every_form_of_resources(lib):
    """'resources' may be a count (factionless), one group, or a list of groups."""
    g = Setup.from_dict(
        {
            "players": {
                "p1": {
                    "main": "Hero",
                    "resources": [{"faction": "ember", "count": 2}, {"count": 1, "exhausted": True}],
                },
                "p2": {"main": "Rival", "resources": 2},
            }
        },
        lib,
    ).build()
    p1 = [g.objects[r] for r in g.players["p1"].resources]
    assert [(o.definition.faction, o.exhausted) for o in p1] == [
        ("ember", False),
        ("ember", False),
        (None, True),
    ]
    assert [g.objects[r].definition.faction for r in g.players["p2"].resources] == [None, None]
    with pytest.raises(SetupError):
        Setup.from_dict(
            {"players": {"p1": {"main": "Hero", "resources": [{"colour": "red"}]}, "p2": {"main": "Rival"}}},
            lib,
        )
