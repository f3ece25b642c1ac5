"""Questions about when a thing goes: "when are exhaustion counters removed", "does damage go away at the end of
the round", "wann werden Schadensmarken entfernt".

A judge asking when a counter, a card or an effect is removed, discarded or emptied wants the rule that says both
that it goes and when ("During the Morning Phase …, one exhaustion counter is removed"), not the rules that merely
name the thing. This module only reads the question's shape and says which rule text answers it (a row of
``kb.search.shapes.SHAPES``).
"""

from __future__ import annotations

import re

from kb.search.pattern_parts import FLAGS, compiled

#: The thing asked about (``x``) without what it is on or in ("damage counters on my character": the counters).
_THING = r"(?P<x>[^,]+?)(?:\s+(?:on|of|from|in|auf|von|im|an)\s+[^,]+?)?"
#: The words asking when a thing goes.
_GOES = (
    r"removed|taken\s+(?:off|away)|discarded|emptied|cleared|lost|go(?:es)?\s+away|wears?\s+off|expires?"
    r"|disappears?|come\s+off|fall\s+off"
)

#: Question shapes, the thing asked about (``x``) and the word asking when it goes (``b``): "when are/do X (get)
#: removed / go away", "does X go away at …", "wann werden X entfernt", "wann verfallen X", "gehen X am … weg".
PATTERNS = compiled(
    rf"\bwhen\s+(?:exactly\s+)?(?:do|does|is|are|will|would)\s+{_THING}\s+(?:get\s+|gets\s+|be\s+)?"
    rf"(?P<b>{_GOES})\b",
    rf"^(?:does|do|will|is|are)\s+{_THING}\s+(?:get\s+)?(?P<b>{_GOES})\s+(?:at|during|after|before|until)\b",
    rf"\bwann\s+(?:genau\s+)?(?:wird|werden)\s+{_THING}\s+(?P<b>entfernt|abgelegt|geleert|abgeworfen)\b",
    rf"\bwann\s+(?P<b>verfallen|verfällt|verschwinden|verschwindet)\s+{_THING}$",
    rf"^(?P<b>gehen|geht|verschwinden|verschwindet|verfallen|verfällt)\s+{_THING}\s+(?:am|im|bei|nach|zu|während)\b",
)

#: What a rule saying when a thing goes says of it: it is removed, discarded, emptied, expires or leaves …
GOES = re.compile(
    r"\b(?:remove[sd]?|discarded|emptied|expires?|wears?\s+off|goes\s+away|leaves?|lost|entfernt|abgelegt|geleert"
    r"|verfallen|verfällt)\b",
    FLAGS,
)
#: … and when: during, at the end, each, until, whenever.
WHEN = re.compile(
    r"\b(?:during|at\s+the\s+(?:start|end|beginning)|when|whenever|until|each|every|after|before|am\s+ende"
    r"|zu\s+beginn|während|wenn|bis|jede[nrms]?)\b",
    FLAGS,
)
