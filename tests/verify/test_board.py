"""What verify records of a run: the board at the start and the end, what each step changed, each expectation held
or broken on its own."""

from __future__ import annotations

from kb.verify.board import Area, Board, CardFace, Change, PlayerBoard, changes
from kb.verify.results import Status
from tests.verify.conftest import run

ATTACK = """\
    setup:
      turn: 3
      active: p1
      phase: combat
      p1: {main: Aria the Bold, characters: [Ember Knight], hand: [Wanderer]}
      p2: {main: Tessa of the Tides, characters: [Tide Guard]}
    steps:
      - attack: {attacker: Ember Knight, target: Tide Guard}
      - no_defender
      - {pass: null, expect: {p1: {hand: [Wanderer]}}}
      - pass
    expect:
      p1: {hand: [Wanderer], discard: []}
      p2: {discard: [Wanderer]}
"""


def _faces(board: Board, player: str, area: str) -> list[CardFace]:
    side = next(p for p in board.players if p.id == player)
    return next(a.cards for a in side.areas if a.name == area)


def test_the_start_board_shows_each_players_cards_with_statistics(adapters):
    """Each player's areas hold the cards the setup placed, each with its printed and current statistics."""
    outcome = run(adapters, "athernum", ATTACK)
    assert outcome.start is not None
    knight = _faces(outcome.start, "p1", "Character slots")[0]
    assert knight.name == "Ember Knight" and knight.stats["OFV"] == "3" and knight.stats["DFV"] == "2"
    assert knight.stats["Type"] == "character" and knight.stats["Faction"] == "ember"
    assert [c.name for c in _faces(outcome.start, "p1", "Hand")] == ["Wanderer"]
    assert outcome.start.facts["Turn"] == "3" and outcome.start.facts["Phase"] == "combat"
    assert next(p for p in outcome.start.players if p.id == "p2").counters["Command tokens"] == "2"


def test_each_expectation_part_is_checked_on_its_own(adapters):
    """An end state is split into its parts: the one that broke says what the engine had, the others held."""
    outcome = run(adapters, "athernum", ATTACK)
    assert outcome.status == Status.FAILED
    held = {tuple(c.path): c.held for c in outcome.checks}
    assert held == {("p1", "hand"): True, ("p1", "discard"): True, ("p2", "discard"): False}
    broken = next(c for c in outcome.checks if not c.held)
    assert broken.expected == ["Wanderer"] and "got" in broken.found[0]
    assert [c.path for c in outcome.steps[2].checks] == [["p1", "hand"]] and outcome.steps[2].checks[0].held


def test_each_step_records_who_took_it_and_what_it_changed(adapters):
    """A step keeps its action, arguments and player as written, and the differences it made to the board."""
    outcome = run(adapters, "athernum", ATTACK)
    attack = outcome.steps[0]
    assert (attack.key, attack.args, attack.player) == (
        "attack",
        {"attacker": "Ember Knight", "target": "Tide Guard"},
        "p1",
    )
    assert outcome.steps[1].player == "p2" and outcome.steps[1].key == "defend"
    moved = [c for s in outcome.steps for c in s.changes if c.what == "place"]
    assert moved and all(c.before != c.after for c in moved)


def test_every_game_records_its_boards(adapters):
    """Atnia and Altered record their boards too, each card with the game's own statistics."""
    atnia = run(adapters, "atnia", "setup: {p1: {battlefield: [Shield Bearer]}}\nsteps: []\n")
    assert atnia.start is not None
    bearer = _faces(atnia.start, "p1", "Battlefield")[0]
    assert bearer.stats["Offense"] == "1" and bearer.stats["Health"] == "4"
    altered = run(
        adapters,
        "altered",
        "setup: {day: 2, phase: afternoon, first_player: p1, "
        "p1: {expeditions: {hero: [Kitsune]}}}\nsteps: []\n",
    )
    assert altered.start is not None
    kitsune = _faces(altered.start, "p1", "Hero expedition")[0]
    assert kitsune.stats["Statistics"] == "forest 1, mountain 1, water 2"
    assert altered.start.facts["Day"] == "2"


def test_changes_name_moves_values_and_counters():
    """Between two boards: a card moved, a value changed, a mark added, a player's counter and a fact changed."""
    knight = CardFace("k", "Ember Knight", {"DFV": "2"})
    before = Board({"Phase": "day"}, [PlayerBoard("p1", {"Life": "20"}, [Area("Hand", [knight])])])
    after = Board(
        {"Phase": "combat"},
        [
            PlayerBoard(
                "p1",
                {"Life": "18"},
                [Area("Character slots", [CardFace("k", "Ember Knight", {"DFV": "1"}, ["exhausted"])])],
            )
        ],
    )
    assert changes(before, after) == [
        Change("game", "Phase", "day", "combat"),
        Change("p1", "Life", "20", "18"),
        Change("Ember Knight", "place", "p1 hand", "p1 character slots"),
        Change("Ember Knight", "DFV", "2", "1"),
        Change("Ember Knight", "marks", "none", "exhausted"),
    ]


def test_a_board_survives_the_results_file():
    """A board written to the results file reads back the same, attachments included."""
    from dataclasses import asdict

    board = Board(
        {"Turn": "1"},
        [
            PlayerBoard(
                "p1",
                {},
                [
                    Area(
                        "Hand",
                        [CardFace("a", "A", {"OFV": "1"}, ["token"], [CardFace("b", "B")])],
                        pile=False,
                    )
                ],
            )
        ],
        [Area("Stack", [CardFace("c", "C")])],
    )
    assert Board.from_dict(asdict(board)) == board


def test_a_results_file_of_an_older_verify_still_reads():
    """Steps written by an older verify (with fields a step no longer has, without the new ones) still load."""
    from kb.verify.results import VerifyResults

    old = {
        "generated": "x",
        "scenarios": [
            {
                "id": "a/b",
                "game": "athernum",
                "path": "p",
                "title": "t",
                "rules": [],
                "rulings": [],
                "status": "passed",
                "steps": [{"index": 0, "text": "pass", "outcome": "ok", "expectations": ["p1: hand"]}],
            }
        ],
    }
    result = VerifyResults.from_dict(old).scenarios[0]
    assert result.steps[0].text == "pass" and result.steps[0].checks == [] and result.start is None
