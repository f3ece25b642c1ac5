"""Every `--json` output is one versioned object that validates against its published JSON Schema."""

from __future__ import annotations

import json
import shutil

import click
import jsonschema
import pytest

from kb.cli import COMMANDS, cli
from kb.json_output import SCHEMA_VERSION, SCHEMAS_FOLDER
from tests.conftest import ROOT, with_memo

SCHEMAS = ROOT / SCHEMAS_FOLDER
DEFENDER = "does the defender deal combat damage back to the attacker"

#: Each command's --json runs, by the schema its output follows.
RUNS = {
    "ask": [
        ["ask", "--json", DEFENDER],
        ["ask", "--json", "--explain", "Wer darf verdeckte Karten ansehen?"],
        ["ask", "--json", "atnia what happens to energy left unspent"],
        ["ask", "--json", "qwxzv"],
    ],
    "search": [
        ["search", "--json", "victory token"],
        ["search", "--json", "--explain", "--kind", "ruling", DEFENDER],
        ["search", "--json", "4.2.2a"],
        ["search", "--json", "qwxzv"],
    ],
    "rule": [
        ["rule", "--json", "4.2.2a"],
        ["rule", "--json", "--game", "atnia", "rules/energy-system/p1"],
        ["rule", "--json", "1.4.1.b"],
        ["rule", "--json", "athernum:term/permanent"],
    ],
    "ruling": [["ruling", "--json", r] for r in ("R-ATH-001", "R-ATN-007", "R-ALT-002", "R-ATH-002")],
    "example": [
        ["example", "--json", e]
        for e in (
            "athernum/ch09/defender-takes-targets-place",
            "atnia/combat/challenger-attacks-a-unit",
            "altered/day/dusk-progress-greater-statistic",
        )
    ],
    "lint": [["lint", "--json"]],
}


def _validator(name: str) -> jsonschema.Draft202012Validator:
    schema = json.loads((SCHEMAS / f"{name}.json").read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator.check_schema(schema)
    return jsonschema.Draft202012Validator(schema)


def _check(name: str, out: str) -> dict:
    data = json.loads(out)
    assert data["schema_version"] == SCHEMA_VERSION and data["schema"] == name
    errors = [f"{'/'.join(map(str, e.path))}: {e.message}" for e in _validator(name).iter_errors(data)]
    assert not errors, errors[:5]
    return data


@pytest.mark.parametrize("name", sorted(RUNS))
def test_each_commands_json_validates_against_its_schema(judged, run, monkeypatch, name):
    """The output of each command's --json, in every game and for an empty result, validates against its schema."""
    monkeypatch.chdir(judged.root)
    for args in RUNS[name]:
        code, out, err = run(judged.root, *args)
        assert code in (0, 1), err
        _check(name, out)


def test_diff_and_import_json_validate(judged, run, tmp_path, seeds):
    """`diff --json` and `import --json` validate against their schemas; `diff --exit-code` exits 1 on changes."""
    old = tmp_path / "old"
    shutil.copytree(judged.rules, old / "rules")
    cr = old / "rules" / "athernum" / "cr.md"
    cr.write_text(
        cr.read_text(encoding="utf-8").replace("- 1.1.8 All name-based", "- 1.1.9 All name-based", 1),
        encoding="utf-8",
    )
    code, out, _ = run(judged.root, "diff", str(old), str(judged.root), "--json")
    assert code == 0 and _check("diff", out)["changes"]
    assert (
        run(judged.root, "diff", str(old), str(judged.root), "--exit-code")[0] == 1
    )  # as git diff --exit-code
    assert run(judged.root, "diff", str(judged.root), str(judged.root), "--exit-code")[0] == 0
    project = tmp_path / "import"
    (project / "rules").mkdir(parents=True)
    (project / "pyproject.toml").write_text("")
    code, out, _ = run(
        project, "import", "--json", str(next(p for p in sorted(seeds.iterdir()) if p.suffix == ".txt"))
    )
    assert code == 0 and _check("import", out)["imported"]


def test_verify_json_validates(run, tmp_path, monkeypatch, warm_memo):
    """`verify --json` of a folder of examples validates against its schema (in a project of its own: it records)."""
    shutil.copytree(ROOT / "rules", tmp_path / "rules")
    shutil.copytree(ROOT / "scenarios" / "atnia", tmp_path / "scenarios" / "atnia")
    (tmp_path / "pyproject.toml").write_text("")
    with_memo(warm_memo, tmp_path)
    monkeypatch.chdir(tmp_path)
    code, out, err = run(tmp_path, "verify", "--json", "scenarios/atnia/energy")
    assert code in (0, 1), err
    assert _check("verify", out)["total"]


def test_every_json_option_has_a_published_schema():
    """Each command offering --json names its schema in its help, and that schema is published with the docs."""
    for name in sorted(set(COMMANDS)):
        command = cli.get_command(click.Context(cli), name)
        assert command is not None
        option = next(
            (p for p in command.params if isinstance(p, click.Option) and p.name == "as_json"), None
        )
        if option is None or option.help is None:
            continue
        named = option.help.split("schema: ", 1)[1].rstrip(").")
        assert (SCHEMAS / f"{named}.json").is_file(), name
