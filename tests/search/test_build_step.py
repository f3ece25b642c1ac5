"""The search index as a step of `rulekb build` (between verify and site)."""

from __future__ import annotations

import io

import pytest
from rich.console import Console

from kb.build import STEPS
from kb.build_context import INDEX_STEP, BuildContext
from kb.core.rulings import load_rulings
from kb.search.store import IndexMissing, open_index
from kb.verify.results import ScenarioResult, Status, VerifyResults

#: The index step as the build defines it (run here in one go: prepared, then put into the build).
INDEX = next(s for s in STEPS if s.name == INDEX_STEP)


def test_the_index_step_runs_between_verify_and_site():
    """The build indexes after verifying (the index holds each example's status) and before the site (which ships
    the browser's copy of the index)."""
    names = [s.name for s in STEPS]
    assert (
        names.index("verify scenarios") < names.index("index for search") < names.index("generate the site")
    )


def test_index_step_indexes_the_parsed_knowledge_base(project, project_kb, tmp_path):
    """Run with the parse step's knowledge base, the step prepares the index under .rulekb/ and notes its size;
    the index goes live when the build succeeds; the site being built gets only the browser's copy."""
    ctx = BuildContext(
        paths=project, out=tmp_path / "site", console=Console(file=io.StringIO()), kb=project_kb
    )
    INDEX.run(ctx)
    with pytest.raises(IndexMissing):
        open_index(project)  # not live before the whole build has succeeded
    for commit in ctx.on_success:
        commit()
    rulings, _ = load_rulings(project)
    assert open_index(project).meta["documents"] == project_kb.graph.number_of_nodes() + len(rulings)
    assert any(note.startswith("search index:") for note in ctx.notes)
    site_files = sorted(p.relative_to(tmp_path / "site").as_posix() for p in (tmp_path / "site").rglob("*.*"))
    assert site_files == ["assets/rulekb/search-index.js"]  # the index itself lives in .rulekb/


def test_index_step_indexes_the_verify_steps_results(project, project_kb, tmp_path):
    """The scenarios the build's verify step just ran are searchable, without reading them back from disk."""
    scenario = ScenarioResult(
        id="athernum/ch02/a-fresh-example",
        game="athernum",
        path="scenarios/athernum/ch02/a-fresh-example.yaml",
        title="A fresh example",
        rules=["athernum:2.4.2"],
        rulings=[],
        status=Status.PASSED,
    )
    ctx = BuildContext(
        paths=project,
        out=tmp_path / "site",
        console=Console(file=io.StringIO()),
        kb=project_kb,
        results=VerifyResults("now", [scenario]),
    )
    INDEX.run(ctx)
    for commit in ctx.on_success:
        commit()
    assert "athernum:scenario/ch02/a-fresh-example" in open_index(project).cache.ids
