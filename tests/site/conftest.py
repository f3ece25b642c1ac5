"""Site fixtures: each site is built once per test session and shared by the tests that read it."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from kb.urls import scenario_anchor

from tests.site.project import copy_repository_rules, make_project, make_proof_project, make_release_project

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="session")
def small_project(tmp_path_factory):
    """A small project with hostile text in every input, rulings, a not-testable list and verify results."""
    return make_project(tmp_path_factory.mktemp("small"))


@pytest.fixture(scope="session")
def small_site(small_project) -> Path:
    """The small project's site, built once."""
    from kb.site.build import build_site

    return build_site(small_project, small_project.site).out


@pytest.fixture(scope="session")
def repo_project(tmp_path_factory):
    """This repository's rules, with one passing scenario for rule 4.2.2a (the real verify results untouched)."""
    return copy_repository_rules(ROOT, tmp_path_factory.mktemp("repo"))


@pytest.fixture(scope="session")
def repo_site(repo_project) -> Path:
    """The site of this repository's rules, built once."""
    from kb.site.build import build_site

    return build_site(repo_project, repo_project.site).out


def add_search_index(paths, site: Path) -> Path:
    """``site`` with its project's search index beside the ranker (``assets/rulekb/search-index.js``), as the
    build ships it: the site step alone does not write the index."""
    from kb.search.indexer import discard_index, prepare_knowledge_base_index
    from kb.search.site_index import SITE_ASSETS, SITE_INDEX_FILE

    prepared = prepare_knowledge_base_index(paths)
    try:
        shutil.copyfile(prepared.folder / SITE_INDEX_FILE, site / SITE_ASSETS / SITE_INDEX_FILE)
    finally:
        discard_index(prepared)
    return site


@pytest.fixture(scope="session")
def repo_search_site(repo_project, repo_site) -> Path:
    """The repository site with its search index."""
    return add_search_index(repo_project, repo_site)


@pytest.fixture(scope="session")
def small_search_site(small_project, small_site) -> Path:
    """The small project's site (hostile text in every input) with its search index."""
    return add_search_index(small_project, small_site)


@pytest.fixture(scope="session")
def release_project(tmp_path_factory):
    """The small project with an earlier release of its CR beside the current one, and a page of old links."""
    return make_release_project(tmp_path_factory.mktemp("releases"))


@pytest.fixture(scope="session")
def release_site(release_project) -> Path:
    """The release project's site, built once (strictly: every old link must resolve)."""
    from kb.site.build import build_site

    return build_site(release_project, release_project.site).out


@pytest.fixture(scope="session")
def proof_project(tmp_path_factory):
    """This repository's rules and scenarios, a sample of each game's scenarios run: (paths, the files run)."""
    return make_proof_project(ROOT, tmp_path_factory.mktemp("proof"))


@pytest.fixture(scope="session")
def proof_site(proof_project) -> Path:
    """The proof project's site, built once."""
    from kb.site.build import build_site

    paths, _ = proof_project
    return build_site(paths, paths.site).out


def read(site: Path, url: str) -> str:
    """The HTML of a page of ``site`` by its URL (``athernum/cr/4.html``)."""
    return (site / url).read_text(encoding="utf-8")


def example_page(site: Path, game: str, scenario_id: str) -> Path:
    """The HTML file of the examples page showing a scenario."""
    anchor = f'id="{scenario_anchor(scenario_id)}"'
    for page in sorted((site / game / "examples").rglob("*.html")):
        if anchor in page.read_text(encoding="utf-8"):
            return page
    raise AssertionError(f"{scenario_id} is on no examples page of {game}")
