"""What a question asks of its situation, in the words the answering rule uses: how many, impossible, still.

A long situational question names several game nouns and one condition ("there is nothing to sabotage", "it
can't legally be a main character", "does it still resolve"); the rules naming the nouns most outrank the rule
that governs the condition, which says it in its own words ("An impossible effect cannot be performed", "is no
longer considered", "even if the source leaves"). A question matching a row's pattern also searches the row's
words, as one more word of the question, at the row's weight (``QueryBuilder.build``; search.js's ``build``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from kb.search.pattern_parts import FLAGS


@dataclass(frozen=True)
class Condition:
    """A condition a question may ask about: the pattern that tells it, the rules' words for it, their weight."""

    name: str
    pattern: re.Pattern[str]
    words: tuple[str, ...]
    weight: float


#: A question asking how many or how often wants the rule that gives the number, in the words rules give numbers
#: with. Not "up to": the index drops "to", so it searched "up", face-up's word, marking it in every face-up rule
#: ("Wie oft darf ich angreifen").
QUANTITY = Condition(
    "quantity",
    re.compile(r"\b(?:how\s+(?:many|much|often)|wie\s*viele?n?|wie\s+oft|anzahl)\b", FLAGS),
    (
        "exactly",
        "maximum",
        "at least",
        "no more than",
        "number of",
        "two",
        "three",
        "four",
        "five",
        "six",
        "2",
        "3",
        "4",
        "5",
        "6",
        "20",
        "60",
    ),
    0.3,
)
#: A question whose situation cannot be met ("nothing to sabotage", "I don't have one", "isn't a valid one", "can't
#: legally be") wants the rule on impossible or invalid actions (altered 1.4.1.c, athernum 8.0.1e, 4.3.5b.III).
IMPOSSIBLE = Condition(
    "impossible",
    re.compile(
        r"\b(?:nothing\s+to|no\s+(?:valid|legal)|(?:don'?t|doesn'?t|do\s+not|does\s+not)\s+have"
        r"|can'?t\s+(?:legally\s+|actually\s+)?be|isn'?t\s+(?:a\s+)?(?:valid|legal)|not\s+(?:a\s+)?(?:valid|legal)"
        r"|impossible|not\s+enough|unable|kein\w*\s+gültig\w*|nicht\s+möglich|unmöglich|gar\s+kein\w*)",
        FLAGS,
    ),
    ("impossible", "cannot", "possible", "valid", "illegal"),
    0.45,
)
#: A question asking whether something still happens or holds after a change ("does it still resolve", "wird er
#: trotzdem abgehandelt") wants the rule saying what continues or stops (athernum 4.2.3d.II "the effect still
#: resolves", 6.1.8a "no longer considered face-down"). Not German "noch", which as often means "yet" or "more".
STILL = Condition(
    "still",
    re.compile(r"\b(?:still|anyway|trotzdem|dennoch|weiterhin)\b", FLAGS),
    ("no longer", "even if", "regardless", "remains", "continues", "still resolves"),
    0.45,
)
#: The conditions, in the order their words are searched.
CONDITIONS = (QUANTITY, IMPOSSIBLE, STILL)


def asked(text: str) -> list[Condition]:
    """The conditions the question's text asks about."""
    return [condition for condition in CONDITIONS if condition.pattern.search(text)]
