"""Rulings: judges' questions answered, each resting on rules and proven by scenarios.

Kept per game in ``rules/<game>/rulings.yaml``::

    rulings:
      - id: R-ATH-001
        question: Does the defender or the target deal combat damage back to the attacker?
        answer: …
        rules: ["9.3.7", "9.3.9b"]          # rule numbers of the game (or qualified ids)
        scenarios: ["athernum/combat/defender-deals-damage"]
        source: interpretation              # cr | rulebook | interpretation
        reasoning: …
        date: 2026-11-20
"""

from __future__ import annotations

import datetime as dt
from dataclasses import asdict, dataclass, field
from pathlib import Path


from kb.yamlio import line_of, load_mapping

from kb.errors import Problem
from kb.paths import Paths

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

    def to_dict(self) -> dict:
        return asdict(self)




def load_rulings(paths: Paths) -> tuple[list[Ruling], list[Problem]]:
    """Every game's rulings, and a problem (file, line, field) for each malformed entry."""
    rulings: list[Ruling] = []
    problems: list[Problem] = []
    for path in sorted(paths.rules.glob(f"*/{RULINGS_FILE}")) if paths.rules.is_dir() else []:
        game = path.parent.name
        display = str(path.relative_to(paths.root))
        data, text = load_mapping(path, display, problems)
        entries = data.get("rulings")
        if not isinstance(entries, list):
            problems.append(Problem(display, 1, "rulings", "expected a list under 'rulings:'"))
            continue
        seen: set[str] = set()
        for i, entry in enumerate(entries):
            where = f"rulings[{i}]"
            line = line_of(text, f"id: {entry.get('id')}") if isinstance(entry, dict) else 0
            if not isinstance(entry, dict):
                problems.append(Problem(display, 0, where, "each ruling must be a mapping"))
                continue
            missing = [k for k in REQUIRED if not entry.get(k)]
            if missing:
                problems.append(Problem(display, line, f"{where}.{missing[0]}",
                                        f"ruling {entry.get('id', '?')} lacks {', '.join(missing)}"))
                continue
            if entry["source"] not in SOURCES:
                problems.append(Problem(display, line, f"{where}.source",
                                        f"source must be one of {', '.join(SOURCES)}"))
            if entry["id"] in seen:
                problems.append(Problem(display, line, f"{where}.id", f"duplicate ruling id {entry['id']}"))
            seen.add(entry["id"])
            rules = entry["rules"] if isinstance(entry["rules"], list) else [entry["rules"]]
            date = entry["date"]
            rulings.append(Ruling(
                id=str(entry["id"]), game=game, question=str(entry["question"]).strip(),
                answer=str(entry["answer"]).strip(),
                rules=[r if ":" in str(r) else f"{game}:{r}" for r in map(str, rules)],
                scenarios=[str(s) for s in entry.get("scenarios") or []], source=str(entry["source"]),
                reasoning=str(entry.get("reasoning") or "").strip(),
                date=date.isoformat() if isinstance(date, (dt.date, dt.datetime)) else str(date),
                path=display, line=line,
            ))
    return rulings, problems


def rulings_file(paths: Paths, game: str) -> Path:
    return paths.rules / game / RULINGS_FILE
