"""The engines read top-down: no import cycle (counting imports inside functions), and the import-linter
contracts of pyproject.toml hold (kb above engine; each game engine above engine.common and independent of the
others; engine never imports kb; in each engine, entry points above rules modules above records)."""

from __future__ import annotations

import ast
from pathlib import Path

import networkx as nx
from importlinter.cli import lint_imports

from tests.conftest import ROOT


def _module_name(root: Path, path: Path) -> str:
    parts = path.relative_to(root).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _imported(node: ast.Import | ast.ImportFrom, module: str, is_package: bool) -> list[str]:
    """The modules an import statement names, absolute (``from . import x`` names the submodule ``x``)."""
    if isinstance(node, ast.Import):
        return [alias.name for alias in node.names]
    if node.level:
        base = module.split(".") if is_package else module.split(".")[:-1]
        base = base[: len(base) - node.level + 1]
        target = ".".join(base + ([node.module] if node.module else []))
    else:
        target = node.module or ""
    return [target] + [f"{target}.{alias.name}" for alias in node.names]


def import_graph(root: Path, packages: tuple[str, ...]) -> nx.DiGraph:
    """Every import between the modules of ``packages`` under ``root``, wherever it sits (module level, inside
    functions; not under ``if TYPE_CHECKING``, which never runs)."""
    files = {_module_name(root, p): p for pkg in packages for p in (root / pkg).rglob("*.py")}
    graph: nx.DiGraph[str] = nx.DiGraph()
    graph.add_nodes_from(files)
    for module, path in files.items():
        tree = ast.parse(path.read_text(), str(path))
        skipped = {
            id(n)
            for stmt in ast.walk(tree)
            if isinstance(stmt, ast.If) and "TYPE_CHECKING" in ast.unparse(stmt.test)
            for body in stmt.body
            for n in ast.walk(body)
        }
        for node in ast.walk(tree):
            if isinstance(node, (ast.Import, ast.ImportFrom)) and id(node) not in skipped:
                for name in _imported(node, module, path.name == "__init__.py"):
                    # importing a package's submodule runs the package first, but the package importing its
                    # own modules (to re-export them) is not a cycle through its parent
                    if name in files and name != module and not module.startswith(name + "."):
                        graph.add_edge(module, name)
    return graph


def cycles(graph: nx.DiGraph) -> list[list[str]]:
    """The groups of modules that import each other, directly or through others."""
    return sorted(sorted(c) for c in nx.strongly_connected_components(graph) if len(c) > 1)


def test_no_import_cycle_in_engine():
    """No module of engine/ imports, directly or through others, a module that imports it."""
    found = cycles(import_graph(ROOT, ("engine",)))
    assert found == [], f"{len(found)} import cycle(s): {found}"


def test_a_cycle_through_an_import_inside_a_function_is_found(tmp_path):
    """An import inside a function closes a cycle as much as one at the top; one under TYPE_CHECKING does not."""
    pkg = tmp_path / "pkg"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("from . import a\n")
    (pkg / "a.py").write_text("from . import b\n")
    (pkg / "b.py").write_text("def f():\n    from .a import x\n")
    (pkg / "c.py").write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .d import y\n")
    (pkg / "d.py").write_text("from pkg.c import z\n")
    assert cycles(import_graph(tmp_path, ("pkg",))) == [["pkg.a", "pkg.b"]]


def test_import_linter_contracts_hold():
    """The layers and independence contracts of pyproject.toml are kept."""
    assert lint_imports(config_filename=str(ROOT / "pyproject.toml"), no_cache=True) == 0
