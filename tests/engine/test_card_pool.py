"""The built-in card pool is data (engine/athernum/data/card_pool.yaml) read by the engine."""

from __future__ import annotations

import pytest

from engine.athernum import card_pool
from engine.athernum.errors import CardDefinitionError


def test_every_card_of_the_data_file_is_in_the_library():
    """The library holds exactly the cards written in the pool's data file, under their names."""
    assert sorted(card_pool.library()) == sorted(card_pool.definitions())
    assert card_pool.library()["Ember Queen"].victory_token_field == 3


def test_a_malformed_card_names_the_file_and_the_field(monkeypatch):
    """A bad value in the data file is refused with the file and the field path of the value."""
    monkeypatch.setattr(card_pool, "_pool_text", lambda: "Ember Queen:\n  type: character\n  cost: many\n")
    with pytest.raises(CardDefinitionError) as err:
        card_pool.library()
    assert err.value.path == "card_pool.yaml: Ember Queen.cost"


def test_invalid_yaml_names_the_file_and_the_line(monkeypatch):
    """A data file that is not YAML is refused with the file and the line of the problem."""
    monkeypatch.setattr(card_pool, "_pool_text", lambda: "Ember Queen:\n  type: [character\n  cost: 3\n")
    with pytest.raises(CardDefinitionError, match="invalid YAML") as err:
        card_pool.library()
    assert err.value.path.startswith("card_pool.yaml, line ")
