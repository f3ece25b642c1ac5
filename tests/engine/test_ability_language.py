"""The ability language: card definitions as plain data, with errors that name the offending field."""

from __future__ import annotations

import pytest
import yaml

from engine.athernum import CardDefinitionError, load_card, load_library
from engine.athernum.abilities import EFFECT_FIELDS
from engine.athernum.card_pool import definitions, library
from engine.athernum.cards import ABILITY_TYPES, KEYWORDS


def _card(**abilities):
    return {"name": "X", "type": "character", "cost": 1, "ofv": 1, "dfv": 1, **abilities}


def test_unknown_effect_names_the_field_and_suggests():
    """A misspelt effect kind is reported with its field path and a suggestion."""
    data = _card(
        abilities=[
            {"type": "static", "effect": {"kind": "draw"}},
            {"type": "static", "effect": {"kind": "drwa"}},
        ]
    )
    with pytest.raises(CardDefinitionError) as err:
        load_card(data)
    assert str(err.value) == "abilities[1].effect.kind: unknown effect 'drwa' (did you mean 'draw'?)"
    assert err.value.path == "abilities[1].effect.kind"


@pytest.mark.parametrize(
    "data, path",
    [
        ({"name": "X", "type": "charcter"}, "type"),
        ({"name": "X", "type": "item", "cost": 2}, "cost"),
        ({"name": "X", "type": "character", "ofv": -1}, "ofv"),
        ({"name": "X", "type": "character", "colour": "red"}, "colour"),
        (_card(abilities=[{"type": "triggered", "effect": {"kind": "draw"}}]), "abilities[0].trigger"),
        (
            _card(
                abilities=[{"type": "triggered", "trigger": {"when": "entrs"}, "effect": {"kind": "draw"}}]
            ),
            "abilities[0].trigger.when",
        ),
        (
            _card(
                abilities=[
                    {"type": "activated", "cost": {"resources": {"ember": "two"}}, "effect": {"kind": "draw"}}
                ]
            ),
            "abilities[0].cost.resources.ember",
        ),
        (
            _card(
                abilities=[
                    {"type": "activated", "effect": {"kind": "deal_damage", "what": "target 1", "amount": 1}}
                ]
            ),
            "abilities[0].effect.what",
        ),
        (
            _card(abilities=[{"type": "activated", "effect": {"kind": "deal_damage", "amount": 1}}]),
            "abilities[0].effect.what",
        ),
        (
            _card(abilities=[{"type": "static", "keyword": "command", "effect": {"kind": "draw"}}]),
            "abilities[0].keyword",
        ),
        (_card(abilities=[{"type": "support", "cost": 1, "effect": {"kind": "draw"}}]), "abilities[0].cost"),
        (
            _card(
                abilities=[
                    {
                        "type": "activated",
                        "targets": [{"kind": "player"}],
                        "effect": {"kind": "neutralise", "what": "target 0"},
                    }
                ]
            ),
            "abilities[0].effect.what",
        ),
        (
            _card(
                abilities=[
                    {"type": "static", "effect": {"kind": "modify_value", "what": "this", "property": "ofv"}}
                ]
            ),
            "abilities[0].effect",
        ),
        (
            _card(abilities=[{"type": "static", "effect": {"kind": "draw", "colour": 1}}]),
            "abilities[0].effect.colour",
        ),
        (
            _card(
                abilities=[
                    {"type": "support", "fee": 1, "effect": {"kind": "draw"}},
                    {"type": "support", "fee": 1, "effect": {"kind": "draw"}},
                ]
            ),
            "abilities",
        ),
    ],
)
def test_definition_errors_name_the_field(data, path):
    """Every malformed field raises CardDefinitionError whose path names it."""
    with pytest.raises(CardDefinitionError) as err:
        load_card(data)
    assert err.value.path == path, str(err.value)


def test_cards_load_from_yaml():
    """Card definitions are plain data: YAML text loads into the same CardDef."""
    text = """
name: Ember Knight
type: character
faction: ember
subtypes: [Knight]
cost: 2
ofv: 2
dfv: 2
item_slots: 1
abilities:
  - type: activated
    name: Charge
    cost: {exhaust_self: true}
    targets:
      - kind: permanent
        filter: {types: [character], controller: opponent}
    effect: {kind: deal_damage, what: target 0, amount: 1}
"""
    card = load_card(yaml.safe_load(text))
    assert card == library()["Ember Knight"]
    assert (
        card.abilities[0].cost.exhaust_self and card.abilities[0].targets[0].filter.controller == "opponent"
    )


def test_command_keyword_adds_a_command_token_to_the_cost():
    """A Command ability costs a Command Token in addition to its regular cost (4.3.5e.II)."""
    card = load_card(
        _card(
            abilities=[
                {
                    "type": "activated",
                    "keyword": "command",
                    "cost": {"resources": 1},
                    "effect": {"kind": "draw"},
                }
            ]
        )
    )
    assert card.abilities[0].cost.command_tokens == 1 and card.abilities[0].cost.resources.total == 1


def test_the_built_in_pool_exercises_every_ability_type_and_effect_kind():
    """The random-play card pool uses every ability type, keyword and effect kind of the language."""
    lib = library()
    abilities = [a for c in lib.values() for a in c.abilities]
    abilities += [
        a for c in lib.values() for a in c.abilities for e in a.effects if e.token for a in e.token.abilities
    ]
    assert {a.type for a in abilities} == set(ABILITY_TYPES)
    assert set().union(*(a.keywords for a in abilities)) == set(KEYWORDS)
    kinds = {e.kind for a in abilities for e in a.effects}
    assert kinds == set(EFFECT_FIELDS)
    triggers = {a.trigger.mode for a in abilities if a.trigger}
    assert triggers == {"when", "whenever", "at"}


def test_library_rejects_duplicate_names():
    """Two cards with the same name in one library are an error (1.1.1)."""
    with pytest.raises(CardDefinitionError) as err:
        queen = {"name": "Ember Queen", **definitions()["Ember Queen"]}
        load_library([queen, queen])
    assert err.value.path == "[1].name"


DOC = __import__("pathlib").Path(__file__).resolve().parents[2] / "docs" / "authors" / "ability-language.md"


def _yaml_blocks():
    import re

    return [yaml.safe_load(b) for b in re.findall(r"```yaml\n(.*?)```", DOC.read_text(), re.S)]


def test_documented_cards_load():
    """Every complete card in docs/authors/ability-language.md loads, and equals the built-in pool's card of that name."""
    pool = library()
    cards = []
    for block in _yaml_blocks():
        if isinstance(block, dict) and "name" in block and "type" in block:
            cards.append(block)
        elif isinstance(block, list) and all(
            isinstance(c, dict) and "name" in c and "type" in c for c in block
        ):
            cards.extend(block)
    assert len(cards) >= 7
    for data in cards:
        card = load_card(data)
        assert pool[card.name] == card, card.name


def test_documented_position_builds():
    """The position example of the documentation builds into a game with the active player's priority."""
    from engine.athernum import Setup

    block = next(b for b in _yaml_blocks() if isinstance(b, dict) and "players" in b)
    game = Setup.from_dict(block, library()).build()
    assert game.priority == "p1" and game.turn == 3
    assert "dummy" in game.objects and game.objects["dummy"].name == "Test Dummy"
    knight = next(o for o in game.board_ids("p1") if game.objects[o].name == "Ember Knight")
    assert game.objects[knight].counters == {"damage": 1}
    assert game.objects[game.objects[knight].attachments[0]].face_down
