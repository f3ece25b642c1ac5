"""Verify fixtures: each game's adapter on a copy of its card library, and tiny scenarios run on them."""

from __future__ import annotations

import shutil
import textwrap
from pathlib import Path

import pytest

from kb.verify.adapters import RunOutcome
from kb.verify.altered.adapter import AlteredAdapter
from kb.verify.athernum.adapter import AthernumAdapter
from kb.verify.atnia.adapter import AtniaAdapter
from kb.verify.scenario import load_scenario

ROOT = Path(__file__).resolve().parent.parent.parent
GAMES = {"athernum": AthernumAdapter, "atnia": AtniaAdapter, "altered": AlteredAdapter}


@pytest.fixture(scope="session")
def adapters(tmp_path_factory) -> dict:
    """Each game's adapter on a copy of its card library (its cache kept out of the project)."""
    scenarios = tmp_path_factory.mktemp("project") / "scenarios"
    for game in GAMES:
        source, folder = ROOT / "scenarios" / game, scenarios / game
        folder.mkdir(parents=True)
        shutil.copyfile(source / "cards.yaml", folder / "cards.yaml")
        if (source / "cards").is_dir():
            shutil.copytree(source / "cards", folder / "cards")
    return {game: adapter(scenarios) for game, adapter in GAMES.items()}


def run(adapters: dict, game: str, body: str) -> RunOutcome:
    """Run a scenario of ``game`` (its ``setup``, ``steps`` and ``expect`` as YAML) on the game's adapter."""
    adapter = adapters[game]
    path = adapter.scenarios_dir / game / "case.yaml"
    path.write_text(
        f'id: {game}/case\ntitle: A case\nrules: ["1"]\n' + textwrap.dedent(body), encoding="utf-8"
    )
    return adapter.run(load_scenario(path, scenarios_dir=adapter.scenarios_dir, game_schema=adapter.schema()))
