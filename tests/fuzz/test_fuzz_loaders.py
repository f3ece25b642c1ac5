"""Fuzzing every loader with hostile text spliced into real files: each returns problems naming the file (with
a line where there is one), and none raises anything but its own refusal."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from kb.core.errors import ImportFormatError
from kb.core.parse import parse_file
from kb.core.paths import Paths
from kb.core.rulings import load_rulings
from kb.importer import FORMATS, convert, detect_format, read_document
from kb.verify.adapter_base import GameAdapter
from kb.verify.adapters import adapter_for
from kb.verify.card_library import read_library
from kb.verify.scenario import ScenarioInvalid, load_scenario
from tests.conftest import ROOT
from tests.fuzz.conftest import hostile_text

CR = (ROOT / "rules" / "athernum" / "cr.md").read_text(encoding="utf-8")
RULINGS = (ROOT / "rules" / "athernum" / "rulings.yaml").read_text(encoding="utf-8")
SCENARIO = next((ROOT / "scenarios" / "athernum" / "ch05").glob("*.yaml"))
CARDS = next((ROOT / "scenarios" / "athernum" / "cards").glob("*.yaml"))


def splice(text: str, insert: str, where: float, head_lines: int | None = None) -> bytes:
    """``text`` with ``insert`` as a new line at a relative position (within the first ``head_lines``)."""
    lines = text.split("\n")
    span = min(len(lines), head_lines) if head_lines else len(lines)
    at = int(where * span)
    return "\n".join([*lines[:at], insert, *lines[at:]]).encode("utf-8", "surrogatepass")


def assert_named(problems, display: str) -> None:
    """Every problem names the file it is about, and a line that exists when it names one."""
    assert problems
    for problem in problems:
        assert problem.path.startswith(display) and problem.line >= 0 and problem.message


@given(insert=hostile_text, where=st.floats(0, 1))
def test_rule_sources(tmp_path_factory, insert, where):
    """A rule source with anything spliced in parses into a document and problems, never an exception."""
    path = tmp_path_factory.mktemp("src") / "cr.md"
    path.write_bytes(splice(CR, insert, where))
    result = parse_file(path, "rules/athernum/cr.md")
    if result.document is None:
        assert_named(result.problems, "rules/athernum/cr.md")


@given(insert=hostile_text, where=st.floats(0, 1))
def test_front_matter(tmp_path_factory, insert, where):
    """Front matter with anything spliced in is read or refused with problems naming the file."""
    path = tmp_path_factory.mktemp("front") / "cr.md"
    path.write_bytes(splice(CR, insert, where, head_lines=12))
    result = parse_file(path, "rules/athernum/cr.md")
    if result.document is None:
        assert_named(result.problems, "rules/athernum/cr.md")


@given(insert=hostile_text, where=st.floats(0, 1))
def test_rulings(tmp_path_factory, insert, where):
    """A rulings file with anything spliced in gives rulings and problems naming the file, never an exception."""
    root = tmp_path_factory.mktemp("rulings")
    (root / "rules" / "athernum").mkdir(parents=True)
    (root / "rules" / "athernum" / "rulings.yaml").write_bytes(splice(RULINGS, insert, where))
    rulings, problems = load_rulings(Paths(root))
    if not rulings:
        assert_named(problems, "rules/athernum/rulings.yaml")


@given(insert=hostile_text, where=st.floats(0, 1))
def test_scenarios(tmp_path_factory, insert, where):
    """A scenario with anything spliced in loads or is refused with problems naming the file."""
    root = tmp_path_factory.mktemp("scenarios")
    path = root / "athernum" / "ch05" / "fuzzed.yaml"
    path.parent.mkdir(parents=True)
    path.write_bytes(splice(SCENARIO.read_text(encoding="utf-8"), insert, where))
    adapter = adapter_for("athernum", ROOT / "scenarios")
    assert adapter is not None
    schema = adapter.schema()
    try:
        load_scenario(path, scenarios_dir=root, display="fuzzed.yaml", game_schema=schema)
    except ScenarioInvalid as exc:
        assert_named(exc.problems, "fuzzed.yaml")


@given(insert=hostile_text, where=st.floats(0, 1))
def test_card_libraries(tmp_path_factory, insert, where):
    """A card library file with anything spliced in is read or names its first problem by file."""
    folder = tmp_path_factory.mktemp("cards")
    path = folder / CARDS.name
    path.write_bytes(splice(CARDS.read_text(encoding="utf-8"), insert, where))
    adapter = adapter_for("athernum", ROOT / "scenarios")
    assert isinstance(adapter, GameAdapter)
    _, problem = read_library([path], folder, "cards", adapter.card_reader)
    if problem is not None:
        assert_named([problem], "cards/")


@pytest.mark.parametrize("fmt", [None, *FORMATS])
@given(
    data=st.one_of(st.binary(max_size=2000), hostile_text.map(lambda t: t.encode("utf-8", "surrogatepass"))),
    seed=st.sampled_from(sorted(p.name for p in (ROOT.parent / "shared" / "seeds").glob("*.txt")) or [""]),
    where=st.floats(0, 1),
)
def test_imported_documents(tmp_path_factory, fmt, data, seed, where):
    """Any bytes, alone or spliced into a seed document, import or are refused with a clear error."""
    path = tmp_path_factory.mktemp("import") / "document.txt"
    seeds = ROOT.parent / "shared" / "seeds"
    if seed and where > 0.5:
        text = (seeds / seed).read_text(encoding="utf-8")
        data = splice(text, data.decode("utf-8", "replace"), where)
    path.write_bytes(data)
    try:
        text = read_document(path)
        convert(text, fmt or detect_format(text), source=path.name)
    except ImportFormatError as exc:
        assert str(exc)
