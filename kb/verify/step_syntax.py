"""Scenario steps as written, for every game: the parsed step, how it reads, and its arguments."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import ClassVar, TypeVar

from kb.verify.naming import StepError
from kb.verify.rejection import cited


@dataclass
class Step:
    """One parsed step: an action (or advance/expect), who takes it, and the rules it must be rejected by."""

    index: int
    key: str
    args: object = None
    player: str | None = None
    reject: tuple[str, ...] = ()
    expect: dict | None = None
    raw: object = field(default=None, repr=False)

    #: How a step that must fail says so, before the rules it cites.
    MUST: ClassVar[str] = "must be rejected by"

    def describe(self) -> str:
        """The step as a reader would say it: ``p1: play Ember Knight``."""
        who = f"{self.player}: " if self.player else ""
        if self.args in (None, {}, []):
            text = self.key.replace("_", " ")
        elif isinstance(self.args, dict):
            text = f"{self.key.replace('_', ' ')} " + ", ".join(f"{k}={v}" for k, v in self.args.items())
        else:
            text = f"{self.key.replace('_', ' ')} {self.args}"
        if self.reject:
            text += f" ({self.MUST} {', '.join(self.reject)})"
        return who + text


S = TypeVar("S", bound=Step)


def parse_mapping(cls: type[S], index: int, raw: object) -> S:
    """Read a step written as a mapping: one action, with ``player``, ``reject``, ``note`` and ``expect``."""
    assert isinstance(raw, dict)  # the game's scenario schema allows a mapping here, a string or a yes/no
    data = dict(raw)
    player = data.pop("player", None)
    reject = tuple(cited(data.pop("reject", None)))
    data.pop("note", None)
    expect = data.pop("expect", None)
    if not data:
        return cls(index, "expect", player=player, expect=expect, raw=raw)
    if len(data) != 1:
        raise StepError(f"a step names one action, not {', '.join(data)}")
    key, args = next(iter(data.items()))
    return cls(index, key, args, player, reject, expect, raw)


def step_args(step: Step, *names: str, first: str | None = None) -> dict:
    """The step's arguments as a mapping; a bare value stands for the ``first`` argument (the first name)."""
    args = step.args
    if not isinstance(args, dict):
        args = {} if args is None else {first or names[0]: args}
    unknown = [k for k in args if k not in names]
    if unknown:
        raise StepError(f"{step.key}: unknown argument(s) {', '.join(unknown)} (known: {', '.join(names)})")
    return args
