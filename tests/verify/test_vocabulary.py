"""Unknown names come with the names to try, in lint and in what verify prints: cards, objects, rules, rulings."""

from __future__ import annotations

from kb.core.loader import load_kb
from kb.core.paths import Paths
from kb.verify.results import Status
from kb.verify.runner import run_scenario
from kb.verify.session import context
from kb.verify.vocabulary import did_you_mean, field_path


def _scenario(root):
    return next((root / "scenarios" / "athernum" / "ch05").glob("a-created-resource-token-*.yaml"))


def test_did_you_mean_offers_the_closest_names_in_their_own_spelling():
    """A misspelt name is answered with the known names closest to it, whatever its case; a far one with none."""
    assert did_you_mean("ember knigt", ["Ember Knight", "Tide Guard"]) == "; did you mean: Ember Knight"
    assert did_you_mean("Zzyzx", ["Ember Knight"]) == ""


def test_an_engines_field_path_reads_as_keys_and_indexes():
    """``abilities[0].effect.kind`` from an engine's card error points into the scenario's YAML."""
    assert field_path("abilities[0].effect.kind") == ("abilities", 0, "effect", "kind")


def test_verify_names_the_card_to_try_for_an_unknown_card(small_project):
    """Verifying a scenario that sets up a misspelt card is an error at its line suggesting the library's card."""
    path = _scenario(small_project)
    text = path.read_text()
    assert "main: Aria the Bold" in text
    path.write_text(text.replace("main: Aria the Bold", "main: Aria the Bald", 1))
    kb = load_kb(Paths(small_project))
    result = run_scenario(path, context(kb))
    assert result.status == Status.ERROR
    assert "[setup.p1.main]" in result.reason and "did you mean: Aria the Bold" in result.reason


def test_verify_names_the_rule_and_ruling_to_try(small_project):
    """A scenario citing a misspelt rule or ruling id is told the closest ids of its game."""
    path = _scenario(small_project)
    text = path.read_text().replace("rules: [5.0.1a,", "rules: [5.0.1aa,", 1)
    path.write_text(text.replace("title:", "rulings: [R-ATH-01]\ntitle:", 1))
    result = run_scenario(path, context(load_kb(Paths(small_project))))
    assert "did you mean: athernum:5.0.1a" in result.reason
    assert "cites ruling R-ATH-01," in result.reason and "did you mean: R-ATH-" in result.reason
