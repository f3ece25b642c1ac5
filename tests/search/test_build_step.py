"""The search index as a step of `rulekb build` (order 30, between verify and site)."""

from __future__ import annotations

import io

import pytest
from rich.console import Console

from kb.build import STEPS, BuildContext, _load_plugins
from kb.rulings import load_rulings
from kb.search.store import IndexMissing, open_index


def test_index_step_is_registered_between_verify_and_site():
    """Loading the build's plugins registers "index for search" with order 30."""
    _load_plugins()
    step = next(s for s in STEPS if s.name == "index for search")
    assert step.order == 30


def test_index_step_indexes_the_parsed_knowledge_base(project, project_kb, tmp_path):
    """Run with the parse step's knowledge base, the step prepares the index under .rulekb/ and notes its size;
    the index goes live when the build succeeds; the site being built gets only the browser's copy."""
    _load_plugins()
    step = next(s for s in STEPS if s.name == "index for search")
    ctx = BuildContext(
        paths=project, out=tmp_path / "site", console=Console(file=io.StringIO()), kb=project_kb
    )
    step.run(ctx)
    with pytest.raises(IndexMissing):
        open_index(project)  # not live before the whole build has succeeded
    for commit in ctx.on_success:
        commit()
    rulings, _ = load_rulings(project)
    assert open_index(project).meta["documents"] == project_kb.graph.number_of_nodes() + len(rulings)
    assert any(note.startswith("search index:") for note in ctx.notes)
    site_files = sorted(p.relative_to(tmp_path / "site").as_posix() for p in (tmp_path / "site").rglob("*.*"))
    assert site_files == ["assets/rulekb/search-index.js"]  # the index itself lives in .rulekb/
