"""Game adapters: each runs a game's scenarios on that game's reference engine.

An adapter turns a scenario's setup, steps and expectations into calls on the engine and reports
what happened. kb depends on the engines; the engines know nothing of kb.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from importlib.metadata import entry_points
from pathlib import Path
from typing import Protocol

from kb.verify.board import Board
from kb.verify.results import Check, LogLine, Status, StepRecord
from kb.verify.scenario import Scenario

#: The entry-point group through which an installed package plugs in another game's engine: the name is the game's
#: id, the value its adapter class (``mygame = "mygame_rulekb.adapter:MyGameAdapter"``).
ENTRY_POINT_GROUP = "rulekb.adapters"
#: game → "module:Class" of its adapter; imported only when that game's scenarios run.
ADAPTERS: dict[str, str] = {
    "athernum": "kb.verify.athernum.adapter:AthernumAdapter",
    "atnia": "kb.verify.atnia.adapter:AtniaAdapter",
    "altered": "kb.verify.altered.adapter:AlteredAdapter",
}


@dataclass
class RunOutcome:
    """What an adapter reports for one scenario."""

    status: Status
    reason: str = ""
    diff: str = ""
    steps: list[StepRecord] = field(default_factory=list)
    log: list[LogLine] = field(default_factory=list)
    start: Board | None = None
    end: Board | None = None
    checks: list[Check] = field(default_factory=list)
    problems: list = field(default_factory=list)  # kb.errors.Problem, for invalid card data or steps


class Adapter(Protocol):
    """Runs scenarios of one game."""

    game: str

    def schema(self) -> dict:
        """JSON Schema of ``setup``, ``steps`` and ``expect`` for this game."""

    def run(self, scenario: Scenario, parameters: dict[str, int]) -> RunOutcome:
        """Run one validated scenario under the rule parameters read from the rules' text."""

    def rule_ids(self) -> set[str]:
        """Every rule id (unqualified) the engine can cite."""


_cache: dict[tuple[str, str], Adapter] = {}


def adapter_for(game: str, scenarios_dir) -> Adapter | None:
    """The adapter of ``game`` for the scenarios under ``scenarios_dir``, created once per process, or None when
    the game has no engine yet (it reads that project's card library)."""
    key = (game, str(Path(scenarios_dir).resolve()))
    if key in _cache:
        return _cache[key]
    target = ADAPTERS.get(game)
    if target is not None:
        module, cls = target.split(":")
        adapter = getattr(importlib.import_module(module), cls)(scenarios_dir)
    else:
        found = entry_points(group=ENTRY_POINT_GROUP, name=game)
        if not found:
            return None
        adapter = next(iter(found)).load()(scenarios_dir)
    _cache[key] = adapter
    return adapter
