"""Identification questions: "how do I tell whether a face-down permanent is a character", "how is an exhausted
permanent marked", "woran erkenne ich eine ausgelöste Fähigkeit".

A judge asking how to tell what a thing is wants the rule that says how it is recognised (an objective ability's
"They always begin with the keyword Objective", a face-down card's "The supertype is determined by the zone"),
not the rules that merely name the thing. This module only reads the question's shape and says which rule text
answers it (a row of ``kb.search.shapes.SHAPES``).
"""

from __future__ import annotations

import re

from kb.search.pattern_parts import FLAGS, compiled

#: Where the thing asked about ends: what it is asked to be (group ``y``, "… is a character or a location"), the
#: card or text it is on.
_EN_END = (
    r"(?:\s+(?:is|are)\s+(?:(?:a|an|the|still|now|really)\s+)*(?P<y>.+?)|\s+(?:on|in)\s+(?:the|a|my|your)\s+"
    r"card(?:\s+text)?|\s+(?:from|belongs?\s+to)\b.*)?$"
)
_DE_END = r"(?:\s+(?:auf|in|an)\s+(?:der|dem|einer|einem)\s+\S+|\s+(?:ist|sind))?$"
#: Where the thing is looked for in German, before it is named ("woran erkenne ich im Kartentext …").
_DE_WHERE = r"(?:(?:im|in\s+der|auf\s+der|am)\s+\S+\s+)?"

#: Question shapes, the thing asked about (``x``) and what it is asked to be (``y``): "how do I tell / know / see
#: (whether) X (is Y)", "how to tell X", "how is X marked", "woran / wie erkenne ich X", "wie ist X gekennzeichnet".
PATTERNS = compiled(
    r"\bhow\s+(?:(?:do|does|can|could|would|should|will)\s+(?:i|you|we|one|they|a\s+player|players)|to)\s+"
    r"(?:tell|know|see|recogni[sz]e|identify|distinguish|spot|determine)\s+(?:whether|if|that|which|what)?\s*"
    rf"(?P<x>.+?){_EN_END}",
    r"\bhow\s+(?:is|are)\s+(?P<x>.+?)\s+(?:marked|indicated|shown|identified|recogni[sz]ed|denoted"
    r"|distinguished|represented)\b",
    r"\b(?:woran|wie|wodurch|woher)\s+(?:erkenne|erkennt|sehe|sieht|weiß|weiss)\s+(?:ich|man|du)"
    rf"(?:\s*,?\s*ob)?\s+{_DE_WHERE}(?P<x>.+?){_DE_END}",
    r"\bwie\s+(?:ist|sind|wird|werden)\s+(?P<x>.+?)\s+(?:gekennzeichnet|markiert|dargestellt|erkennbar"
    r"|angezeigt)\b",
)

#: What a rule that says how a thing is recognised says, in the rules' own words (all games, English and German):
#: it is identified, indicated or marked by something, begins with a word, is determined, described or
#: represented by something, shows a symbol; "erkennbar", "gekennzeichnet", "beginnen mit", "dargestellt".
IDENTIFIES = re.compile(
    r"\b(?:identified\s+by|identifier|indicators?|indicated|indicates?|marked|determined\s+by|distinguished\s+by"
    r"|described\s+by|represented\s+by|written\s+in|(?:begins?|start|starts)\s+with|symbols?"
    r"|erkennbar\w*|erkennst|erkennt|gekennzeichnet|kennzeichnet|markiert\w*|dargestellt|beginnt\s+mit"
    r"|beginnen(?:\s+\w+)?\s+mit|unterschieden)\b",
    FLAGS,
)
