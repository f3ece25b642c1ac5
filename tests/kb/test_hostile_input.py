"""Hostile and broken input through the command line (issue 16): each case a clear problem naming the file (and
line), exit status 1 or 2, never an internal error, a hang, or a write outside the project."""

from __future__ import annotations

import contextlib
import os
import signal
from pathlib import Path

import pytest

from tests.conftest import ROOT

SCENARIO = """id: athernum/ch05/hostile
title: A scenario an attacker wrote
rules: [5.0.1a]
setup:
  turn: 3
  active: p1
  phase: day
  p1:
    main: Aria the Bold
    resources: 1
  p2:
    main: Tessa of the Tides
steps:
  - next_phase
"""


@pytest.fixture()
def project(small_project):
    """A scratch project that a test may break: this project's rules, two Athernum scenarios with their cards, and
    the memos (see ``small_project``). Every check a command makes of a source runs on it; what a rule edit costs
    is linting the scenarios again, so few of them keep each case quick."""
    return small_project


#: CPU seconds after which a command counts as hung: the hangs were minutes of CPU; no case needs more than a few.
HANG = 60


class Hung(BaseException):
    """Raised into a command that ran past ``HANG`` CPU seconds (a BaseException, so no handler of the CLI's takes it)."""


@contextlib.contextmanager
def hang_guard(seconds: float):
    """Interrupt the body once it has used ``seconds`` of CPU time: a hang is a failure, a busy machine is not."""

    def interrupt(signum, frame):
        raise Hung(f"still running after {seconds} CPU seconds: a hang")

    previous = signal.signal(signal.SIGPROF, interrupt)
    signal.setitimer(signal.ITIMER_PROF, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_PROF, 0)
        signal.signal(signal.SIGPROF, previous)


@pytest.fixture()
def rulekb(run):
    """Run rulekb in a project; also asserts the run ended as a user error would, never as an internal one or a hang."""

    def _run(root: Path, *args: str):
        try:
            with hang_guard(HANG):
                code, out, err = run(root, *args)
        except Hung as exc:
            pytest.fail(f"rulekb {' '.join(args)}: {exc}")
        assert "internal error" not in out + err and "Traceback" not in out + err
        return code, out + err

    return _run


def _scenario(project: Path, text: str, name: str = "hostile.yaml") -> Path:
    path = project / "scenarios" / "athernum" / "ch05" / name
    path.write_text(text, encoding="utf-8")
    return path


def _edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def test_invalid_date_in_rulings_is_a_problem_with_file_line_and_field(project, rulekb):
    """``date: 2026-02-30`` in rulings.yaml is an error naming the file, line and field, not a ValueError."""
    rulings = project / "rules" / "athernum" / "rulings.yaml"
    _edit(rulings, "    date: ", "    date: 2026-02-30\n    x_date: ")
    text = rulings.read_text()
    _edit(rulings, "    x_date: ", "    reasoning_date: ")
    line = text.split("\n").index("    date: 2026-02-30") + 1
    code, out = rulekb(project, "lint")
    assert code == 1
    assert (
        f"rules/athernum/rulings.yaml:{line}: error [rulings[0].date]: date '2026-02-30' is not a date" in out
    )


def test_invalid_date_in_a_scenario_note_stays_text(project, rulekb):
    """``notes: 2026-13-45`` in a scenario is just text: verify runs the scenario."""
    path = _scenario(project, SCENARIO + "notes: 2026-13-45\n")
    _code, out = rulekb(project, "verify", str(path))
    assert "1 scenario: 1 passed" in out


