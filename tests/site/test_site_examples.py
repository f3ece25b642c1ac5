"""An example page shows its proof: for a sample of each game's scenarios, run on the engines, every card the
scenario sets up and every value it expects is on its example, in words."""

from __future__ import annotations

import html as html_lib
import re
from pathlib import Path

import pytest

from kb.core.yamlio import yaml_load
from kb.proof.words import value_words
from kb.urls import scenario_anchor
from tests.site.conftest import example_page

_TAGS = re.compile(r"<[^>]+>")
_SPACE = re.compile(r"\s+")


def _text(markup: str) -> str:
    """The text a reader sees (tags dropped, entities decoded, spaces folded)."""
    return _SPACE.sub(" ", html_lib.unescape(_TAGS.sub(" ", markup)))


def _example(site: Path, game: str, scenario_id: str) -> str:
    """The HTML of one example: from its heading to the next example's heading."""
    markup = example_page(site, game, scenario_id).read_text(encoding="utf-8")
    start = markup.index(f'id="{scenario_anchor(scenario_id)}"')
    end = markup.find('class="rk-example-head"', markup.index('class="rk-example-card', start))
    return markup[start : end if end > 0 else len(markup)]


def _strings(value: object) -> list[str]:
    """Every text a scenario value holds (mapping keys that are names included, e.g. blockers)."""
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for v in value.values() for s in _strings(v)]
    if isinstance(value, list):
        return [s for v in value for s in _strings(v)]
    return []


def _leaves(value: object) -> list[object]:
    """Every plain value an expectation holds."""
    if isinstance(value, dict):
        return [x for v in value.values() for x in _leaves(v)]
    if isinstance(value, list):
        return [x for v in value for x in _leaves(v)]
    return [value]


def _scenarios(proof_project) -> list[tuple[str, dict]]:
    paths, sample = proof_project
    return [
        (path.relative_to(paths.scenarios).parts[0], yaml_load(path.read_text(encoding="utf-8")))
        for path in sample
    ]


def test_the_sample_covers_thirty_scenarios_of_each_game(proof_project):
    """The sample is deterministic and holds 30 scenarios of each game, each with a start board recorded."""
    games = [game for game, _ in _scenarios(proof_project)]
    assert {g: games.count(g) for g in set(games)} == {"athernum": 30, "atnia": 30, "altered": 30}


@pytest.mark.parametrize("game", ["athernum", "atnia", "altered"])
def test_every_card_set_up_and_every_value_expected_is_on_the_example(proof_project, proof_site, game):
    """Each sampled example shows every card (and fact) its setup names and every value its end state expects."""
    missing = []
    for scenario_game, data in _scenarios(proof_project):
        if scenario_game != game:
            continue
        text = _text(_example(proof_site, game, data["id"])).casefold()
        wanted = [("setup", s) for s in _strings(data["setup"])]
        wanted += [("expect", value_words(v)) for v in _leaves(data.get("expect") or {})]
        missing += [
            f"{data['id']}: {where} {value!r}"
            for where, value in wanted
            if _SPACE.sub(" ", value).casefold() not in text
        ]
    assert not missing, "\n".join(missing)
