"""What a rules edit breaks: run only the scenarios a change impacts, under one version or both."""

from __future__ import annotations

from dataclasses import dataclass, field

from kb.core.loader import KnowledgeBase
from kb.core.paths import Paths
from kb.core.rulings import Ruling, load_rulings
from kb.core.versions import load_spec
from kb.core.yamlio import read_yaml_quietly
from kb.diff import Change, Citations, attach_impact, compare, impacted_scenarios
from kb.verify.fingerprint import suspects
from kb.verify.report import check_rulings
from kb.verify.results import ScenarioResult, Status, VerifyResults
from kb.verify.runner import run_all
from kb.verify.scenario import game_of
from kb.verify.session import context, inputs_changed, verify


@dataclass
class ImpactReport:
    """The changes since a revision and how the impacted scenarios and rulings fare now."""

    changes: list[Change]
    results: VerifyResults
    edited: list[str] = field(default_factory=list)  # scenarios run because their own inputs changed
    suspects: dict[str, list[str]] = field(default_factory=dict)  # scenario id → rules changed since review
    rulings: list[str] = field(default_factory=list)  # "R-ATH-001: its scenario … is failed"

    @property
    def failing(self) -> list[ScenarioResult]:
        return [s for s in self.results.scenarios if s.status in (Status.FAILED, Status.ERROR)]

    def to_dict(self) -> dict:
        return {
            "changes": [c.to_dict() for c in self.changes],
            "scenarios": [
                {"id": s.id, "path": s.path, "status": str(s.status), "reason": s.reason}
                for s in self.results.scenarios
            ],
            "failing": [s.id for s in self.failing],
            "edited": self.edited,
            "suspects": self.suspects,
            "rulings": self.rulings,
        }


def _impact(
    old: KnowledgeBase, new: KnowledgeBase, project: Paths, rulings: list[Ruling]
) -> tuple[list[Change], Citations]:
    changes = compare(old.graph, new.graph)
    citations = Citations.read(project.scenarios, rulings, cache=project.memo / "citations.pickle")
    attach_impact(changes, old.graph, new.graph, citations)
    return changes, citations


def verify_changed(kb: KnowledgeBase, revision: str, *, jobs: int = 1) -> ImpactReport:
    """Run the scenarios impacted by the rule changes from ``revision`` to the working tree, and those whose own
    inputs (the scenario, its card library, the engine) changed since their stored result; store their results."""
    old = load_spec(revision, kb.paths)
    rulings, _ = load_rulings(kb.paths)
    changes, citations = _impact(old, kb, kb.paths, rulings)
    ids = impacted_scenarios(changes)
    files = [citations.scenario_paths[i] for i in ids if i in citations.scenario_paths]
    edited = [f for f in inputs_changed(kb) if f not in files]
    chosen, own = {f.resolve() for f in files + edited}, {f.resolve() for f in edited}
    stored = verify(kb, files + edited, jobs=jobs) if chosen else VerifyResults("")
    ran = [s for s in stored.scenarios if (kb.paths.root / s.path).resolve() in chosen]
    report = ImpactReport(
        changes,
        VerifyResults(stored.generated, ran),
        edited=sorted(s.id for s in ran if (kb.paths.root / s.path).resolve() in own),
    )
    for sid in ids:
        path = citations.scenario_paths.get(sid)
        data = read_yaml_quietly(path) if path else None
        if path and isinstance(data, dict):
            changed = [rule for rule, _ in suspects(data, game_of(path, kb.paths.scenarios), kb.graph)]
            if changed:
                report.suspects[sid] = changed
    touched = {r for c in changes for r in c.rulings}
    report.rulings = [
        f"{c.ruling}: {c.problem}"
        for c in check_rulings([r for r in rulings if r.id in touched], report.results)
        if "was not run" not in c.problem
    ]
    return report


@dataclass
class BehaviourChange:
    """A scenario whose outcome differs between two versions of the rules."""

    scenario: str
    path: str
    old_status: str
    new_status: str
    old_reason: str
    new_reason: str


def behaviour_diff(
    project: Paths, old_spec: str, new_spec: str, *, jobs: int = 1
) -> tuple[list[Change], list[BehaviourChange], int]:
    """Verify the impacted scenarios under both versions; report those whose outcome changed."""
    old, new = load_spec(old_spec, project), load_spec(new_spec, project)
    rulings, _ = load_rulings(project)
    changes, citations = _impact(old, new, project, rulings)
    files = [
        citations.scenario_paths[i] for i in impacted_scenarios(changes) if i in citations.scenario_paths
    ]
    before = run_all(files, context(old, project, rulings), jobs=jobs).by_id()
    after = run_all(files, context(new, project, rulings), jobs=jobs).by_id()
    changed = []
    for sid in sorted(after):
        a, b = before.get(sid), after[sid]
        if a is None or (a.status, a.reason) != (b.status, b.reason):
            changed.append(
                BehaviourChange(
                    sid,
                    b.path,
                    str(a.status) if a else "absent",
                    str(b.status),
                    a.reason if a else "",
                    b.reason,
                )
            )
    return changes, changed, len(files)
