"""Location questions: "where on the card do i find the subtypes", "where are the stats printed on a character
card", "wo ist das Fraktionssymbol auf der Karte".

A judge asking where a part of a card is wants the rule that places it (the faction symbol's "is located in the
top-right corner of the card"), not the rules that merely name the part. This module only reads the question's
shape and says which rule text answers it (a row of ``kb.search.shapes.SHAPES``); the engine lifts the
best-ranked rule that does, as it does for a timing question.
"""

from __future__ import annotations

import re

from kb.search.pattern_parts import FLAGS, compiled

#: Where the part's name ends: the verb that places it, the card it is on, a clause or second question, a comma.
_END = (
    r"(?=\s+(?:printed|written|located|shown|found|depicted|placed|on|in|at|of|and|when|if|while"
    r"|auf|und|wenn|zu\s+finden)\b"
    r"|\s*[,;]|$)"
)
_ON_CARD = r"(?:on|auf)\s+(?:the|a|an|my|this|der|die|dem|einer|meiner)\s+(?:\S+\s+)?(?:card|karte)\s+"

#: Question shapes, the part asked about (``x``): "where is/are X", "where on the card do I find X", "wo ist/sind
#: X", "wo finde ich X". Where something goes or lies ("where do my cards go", "wo liegt …") asks for a zone.
PATTERNS = compiled(
    rf"\bwhere\s+(?:{_ON_CARD})?(?:is|are)\s+(?:{_ON_CARD})?(?P<x>.+?){_END}",
    rf"\bwhere\s+(?:{_ON_CARD})?(?:do|can|should)\s+(?:i|you|we)\s+(?:find|see|look\s+for)\s+"
    rf"(?P<x>.+?){_END}",
    rf"\bwo\s+(?:{_ON_CARD})?(?:ist|sind|steht|stehen|finde\s+ich|findet\s+man|sehe\s+ich)\s+"
    rf"(?:{_ON_CARD})?(?P<x>.+?){_END}",
)

#: What a rule that places a part of a card says: where it is located, at which edge, corner or side, or what it is
#: printed or written on ("written on the type line"; not "the number printed in the field", 1.5.3).
PLACES = re.compile(
    r"\b(?:located|top|bottom|left|right|corner|cent(?:re|er|ered|red)|middle|edge|side|above|below|beneath"
    r"|next\s+to|(?:printed|written|represented|shown|depicted)\s+(?:on|at|along|between|next|above|below))\b",
    FLAGS,
)
