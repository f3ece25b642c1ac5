"""pytest collects scenario files as test items, so ``pytest`` runs them beside the unit tests."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from kb.verify.results import Status
from kb.verify.scenario import is_scenario_file

if TYPE_CHECKING:
    from kb.verify.runner import RunContext

_contexts: dict[Path, RunContext] = {}


def project_of(scenario: Path) -> Path:
    """The project a scenario file belongs to: the folder holding the nearest ``scenarios/`` above it (not
    ``$RULEKB_ROOT`` or the working folder, which may name another project while pytest runs)."""
    parts = scenario.parts
    last = len(parts) - 1 - parts[::-1].index("scenarios")
    return Path(*parts[:last])


def _run_context(scenario: Path) -> RunContext:
    """The knowledge base facts the scenarios of ``scenario``'s project need, loaded once per test session."""
    root = project_of(scenario)
    if root not in _contexts:
        from kb.core.loader import load_kb
        from kb.core.paths import Paths
        from kb.verify.session import context

        _contexts[root] = context(load_kb(Paths(root)))
    return _contexts[root]


def pytest_collect_file(parent: pytest.Collector, file_path: Path):
    if "scenarios" in file_path.parts and is_scenario_file(file_path):
        return ScenarioFile.from_parent(parent, path=file_path)
    return None


class ScenarioFile(pytest.File):
    def collect(self):
        yield ScenarioItem.from_parent(self, name=self.path.stem)


class ScenarioFailed(Exception):
    """A scenario did not end as expected; carries the readable report."""


class ScenarioItem(pytest.Item):
    """One scenario file run on its game's engine."""

    def runtest(self) -> None:
        from kb.verify.runner import run_scenario

        result = run_scenario(self.path, _run_context(self.path))
        if result.status == Status.XFAIL:
            pytest.xfail(result.reason)
        if result.status != Status.PASSED:
            from kb.verify.report import failure_lines

            raise ScenarioFailed("\n".join(failure_lines(result)))

    def repr_failure(self, excinfo, style=None):
        if isinstance(excinfo.value, ScenarioFailed):
            return str(excinfo.value)
        return super().repr_failure(excinfo, style)

    def reportinfo(self):
        return self.path, 0, f"scenario {self.name}"
