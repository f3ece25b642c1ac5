"""One exception tree for the three engines: each engine's rejections are the shared kinds, citing rules its way."""

from __future__ import annotations

import pickle

import pytest

from engine.altered import errors as altered
from engine.athernum import errors as athernum
from engine.atnia import errors as atnia
from engine.common import errors as common


@pytest.mark.parametrize(
    "engine, base, rule, cited",
    [
        (athernum, athernum.AthernumError, "9.2.4", "CR 9.2.4"),
        (atnia, atnia.AtniaError, "rules/speed/p2", "rules/speed/p2"),
        (altered, altered.AlteredError, "4.2.3.c", "Altered 4.2.3.c"),
    ],
)
def test_a_rejection_is_the_shared_kind_of_its_engine(engine, base, rule, cited):
    """A WrongTiming of any engine is caught as the shared WrongTiming, its engine's IllegalAction and base."""
    with pytest.raises(common.WrongTiming) as err:
        raise engine.WrongTiming("not now", rule)
    assert isinstance(err.value, engine.IllegalAction) and isinstance(err.value, base)
    assert str(err.value) == f"not now ({cited})" and err.value.rules == (rule,)


def test_an_engine_refuses_to_cite_a_rule_it_does_not_know():
    """An id missing from the engine's registry is a bug, not a citation."""
    with pytest.raises(KeyError):
        athernum.WrongTiming("not now", "rules/speed/p2")


def test_a_rejection_pickles_as_it_was_built():
    """An exception sent from a worker process keeps its reason, rules and message."""
    for exc in (
        atnia.InvalidTarget("gone", "rules/extra-notes/p4"),
        athernum.CardDefinitionError("X.cost", "bad"),
    ):
        again = pickle.loads(pickle.dumps(exc))
        assert type(again) is type(exc) and str(again) == str(exc) and again.rules == exc.rules
