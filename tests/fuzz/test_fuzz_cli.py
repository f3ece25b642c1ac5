"""Fuzzing the commands a rule author runs on a project with hostile text in it: exit status 0, 1 or 2, never an
internal error; a failed build leaves the previous site and index intact; nothing is written outside the project."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.conftest import ROOT, with_memo
from tests.fuzz.conftest import hostile_text
from tests.fuzz.test_fuzz_loaders import splice

#: Each example runs four commands: a third of the examples the loaders get.
COMMAND_EXAMPLES = settings(max_examples=max(6, settings().max_examples // 3))
SCENARIO = next((ROOT / "scenarios" / "athernum" / "ch05").glob("*.yaml"))
TARGETS = [
    "rules/athernum/cr.md",
    "rules/athernum/rulings.yaml",
    "rules/athernum/terms.yaml",
    "rules/athernum/links.yaml",
    "rules/athernum/parameters.yaml",
    f"scenarios/athernum/ch05/{SCENARIO.name}",
]


@pytest.fixture(scope="module")
def pristine(tmp_path_factory, warm_memo) -> Path:
    """A small project (the rules, one scenario and its cards, the repository's memos) with a previous site and
    index to keep."""
    root = tmp_path_factory.mktemp("pristine") / "project"
    shutil.copytree(ROOT / "rules", root / "rules")
    shutil.copytree(ROOT / "scenarios" / "athernum" / "cards", root / "scenarios" / "athernum" / "cards")
    (root / "scenarios" / "athernum" / "ch05").mkdir()
    shutil.copy(SCENARIO, root / "scenarios" / "athernum" / "ch05" / SCENARIO.name)
    (root / "pyproject.toml").write_text("")
    (root / "site").mkdir()
    (root / "site" / "index.html").write_text("previous site")
    index = root / ".rulekb" / "index"
    (index / "g-previous").mkdir(parents=True)
    (index / "g-previous" / "meta.json").write_text("{}")
    (index / "CURRENT").write_text('{"current": "g-previous", "previous": null}')
    return with_memo(warm_memo, root)


def snapshot(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


@COMMAND_EXAMPLES
@given(target=st.sampled_from(TARGETS), insert=hostile_text, where=st.floats(0, 1))
def test_commands_on_a_hostile_project(pristine, tmp_path_factory, run, target, insert, where):
    """lint, verify, rule and a failing build end as 0, 1 or 2 with no internal error, keep site/ and the index,
    and write only inside the project."""
    sandbox = tmp_path_factory.mktemp("fuzz")
    project = sandbox / "project"
    shutil.copytree(pristine, project, symlinks=True)
    path = project / target
    path.write_bytes(splice(path.read_text(encoding="utf-8"), insert, where))
    cr = (
        project / "rules" / "athernum" / "cr.md"
    )  # make sure the build fails, so that it is quick and must keep
    cr.write_bytes(cr.read_bytes().replace(b"- 1.1.2 ", b"- 1.1.1 ", 1))
    site, index = snapshot(project / "site"), snapshot(project / ".rulekb" / "index")
    beside = {p.name for p in sandbox.iterdir()}
    for args in (
        ("lint",),
        ("verify", str(project / "scenarios" / "athernum" / "ch05")),
        ("rule", "4.2.2a"),
        ("build",),
    ):
        code, out, err = run(project, *args)
        assert code in (0, 1, 2), (args, out, err)
        assert "internal error" not in out + err and "Traceback" not in out + err
    assert snapshot(project / "site") == site and snapshot(project / ".rulekb" / "index") == index
    assert {p.name for p in sandbox.iterdir()} == beside


@COMMAND_EXAMPLES
@given(release=st.one_of(hostile_text, st.sampled_from(["../x", "a/b", "..", "2026-01", "x\\y", "/abs"])))
def test_import_release_names(pristine, tmp_path_factory, run, seeds, release):
    """Whatever ``--release`` says, import writes only under the project's rules/ and never fails internally."""
    sandbox = tmp_path_factory.mktemp("fuzz")
    project = sandbox / "project"
    shutil.copytree(pristine / "rules", project / "rules")
    (project / "pyproject.toml").write_text("")
    outside = {p.name for p in sandbox.iterdir()}
    code, out, err = run(project, "import", str(next(seeds.glob("004_*.txt"))), "--release", release)
    assert code in (0, 2) and "internal error" not in out + err
    assert {p.name for p in sandbox.iterdir()} == outside
    assert {p.name for p in project.iterdir()} <= {"rules", "pyproject.toml", ".rulekb"}
    assert {p.name for p in (project / "rules").iterdir()} == {p.name for p in (pristine / "rules").iterdir()}
