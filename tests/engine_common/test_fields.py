"""Card definitions are checked against a table of fields, one validator for the three engines, and every
error names the path of the field at fault."""

from __future__ import annotations

import pytest

from engine.altered import load_card as altered_card
from engine.athernum import load_library as athernum_library
from engine.athernum.errors import CardDefinitionError
from engine.atnia import load_library as atnia_library
from engine.common import errors as common
from engine.common.fields import Field, read_fields

TABLE = (
    Field("name", "str", required=True),
    Field("type", "choice", required=True, choices=("unit", "item")),
    Field("cost", "int", minimum=0, default=0),
    Field("subtypes", "str_list", default=()),
    Field("abilities", "list", default=()),
)


def _error(data) -> CardDefinitionError:
    with pytest.raises(CardDefinitionError) as err:
        read_fields(data, TABLE, "Golem", CardDefinitionError)
    return err.value


def test_values_are_read_with_their_defaults():
    """A valid card gives its values; a missing optional field its default; one subtype becomes a tuple."""
    assert read_fields(
        {"name": "Golem", "type": "unit", "subtypes": "Construct"}, TABLE, "Golem", CardDefinitionError
    ) == {"name": "Golem", "type": "unit", "cost": 0, "subtypes": ("Construct",), "abilities": ()}


@pytest.mark.parametrize(
    "data, path, words",
    [
        ({"name": "Golem", "type": "unit", "cots": 1}, "Golem.cots", "did you mean 'cost'?"),
        ({"name": "Golem"}, "Golem.type", "needs a type"),
        ({"name": "Golem", "type": "unti"}, "Golem.type", "did you mean 'unit'?"),
        ({"name": "Golem", "type": "unit", "cost": -1}, "Golem.cost", "at least 0"),
        ({"name": "Golem", "type": "unit", "cost": True}, "Golem.cost", "whole number"),
        (
            {"name": "Golem", "type": "unit", "subtypes": ["Construct", 3]},
            "Golem.subtypes[1]",
            "non-empty string",
        ),
        ({"name": "Golem", "type": "unit", "abilities": {"a": 1}}, "Golem.abilities", "expected a list"),
        (["Golem"], "Golem", "expected a mapping"),
    ],
)
def test_an_error_names_the_field_path(data, path, words):
    """Each kind of mistake is refused with the path of the field and what is wrong with it."""
    err = _error(data)
    assert err.path == path and words in err.problem


@pytest.mark.parametrize(
    "load",
    [
        lambda: athernum_library({"Golem": {"type": "character", "cots": 1}}),
        lambda: atnia_library({"Golem": {"type": "unit", "offense": 1, "health": 1, "cots": 1}}),
        lambda: altered_card({"name": "Golem", "type": "character", "stats": [1, 1, 1], "cots": 1}),
    ],
)
def test_every_engine_reports_a_misspelt_field_the_same_way(load):
    """Athernum, Atnia and Altered refuse a misspelt card field naming Golem.cots and suggesting cost."""
    with pytest.raises(common.CardDefinitionError) as err:
        load()
    assert err.value.path == "Golem.cots" and "did you mean 'cost'?" in err.value.problem
