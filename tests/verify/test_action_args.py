"""A step's arguments, as lint checks them, are the fields of the engine action the step becomes."""

from __future__ import annotations

from dataclasses import fields

import pytest

from engine.altered import actions as altered_actions
from engine.atnia import actions as atnia_actions
from kb.verify.action_args import OBJECT_NAMES, action_args
from kb.verify.altered.schema import ARGS as ALTERED_ARGS
from kb.verify.atnia.schema import ARGS as ATNIA_ARGS
from kb.verify.schema_parts import OBJECT


def _mapping(schema: dict) -> dict:
    """The mapping form of a step's arguments (the last branch when a bare first argument is allowed too)."""
    return schema["oneOf"][-1] if "oneOf" in schema else schema


@pytest.mark.parametrize(
    "args, step, action",
    [
        (ALTERED_ARGS, "play", altered_actions.PlayCard),
        (ALTERED_ARGS, "quick", altered_actions.QuickAction),
        (ALTERED_ARGS, "play_reaction", altered_actions.PlayReaction),
        (ATNIA_ARGS, "play", atnia_actions.PlayCard),
        (ATNIA_ARGS, "skill", atnia_actions.UseSkill),
        (ATNIA_ARGS, "channel", atnia_actions.Channel),
        (ATNIA_ARGS, "guard", atnia_actions.GuardianBlock),
        (ATNIA_ARGS, "recycle", atnia_actions.Recycle),
    ],
)
def test_step_arguments_are_the_engine_actions_fields(args, step, action):
    """A step takes exactly the arguments its engine action has (the acting player aside), so a field the engine
    adds or drops is one lint accepts or refuses."""
    names = {f.name for f in fields(action)} - {"player"}
    assert set(_mapping(args[step])["properties"]) == names


def test_types_decide_the_check_and_defaults_what_is_optional():
    """A name field is an object to look up, an integer an integer; a field without a default is required."""
    schema = action_args(atnia_actions.Explore, renamed={"bottom": "to"}, ideal={"type": "string"})
    assert schema["properties"] == {"card": OBJECT, "ideal": {"type": "string"}, "to": {"type": "boolean"}}
    assert schema["required"] == ["card", "ideal"] and schema["additionalProperties"] is False
    assert action_args(atnia_actions.Recycle)["properties"]["top"] == OBJECT_NAMES
    assert action_args(atnia_actions.UseSkill, first="source")["oneOf"][0] == OBJECT


def test_a_schema_for_a_field_the_action_lacks_is_refused():
    """Describing an argument the engine's action does not have fails at once, not as a silent extra argument."""
    with pytest.raises(ValueError, match="PlayCard has no field cost"):
        action_args(atnia_actions.PlayCard, cost={"type": "integer"})