@pytest.mark.parametrize(
    "text, words",
    [
        (
            SCENARIO + "cards:\n  Loop: &loop {abilities: [{effect: *loop}]}\n",
            ":16: error [cards.Loop.abilities[0].effect]: the alias *loop",
        ),
        (SCENARIO + "notes: " + "[" * 5000 + "]" * 5000 + "\n", ":15: error [notes]: nesting deeper than"),
        (
            "\n".join(
                [f"a0: &a0 [{', '.join(['lol'] * 9)}]"]
                + [f"a{i}: &a{i} [{', '.join([f'*a{i - 1}'] * 9)}]" for i in range(1, 9)]
            ),
            ":6: error [(yaml)]: the document expands to more than",
        ),
        (
            SCENARIO.replace("resources: 1", "resources: 200000000"),
            ":10: error [setup.p1.resources]: 200000000 is beyond",
        ),
        (
            SCENARIO.replace("resources: 1", "hand: [" + ", ".join(["Spark Tonic"] * 100_000) + "]"),
            ":10: error [setup.p1.hand]: 100,000 items are beyond",
        ),
    ],
    ids=["recursive-alias", "nesting-5000", "billion-laughs", "resources-200000000", "hand-of-100000"],
)
def test_one_hostile_scenario_is_one_problem_and_verify_goes_on(project, rulekb, text, words):
    """A recursive alias, deep nesting, an alias bomb or huge numbers give one problem; the others still run."""
    path = _scenario(project, text)
    neighbour = next(p for p in path.parent.glob("*.yaml") if p != path)
    code, out = rulekb(project, "verify", str(path), str(neighbour))
    assert code == 1
    assert f"scenarios/athernum/ch05/hostile.yaml{words}" in out.replace("\n", "")
    assert "2 scenarios: 1 passed, 0 failed, 1 error" in out


def test_problems_print_as_plain_text_keeping_the_field(project, rulekb):
    """A build's problems keep their ``[field]``, and a rule number ``4.2.2[/x]`` is text, not markup."""
    cr = project / "rules" / "athernum" / "cr.md"
    _edit(cr, "- 4.2.2 ", "- 4.2.2[/x] ")
    code, out = rulekb(project, "build")
    assert code == 2
    assert "error [number]: malformed rule number '4.2.2[/x]'" in out
    assert "error: the build stopped; there is no previous site/ yet" in out


def test_import_of_random_bytes_is_a_clear_error(project, rulekb, tmp_path):
    """Bytes that are not text are refused naming the file and the line of the first bad byte."""
    junk = tmp_path / "junk.txt"
    junk.write_bytes(bytes(range(256)) * 40)
    code, out = rulekb(project, "import", str(junk))
    assert code == 2 and "junk.txt" in out and "not UTF-8 text" in out


def test_import_of_a_markdown_rule_source_is_a_clear_error(project, rulekb):
    """A canonical rule source given as the scanned CR is refused with a reason, not a StopIteration."""
    code, out = rulekb(
        project,
        "import",
        str(ROOT / "rules" / "athernum" / "cr.md"),
        "--format",
        "athernum-cr",
        "--release",
        "2026-02",
    )
    assert code == 2 and "cr.md: no table of contents" in out.replace("\n", " ")


@pytest.mark.parametrize("release", ["../../../../x", "2026/01", "..", "a/../../b"])
def test_import_refuses_a_release_name_that_leaves_the_project(project, rulekb, seeds, release):
    """``--release`` with a separator or ``..`` is refused before anything is written anywhere."""
    seed = next(seeds.glob("004_*.txt"))
    before = set(project.parent.rglob("*"))
    code, out = rulekb(project, "import", str(seed), "--release", release)
    assert code == 2 and "is not a release name" in out
    assert set(project.parent.rglob("*")) == before


def test_import_does_not_write_through_a_symlink(project, rulekb, seeds, tmp_path_factory):
    """A rule source that is a symlink out of the project is never overwritten by an import."""
    outside = tmp_path_factory.mktemp("outside") / "victim.md"
    outside.write_text("precious")
    seed = next(seeds.glob("004_*.txt"))
    (project / "rules" / "altered" / "cr@excerpt.md").symlink_to(
        outside
    )  # where the current text would be archived
    code, out = rulekb(project, "import", str(seed), "--release", "2026-01", "--force")
    assert code == 2 and "symlink" in out and outside.read_text() == "precious"


