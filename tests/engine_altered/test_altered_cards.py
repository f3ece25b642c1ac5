"""Card definitions: sub-types (2.2.2), statistics (2.2.9), durations (2.2.13) and token descriptions."""

from __future__ import annotations

from typing import Any

import pytest

from engine.altered import CardDefinitionError, load_card
from engine.altered.tokens import parse_token


def _rules(data: dict) -> tuple[str, ...]:
    with pytest.raises(CardDefinitionError) as info:
        load_card(data)
    return info.value.rules


def test_each_card_type_checks_its_own_subtype_list():
    """A sub-type outside its type's list is refused citing that list (2.2.2.d, e, g) and a Hero's citing 2.2.2.b."""
    assert _rules({"name": "A", "type": "character", "subtypes": ["Landmark"], "stats": [1, 1, 1]}) == (
        "2.2.2.d",
    )
    assert _rules({"name": "B", "type": "permanent", "subtypes": ["Robot"]}) == ("2.2.2.e",)
    assert _rules({"name": "C", "type": "spell", "subtypes": ["Landmark"]}) == ("2.2.2.g",)
    assert _rules({"name": "D", "type": "hero", "subtypes": ["Noble"]}) == ("2.2.2.b",)


def test_listed_subtypes_are_accepted_in_any_number():
    """Any number of listed sub-types, none included, is accepted (2.2.2.c)."""
    assert load_card({"name": "A", "type": "character", "subtypes": [], "stats": [0, 0, 0]}).subtypes == ()
    many = load_card(
        {"name": "B", "type": "character", "subtypes": ["Mage", "Noble", "Scholar"], "stats": [0, 0, 0]}
    )
    assert many.subtypes == ("Mage", "Noble", "Scholar")
    assert load_card({"name": "C", "type": "spell", "subtypes": ["Boon", "Song"]}).subtypes == (
        "Boon",
        "Song",
    )


def test_regions_have_the_terrain_subtypes():
    """Hero, companion and arena regions are Forest, Mountain, Water (2.2.2.k); Tumult terrains come from 2.2.2.f."""
    assert load_card({"name": "H", "type": "region", "role": "hero"}).subtypes == (
        "Forest",
        "Mountain",
        "Water",
    )
    assert _rules({"name": "H", "type": "region", "role": "companion", "subtypes": ["Water"]}) == ("2.2.2.k",)
    assert _rules({"name": "T", "type": "region", "role": "tumult", "terrains": [["Sand"]]}) == (
        "2.2.2.f",
        "2.2.2.l",
    )
    assert _rules({"name": "T", "type": "region", "role": "tumult", "subtypes": ["Water"]}) == ("2.2.2.l",)


def test_only_characters_have_three_numeric_statistics():
    """Statistics are three numbers (2.2.9.a-b), and only Characters have them (2.2.9.c)."""
    assert load_card({"name": "A", "type": "character", "stats": {"water": 3}}).stats == (0, 0, 3)
    assert load_card({"name": "A", "type": "character", "stats": "1/2/3"}).stats == (1, 2, 3)
    assert _rules({"name": "A", "type": "character", "stats": [1, 2, "x"]}) == ("2.2.9.a",)
    assert _rules({"name": "A", "type": "character", "stats": [1, 2, 3, 4]}) == ("2.2.9.b",)
    assert _rules({"name": "A", "type": "character"}) == ("2.2.9.b",)
    assert _rules({"name": "A", "type": "spell", "stats": [1, 1, 1]}) == ("2.2.9.c",)


def test_only_ongoing_emblems_have_durations():
    """An Ongoing effect needs one of the three durations (2.2.13.a); nothing else may have one (2.2.13.b)."""
    spell: dict[str, Any] = {
        "name": "S",
        "type": "spell",
        "effect": [{"ongoing": {"duration": "afternoon", "passive": {"cannot": "sacrifice"}}}],
    }
    assert load_card(spell).effect[0].args["duration"] == "afternoon"
    spell["effect"][0]["ongoing"]["duration"] = "forever"
    assert _rules(spell) == ("2.2.13.a",)
    assert _rules(
        {
            "name": "P",
            "type": "permanent",
            "abilities": [{"passive": {"cannot": "sacrifice", "duration": "day"}}],
        }
    ) == ("2.2.13.b",)
    assert _rules(
        {
            "name": "R",
            "type": "character",
            "stats": [1, 1, 1],
            "abilities": [
                {"reaction": {"trigger": {"at": "noon"}, "duration": "turn", "effect": ["resupply"]}}
            ],
        }
    ) == ("2.2.13.b",)


def test_token_description_gives_name_statistics_and_subtypes():
    """'Name F/M/W Sub, Sub' gives the token's statistics (2.2.9.e) and sub-types (2.2.2.j)."""
    spec = parse_token("Ordis Recruit 1/2/3 Soldier, Citizen")
    assert (spec.name, spec.stats, spec.subtypes) == ("Ordis Recruit", (1, 2, 3), ("Soldier", "Citizen"))
    with pytest.raises(CardDefinitionError) as info:
        parse_token("Brassbug 2/2 Robot")
    assert "2.2.9.e" in info.value.rules
    with pytest.raises(CardDefinitionError) as info:
        parse_token("Brassbug 2/2/2 Knight")
    assert info.value.rules == ("2.2.2.d", "2.2.2.j")


def test_malformed_definitions_name_the_field():
    """Unknown verbs, triggers and fields are refused with the path of the field."""
    with pytest.raises(CardDefinitionError, match=r"S\.effect\[0\]"):
        load_card({"name": "S", "type": "spell", "effect": [{"explode": {}}]})
    with pytest.raises(CardDefinitionError, match="trigger"):
        load_card(
            {
                "name": "C",
                "type": "character",
                "stats": [0, 0, 0],
                "abilities": [{"reaction": {"trigger": {"at": "midnight"}, "effect": []}}],
            }
        )
    with pytest.raises(CardDefinitionError, match=r"C\.power: unknown card field"):
        load_card({"name": "C", "type": "character", "stats": [0, 0, 0], "power": 3})
