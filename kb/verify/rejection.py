"""Steps and decks a scenario says the engine must refuse (``reject:``), and steps it must accept."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from engine.common.errors import RuleViolation
from kb.verify.adapters import RunOutcome
from kb.verify.naming import as_list
from kb.verify.results import Status, StepRecord


@dataclass(frozen=True)
class Wording:
    """How a game's reports say an action was refused, and how they cite its rules."""

    past: str = "rejected"
    verb: str = "reject"
    noun: str = "rejection"
    cite: str = ""  # before the rule ids: "CR ", "Altered "


def cited(value: object) -> list[str]:
    """The rule ids a ``reject:`` names (one or a list), as text: a step's and a new game's alike (a number YAML
    read, ``11.0``, is the rule id ``11.0``)."""
    return [str(r) for r in as_list(value)]


def apply_actions(
    game, actions: list, reject: tuple[str, ...], illegal: type[RuleViolation], words: Wording
) -> tuple[str, list[str] | None]:
    """Apply a step's actions: refused citing one of ``reject`` if it names rules, accepted otherwise.

    Returns the outcome and what went against the scenario, or None for that when the step went as written
    (its expectations are to be checked next).
    """
    for action in actions:
        try:
            game.apply(action)
        except illegal as exc:
            rules = ", ".join(exc.rules)
            if not reject:
                return f"{words.past} ({rules})", [
                    f"the engine {words.past} {type(action).__name__}: {exc.reason} ({words.cite}{rules})"
                ]
            if not set(reject) & set(exc.rules):
                return f"{words.past} ({rules})", [
                    f"expected a {words.noun} citing {', '.join(reject)}, but it was {words.past} citing "
                    f"{rules or 'no rule'}: {exc.reason}"
                ]
            return f"{words.past} as expected ({rules}): {exc.reason}", None
    if reject:
        return "accepted", [
            f"expected the engine to {words.verb} it citing {', '.join(reject)}, but it was accepted"
        ]
    return "ok", None


def deck_refusal(wanted: list, start: Callable[[], object], refused: type[RuleViolation]) -> RunOutcome:
    """Decks that must be refused: passed when ``start`` raises ``refused`` citing one of the ``wanted`` rules."""
    try:
        start()
    except refused as exc:
        record = StepRecord(0, "present the decks", f"refused ({', '.join(exc.rules)}): {exc.reason}")
        if set(wanted) & set(exc.rules):
            return RunOutcome(Status.PASSED, steps=[record])
        return RunOutcome(
            Status.FAILED,
            reason=f"the decks were refused citing {', '.join(exc.rules)}, "
            f"not {', '.join(wanted)}: {exc.reason}",
            steps=[record],
        )
    return RunOutcome(
        Status.FAILED,
        reason=f"expected the decks to be refused citing {', '.join(wanted)}, but the game began",
        steps=[StepRecord(0, "present the decks", "accepted")],
    )
