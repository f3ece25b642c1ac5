"""The rulekb command as a judge and a rule author run it."""

from __future__ import annotations

import json
import shutil

import networkx as nx
import pytest

from tests.conftest import ROOT, copy_project, with_memo


@pytest.fixture()
def run(run):
    """The shared ``run`` (tests/conftest.py), in this project unless ``root=`` names another."""
    return lambda *args, root=ROOT: run(root, *args)


@pytest.fixture()
def scratch(tmp_path, warm_memo):
    """A copy of this project's rules (and the repository's memos) in a scratch project that a test may break."""
    shutil.copytree(ROOT / "rules", tmp_path / "rules")
    (tmp_path / "pyproject.toml").write_text("")
    return with_memo(warm_memo, tmp_path)


def test_rule_prints_table_rule_with_context(run):
    """`rulekb rule 3.0.7e.II` prints the rule, its breadcrumb up to its parent, and the terms it uses."""
    code, out, _ = run("rule", "3.0.7e.II")
    assert code == 0
    assert "All damage counters on it are removed" in out
    assert "3 Main Character" in out and "3.0.7e" in out
    assert "Counter" in out


def test_rule_prints_altered_rule_with_its_example(run):
    """`rulekb rule altered:1.4.5.a` prints the rule and the Kitsune example attached to it."""
    code, out, _ = run("rule", "altered:1.4.5.a")
    assert code == 0
    assert "Initiative order" in out and "decide first" in out
    assert "Kitsune" in out


def test_rule_json_has_context(run):
    """`rulekb rule 4.2.2 --json` lists the subrules in order and the breadcrumb."""
    code, out, _ = run("rule", "rule 4.2.2.", "--json")
    data = json.loads(out)
    assert code == 0 and data["id"] == "athernum:4.2.2"
    assert [c["id"] for c in data["subrules"]][:2] == ["athernum:4.2.2a", "athernum:4.2.2b"]
    assert [b["id"] for b in data["breadcrumb"]] == ["athernum:cr", "athernum:4", "athernum:4.2.0"]


def test_unknown_rule_is_a_message_with_suggestions(run):
    """An unknown rule number exits non-zero with a message and suggestions, not a traceback."""
    code, out, err = run("rule", "4.2.2z")
    assert code == 2
    assert "no rule '4.2.2z'" in err and "athernum:4.2.2" in err
    assert "Traceback" not in err + out


def test_graph_export_json_is_node_link_data(run, tmp_path):
    """`rulekb graph --format json -o FILE` writes node-link data networkx reads back."""
    target = tmp_path / "g.json"
    code, _, _ = run("graph", "--format", "json", "-o", str(target))
    data = json.loads(target.read_text())
    assert code == 0
    graph = nx.node_link_graph(data, edges="links")
    assert graph.nodes["athernum:4.2.2a"]["parent"] == "athernum:4.2.2"
    assert {"id", "game", "document", "kind", "number", "title", "text", "parent"} <= set(data["nodes"][0])


def test_graph_export_graphml_reads_back(run, tmp_path):
    """`rulekb graph --format graphml` writes GraphML with every node."""
    target = tmp_path / "g.graphml"
    code, _, _ = run("graph", "--format", "graphml", "-o", str(target))
    graph = nx.read_graphml(target)
    assert code == 0 and "athernum:12.2.Ab" in graph and "altered:1.4.6.b" in graph


def test_lint_on_the_project_has_no_errors_and_reports_the_misspelling(run):
    """The project's sources lint without errors; 'Devensive' in 10.3.2 is flagged as a likely misspelling."""
    code, out, _ = run("lint", "--json")
    data = json.loads(out)
    assert code == 0 and data["errors"] == 0
    messages = [f["message"] for f in data["findings"]]
    assert any("'devensive' may be a misspelling of 'defensive'" in m for m in messages)
    assert any(f["code"] == "import-repair" and "3.0.2c.I" in f["message"] for f in data["findings"])


def test_lint_reports_every_problem_in_one_run(run, scratch):
    """A malformed line and a duplicate id in different places are both reported, with a non-zero exit."""
    cr = scratch / "rules" / "athernum" / "cr.md"
    text = cr.read_text().replace("- 1.1.2 The card name", "- 1.1.1 The card name", 1)
    text = text.replace("- 2.4.2 Only one location", "- 2.4.x2 Only one location", 1)
    cr.write_text(text)
    code, out, err = run("lint", root=scratch)
    assert code == 1
    assert "duplicate id 1.1.1" in out and "malformed rule number '2.4.x2'" in out
    assert "rules/athernum/cr.md:" in out
    assert "Traceback" not in out + err


def test_build_with_a_broken_source_keeps_the_previous_site(run, built_small, tmp_path):
    """A failed build names the problem and leaves the previous site/ in place."""
    scratch = copy_project(built_small, tmp_path / "copy")
    marker = scratch / "site" / "downloads" / "rules.json"
    before = marker.read_text()
    cr = scratch / "rules" / "athernum" / "cr.md"
    cr.write_text(cr.read_text().replace("- 1.1.2 The card name", "- 1.1.1 The card name", 1))
    code, out, err = run("build", root=scratch)
    assert code == 2
    assert "duplicate id 1.1.1" in out + err
    assert marker.read_text() == before
    assert not list(scratch.glob(".site-*"))


def test_import_refuses_to_overwrite_an_edited_source(run, scratch, seeds):
    """Importing over an existing rule source is refused unless forced: rules/ is the truth."""
    seed = next(seeds.glob("004_*.txt"))
    code, _, err = run("import", str(seed), root=scratch)
    assert code == 2 and "already exists" in err
    code, _out, _ = run("import", str(seed), "--release", "2026-01", root=scratch)
    assert (
        code == 0 and (scratch / "rules" / "altered" / "cr@excerpt.md").exists()
    )  # the previous text, archived
    assert "release: 2026-01" in (scratch / "rules" / "altered" / "cr.md").read_text()


def test_the_program_exits_with_its_code_and_all_its_output_through_a_pipe():
    """``rulekb`` as a program (``python -m rulekb``, the installed script) ends without tearing its objects down, yet
    with every line written and the command's exit code: 0 with the answer, 2 with the error for an unknown rule."""
    import os
    import subprocess
    import sys

    env = {**os.environ, "RULEKB_ROOT": str(ROOT), "COLUMNS": "200"}
    found = subprocess.run(
        [sys.executable, "-m", "rulekb", "rule", "athernum:2.4.2"], env=env, capture_output=True, text=True
    )
    assert found.returncode == 0 and "Only one location may be played per turn" in found.stdout, found.stderr
    assert found.stdout.endswith("\n")
    missing = subprocess.run(
        [sys.executable, "-m", "rulekb", "rule", "athernum:99.99.99"], env=env, capture_output=True, text=True
    )
    assert missing.returncode == 2 and "no rule" in missing.stderr
