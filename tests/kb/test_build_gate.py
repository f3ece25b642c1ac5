"""The build is a gate: lint errors or a failing scenario stop it and leave the previous site, index and stored
results byte-identical; ``--draft`` publishes anyway with the failures marked."""

from __future__ import annotations

import hashlib
from pathlib import Path

from kb.core.paths import Paths
from kb.verify.results import results_path
from tests.conftest import add_site_sources


def _tree_hash(folder: Path) -> str:
    """One digest of every file's path and bytes under ``folder``."""
    digest = hashlib.sha256()
    for path in sorted(p for p in folder.rglob("*") if p.is_file()):
        digest.update(str(path.relative_to(folder)).encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()


def _previous_build(root: Path) -> dict[str, str]:
    """A stand-in for a good earlier build: a site, a search index and stored results; their digests."""
    (root / "site" / "assets").mkdir(parents=True)
    (root / "site" / "index.html").write_text("previous site")
    (root / "site" / "assets" / "x.js").write_bytes(b"\x00previous")
    index = root / ".rulekb" / "index" / "live"
    index.mkdir(parents=True)
    (index / "segment").write_bytes(b"previous index")
    results_path(Paths(root)).write_text('{"generated": "before", "scenarios": []}')
    return {
        "site": _tree_hash(root / "site"),
        "index": _tree_hash(root / ".rulekb" / "index"),
        "results": results_path(Paths(root)).read_text(),
    }


def _unchanged(root: Path, before: dict[str, str]) -> bool:
    return before == {
        "site": _tree_hash(root / "site"),
        "index": _tree_hash(root / ".rulekb" / "index"),
        "results": results_path(Paths(root)).read_text(),
    }


def _break_a_scenario(root: Path) -> Path:
    """Make one scenario's final expectation false (a created tide token produces no ember)."""
    path = next((root / "scenarios" / "athernum" / "ch05").glob("a-created-resource-token-*.yaml"))
    text = path.read_text()
    assert "pool: {tide: 1}" in text
    path.write_text(text.replace("pool: {tide: 1}", "pool: {ember: 1}"))
    return path


def test_a_failing_scenario_stops_the_build_and_keeps_everything(small_project, run):
    """One failing scenario: the build exits non-zero, names it, and site/, index and results stay byte-identical."""
    before = _previous_build(small_project)
    _break_a_scenario(small_project)
    code, out, err = run(small_project, "build")
    assert code != 0
    assert "a-created-resource-token-enters-the-resource-zone failed" in out
    assert "the build stopped; the previous site/ is unchanged" in err and "--draft" in err
    assert _unchanged(small_project, before)
    assert not list(small_project.glob(".site-*"))


def test_a_lint_error_stops_the_build_before_verifying(small_project, run):
    """A duplicate ruling id (one ruling would vanish from the site) is a lint error that stops the build."""
    before = _previous_build(small_project)
    rulings = small_project / "rules" / "athernum" / "rulings.yaml"
    rulings.write_text(rulings.read_text().replace("- id: R-ATH-002", "- id: R-ATH-001", 1))
    code, out, _err = run(small_project, "build")
    assert code != 0
    assert "duplicate ruling id R-ATH-001" in out
    assert _unchanged(small_project, before)


def test_a_draft_build_publishes_with_the_failing_example_marked(small_project, run):
    """``build --draft`` with a failing scenario and a broken reference publishes the site, says it is a draft, marks
    the example failed and the reference broken, and shows on every page a banner linking to the list of both."""
    add_site_sources(small_project)
    _break_a_scenario(small_project)
    rulings = small_project / "rules" / "athernum" / "rulings.yaml"
    rulings.write_text(rulings.read_text().replace('"9.3.9a.I", "9.3.11",', '"9.3.9a.I", "9.3.99",', 1))
    code, out, err = run(small_project, "build", "--draft")
    assert code == 0, out + err
    assert "draft: published with 1 failing scenarios" in out
    site = small_project / "site"
    pages = {p: p.read_text(encoding="utf-8") for p in site.rglob("*.html")}
    failing = [t for t in pages.values() if "a-created-resource-token-enters-the-resource-zone" in t]
    assert any("rk-example--failed" in t or "rk-status--failed" in t for t in failing)
    banner = "Draft: 1 failing example, 1 broken reference"
    assert pages and all(banner in t for t in pages.values()), [
        p.name for p, t in pages.items() if banner not in t
    ]
    assert 'class="rk-draft" href="status.html#draft"' in pages[site / "index.html"]
    status = pages[site / "status.html"]
    assert (
        'id="draft"' in status
        and "9.3.99" in status
        and "a-created-resource-token-enters-the-resource-zone" in status
    )
    ruling_page = next(t for t in pages.values() if "R-ATH-001" in t and "9.3.99" in t and "rk-draft" in t)
    assert (
        'title="not a rule of the graph"' in ruling_page
    )  # the broken reference, struck out where it is cited


def test_a_normal_build_has_no_draft_banner(built_small):
    """A build that passes its gate publishes pages without any draft banner or draft section."""
    pages = [p.read_text(encoding="utf-8") for p in (built_small / "site").rglob("*.html")]
    assert pages and not any('class="rk-draft"' in t or 'id="draft"' in t for t in pages)
