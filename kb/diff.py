"""``rulekb diff``: what changed between two versions of the rules, and which scenarios and rulings it touches.

Rules are matched by content before number, so that a renumbered rule is reported as a move and
not as a deletion plus an addition.
"""

from __future__ import annotations

import difflib
from dataclasses import asdict, dataclass, field
from enum import StrEnum
from pathlib import Path

from kb.core.graph import Graph, descendants, edges_of
from kb.core.memo import per_file
from kb.core.nodes import EdgeKind
from kb.core.rulings import Ruling
from kb.core.yamlio import read_yaml_quietly
from kb.verify.scenario import discover, game_of

COMPARED_KINDS = ("rule", "section", "chapter", "term", "paragraph", "example", "remark")
SIMILAR_ENOUGH = 0.8


class ChangeKind(StrEnum):
    ADDED = "added"
    REMOVED = "removed"
    CHANGED = "changed"
    RENUMBERED = "renumbered"


@dataclass
class Change:
    """One rule that differs between the two versions."""

    kind: ChangeKind
    id: str  # the id in the new version (the old one for a removal)
    old_id: str | None = None
    old_text: str = ""
    new_text: str = ""
    word_diff: str = ""
    scenarios: list[str] = field(default_factory=list)
    rulings: list[str] = field(default_factory=list)

    def to_dict(self) -> dict:
        return {**asdict(self), "kind": str(self.kind)}


def _text(graph: Graph, node_id: str) -> str:
    data = graph.node(node_id)
    return " ".join(f"{data.title or ''} {data.text or ''}".split())


def word_diff(old: str, new: str) -> str:
    """A word-level diff: ``[-removed-]`` and ``{+added+}`` inline in the common text."""
    a, b = old.split(), new.split()
    out: list[str] = []
    for op, i1, i2, j1, j2 in difflib.SequenceMatcher(a=a, b=b, autojunk=False).get_opcodes():
        if op == "equal":
            out += a[i1:i2]
        if op in ("delete", "replace"):
            out.append("[-" + " ".join(a[i1:i2]) + "-]")
        if op in ("insert", "replace"):
            out.append("{+" + " ".join(b[j1:j2]) + "+}")
    return " ".join(out)


def _compared(graph: Graph) -> list[str]:
    return [n for n, d in graph.node_items() if d.kind in COMPARED_KINDS]


def compare(old: Graph, new: Graph) -> list[Change]:
    """Every added, removed, changed and renumbered node, matched by content before number."""
    old_ids, new_ids = _compared(old), _compared(new)
    old_text = {n: _text(old, n) for n in old_ids}
    new_text = {n: _text(new, n) for n in new_ids}
    unmatched_old = set(old_ids)
    unmatched_new = set(new_ids)
    changes: list[Change] = []
    # 1. same id, same text: unchanged
    for n in old_ids:
        if n in new_text and new_text[n] == old_text[n]:
            unmatched_old.discard(n)
            unmatched_new.discard(n)
    # 2. same text under another id: renumbered (only numbered nodes move; paragraphs shift by position)
    by_text: dict[str, list[str]] = {}
    for n in sorted(unmatched_new, key=lambda i: new.node(i).order):
        if new.node(n).number:
            by_text.setdefault(new_text[n], []).append(n)
    for n in sorted(unmatched_old, key=lambda i: old.node(i).order):
        candidates = by_text.get(old_text[n]) if old.node(n).number else None
        if candidates and old_text[n]:
            target = candidates.pop(0)
            unmatched_old.discard(n)
            unmatched_new.discard(target)
            changes.append(Change(ChangeKind.RENUMBERED, target, n, old_text[n], new_text[target]))
    # 3. same id, different text: changed
    for n in sorted(unmatched_old & unmatched_new, key=lambda i: new.node(i).order):
        unmatched_old.discard(n)
        unmatched_new.discard(n)
        changes.append(
            Change(ChangeKind.CHANGED, n, n, old_text[n], new_text[n], word_diff(old_text[n], new_text[n]))
        )
    # 4. similar text under another id: renumbered and reworded
    for n in sorted(unmatched_old, key=lambda i: old.node(i).order):
        if not old.node(n).number:
            continue
        best, score = None, SIMILAR_ENOUGH
        for m in unmatched_new:
            if new.node(m).number and new.node(m).game == old.node(n).game:
                ratio = difflib.SequenceMatcher(a=old_text[n], b=new_text[m], autojunk=False).ratio()
                if ratio > score:
                    best, score = m, ratio
        if best is not None:
            unmatched_old.discard(n)
            unmatched_new.discard(best)
            changes.append(
                Change(
                    ChangeKind.RENUMBERED,
                    best,
                    n,
                    old_text[n],
                    new_text[best],
                    word_diff(old_text[n], new_text[best]),
                )
            )
    for n in unmatched_old:
        changes.append(Change(ChangeKind.REMOVED, n, n, old_text[n], ""))
    for n in unmatched_new:
        changes.append(Change(ChangeKind.ADDED, n, None, "", new_text[n]))

    def order(c: Change) -> tuple:
        graph = old if c.kind == ChangeKind.REMOVED else new
        data = graph.node(c.id)
        return (data.game, data.document, data.order)

    return sorted(changes, key=order)


@dataclass
class Citations:
    """Which scenarios and rulings cite which rules (read from the files, not run)."""

    scenarios: dict[str, list[str]] = field(default_factory=dict)  # scenario id → qualified rule ids
    scenario_paths: dict[str, Path] = field(default_factory=dict)
    rulings: dict[str, list[str]] = field(default_factory=dict)

    @classmethod
    def read(cls, scenarios_dir: Path, rulings: list[Ruling], cache: Path | None = None) -> Citations:
        """Read the rules each scenario cites; with ``cache``, unchanged files are not parsed again."""
        out = cls()
        read = per_file(
            cache, discover(scenarios_dir), lambda path: _citation(path, game_of(path, scenarios_dir))
        )
        for path, (sid, rules) in read.items():
            if sid:
                out.scenarios[sid] = rules
                out.scenario_paths[sid] = path
        for ruling in rulings:
            out.rulings[ruling.id] = list(ruling.rules)
        return out


def _citation(path: Path, game: str) -> tuple[str | None, list[str]]:
    """A scenario file's id and the qualified rule ids it cites (None for an unreadable file)."""
    data = read_yaml_quietly(path)
    if not isinstance(data, dict) or not data.get("id") or not isinstance(data.get("rules") or [], list):
        return None, []
    return str(data["id"]), [str(r) if ":" in str(r) else f"{game}:{r}" for r in data.get("rules") or []]


def impacted_rules(graph: Graph, node_id: str) -> set[str]:
    """A change to a rule touches the rule, its descendants, and the rules that reference it."""
    if node_id not in graph:
        return {node_id}
    touched = {node_id, *descendants(graph, node_id)}
    touched |= set(edges_of(graph, node_id, EdgeKind.REFERENCES, incoming=True))
    return touched


def attach_impact(changes: list[Change], old: Graph, new: Graph, citations: Citations) -> None:
    """Fill in each change's impacted scenarios and rulings, found through the graph."""
    for change in changes:
        touched = impacted_rules(new, change.id) if change.id in new else set()
        if change.old_id and change.old_id in old:
            touched |= impacted_rules(old, change.old_id)
        change.scenarios = sorted(s for s, rules in citations.scenarios.items() if touched & set(rules))
        change.rulings = sorted(r for r, rules in citations.rulings.items() if touched & set(rules))


def impacted_scenarios(changes: list[Change]) -> list[str]:
    return sorted({s for c in changes for s in c.scenarios})