def test_review_does_not_follow_a_symlink_out_of_the_project(project, rulekb, tmp_path_factory):
    """``rulekb review DIR`` refuses a scenario that is a symlink and rewrites nothing."""
    outside = tmp_path_factory.mktemp("outside") / "victim.yaml"
    outside.write_text(SCENARIO)
    folder = project / "scenarios" / "athernum" / "ch05"
    (folder / "linked.yaml").symlink_to(outside)
    before = {p: p.read_bytes() for p in folder.glob("*.yaml")}
    code, out = rulekb(project, "review", str(folder))
    assert code == 2 and "linked.yaml: error [(file)]: is a symlink" in out
    assert outside.read_text() == SCENARIO
    assert {p: p.read_bytes() for p in folder.glob("*.yaml")} == before


def test_lint_reports_a_non_utf8_scenario_and_a_dangling_symlink(project, rulekb):
    """Lint names a scenario that is not UTF-8 and links to nothing (a scenario, a rule source) instead of crashing."""
    folder = project / "scenarios" / "athernum" / "ch05"
    (folder / "latin1.yaml").write_bytes(SCENARIO.replace("attacker", "attaqu\xe9").encode("latin-1"))
    (folder / "gone.yaml").symlink_to(folder / "missing.yaml")
    code, out = rulekb(project, "verify", str(folder / "latin1.yaml"))
    assert code == 1 and "latin1.yaml:2: error [(encoding)]: not UTF-8 text: byte 0xe9" in out
    (project / "rules" / "athernum" / "gone.md").symlink_to(project / "missing.md")
    code, out = rulekb(project, "lint")
    assert code == 1
    assert (
        "rules/athernum/gone.md: error [(file)]: cannot read the file: a symlink to a file that does not"
        in out
    )
    assert "ch05/latin1.yaml:2: error [(encoding)]" in out and "ch05/gone.yaml: error [(file)]" in out


@pytest.mark.parametrize(
    "field, value, words",
    [
        ("version", "[1, {a: b}]", "front matter field 'version' must be text, not list"),
        ("document", "../../x", "document must be a lowercase name"),
        ("release", "2026/01", "release must be a release name"),
    ],
)
def test_front_matter_of_the_wrong_type_or_shape_is_an_error(project, rulekb, field, value, words):
    """Front matter fields that are lists or mappings, or names with separators, are errors naming the field."""
    cr = project / "rules" / "athernum" / "cr.md"
    text = cr.read_text()
    if f"\n{field}:" in text:
        head, rest = text.split(f"\n{field}:", 1)
        text = f"{head}\n{field}: {value}\n{rest.split(chr(10), 1)[1]}"
    else:
        text = text.replace("\ngame:", f"\n{field}: {value}\ngame:", 1)
    cr.write_text(text)
    code, out = rulekb(project, "lint")
    assert code == 1 and f"error [{field}]: {words}" in out


def test_a_bom_is_an_error_naming_the_file(project, rulekb):
    """A rule source saved with a byte-order mark is named, not misread as lacking front matter."""
    cr = project / "rules" / "athernum" / "cr.md"
    cr.write_bytes(b"\xef\xbb\xbf" + cr.read_bytes())
    code, out = rulekb(project, "lint")
    assert (
        code == 1
        and "rules/athernum/cr.md:1: error [(encoding)]: the file starts with a byte-order mark" in out
    )
    assert "must start with a '---'" not in out


def test_control_characters_in_rule_text_are_errors_and_never_reach_the_terminal(project, rulekb):
    """An escape sequence in rule text is an error of lint, and ``rulekb rule`` never prints it."""
    cr = project / "rules" / "athernum" / "cr.md"
    _edit(cr, "- 4.2.2a ", "- 4.2.2a \x1b[31mRED\x1b[0m \x00 ")
    code, out = rulekb(project, "lint")
    assert code == 1 and "control character U+001B" in out and "rules/athernum/cr.md:" in out
    code, out = rulekb(project, "rule", "4.2.2a")
    assert "\x1b[31m" not in out and "\x00" not in out and "RED" in out


