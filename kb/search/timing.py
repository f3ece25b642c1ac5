"""Timing questions: "when does the evening phase end", "card text says 'at round start', when is that",
"wann endet die Abendphase".

A judge asking when a phase or step begins or ends wants the rule that says so (the evening phase's "the game
proceeds to the night phase"), not the rules that merely name the phase; one asking when an effect "at <phase>"
happens wants the rule that says when such effects resolve. This module only reads the question's shape and
says which rule text answers it (a row of ``kb.search.shapes.SHAPES``); the engine lifts the best-ranked rule
that does.
"""

from __future__ import annotations

import re

from kb.search.pattern_parts import FLAGS, QUOTES, compiled

#: Question shapes: the phase asked about (``x``) and the boundary asked for (``b``: a word that says end or start;
#: none for an effect's "at <phase>", the boundary the card names).
PATTERNS = compiled(
    r"\bwhen(?:\s+exactly)?\s+(?:does|do|did|will|is|are)\s+(?P<x>.+?)\s+"
    r"(?P<b>end|ends|finish|finishes|start|starts|begin|begins)\b",
    r"\bwann(?:\s+genau)?\s+(?P<b>endet|enden|beginnt|beginnen|startet|starten)\s+(?P<x>.+)$",
    r"\bwann(?:\s+genau)?\s+(?:ist|sind)\s+(?P<x>.+?)\s+(?P<b>zu\s+ende|vorbei|vorüber)$",
    # "effects that say 'at the combat phase', when do they resolve": the card's words name the phase
    rf"\b(?:says?|reads?|references?|steht|sagt)\s+[{QUOTES}]?(?:at|am|zu\s+beginn)\s+(?P<x>[^{QUOTES},?]+?)"
    rf"[{QUOTES}]?\s*,?\s+(?:when|wann)\b",
)

#: The asked boundary's words, each with what a rule ending or starting a phase says (an English rule: the CR).
END = re.compile(r"^(?:end|ends|finish|finishes|endet|enden|zu\s+ende|vorbei|vorüber)$", FLAGS)
#: What a rule that ends a phase says: it ends, the game proceeds to the next, or players act until something.
ENDS = re.compile(r"\b(?:end|ends|ended|ending|over|proceeds?|next|until|finish|finishes|finished)\b", FLAGS)
#: The words asking when a phase starts.
START = re.compile(r"^(?:start|starts|begin|begins|beginnt|beginnen|startet|starten)$", FLAGS)
#: What a rule that starts a phase says.
STARTS = re.compile(r"\b(?:begin|begins|beginning|start|starts|started)\b", FLAGS)
#: What a rule about an effect "at <phase>" says: what refers to the phase, or the card's words quoted
#: (``Any effects that reference "At the Combat Phase" may resolve``, ``If an effect refers to round start``).
REFERS = re.compile(r'\b(?:refers?|references?|referring)\b|["“„]at\b', FLAGS)
