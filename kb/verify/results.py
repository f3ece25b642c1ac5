"""The verify results file: per scenario its status, duration, steps and the engine's log.

``rulekb verify`` writes it to ``.rulekb/verify-results.json``; the site and search read it. A reader
must treat a missing file as "nothing verified yet", never as an error. Beside it, a summary and one file per
scenario with what it did, for readers that show a few scenarios in full (``rulekb ask``).
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Mapping
from dataclasses import dataclass, field, fields, is_dataclass, replace
from enum import StrEnum
from pathlib import Path

from kb.core.memo import file_status
from kb.core.paths import Paths
from kb.verify.board import Board, Change

RESULTS_FILE = "verify-results.json"
#: Beside it: each scenario's id, title, rules and status without steps, logs or boards, for quick readers
#: (``rulekb ask``) that would otherwise spend a second reading boards they never show.
SUMMARY_FILE = "verify-summary.json"
#: And per scenario what the summary leaves out, in a file of its own under ``Paths.verify_details``, named after
#: the scenario's id and rewritten only when its content changes.
DETAIL_FIELDS = ("steps", "log", "start", "end", "checks", "cards", "setup")


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
class Check:
    """One expectation checked against the engine: where (``["p1", "hand"]``), the value the scenario expects,
    whether it held, and what the engine had instead when it did not."""

    path: list[str]
    expected: object
    held: bool
    found: list[str] = field(default_factory=list)  # the mismatches, each "…: expected …, got …"


@dataclass
class StepRecord:
    """One step of a scenario as it ran: as written, who took it, its outcome, what it changed, what was checked."""

    index: int
    text: str  # the step as written, e.g. "p1: attack attacker=Ember Knight, target=p2:Wanderer"
    outcome: str  # "ok", "rejected (2.4.2)", …
    key: str = ""  # the action (play, attack, advance, expect…)
    args: object = None  # its arguments as written
    player: str | None = None  # who took it (the acting player when the step names none)
    reject: list[str] = field(default_factory=list)  # the rules it must be refused by
    changes: list[Change] = field(default_factory=list)
    checks: list[Check] = field(default_factory=list)

    @classmethod
    def from_dict(cls, data: dict) -> StepRecord:
        """A step as the results file holds it; fields of an older file that a step no longer has are left out."""
        data = {k: v for k, v in data.items() if k in _STEP_FIELDS}
        data["changes"] = [Change(**c) for c in data.get("changes", [])]
        data["checks"] = [Check(**c) for c in data.get("checks", [])]
        return cls(**data)


_STEP_FIELDS = {f.name for f in fields(StepRecord)}


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
    start: Board | None = None  # the position the steps start from
    end: Board | None = None  # the position they reached
    checks: list[Check] = field(default_factory=list)  # the end state expected, each part checked
    cards: dict[str, dict] = field(default_factory=dict)  # the cards the scenario defines itself, as written
    setup: dict = field(default_factory=dict)  # the scenario's setup as written
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

    def to_json(self, records: Mapping[str, str] | None = None) -> str:
        """Compact JSON (one line: the boards make the file large, and Python writes unindented JSON in C), each
        dataclass as its fields in order, as ``dataclasses.asdict`` gives them but without copying every value.
        ``records``: by path, the JSON of a scenario's result as already written (a :class:`Record`'s), put in as
        it is: the same text, many times faster than writing its dataclasses again."""
        if not records:
            return _compact(self)
        parts = [records.get(s.path) or _compact(s) for s in self.scenarios]
        return f'{{"generated":{_compact(self.generated)},"scenarios":[{",".join(parts)}]}}'

    def summary(self) -> VerifyResults:
        """The results without what each scenario did (steps, log, boards, checks, cards, setup)."""
        return VerifyResults(
            self.generated,
            [
                replace(s, steps=[], log=[], start=None, end=None, checks=[], cards={}, setup={})
                for s in self.scenarios
            ],
        )

    def published(self) -> VerifyResults:
        """The results as the site publishes them: without durations, which differ from run to run, so that two
        builds of the same tree give the same site."""
        return VerifyResults(self.generated, [replace(s, duration=0.0) for s in self.scenarios])

    @classmethod
    def from_dict(cls, data: dict) -> VerifyResults:
        return cls(
            generated=data.get("generated", ""),
            scenarios=[scenario_from_dict(s) for s in data.get("scenarios", [])],
        )


def scenario_from_dict(data: dict) -> ScenarioResult:
    """A scenario's result as the results file holds it."""
    s = dict(data)
    s["status"] = Status(s["status"])
    s["steps"] = [StepRecord.from_dict(x) for x in s.get("steps", [])]
    s["log"] = [LogLine(**x) for x in s.get("log", [])]
    s["start"], s["end"] = Board.from_dict(s.get("start")), Board.from_dict(s.get("end"))
    s["checks"] = [Check(**c) for c in s.get("checks", [])]
    return ScenarioResult(**s)


