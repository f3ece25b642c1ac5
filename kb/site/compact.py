"""Shorter HTML without a visible change: the indentation and blank lines of the theme's templates removed.

Every run of white space that holds a line break becomes one line break, except inside ``<pre>`` and
``<textarea>``, where white space is content. Browsers render the page the same; on a chapter page the
templates' indentation alone is about 10 KB.
"""

from __future__ import annotations

import re

_RUNS = re.compile(r"(<pre\b.*?</pre>|<textarea\b.*?</textarea>)|[ \t]*\n\s*", re.S | re.I)


def compact_html(html: str) -> str:
    """``html`` with each white-space run containing a line break reduced to that line break."""
    return _RUNS.sub(lambda m: m.group(1) or "\n", html)
