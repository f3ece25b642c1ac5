"""A game's card library as its examples use it: statistics, text, definition, the examples using each card."""

from __future__ import annotations

from pathlib import Path

from kb.proof.cards import card_library
from kb.verify.board import Area, Board, CardFace, PlayerBoard
from kb.verify.results import ScenarioResult, Status

LIBRARY = """\
Coin Clerk:                       # Tally — {tide}: Draw a card.
  type: character
  cost: 1
  ofv: 1
  dfv: 2
  abilities:
    - {type: activated, name: Tally, cost: {resources: {tide: 1}}, effect: {kind: draw, count: 1}}
Spare Knight: {type: character, cost: 2, ofv: 3, dfv: 2}
"""


def _result(sid: str, names: list[str], cards: dict | None = None) -> ScenarioResult:
    faces = [CardFace(f"p1:{n}#1", n) for n in names]
    return ScenarioResult(
        id=sid,
        game="athernum",
        path=f"scenarios/{sid}.yaml",
        title=sid,
        rules=[],
        rulings=[],
        status=Status.PASSED,
        start=Board({}, [PlayerBoard("p1", {}, [Area("Hand", faces)])]),
        cards=cards or {},
    )


def test_the_library_lists_the_cards_examples_use(tmp_path: Path):
    """A used card has its printed statistics, the text written beside it, its definition and its examples; a
    card a scenario defines is an entry of its own; unused library cards are counted."""
    (tmp_path / "scenarios" / "athernum").mkdir(parents=True)
    (tmp_path / "scenarios" / "athernum" / "cards.yaml").write_text(LIBRARY, encoding="utf-8")
    own = {"Odd One": {"type": "character", "cost": 0, "ofv": 0, "dfv": 1, "text": "Does nothing."}}
    library = card_library(
        "athernum",
        tmp_path,
        [_result("athernum/b", ["Coin Clerk", "Odd One"], own), _result("athernum/a", ["Coin Clerk"])],
    )
    clerk = library.entry("Coin Clerk")
    assert clerk is not None
    assert clerk.stats == {"Type": "character", "Faction": "factionless", "Cost": "1", "OFV": "1", "DFV": "2"}
    assert clerk.text == ["Tally — {tide}: Draw a card."] and "name: Tally" in clerk.definition
    assert clerk.used_by == ["athernum/a", "athernum/b"] and clerk.source == "scenarios/athernum/cards.yaml"
    odd = library.entry("Odd One", "athernum/b")
    assert odd is not None
    assert odd.scenario == "athernum/b" and odd.text == ["Does nothing."] and odd.stats["DFV"] == "1"
    assert library.entry("Odd One") is None and library.entry("Coin Clerk", "athernum/b") is clerk
    assert library.unused == 1


def test_a_library_file_that_does_not_parse_leaves_its_cards_without_source(tmp_path: Path):
    """Broken YAML in a library file (which verify reports by line) never stops the cards page."""
    from kb.proof.cards import read_sources

    good, bad = tmp_path / "cards.yaml", tmp_path / "broken.yaml"
    good.write_text(LIBRARY, encoding="utf-8")
    bad.write_text("Card: [unclosed\n", encoding="utf-8")
    sources = read_sources([good, bad], tmp_path)
    assert set(sources) == {"Coin Clerk", "Spare Knight"}
    assert (
        sources["Coin Clerk"][1] == "Tally — {tide}: Draw a card."
        and sources["Spare Knight"][2] == "cards.yaml"
    )
