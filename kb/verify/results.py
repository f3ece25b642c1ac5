"""The verify results file: per scenario its status, duration, steps and the engine's log.

``rulekb verify`` writes it to ``.rulekb/verify-results.json``; the site and search read it. A reader
must treat a missing file as "nothing verified yet", never as an error.
"""

from __future__ import annotations

import json
import os
from dataclasses import asdict, dataclass, field
from enum import StrEnum
from pathlib import Path

from kb.paths import Paths

RESULTS_FILE = "verify-results.json"


class Status(StrEnum):
    """How a scenario ended: only PASSED counts as verified."""

    PASSED = "passed"
    FAILED = "failed"
    ERROR = "error"
    XFAIL = "expected-failure"


@dataclass
class LogLine:
    """One entry of the engine's log: which rule applied, and what happened."""

    seq: int
    rule: str  # qualified rule id, e.g. athernum:4.2.2a
    kind: str
    message: str
    turn: int = 0
    phase: str = ""
    step: int | None = None  # the scenario step during which it happened (None: setup)


@dataclass
class StepRecord:
    """One step of a scenario as it ran."""

    index: int
    text: str  # the step as written, e.g. "p1 plays Ember Knight"
    outcome: str  # "ok", "rejected (2.4.2)", …
    expectations: list[str] = field(default_factory=list)


@dataclass
class ScenarioResult:
    """The outcome of one scenario."""

    id: str
    game: str
    path: str
    title: str
    rules: list[str]
    rulings: list[str]
    status: Status
    duration: float = 0.0
    reason: str = ""  # why it failed / errored / is an expected failure
    diff: str = ""
    steps: list[StepRecord] = field(default_factory=list)
    log: list[LogLine] = field(default_factory=list)
    key: str = ""  # the hash of what decided this result (kb.verify.inputs); "" when not known

    @property
    def verified(self) -> bool:
        return self.status == Status.PASSED


@dataclass
class VerifyResults:
    """Every scenario result of a verify run."""

    generated: str
    scenarios: list[ScenarioResult] = field(default_factory=list)

    def by_rule(self) -> dict[str, list[ScenarioResult]]:
        """Scenarios per qualified rule id they cite."""
        out: dict[str, list[ScenarioResult]] = {}
        for s in self.scenarios:
            for rule in s.rules:
                out.setdefault(rule, []).append(s)
        return out

    def by_id(self) -> dict[str, ScenarioResult]:
        return {s.id: s for s in self.scenarios}

    def to_json(self) -> str:
        return json.dumps(asdict(self), ensure_ascii=False, indent=1)

    @classmethod
    def from_dict(cls, data: dict) -> "VerifyResults":
        scenarios = []
        for s in data.get("scenarios", []):
            s = dict(s)
            s["status"] = Status(s["status"])
            s["steps"] = [StepRecord(**x) for x in s.get("steps", [])]
            s["log"] = [LogLine(**x) for x in s.get("log", [])]
            scenarios.append(ScenarioResult(**s))
        return cls(generated=data.get("generated", ""), scenarios=scenarios)


def results_path(paths: Paths) -> Path:
    return paths.cache / RESULTS_FILE


def load_results(paths: Paths) -> VerifyResults:
    """The last verify results, or an empty set when nothing has been verified yet."""
    path = results_path(paths)
    if not path.exists():
        return VerifyResults(generated="")
    try:
        return VerifyResults.from_dict(json.loads(path.read_text(encoding="utf-8")))
    except (ValueError, TypeError, KeyError):
        return VerifyResults(generated="")


def write_results(paths: Paths, results: VerifyResults) -> Path:
    """Write results atomically (a reader never sees half a file)."""
    path = results_path(paths)
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(f".{os.getpid()}.tmp")
    tmp.write_text(results.to_json(), encoding="utf-8")
    tmp.replace(path)
    return path