def _compact(data: object) -> str:
    """``data`` as compact JSON, dataclasses as their fields (the results file's form)."""
    return json.dumps(data, default=_fields, ensure_ascii=False, separators=(",", ":"))


@dataclass
class Record:
    """A scenario's result as the results file holds it: its JSON, written back as it is, and (made once) the same
    with its duration left out, as the site publishes it (:meth:`VerifyResults.published`)."""

    text: str
    _published: str | None = field(default=None, repr=False, compare=False)

    @classmethod
    def of(cls, data: object) -> Record:
        """The record of a result (a dataclass, or its fields as read)."""
        return cls(_compact(data))

    def published(self) -> str:
        if self._published is None:
            # The first "duration": is the result's own: the fields before it (id, game, path, title, rules,
            # rulings, status) are strings and lists of strings, in which a quote is written escaped (\").
            head, key, rest = self.text.partition('"duration":')
            end = rest.find(",")
            if key and end > 0:
                self._published = f"{head}{key}0.0{rest[end:]}"
            else:
                data = json.loads(self.text)
                data["duration"] = 0.0
                self._published = _compact(data)
        return self._published


def _names(kind: type) -> tuple[str, ...]:
    """A dataclass's field names in order, looked up once per class: results hold many instances."""
    names = _FIELD_NAMES.get(kind)
    if names is None:
        names = _FIELD_NAMES[kind] = tuple(f.name for f in fields(kind))
    return names


def _fields(obj: object) -> dict[str, object]:
    names = _FIELD_NAMES.get(type(obj))  # a class met before is a dataclass (is_dataclass costs per instance)
    if names is None:
        if not is_dataclass(obj) or isinstance(obj, type):
            raise TypeError(f"{type(obj).__name__} is not JSON serialisable")
        names = _names(type(obj))
    return {name: getattr(obj, name) for name in names}


_FIELD_NAMES: dict[type, tuple[str, ...]] = {}


def results_path(paths: Paths) -> Path:
    return paths.cache / RESULTS_FILE


def load_results(paths: Paths, *, summary: bool = False) -> VerifyResults:
    """The last verify results, or an empty set when nothing has been verified yet; with ``summary``, only what
    :meth:`VerifyResults.summary` keeps, read from the summary file when it is as new as the results."""
    path = results_path(paths)
    if not path.exists():
        return VerifyResults(generated="")
    short = paths.cache / SUMMARY_FILE
    if summary and short.is_file() and short.stat().st_mtime_ns >= path.stat().st_mtime_ns:
        path = short
    return _read(path)[0]


def _read(path: Path) -> tuple[VerifyResults, list[dict]]:
    """The results a file holds with each scenario's record as read, or none when it does not read."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        return VerifyResults.from_dict(data), data.get("scenarios", [])
    except (OSError, ValueError, TypeError, KeyError, AttributeError):
        return VerifyResults(generated=""), []


@dataclass
class _Held:
    """The results a process last read or wrote, and the status of the file that then held them."""

    status: tuple[int, int, int, int]
    results: VerifyResults
    records: dict[str, Record]


#: The results file this process last read or wrote, and what it held: ``rulekb serve`` rebuilds in one process, and
#: reading the whole file again (its boards) took about half of its verify step after a one-rule edit.
_HELD: dict[Path, _Held] = {}


def _hold(path: Path, held: _Held) -> None:
    """Keep what the results file at ``path`` holds, and only that one: a process going through many projects (the
    tests) would otherwise keep every project's results."""
    _HELD.clear()
    _HELD[path] = held


def load_stored(paths: Paths) -> tuple[VerifyResults, dict[str, Record]]:
    """The last verify results (as :func:`load_results`) and, by path, each scenario's record as the file holds it:
    a result kept as stored is written back from its record (``VerifyResults.to_json``). The results of the same
    inputs are those of the same verify code (``kb.verify.inputs``), so a record has the fields of its result.

    While the file is as this process last read or wrote it, what it then held is given again without reading it;
    the results are shared with that earlier reader, who must not change them (each run makes new ones)."""
    path = results_path(paths)
    status = file_status(path)
    held = _HELD.get(path)
    if status is not None and held is not None and held.status == status:
        # The results this process ran have no record read from the file yet: theirs as the file holds them.
        for scenario in held.results.scenarios:
            if scenario.path not in held.records:
                held.records[scenario.path] = Record.of(scenario)
        return VerifyResults(held.results.generated, list(held.results.scenarios)), dict(held.records)
    results, found = _read(path)
    names = _names(ScenarioResult)
    records = {r["path"]: Record.of(r) for r in found if tuple(r) == names}
    if status is not None:
        _hold(path, _Held(status, results, records))
    return results, dict(records)


