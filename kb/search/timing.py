"""Timing questions: "when does the evening phase end", "card text says 'at round start', when is that",
"wann endet die Abendphase".

A judge asking when a phase or step begins or ends wants the rule that says so (the evening phase's "the game
proceeds to the night phase"), not the rules that merely name the phase; one asking when an effect "at <phase>"
happens wants the rule that says when such effects resolve. This module only reads the question's shape and
says which rule text answers it; the engine lifts the best-ranked rule that does.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

_FLAGS = re.IGNORECASE | re.UNICODE
_QUOTE = "'\"‘’‚“”„«»"

#: Question shapes: the phase asked about (``x``) and the boundary asked for (``b``: a word that says end or start;
#: none for an effect's "at <phase>", the boundary the card names).
PATTERNS = tuple(
    re.compile(p, _FLAGS)
    for p in (
        r"\bwhen(?:\s+exactly)?\s+(?:does|do|did|will|is|are)\s+(?P<x>.+?)\s+"
        r"(?P<b>end|ends|finish|finishes|start|starts|begin|begins)\b",
        r"\bwann(?:\s+genau)?\s+(?P<b>endet|enden|beginnt|beginnen|startet|starten)\s+(?P<x>.+)$",
        r"\bwann(?:\s+genau)?\s+(?:ist|sind)\s+(?P<x>.+?)\s+(?P<b>zu\s+ende|vorbei|vorüber)$",
        # "effects that say 'at the combat phase', when do they resolve": the card's words name the phase
        rf"\b(?:says?|reads?|references?|steht|sagt)\s+[{_QUOTE}]?(?:at|am|zu\s+beginn)\s+(?P<x>[^{_QUOTE},?]+?)"
        rf"[{_QUOTE}]?\s*,?\s+(?:when|wann)\b",
    )
)

#: The asked boundary's words, each with what a rule ending or starting a phase says (an English rule: the CR).
END = re.compile(r"^(?:end|ends|finish|finishes|endet|enden|zu\s+ende|vorbei|vorüber)$", _FLAGS)
#: What a rule that ends a phase says: it ends, the game proceeds to the next, or players act until something.
ENDS = re.compile(r"\b(?:end|ends|ended|ending|over|proceeds?|next|until|finish|finishes|finished)\b", _FLAGS)
#: What a rule that starts a phase says.
STARTS = re.compile(r"\b(?:begin|begins|beginning|start|starts|started)\b", _FLAGS)
#: What a rule about an effect "at <phase>" says: what refers to the phase, or the card's words quoted
#: (``Any effects that reference "At the Combat Phase" may resolve``, ``If an effect refers to round start``).
REFERS = re.compile(r'\b(?:refers?|references?|referring)\b|["“„]at\b', _FLAGS)
#: Alternatives named together ("at the night phase or between turns"), each looked for alone.
ALTERNATIVES = re.compile(r"\s+(?:or|oder)\s+", _FLAGS)
#: An article before the phase ("the evening phase", "die Abendphase"): not part of its name.
ARTICLE = re.compile(r"^(?:the|a|an|der|die|das|den|dem|des)\s+", _FLAGS)
#: What is trimmed off a phase's name: spaces, punctuation and the quotes around a card's words.
TRIM = " ,;:" + _QUOTE


@dataclass(frozen=True)
class Timing:
    """A timing question: the phases it names and the boundary it asks for (``end``, ``start`` or ``at``)."""

    subjects: tuple[str, ...]
    boundary: str


def timing_question(text: str) -> Timing | None:
    """The phase(s) a timing question asks about and the boundary asked for; none for other questions."""
    cleaned = re.sub(r"[?!.]+\s*$", "", text.strip())
    for pattern in PATTERNS:
        found = pattern.search(cleaned)
        if not found:
            continue
        asked = found.groupdict().get("b")
        boundary = "at" if not asked else "end" if END.match(asked) else "start"
        named = subjects(found.group("x"))
        return Timing(named, boundary) if named else None
    return None


def subjects(phrase: str) -> tuple[str, ...]:
    """The things a question's phrase names ("the night phase or dusk" → night phase, dusk): each alternative
    trimmed of punctuation, quotes and its article."""
    return tuple(ARTICLE.sub("", s.strip(TRIM)) for s in ALTERNATIVES.split(phrase) if s.strip(TRIM))


def marker(boundary: str) -> re.Pattern[str]:
    """What a rule's own text says when it answers a question asking for ``boundary``."""
    return ENDS if boundary == "end" else STARTS if boundary == "start" else REFERS
