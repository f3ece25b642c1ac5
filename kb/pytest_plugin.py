"""pytest collects scenario files as test items, so ``pytest`` runs them beside the unit tests."""

from __future__ import annotations

from pathlib import Path

import pytest

from kb.verify.results import Status
from kb.verify.scenario import is_scenario_file

_context = None


def _run_context():
    """The knowledge base facts scenarios need, loaded once per test session."""
    global _context
    if _context is None:
        from kb.core.loader import load_kb
        from kb.verify.session import context

        _context = context(load_kb())
    return _context


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

        result = run_scenario(self.path, _run_context())
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
