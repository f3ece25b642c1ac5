"""Fixtures for search tests: a scratch project with this repository's rules and a built search index."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from kb.core.paths import Paths
from tests.conftest import ROOT, built_once, with_memo


def make_project(root: Path) -> Paths:
    """A scratch project holding a copy of this repository's rule sources (no index, no results)."""
    shutil.copytree(ROOT / "rules", root / "rules")
    (root / "pyproject.toml").write_text("")
    return Paths(root)


@pytest.fixture(scope="session")
def indexed(tmp_path_factory, project_kb, warm_memo) -> Paths:
    """A scratch project with the full knowledge base indexed (shared by the read-only tests)."""
    from kb.search.indexer import index_knowledge_base

    def build(root: Path) -> None:
        index_knowledge_base(make_project(with_memo(warm_memo, root)), project_kb)

    return Paths(built_once(tmp_path_factory, "indexed", build))


@pytest.fixture(scope="session")
def whoosh_searcher(indexed, project_kb, tmp_path_factory):
    """A searcher over a Whoosh index of the same entries as the shared index (docnums alike): the reference
    the postings' scores and the query language's results are checked against."""
    from whoosh import index as whoosh_index

    from kb.core.rulings import load_rulings
    from kb.search.documents import collect_documents
    from kb.search.schema import build_schema
    from kb.search.synonyms import load_synonyms
    from kb.verify.results import load_results

    languages = {d.id: d.meta.language for d in project_kb.documents}
    docs = collect_documents(
        project_kb.graph,
        project_kb.lookup.keys,
        languages,
        load_rulings(indexed)[0],
        load_results(indexed),
        load_synonyms(),
        project_kb.curated.defined_by,
    )
    ix = whoosh_index.create_in(str(tmp_path_factory.mktemp("whoosh")), build_schema())
    with ix.writer() as writer:
        for doc in docs:
            writer.add_document(**doc.fields())
    with ix.searcher() as searcher:
        yield searcher


@pytest.fixture(scope="session")
def engine(indexed):
    """A search engine over the shared index."""
    from kb.search.searcher import SearchEngine

    with SearchEngine(indexed) as opened:
        yield opened


@pytest.fixture()
def project(tmp_path, warm_memo) -> Paths:
    """A scratch project of its own (with the repository's memos), for tests that build, break or extend an index."""
    return make_project(with_memo(warm_memo, tmp_path))


RULINGS = """\
rulings:
  - id: R-ATH-900
    question: Does the defender or the target deal combat damage back to the attacker?
    answer: The target deals damage back equal to its own OFV; a declared defender only becomes exhausted.
    rules: ["9.3.9b", "9.3.12"]
    scenarios: ["athernum/combat/target-strikes-back"]
    source: cr
    date: 2026-11-20
"""


def results_json(status: str = "passed") -> str:
    """A verify results file with one scenario demonstrating 9.3.9b, in the given status."""
    return json.dumps(
        {
            "generated": "2026-11-20T12:00:00+00:00",
            "scenarios": [
                {
                    "id": "athernum/combat/target-strikes-back",
                    "game": "athernum",
                    "path": "scenarios/athernum/combat/target-strikes-back.yaml",
                    "title": "The target strikes back at the attacker with its own offensive value",
                    "rules": ["athernum:9.3.9b"],
                    "rulings": ["R-ATH-900"],
                    "status": status,
                    "steps": [
                        {"index": 1, "text": "p1 attacks Ember Knight with Iron Golem", "outcome": "ok"}
                    ],
                }
            ],
        }
    )


def add_rulings_and_results(project: Paths) -> Paths:
    """One ruling and one passing scenario result beside the rules of ``project``."""
    (project.rules / "athernum" / "rulings.yaml").write_text(RULINGS, encoding="utf-8")
    project.cache.mkdir(parents=True, exist_ok=True)
    (project.cache / "verify-results.json").write_text(results_json(), encoding="utf-8")
    return project


@pytest.fixture()
def with_rulings_and_results(project) -> Paths:
    """A scratch project with one ruling and one passing scenario result beside the rules."""
    return add_rulings_and_results(project)


@pytest.fixture(scope="session")
def indexed_with_rulings(tmp_path_factory, project_kb, warm_memo) -> Paths:
    """A scratch project with one ruling and one passing scenario result, indexed once (shared by read-only tests)."""
    from kb.search.indexer import index_knowledge_base

    def build(root: Path) -> None:
        index_knowledge_base(add_rulings_and_results(make_project(with_memo(warm_memo, root))), project_kb)

    return Paths(built_once(tmp_path_factory, "indexed-rulings", build))
