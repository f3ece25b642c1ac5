"""The three game adapters do alike what the scenario format promises alike: tiny scenarios on the real adapters."""

from __future__ import annotations

import textwrap

from kb.verify.results import Status
from tests.verify.conftest import GAMES, run

#: A position of each game, and an action its acting player may take there.
POSITION = {
    "athernum": "{turn: 3, active: p1, phase: day, p1: {main: Aria the Bold}, p2: {main: Tessa of the Tides}}",
    "atnia": "{p1: {energy: 1}, p2: {energy: 1}}",
    "altered": "{day: 2, phase: afternoon, first_player: p1}",
}
ACTION = {"athernum": "next_phase", "atnia": "pass", "altered": "pass"}


def test_an_unreadable_step_keeps_the_steps_run_before_it(adapters):
    """A step that cannot be read (two actions in one) is an error whose result still records the steps before it."""
    for game in GAMES:
        outcome = run(
            adapters,
            game,
            f"""\
            setup: {POSITION[game]}
            steps:
              - {ACTION[game]}
              - {{pass: null, advance: {{}}}}
        """,
        )
        assert outcome.status == Status.ERROR, game
        assert [p.field for p in outcome.problems] == ["steps[1]"], game
        assert [record.index for record in outcome.steps] == [0], game


#: Decks each game refuses (or, for Altered, a new game it accepts), none of them citing rule 1.5.
NEW_GAMES = {
    "athernum": "p1: {deck: [Aria the Bold]}\np2: {deck: [Tessa of the Tides]}",
    "atnia": "p1: {deck: [Salt Runner], starting_locations: [Rift Scar, Rift Scar, Rift Scar, Rift Scar]}\n"
    "p2: {deck: [Salt Courier]}",
    "altered": "p1: {hero: Kojo & Booda, deck: [Forest Scout]}\np2: {hero: Subhash & Marmo, deck: [Forest Scout]}",
}


def test_a_new_game_rejection_reads_numbers_as_rule_ids(adapters):
    """A new game's ``reject:`` number (YAML's float 1.5) is the rule id "1.5" in every adapter, as a step's is."""
    for game in GAMES:
        decks = textwrap.indent(NEW_GAMES[game], " " * 4)
        outcome = run(adapters, game, f"setup:\n  new_game:\n    reject: [1.5]\n{decks}\nsteps: []\n")
        assert outcome.status == Status.FAILED, game
        assert "1.5" in outcome.reason, (game, outcome.reason)


def test_athernum_deck_refusal_honours_check_decks(adapters):
    """Athernum presents decks that must be refused as it starts a game: with ``check_decks: false`` it begins."""
    decks = "p1: {deck: [Aria the Bold]}\n    p2: {deck: [Tessa of the Tides]}"
    checked = run(adapters, "athernum", f"setup:\n  new_game:\n    reject: 11.0.2a\n    {decks}\nsteps: []\n")
    unchecked = run(
        adapters,
        "athernum",
        f"setup:\n  new_game:\n    reject: 11.0.2a\n    check_decks: false\n    {decks}\nsteps: []\n",
    )
    assert checked.status == Status.PASSED
    assert unchecked.status == Status.FAILED
    assert "but the game began" in unchecked.reason


def test_a_log_object_that_names_nothing_is_reported_under_its_field(adapters):
    """An unresolvable ``object:`` in ``log:`` or ``no_log:`` is a mismatch naming the field and the name, never
    a silent non-match."""
    for game in GAMES:
        outcome = run(
            adapters,
            game,
            f"""\
            setup: {POSITION[game]}
            steps: []
            expect:
              log: [{{rule: "9.9", object: Nobody Such}}]
              no_log: [{{rule: "9.9", object: Nobody Such}}]
        """,
        )
        assert outcome.status == Status.FAILED, game
        lines = outcome.diff.splitlines()
        assert any(
            line.startswith("at the end: log[0].object: ") and "Nobody Such" in line for line in lines
        ), lines
        assert any(
            line.startswith("at the end: no_log[0].object: ") and "Nobody Such" in line for line in lines
        ), lines


def test_a_log_object_may_be_the_logged_id_of_an_object_gone_from_the_game(adapters):
    """A log ``object:`` names an object that has left the game by the id the log gives it (an Athernum token)."""
    outcome = run(
        adapters,
        "athernum",
        """\
        setup:
          turn: 3
          active: p1
          phase: day
          p1: {main: Aria the Bold, characters: [Ebb Warden]}
          p2:
            main: Tessa of the Tides
            tokens: [{label: imp, token: {type: character, subtypes: [Imp], ofv: 1, dfv: 1}}]
        steps:
          - activate: {source: Ebb Warden, targets: [imp]}
          - pass
          - pass
        expect:
          objects:
            imp: {exists: false}
          log: [{rule: 7.5.2b, object: imp}]
    """,
    )
    assert outcome.status == Status.PASSED, outcome.diff
