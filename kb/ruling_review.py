"""Rulings reviewed like scenarios: each remembers the text of the rules it rests on, so that a change to them
makes it suspect (``rulekb lint``) until ``rulekb review R-ATH-001`` records the new text."""

from __future__ import annotations

import json
from pathlib import Path

from kb.core.errors import Problem, Severity
from kb.core.graph import Graph
from kb.core.rulings import Ruling
from kb.core.yamlio import read_yaml
from kb.verify.fingerprint import rule_fingerprint, suspects


def suspect_rulings(rulings: list[Ruling], graph: Graph) -> list[Problem]:
    """A warning for each ruling whose rules changed (or were never recorded) since it was last reviewed."""
    problems = []
    for ruling in rulings:
        changed = suspects({"rules": ruling.rules, "fingerprint": ruling.fingerprint}, ruling.game, graph)
        if changed:
            why = "; ".join(f"{rule} {reason}" for rule, reason in changed)
            problems.append(
                Problem(
                    ruling.path,
                    ruling.line,
                    f"{ruling.id}.fingerprint",
                    f"suspect: {why}; check the answer, then run `rulekb review {ruling.id}`",
                    Severity.WARNING,
                    code="suspect",
                )
            )
    return problems


def _flow(ruling: Ruling, graph: Graph) -> str:
    """The fingerprint of a ruling as one line of YAML: ``{"9.3.7": "1a2b3c4d5e", …}`` (quoted: hashes of digits)."""
    prefix = f"{ruling.game}:"
    return json.dumps(
        {r.removeprefix(prefix): rule_fingerprint(graph, r) for r in ruling.rules if r in graph}
    )


def _end_of_entry(lines: list[str], next_start: int) -> int:
    """The (0-based) line after an entry's last line of content, given where the next entry (or the file) begins."""
    end = next_start
    while end > 0 and (not lines[end - 1].strip() or lines[end - 1].lstrip().startswith("#")):
        end -= 1
    return end


def record(path: Path, rulings: list[Ruling], graph: Graph) -> list[str]:
    """Write the current fingerprints of ``rulings`` (all of one rulings file) into it, keeping the rest as written;
    the ids of the rulings whose record changed."""
    problems: list[Problem] = []
    located, _ = read_yaml(path, str(path), problems)
    if located is None or problems:
        return []
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    wanted = {r.id: r for r in rulings}
    edits: list[tuple[int, bool, str]] = []  # (0-based line, replaces that line?, text)
    changed = []
    entries = (located.data.get("rulings") if isinstance(located.data, dict) else None) or []
    for i, entry in enumerate(entries):
        ruling = wanted.get(str(entry.get("id"))) if isinstance(entry, dict) else None
        if ruling is None:
            continue
        id_line = located.line_of(("rulings", i, "id")) - 1
        indent = len(lines[id_line]) - len(lines[id_line].lstrip(" -"))
        text = f"{' ' * indent}fingerprint: {_flow(ruling, graph)}\n"
        if "fingerprint" not in entry:
            edits.append(
                (
                    _end_of_entry(
                        lines, located.line_of(("rulings", i + 1)) - 1 if i + 1 < len(entries) else len(lines)
                    ),
                    False,
                    text,
                )
            )
        elif lines[at := located.line_of(("rulings", i, "fingerprint")) - 1] != text:
            edits.append((at, True, text))
        else:
            continue
        changed.append(ruling.id)
    for at, replaces, text in sorted(edits, reverse=True):
        lines[at : at + 1 if replaces else at] = [text]
    if edits:
        path.write_text("".join(lines), encoding="utf-8")
    return changed