def held_records(paths: Paths, results: VerifyResults) -> dict[str, Record]:
    """By path, the record the results file holds of each of ``results``' scenarios that is the very result this
    process last read or wrote there (see :func:`load_stored`), while the file is still as it then was: such a result
    writes as its record does (``VerifyResults.to_json``), and the site's download of the results is written from
    the records, several times faster than from the dataclasses."""
    path = results_path(paths)
    held = _HELD.get(path)
    if held is None or held.status != file_status(path):
        return {}
    mine = {s.path: s for s in held.results.scenarios}
    return {
        s.path: held.records[s.path]
        for s in results.scenarios
        if mine.get(s.path) is s and s.path in held.records
    }


def detail_path(paths: Paths, scenario_id: str) -> Path:
    """The file holding what a scenario did."""
    return paths.verify_details / f"{hashlib.sha256(scenario_id.encode()).hexdigest()[:24]}.json"


def load_scenario(paths: Paths, scenario: ScenarioResult) -> ScenarioResult | None:
    """A scenario of the summary (see :func:`load_results`) in full: from its own file when that holds the same
    run of it (the same inputs and status), else from the whole results file."""
    try:
        detail = json.loads(detail_path(paths, scenario.id).read_text(encoding="utf-8"))
        if scenario.key and [detail["id"], detail["key"], detail["status"]] == [
            scenario.id,
            scenario.key,
            str(scenario.status),
        ]:
            brief = {
                f.name: getattr(scenario, f.name)
                for f in fields(ScenarioResult)
                if f.name not in DETAIL_FIELDS
            }
            return scenario_from_dict({**brief, **{name: detail[name] for name in DETAIL_FIELDS}})
    except (OSError, ValueError, TypeError, KeyError):
        pass  # none yet, or damaged: the whole file has it
    return load_results(paths).by_id().get(scenario.id)


def _write_atomically(target: Path, text: str) -> None:
    tmp = target.with_suffix(f".{os.getpid()}.tmp")
    tmp.write_text(text, encoding="utf-8")
    tmp.replace(target)


def _detail_head(scenario: ScenarioResult) -> str:
    """How a scenario's own file starts: its id, the key of its inputs and its status, which decide the rest."""
    head = {"id": scenario.id, "key": scenario.key, "status": scenario.status}
    return json.dumps(head, ensure_ascii=False, separators=(",", ":"))[:-1] + ","


def _read_start(target: Path, size: int | None = None) -> bytes | None:
    """The first ``size`` bytes of a file (all of it by default), or None when it cannot be read."""
    try:
        with target.open("rb") as fh:
            return fh.read() if size is None else fh.read(size)
    except OSError:
        return None


def _write_details(paths: Paths, results: VerifyResults) -> None:
    """Each scenario's own file, written only when it does not hold this run already; the files of scenarios gone
    removed. A result with the same inputs (a known key) and status is the same run, so for one with a key only the
    start of its file is compared; one without is compared whole."""
    folder = paths.verify_details
    folder.mkdir(parents=True, exist_ok=True)
    kept = set()
    for scenario in results.scenarios:
        target = detail_path(paths, scenario.id)
        kept.add(target.name)
        head = _detail_head(scenario)
        if scenario.key and _read_start(target, len(head.encode("utf-8"))) == head.encode("utf-8"):
            continue
        details = _compact({name: getattr(scenario, name) for name in DETAIL_FIELDS})
        text = head + details[1:]
        if _read_start(target) != text.encode("utf-8"):
            _write_atomically(target, text)
    for stale in folder.glob("*.json"):
        if stale.name not in kept:
            stale.unlink(missing_ok=True)


def write_results(paths: Paths, results: VerifyResults, records: Mapping[str, Record] | None = None) -> Path:
    """Write results atomically (a reader never sees half a file): each scenario's own file, the whole results,
    then the summary that readers of single scenarios start from. ``records``: the stored records of the results
    kept as stored (see :meth:`VerifyResults.to_json`)."""
    path = results_path(paths)
    path.parent.mkdir(parents=True, exist_ok=True)
    _write_details(paths, results)
    _HELD.pop(path, None)
    # Each result's record, as the file holds it, for the next build of this process (see load_stored).
    kept = {s.path: (records or {}).get(s.path) or Record.of(s) for s in results.scenarios}
    _write_atomically(path, results.to_json({p: r.text for p, r in kept.items()}))
    if (status := file_status(path)) is not None:
        _hold(path, _Held(status, VerifyResults(results.generated, list(results.scenarios)), kept))
    _write_atomically(paths.cache / SUMMARY_FILE, results.summary().to_json())
    return path