def test_duplicate_keys_in_rulings_are_an_error(project, rulekb):
    """A ruling whose ``answer`` is written twice is an error, not a silent loss of the first answer."""
    rulings = project / "rules" / "athernum" / "rulings.yaml"
    _edit(rulings, "    source: ", "    answer: twice\n    source: ")
    code, out = rulekb(project, "lint")
    assert code == 1 and "rules/athernum/rulings.yaml:" in out
    assert "error [rulings[0].answer]: duplicate key 'answer'" in out


def test_a_dangling_symlink_in_rules_does_not_stop_rule_lookup(project, rulekb):
    """A broken link among the rule sources leaves the other sources readable."""
    (project / "rules" / "athernum" / "gone.md").symlink_to(project / "missing.md")
    code, out = rulekb(project, "rule", "4.2.2a")
    assert code == 0 and "4.2.2a" in out


def test_nothing_is_written_outside_the_project(project, rulekb, tmp_path):
    """Lint, verify and a failed build of a broken project write only inside it (and the system temp folder)."""
    _scenario(project, SCENARIO.replace("resources: 1", "resources: 200000000"))
    outside = {
        p for p in tmp_path.parent.iterdir() if p != tmp_path and not p.is_symlink()
    }  # pytest's "current"
    stamp = {p: p.stat().st_mtime_ns for p in outside}
    for args in (("lint",), ("verify", str(project / "scenarios" / "athernum" / "ch05")), ("build",)):
        rulekb(project, *args)
    assert {p: p.stat().st_mtime_ns for p in tmp_path.parent.iterdir() if p in outside} == stamp
    assert {p for p in tmp_path.parent.iterdir() if p != tmp_path and not p.is_symlink()} == outside
    assert not os.environ.get("RULEKB_ROOT") or Path(os.environ["RULEKB_ROOT"]) == project


def test_a_non_bmp_title_survives_a_page_front_matter():
    """A document title with characters beyond the BMP (emoji, maths letters) reaches the page unmangled."""
    import yaml

    from kb.site.generate import _front_matter
    from kb.site.pages import PageSpec

    title = "Athernum 😀 𝔄 Rules"
    text = _front_matter(PageSpec("athernum/cr/index.md", title, "document.html", view=lambda ctx: None))
    assert yaml.safe_load(text.strip().strip("-"))["title"] == title


def test_a_blank_to_fill_in_keeps_its_underscores(project, rulekb):
    """Rule text keeps ``__`` that is not emphasis (a blank, ``a__b``); ``__word__`` still loses its markers."""
    cr = project / "rules" / "athernum" / "cr.md"
    _edit(cr, "- 4.2.2a ", "- 4.2.2a Write __ or a__b or __strong__: ")
    code, out = rulekb(project, "rule", "4.2.2a")
    assert code == 0 and "Write __ or a__b or strong:" in out


def test_a_ruling_id_is_found_by_rule_as_by_search(rulekb):
    """``rulekb rule R-ATH-001`` shows the ruling that ``search`` jumps to, instead of "no rule"."""
    code, out = rulekb(ROOT, "rule", "r-ath-001")
    assert code == 0 and "R-ATH-001" in out and "rules/athernum/rulings.yaml:" in out
    code, out = rulekb(ROOT, "rule", "R-ATH-999")
    assert code == 2 and "no rule 'R-ATH-999'" in out


def test_an_output_path_is_plain_text_and_a_missing_folder_a_clear_error(rulekb, tmp_path):
    """``graph -o`` prints a path with brackets as written, and names a missing folder instead of failing inside."""
    code, out = rulekb(ROOT, "graph", "-o", str(tmp_path / "x[y].json"))
    assert code == 0 and "x[y].json" in out
    code, out = rulekb(ROOT, "graph", "-o", str(tmp_path / "x[" / "y].json"))
    assert code == 2 and "error: No such file or directory" in out
