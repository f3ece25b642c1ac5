"""Fingerprints: a scenario remembers the text of the rules it cites, so a change to them is noticed.

When a cited rule's text changes, ``rulekb lint`` flags the scenario as suspect until someone reviews
it and records the new fingerprint with ``rulekb review``.
"""

from __future__ import annotations

import hashlib
import os
import re
from dataclasses import replace
from pathlib import Path

from kb.core.errors import Problem, Severity
from kb.core.graph import Graph
from kb.core.memo import per_file
from kb.core.paths import relative_text
from kb.core.yamlio import read_yaml, yaml_load

_BLOCK = re.compile(r"^fingerprint:[^\n]*\n(?:[ \t]+[^\n]*\n?)*", re.MULTILINE)


def rule_fingerprint(graph: Graph, rule_id: str) -> str:
    """A short hash of a rule's title and text, whitespace-normalised."""
    data = graph.node(rule_id)
    text = " ".join(f"{data.title or ''} {data.text or ''}".split())
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:10]


def _qualify(game: str, rule: object) -> str:
    return str(rule) if ":" in str(rule) else f"{game}:{rule}"


def suspects(data: dict, game: str, graph: Graph) -> list[tuple[str, str]]:
    """(rule, why) for each cited rule whose text no longer matches the scenario's fingerprint."""
    stored = {_qualify(game, k): str(v) for k, v in (data.get("fingerprint") or {}).items()}
    out = []
    for rule in data.get("rules") or []:
        qid = _qualify(game, rule)
        if qid not in graph:
            continue
        current = rule_fingerprint(graph, qid)
        if qid not in stored:
            out.append((qid, "has no fingerprint yet"))
        elif stored[qid] != current:
            out.append((qid, "text changed since the scenario was last reviewed"))
    return out


def fingerprint_block(data: dict, game: str, graph: Graph) -> str:
    """The ``fingerprint:`` block recording the current text of every cited rule."""
    lines = ["fingerprint:"]
    for rule in data.get("rules") or []:
        qid = _qualify(game, rule)
        if qid in graph:
            lines.append(
                f'  {rule}: "{rule_fingerprint(graph, qid)}"'
            )  # quoted: a hash of digits is no number
    return "\n".join(lines) + "\n"


def update_file(path: Path, game: str, graph: Graph) -> bool:
    """Record the current fingerprints in a scenario file, keeping the rest of it as written."""
    text = path.read_text(encoding="utf-8")
    data = yaml_load(text) or {}
    block = fingerprint_block(data, game, graph)
    if _BLOCK.search(text):
        new = _BLOCK.sub(lambda _: block, text, count=1)
    else:
        new = text.rstrip("\n") + "\n" + block
    if new != text:
        path.write_text(new, encoding="utf-8")
        return True
    return False


def _cited(path: Path) -> dict | list[Problem]:
    """The parts of a scenario file fingerprints need (its rules and recorded fingerprints), or why it cannot be
    read as YAML (the rest of what is wrong with it, verify reports)."""
    problems: list[Problem] = []
    located, _ = read_yaml(path, str(path), problems)
    data = located.data if located is not None else None
    if (
        problems
        or not isinstance(data, dict)
        or not isinstance(data.get("rules") or [], list)
        or not isinstance(data.get("fingerprint") or {}, dict)
    ):
        return problems
    return {"rules": data.get("rules") or [], "fingerprint": data.get("fingerprint") or {}}


def suspects_of(path: Path, game: str, graph: Graph) -> list[tuple[str, str]]:
    """(rule, why) for each rule a scenario file cites whose text changed since its review (none if unreadable)."""
    data = _cited(path)
    return suspects(data, game, graph) if isinstance(data, dict) else []


def lint_scenarios(
    scenarios_dir: Path, root: Path, graph: Graph, files: list[Path], cache: Path | None = None
) -> list[Problem]:
    """A warning for each scenario whose cited rules changed since its last review, an error for each that cannot
    be read as YAML.

    With ``cache``, the rules and fingerprints of unchanged files are not parsed again.
    """
    problems = []
    for path, data in per_file(cache, files, _cited).items():
        display = relative_text(path, root) or str(path)
        if isinstance(data, list):
            problems += [replace(p, path=display) for p in data]
            continue
        below = relative_text(path, scenarios_dir)
        game = below.split(os.sep, 1)[0] if below is not None else "athernum"
        for rule, why in suspects(data, game, graph):
            problems.append(
                Problem(
                    display,
                    1,
                    "fingerprint",
                    f"suspect: {rule} {why}; review the scenario, then run `rulekb review {display}`",
                    Severity.WARNING,
                    code="suspect",
                )
            )
    return problems
