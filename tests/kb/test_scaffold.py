"""``rulekb init``: a new game's project that builds a working site at once, never over existing files."""

from __future__ import annotations

import pytest

from kb.cli import main
from kb.scaffold import InitError, create_project, game_id_from


def test_init_then_build_gives_a_site_with_the_sample_rules(tmp_path, monkeypatch, capsys):
    """`rulekb init demo && cd demo && rulekb build` builds a site whose rules page shows the sample rule."""
    monkeypatch.delenv("RULEKB_ROOT", raising=False)
    monkeypatch.chdir(tmp_path)
    assert main(["init", "demo"]) == 0
    monkeypatch.chdir(tmp_path / "demo")
    assert main(["build"]) == 0, capsys.readouterr().err
    page = (tmp_path / "demo" / "site" / "demo" / "rules" / "1.html").read_text(encoding="utf-8")
    assert 'id="1.1.2a"' in page and "at most three copies" in page
    rulings = (tmp_path / "demo" / "site" / "demo" / "rulings.html").read_text(encoding="utf-8")
    assert "R-DEMO-001" in rulings
    assert "the authors of its rules" in page  # the licence and attribution of the sample's front matter


def test_init_refuses_a_folder_that_holds_anything(tmp_path):
    """A non-empty folder is refused and its files are left as they were."""
    (tmp_path / "notes.txt").write_text("mine", encoding="utf-8")
    with pytest.raises(InitError, match="not empty"):
        create_project(tmp_path)
    assert [p.name for p in tmp_path.iterdir()] == ["notes.txt"]


def test_init_names_the_game_from_the_folder_or_refuses_a_bad_id(tmp_path):
    """The game id comes from the folder's name unless given, and must be a lowercase name."""
    assert game_id_from("My Game 2") == "my-game-2"
    project = create_project(tmp_path / "new", title="New Game")
    assert (tmp_path / "new" / "rules" / "new" / "rules.md").is_file() and project.game == "new"
    with pytest.raises(InitError, match="lowercase"):
        create_project(tmp_path / "other", game="Bad Id")
