"""kb reads top-down: no import cycle among its modules (counting imports inside functions); the contracts
of pyproject.toml (the core imports no application) are checked with the others in tests/engine_common."""

from __future__ import annotations

from tests.conftest import ROOT
from tests.engine_common.test_imports import cycles, import_graph


def test_no_import_cycle_in_kb():
    """No module of kb/ imports, directly or through others, a module that imports it."""
    found = cycles(import_graph(ROOT, ("kb",)))
    assert found == [], f"{len(found)} import cycle(s): {found}"
