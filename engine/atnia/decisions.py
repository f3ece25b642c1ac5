"""Readings the engine chose where the Atnia rules document leaves a question open, says "Maybe", ends a rule with
a question mark, or is silent on something a game must settle. Each entry is the decision's id, the rules involved,
the reading in one line and the ruling that publishes it (``ruling``): the question, answer and reasoning are in
``rules/atnia/rulings.yaml`` only.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.common import decisions as common


@dataclass(frozen=True, slots=True)
class Decision(common.Decision):
    """One ruling, as :class:`engine.common.decisions.Decision`, published under the id ``ruling`` (R-ATN-…)."""

    ruling: str = field(kw_only=True)


DECISIONS: tuple[Decision, ...] = (
    Decision(
        "D-FULL-BOARD",
        ("rules/extra-notes/p3", "rules/extra-notes/p3.3", "rules/extra-notes/p3.3.1"),
        "A card entering a full battlefield: its controller discards one of theirs first, or the new card goes to the discard pile",
        ruling="R-ATN-001",
    ),
    Decision(
        "D-DO-X-TO-DO-Y",
        ("rules/extra-notes/p6", "rules/extra-notes/p6.1", "rules/extra-notes/p4"),
        "'Do x to do y': x is not done when none of y can happen",
        ruling="R-ATN-002",
    ),
    Decision(
        "D-INFINITE-SOURCE",
        (
            "rules/advanced-notes-on-timing-rules-and-the-horizon/p1.1",
            "rules/advanced-notes-on-timing-rules-and-the-horizon/p1",
            "rules/playing-cards-and-the-horizon/p3",
        ),
        "An infinite-speed effect's fast or slow trigger of the active player's makes their next pass hand the horizon over",
        ruling="R-ATN-003",
    ),
    Decision(
        "D-FIRST-ROUND",
        ("rules/energy-system/p1", "rules/round-phases/p1.2", "rules/round-phases/p1.3"),
        "The first round's pre round gives no energy counter: players begin with 2",
        ruling="R-ATN-004",
    ),
    Decision(
        "D-CARRY-OVER",
        ("rules/energy-system/p1", "rules/round-phases/p1.3"),
        "Unspent energy is lost: each pre round sets the pool to 1 energy per counter",
        ruling="R-ATN-005",
    ),
    Decision(
        "D-FIRST-PLAYER",
        ("rules/round-phases/p1.1", "rules/round-phases/p3.2", "rules/starting-the-game/p1"),
        "The rules' 'ebd' is read as 'end'",
        ruling="R-ATN-006",
    ),
    Decision(
        "D-CHALLENGER",
        ("rules/combat/p1", "rules/combat-phase-outline/p3", "rules/combat-phase-outline/p2"),
        "The attacked unit is in the fight: both strike each other simultaneously, as a blocked attacker and its blocker do",
        ruling="R-ATN-007",
    ),
    Decision(
        "D-GUARDIAN",
        ("rules/combat-phase-outline/p8", "rules/combat-phase-outline/p6", "rules/combat-phase-outline/p2"),
        "A guardian arriving after blockers were declared may at once block one unblocked attacker",
        ruling="R-ATN-008",
    ),
    Decision(
        "D-HAND-SIZE",
        ("rules/round-phases/p5.1", "rules/round-phases/p5.3"),
        "The hand size only limits drawing: players draw up to it and never discard down to it",
        ruling="R-ATN-009",
    ),
    Decision(
        "D-EMPTY-DECK",
        ("rules/round-phases/p5.3", "rules/p2"),
        "Drawing from an empty deck draws nothing; the player does not lose",
        ruling="R-ATN-010",
    ),
    Decision(
        "D-BOTH-ZERO",
        ("rules/p2",),
        "Both players reaching 0 life at once: the game is a draw",
        ruling="R-ATN-011",
    ),
    Decision(
        "D-HORIZON-DAMAGE",
        ("rules/extra-notes/p1", "rules/playing-cards-and-the-horizon/p4"),
        "Damage lasts until the card leaves the horizon and battlefield; resolving moves it from one to the other",
        ruling="R-ATN-012",
    ),
    Decision(
        "D-UNTIL-ROUND-END",
        ("rules/round-phases/p4.1", "rules/extra-notes/p1.1"),
        "'Until round end' effects end as the round end phase begins, before effects that refer to round end",
        ruling="R-ATN-013",
    ),
    Decision(
        "D-TRIGGER-ZONES",
        ("rules/advanced-notes-on-timing-rules-and-the-horizon/p2.2", "rules/locations/p2"),
        "Simultaneous triggers go in zone order: horizon, battlefield, location zone, channel zone, discard pile",
        ruling="R-ATN-014",
    ),
    Decision(
        "D-IDEAL-NAMES",
        ("rules/the-7-ideals/p2", "rules/ancestra", "rules/ecclesia"),
        "Ancestra is Epoca and Ecclesia is Deitas (same descriptions): seven ideals",
        ruling="R-ATN-015",
    ),
    Decision(
        "D-SPEEDS-TIMING",
        ("rules/speed/p4", "rules/speed/p5", "rules/speed/p2", "rules/speed/p4.1"),
        "Burst and infinite-speed cards may be played whenever their player is active, in combat and over the horizon too",
        ruling="R-ATN-016",
    ),
    Decision(
        "D-STEP-3-PASS",
        ("rules/combat-phase-outline/p3", "rules/speed/p4", "rules/speed/p5"),
        "In step 3 of combat, only a pass after doing nothing (or only infinite-speed actions) strikes",
        ruling="R-ATN-017",
    ),
    Decision(
        "D-ARRIVE-TARGETS",
        ("rules/extra-notes/p2", "rules/extra-notes/p4"),
        "With no legal target when played, an arrive ability's targets are chosen when it triggers",
        ruling="R-ATN-018",
    ),
    Decision(
        "D-BOARD-SPACES",
        (
            "rules/extra-notes/p3",
            "rules/extra-notes/p3.3",
            "rules/advanced-notes-on-timing-rules-and-the-horizon/p5",
        ),
        "Each player's battlefield holds up to 16 board spaces",
        ruling="R-ATN-019",
    ),
    Decision(
        "D-TIES-ONLINE",
        (
            "rules/advanced-notes-on-timing-rules-and-the-horizon/p2.2.3",
            "rules/advanced-notes-on-timing-rules-and-the-horizon/p3.1",
        ),
        "Ties follow the online rule: alphabetical order of card name",
        ruling="R-ATN-020",
    ),
    Decision(
        "D-LOOK-BACK",
        ("rules/kinds-of-game-objects/p2.1", "rules/extra-notes/p2", "rules/extra-notes/p7"),
        "A unit that dies as it arrives still triggers its arrive ability",
        ruling="R-ATN-021",
    ),
)
