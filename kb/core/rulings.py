"""Rulings: judges' questions answered, each resting on rules and proven by scenarios.

Kept per game in ``rules/<game>/rulings.yaml``::

    rulings:
      - id: R-ATH-001
        question: Does the defender or the target deal combat damage back to the attacker?
        answer: …
        rules: ["9.3.7", "9.3.9b"]          # rule numbers of the game (or qualified ids), the one asked about first
        scenarios: ["athernum/combat/defender-deals-damage"]
        source: interpretation              # cr | rulebook | interpretation
        reasoning: …                        # for judges: engine decision ids go in decision:, not here
        date: 2026-11-20
        decision: D-COMBAT-DEFENDER         # the engine decision(s) implementing it, if any (one or a list)
"""

from __future__ import annotations

import datetime as dt
import hashlib
from dataclasses import asdict, dataclass, field
from pathlib import Path

from kb.core.errors import Problem
from kb.core.memo import cached, stamp
from kb.core.paths import Paths

RULINGS_FILE = "rulings.yaml"
SOURCES = ("cr", "rulebook", "interpretation")
REQUIRED = ("id", "question", "answer", "rules", "source", "date")


@dataclass
class Ruling:
    """One ruling: the question as a judge asks it, the answer, and what it rests on."""

    id: str
    game: str
    question: str
    answer: str
    rules: list[str]  # qualified rule ids
    scenarios: list[str] = field(default_factory=list)
    source: str = "cr"
    reasoning: str = ""
    date: str = ""
    path: str = ""
    line: int = 0
    #: The text of each rule it rests on when it was last reviewed (``rulekb review R-ATH-001``), as hashes.
    fingerprint: dict[str, str] = field(default_factory=dict)
    #: The engine decisions (``D-…``) that implement it: their ids and rules are in the engine, their prose here.
    decisions: list[str] = field(default_factory=list)

    def to_dict(self) -> dict:
        """The ruling as readers of the downloads and ``--json`` see it (review bookkeeping left out)."""
        data = asdict(self)
        del data["fingerprint"]
        return data


def _entry_problem(entry: dict) -> tuple[str, str] | None:
    """The first field of a ruling that is missing or of the wrong type, and why."""
    missing = [k for k in REQUIRED if entry.get(k) in (None, "", [])]
    if missing:
        return missing[0], f"ruling {entry.get('id', '?')} lacks {', '.join(missing)}"
    for name in ("id", "question", "answer", "source", "reasoning", "date"):
        if isinstance(entry.get(name), (dict, list)):
            return (
                name,
                f"{name} must be text, not a {'list' if isinstance(entry[name], list) else 'mapping'}",
            )
    for name in ("rules", "scenarios", "decision"):
        value = entry.get(name) or []
        values = value if isinstance(value, list) else [value]
        if any(isinstance(v, (dict, list)) for v in values):
            return name, f"{name} must be a list of ids"
    if entry["source"] not in SOURCES:
        return "source", f"source must be one of {', '.join(SOURCES)}"
    try:
        dt.date.fromisoformat(str(entry["date"]))
    except ValueError:
        return "date", f"date {str(entry['date'])!r} is not a date (write it as YYYY-MM-DD)"
    return None


def _as_list(value: object) -> list:
    """A field written as one value or a list of them, as a list (none: empty)."""
    if value in (None, ""):
        return []
    return value if isinstance(value, list) else [value]


def _fingerprint(value: object, game: str) -> dict[str, str]:
    """A ruling's recorded fingerprints by qualified rule id (an unreadable record counts as none: it is suspect)."""
    if not isinstance(value, dict):
        return {}
    return {(str(k) if ":" in str(k) else f"{game}:{k}"): str(v) for k, v in value.items()}


def load_rulings(paths: Paths) -> tuple[list[Ruling], list[Problem]]:
    """Every game's rulings, and a problem (file, line, field) for each malformed entry; from a memo while the
    files' contents (and the code reading them) are unchanged, so that ``rulekb ask`` need not parse YAML."""
    files = sorted(paths.rules.glob(f"*/{RULINGS_FILE}")) if paths.rules.is_dir() else []
    digest = hashlib.sha256()
    for path in files:
        digest.update(f"{path.relative_to(paths.root)}\0".encode())
        try:
            digest.update(path.read_bytes())
        except OSError:
            digest.update(b"\0unreadable")
    code = [Path(__file__), Path(__file__).with_name("yamlio.py"), Path(__file__).with_name("yamlpos.py")]
    key = (digest.hexdigest(), stamp(code))
    return cached(paths.memo / "rulings.pickle", key, lambda: _read_rulings(paths, files))


def _read_rulings(paths: Paths, files: list[Path]) -> tuple[list[Ruling], list[Problem]]:
    from kb.core.yamlio import read_yaml

    rulings: list[Ruling] = []
    problems: list[Problem] = []
    for path in files:
        game = path.parent.name
        display = str(path.relative_to(paths.root))
        located, _ = read_yaml(path, display, problems)
        if located is None:
            continue
        data = located.data if isinstance(located.data, dict) else {}
        entries = data.get("rulings")
        if not isinstance(entries, list):
            problems.append(Problem(display, 1, "rulings", "expected a list under 'rulings:'"))
            continue
        seen: set[str] = set()
        for i, entry in enumerate(entries):
            where = f"rulings[{i}]"
            line = located.line_of(("rulings", i))
            if not isinstance(entry, dict):
                problems.append(Problem(display, line, where, "each ruling must be a mapping"))
                continue
            wrong = _entry_problem(entry)
            if wrong is not None:
                name, message = wrong
                problems.append(
                    Problem(display, located.line_of(("rulings", i, name)), f"{where}.{name}", message)
                )
                continue
            if entry["id"] in seen:
                problems.append(Problem(display, line, f"{where}.id", f"duplicate ruling id {entry['id']}"))
            seen.add(entry["id"])
            rules = entry["rules"] if isinstance(entry["rules"], list) else [entry["rules"]]
            rulings.append(
                Ruling(
                    id=str(entry["id"]),
                    game=game,
                    question=str(entry["question"]).strip(),
                    answer=str(entry["answer"]).strip(),
                    rules=[r if ":" in str(r) else f"{game}:{r}" for r in map(str, rules)],
                    scenarios=[str(s) for s in entry.get("scenarios") or []],
                    source=str(entry["source"]),
                    reasoning=str(entry.get("reasoning") or "").strip(),
                    date=str(entry["date"]),
                    path=display,
                    line=line,
                    fingerprint=_fingerprint(entry.get("fingerprint"), game),
                    decisions=[str(d) for d in _as_list(entry.get("decision"))],
                )
            )
    return rulings, problems


def rulings_file(paths: Paths, game: str) -> Path:
    return paths.rules / game / RULINGS_FILE
