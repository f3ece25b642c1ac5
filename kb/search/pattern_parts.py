"""What every question pattern of the search shares: its flags and the quote marks a judge may type.

One home for them, so the patterns of kb.search's question shapes (conditions, definitions, happens, identify,
location, shapes, timing) read alike; the browser's copies of the patterns carry the same flags as "iu".
"""

from __future__ import annotations

import re

#: Every question pattern is matched regardless of case, over Unicode words (German umlauts, ß).
FLAGS = re.IGNORECASE | re.UNICODE
#: The quote marks around a card's text in a question: straight, English, German and French ones.
QUOTES = "'\"‘’‚“”„«»"


def compiled(*sources: str) -> tuple[re.Pattern[str], ...]:
    """A module's question patterns, compiled with the shared ``FLAGS``."""
    return tuple(re.compile(source, FLAGS) for source in sources)
