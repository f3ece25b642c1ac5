"""Site fixtures: each site is built once per test session and shared by the tests that read it."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from kb.core.paths import Paths
from kb.urls import scenario_anchor
from tests.browser import offline_app, serve  # noqa: F401 (offline_app: the offline app's tests' fixture)
from tests.conftest import built_once, with_memo
from tests.site.project import (
    SITE_STEPS,
    copy_repository_proof,
    copy_repository_rules,
    make_project,
    make_proof_project,
    make_release_project,
    proof_files,
)

ROOT = Path(__file__).resolve().parents[2]


def _site(tmp_path_factory, name: str, paths: Paths) -> Path:
    """The site of the project at ``paths``, built into ``paths.site`` once for the run (see ``built_once``)."""
    from kb.site.build import build_site

    built_once(tmp_path_factory, name, lambda _: build_site(paths, paths.site))
    return paths.site


@pytest.fixture(scope="session")
def small_project(tmp_path_factory):
    """A small project with hostile text in every input, rulings, a not-testable list and verify results."""
    return Paths(built_once(tmp_path_factory, "small", make_project))


@pytest.fixture(scope="session")
def small_site(tmp_path_factory, small_project) -> Path:
    """The small project's site, built once."""
    return _site(tmp_path_factory, "small-site", small_project)


@pytest.fixture(scope="session")
def repo_project(tmp_path_factory, warm_memo):
    """This repository's rules, with one passing scenario for rule 4.2.2a (the real verify results untouched)."""
    return Paths(
        built_once(
            tmp_path_factory, "repo", lambda root: copy_repository_rules(ROOT, with_memo(warm_memo, root))
        )
    )


@pytest.fixture(scope="session")
def repo_site(tmp_path_factory, repo_project) -> Path:
    """The site of this repository's rules, built once."""
    return _site(tmp_path_factory, "repo-site", repo_project)


@pytest.fixture(scope="session")
def base_url(repo_site):
    """The repository site served by a static file server on 127.0.0.1 at a free port, for the browser tests."""
    yield from serve(repo_site)


@pytest.fixture(scope="session")
def judge_project(tmp_path_factory, warm_memo) -> Paths:
    """This repository's rules with their own rulings and not-testable lists and a result for every scenario, built
    by ``rulekb build``'s own steps (parse, index, site) into site/: the pages as a judge meets them, with the
    search index and the offline app. Built once for the run; tests only read it (``copy_project`` for a copy to
    change)."""
    from rich.console import Console

    from kb.build import run_build

    def build(root: Path) -> None:
        run_build(copy_repository_proof(ROOT, with_memo(warm_memo, root)), Console(quiet=True), SITE_STEPS)

    return Paths(built_once(tmp_path_factory, "judge", build))


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
def repo_search_site(tmp_path_factory, repo_project, repo_site) -> Path:
    """The repository site with its search index."""
    built_once(tmp_path_factory, "repo-search", lambda _: add_search_index(repo_project, repo_site))
    return repo_site


@pytest.fixture(scope="session")
def small_search_site(tmp_path_factory, small_project, small_site) -> Path:
    """The small project's site (hostile text in every input) with its search index."""
    built_once(tmp_path_factory, "small-search", lambda _: add_search_index(small_project, small_site))
    return small_site


@pytest.fixture(scope="session")
def release_project(tmp_path_factory):
    """The small project with an earlier release of its CR beside the current one, and a page of old links."""
    return Paths(built_once(tmp_path_factory, "releases", make_release_project))


@pytest.fixture(scope="session")
def release_site(tmp_path_factory, release_project) -> Path:
    """The release project's site, built once (strictly: every old link must resolve)."""
    return _site(tmp_path_factory, "release-site", release_project)


@pytest.fixture(scope="session")
def proof_project(tmp_path_factory, warm_memo):
    """This repository's rules and scenarios, a sample of each game's scenarios run: (paths, the files run)."""
    paths = Paths(
        built_once(
            tmp_path_factory, "proof", lambda root: make_proof_project(ROOT, with_memo(warm_memo, root))
        )
    )
    return paths, proof_files(paths)


@pytest.fixture(scope="session")
def proof_site(tmp_path_factory, proof_project) -> Path:
    """The proof project's site, built once."""
    return _site(tmp_path_factory, "proof-site", proof_project[0])


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
