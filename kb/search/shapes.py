"""Question shapes answered by one rule's own words: "when does the evening phase end" (timing), "where is the
faction symbol" (location), "how do I tell whether a face-down card is a location" (identify), "when are exhaustion
counters removed" (happens).

Each shape is one row of ``SHAPES``: its question patterns (group ``x``: the subjects asked about, and ``y`` when
it has one, "… is a character"; group ``b``, when it has one: the word that asks, "end" or "begin"), then for the
word asked what the answering rule's own text says and where it names the subject (its scope). The engine lifts the
best-ranked rule that says it of a subject (``SearchEngine._answer_first``); the shapes' words live in their own
modules (``kb.search.timing``, ``location``, ``identify``, ``happens``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from kb.search import happens, identify, location, timing
from kb.search.pattern_parts import FLAGS, QUOTES

#: Where a rule names what it says something of, given the match of ``says`` in its text:
#: ``text``: its own text; ``heading``: its title and its section's name (in no section: its title and its text
#: before it says it); ``clause``: its title, its section's name and the clause it says it in, before it says it;
#: ``rule``: its title, its section's name and its text; ``subject``: the clause it says it in, before it says it and
#: before a qualifying phrase (``QUALIFIER``).
SCOPES = ("text", "heading", "clause", "rule", "subject")
#: Alternatives named together ("at the night phase or between turns"), each looked for alone.
ALTERNATIVES = re.compile(r"\s+(?:or|oder)\s+", FLAGS)
#: An article before a subject ("the evening phase", "die Abendphase", "eine Fähigkeit"): not part of its name.
ARTICLE = re.compile(r"^(?:the|a|an|der|die|das|den|dem|des|ein|eine|einen|einem|einer|eines)\s+", FLAGS)
#: What is trimmed off a subject: spaces, punctuation and the quotes around a card's words.
TRIM = " ,;:" + QUOTES
#: Where a clause begins (for the ``clause`` scope): "When a permanent with a Victory Token Field enters, the pool
#: increases by the number printed on …" places a number, not the field (10.1.2).
CLAUSE = re.compile(r"[,;:.()]|\s-\s")
#: Where a clause's subject ends, for the ``subject`` scope: "a character with too many damage counters may be
#: discarded" says it of the character, not of the counters.
QUALIFIER = re.compile(r"\s(?:with|of|on|in|from|at|for|by)\s", FLAGS)


@dataclass(frozen=True)
class Answer:
    """What answers a question asked with a word matching ``asked`` (its group ``b``, empty when it has none;
    ``None``: any question of the shape): a rule whose own text ``says`` it (and ``also`` this, when given), naming
    a subject in its ``scope``."""

    says: re.Pattern[str]
    scope: str
    asked: re.Pattern[str] | None = None
    also: re.Pattern[str] | None = None


@dataclass(frozen=True)
class Shape:
    """One shape of question: its name (the hit's ``via``), its patterns and its answers, the first that fits."""

    name: str
    patterns: tuple[re.Pattern[str], ...]
    answers: tuple[Answer, ...]


@dataclass(frozen=True)
class Asked:
    """A question read as a shape: the subjects it names and what answers it."""

    shape: str
    subjects: tuple[str, ...]
    answer: Answer


_EMPTY = re.compile(r"^$")

#: The shapes, in the order tried: the first whose answer a ranked rule gives heads the results.
SHAPES = (
    Shape(
        "timing",
        timing.PATTERNS,
        (
            Answer(timing.ENDS, "heading", timing.END),
            Answer(timing.STARTS, "heading", timing.START),
            Answer(timing.REFERS, "text", _EMPTY),
        ),
    ),
    Shape("location", location.PATTERNS, (Answer(location.PLACES, "clause"),)),
    Shape("identify", identify.PATTERNS, (Answer(identify.IDENTIFIES, "rule"),)),
    Shape("happens", happens.PATTERNS, (Answer(happens.GOES, "subject", also=happens.WHEN),)),
)


def subjects(phrase: str) -> tuple[str, ...]:
    """The things a question's phrase names ("the night phase or dusk" → night phase, dusk): each alternative
    trimmed of punctuation, quotes and its article."""
    return tuple(ARTICLE.sub("", s.strip(TRIM)) for s in ALTERNATIVES.split(phrase) if s.strip(TRIM))


def shape_of(shape: Shape, text: str) -> Asked | None:
    """The question read as ``shape``: its first matching pattern's subjects and the answer for the word it asks
    with; none when no pattern matches, it names no subject, or no answer fits the word."""
    cleaned = re.sub(r"[?!.]+\s*$", "", text.strip())
    for pattern in shape.patterns:
        found = pattern.search(cleaned)
        if not found:
            continue
        asked = found.groupdict().get("b") or ""
        answer = next((a for a in shape.answers if a.asked is None or a.asked.search(asked)), None)
        named = subjects(found.group("x")) + subjects(found.groupdict().get("y") or "")
        return Asked(shape.name, named, answer) if named and answer else None
    return None


def shapes_of(text: str) -> list[Asked]:
    """Every shape the question has, in the order tried."""
    return [asked for asked in (shape_of(shape, text) for shape in SHAPES) if asked is not None]
