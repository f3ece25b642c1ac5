"""An example's proof built from its verify result: verdict, rulings, board, steps, end state and log."""

from __future__ import annotations

import pytest

from kb.core.rulings import Ruling
from kb.proof.model import LogEntry, build_proof, chain_of, pile_runs, presented_board, written_facts
from kb.verify.board import Area, Board, CardFace, Change, PlayerBoard
from kb.verify.results import Check, LogLine, ScenarioResult, Status, StepRecord

RULINGS = [
    Ruling("R-1", "athernum", "Named by the example?", "yes", ["athernum:4.2.2a"]),
    Ruling("R-2", "athernum", "Naming the example?", "yes", ["athernum:1.1.1"], scenarios=["athernum/x"]),
    Ruling("R-3", "athernum", "On a rule it cites?", "yes", ["athernum:4.2.0", "athernum:9.9.9"]),
    Ruling("R-4", "athernum", "Unrelated?", "no", ["athernum:1.1.1"]),
]


def _result(status: Status = Status.PASSED, **more) -> ScenarioResult:
    return ScenarioResult(
        id="athernum/x",
        game="athernum",
        path="scenarios/athernum/x.yaml",
        title="X",
        status=status,
        rules=["athernum:4.2.2a", "athernum:4.2.0"],
        rulings=["R-1"],
        start=Board(
            {"Turn": "3"}, [PlayerBoard("p1", {}, [Area("Hand", [CardFace("p1:A#1", "A", {"OFV": "1"})])])]
        ),
        steps=[
            StepRecord(
                0,
                "play A",
                "ok",
                "play",
                {"card": "A"},
                "p1",
                changes=[Change("A", "place", "p1 hand", "p1 character slots")],
                checks=[Check(["p1", "hand"], [], True)],
            ),
            StepRecord(1, "pass", "refused (4.1.6)", "pass", None, "p2"),
        ],
        log=[
            LogLine(1, "athernum:9.2.0", "setup", "set up", 3, "day", None),
            LogLine(2, "athernum:2.4.1", "play", "p1 plays A", 3, "day", 0),
            LogLine(3, "athernum:2.4.1", "play", "A enters", 3, "day", 0),
            LogLine(4, "athernum:4.1.6", "pass", "p2 passes", 3, "day", 1),
            LogLine(5, "athernum:4.1.9", "check", "after a step not recorded", 3, "day", 7),
        ],
        checks=[Check(["p1", "discard"], ["A"], False, ["p1.discard: expected ['A'], got []"])],
        setup={"turn": 3, "phase": "day", "p1": {"hand": ["A"], "energy": 2}},
        **more,
    )


def test_the_proof_reads_in_words_step_by_step():
    """Each step reads as a sentence with its outcome, changes, checks and the log entries it caused."""
    proof = build_proof(_result(), RULINGS)
    first, second = proof.steps
    assert (first.number, first.words, first.outcome) == (1, "p1 plays A", "ok")
    assert first.changes == ["A moves from p1 hand to p1 character slots"]
    assert [(c.what, c.expected, c.reached, c.held) for c in first.checks] == [
        ("p1 hand", "none", "as expected", True)
    ]
    assert [e.message for e in first.log] == ["p1 plays A", "A enters"] and first.when == "turn 3, day"
    assert second.refused and second.words == "p2 passes"
    assert [e.message for e in proof.setup_log] == ["set up"]
    assert [e.message for e in proof.further_log] == ["after a step not recorded"]


def test_the_end_state_sets_expected_beside_reached():
    """A broken expectation shows the value expected and, in words, what the engine reached."""
    check = build_proof(_result(Status.FAILED), RULINGS).checks[0]
    assert (check.what, check.expected, check.reached, check.held) == ("p1 discard", "A", "none", False)


@pytest.mark.parametrize(
    ("status", "words"),
    [
        (Status.PASSED, "Verified"),
        (Status.FAILED, "FAILED"),
        (Status.ERROR, "ERROR"),
        (Status.XFAIL, "Expected failure"),
    ],
)
def test_the_verdict_says_plainly_whether_it_is_verified(status, words):
    """Only a passing example is verified; every other one says so first, and that it is not verified."""
    proof = build_proof(_result(status), RULINGS)
    assert proof.verdict.startswith(words) and proof.verified == (status == Status.PASSED)
    assert ("not verified" in proof.verdict) == (status != Status.PASSED)


def test_rulings_proved_come_before_rulings_on_the_same_rules():
    """A ruling named by either side is proved; one resting on a cited rule is related, naming the rules shared."""
    refs = build_proof(_result(), RULINGS).rulings
    assert [(r.id, r.proves, r.rules) for r in refs] == [
        ("R-1", True, []),
        ("R-2", True, []),
        ("R-3", False, ["athernum:4.2.0"]),
    ]


def test_the_chain_is_the_rules_in_order_once_per_run():
    """The log's rules in the order they applied, a rule applying again in a row counted once."""
    assert build_proof(_result(), RULINGS).chain == [
        "athernum:9.2.0",
        "athernum:2.4.1",
        "athernum:4.1.6",
        "athernum:4.1.9",
    ]
    entries = [LogEntry(rule, "", "", "") for rule in "aba"]
    assert chain_of(entries) == ["a", "b", "a"]


def test_the_setup_as_written_keeps_the_values_beside_the_cards():
    """Turn, phase and a player's counters are kept as written, since the engine may play on while setting up."""
    assert written_facts({"round": 9, "phase": "pre_round", "p2": {"counters": 9, "hand": ["A"]}}) == [
        "round 9",
        "phase pre_round",
        "p2: counters 9",
    ]


def test_a_refused_setup_shows_what_it_presented():
    """Decks the engine refused and a card it would not define are shown, since there is no position."""
    decks = presented_board({"new_game": {"reject": "11.0.2a", "p1": {"deck": ["A", "A", "B"]}}})
    assert decks is not None
    assert [(p.id, [(a.name, [c.name for c in a.cards]) for a in p.areas]) for p in decks.players] == [
        ("p1", [("Deck", ["A", "A", "B"])])
    ]
    card = presented_board({"define": {"card": {"name": "Ward", "subtypes": ["Landmark"]}, "reject": "2.2"}})
    assert card is not None
    assert card.shared[0].cards[0].name == "Ward" and card.shared[0].cards[0].stats == {
        "subtypes": "Landmark"
    }
    proof = build_proof(
        ScenarioResult(
            id="athernum/y",
            game="athernum",
            path="y.yaml",
            title="Y",
            rules=[],
            rulings=[],
            status=Status.PASSED,
            setup={"new_game": {"reject": "11.0.2a", "p1": {"deck": ["A"]}}},
        )
    )
    assert proof.start is not None
    assert proof.presented and proof.start.players[0].areas[0].cards[0].name == "A"


def test_a_pile_reads_as_runs_of_the_same_card():
    """A deck reads in order as runs: three A, then B, then A again."""
    faces = [CardFace(str(i), n) for i, n in enumerate("AAABA")]
    assert pile_runs(faces) == [("A", 3), ("B", 1), ("A", 1)]


def test_a_card_leaving_or_appearing_reads_so():
    """A card that leaves the areas shown (a secret choice) or appears in one (a new token) says so."""
    from kb.proof.model import change_words

    assert change_words(Change("A", "place", "p1 deck", "—")) == "A leaves p1 deck"
    assert change_words(Change("T", "place", "—", "p1 character slots")) == "T appears in p1 character slots"
    assert change_words(Change("A", "DFV", "2", "1")) == "A: DFV 2 → 1"
