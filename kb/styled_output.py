"""Command output as styled lines: plain text to a file or pipe, rich's colours and wrapping only on a terminal.

rich is imported only when something is drawn on a terminal (or a command draws tables and progress), so that a
piped or scripted ``rulekb search`` starts fast (``tests/search/test_cold_start.py``). Written to a file or
pipe, a line is never hard-wrapped: paths stay whole, one finding per line, for editors and grep.
"""

from __future__ import annotations

import os
import sys
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, TextIO

from kb.core.errors import Problem, Severity

if TYPE_CHECKING:
    from collections.abc import Iterable

    from rich.console import Console
    from rich.text import Text

#: The control codes rich drops from text (bell, backspace, vertical tab, form feed, carriage return).
_DROPPED_CONTROLS = dict.fromkeys((7, 8, 11, 12, 13))
#: rich's tab width.
TAB_SIZE = 8

SEVERITY_STYLE = {Severity.ERROR: "red", Severity.WARNING: "yellow", Severity.INFO: "dim"}


@dataclass
class Line:
    """One line of output as rich's ``Text`` holds it: a style for the whole line and spans of text, each with
    its own style on top (``""`` for none). User text is never markup."""

    spans: list[tuple[str, str]] = field(default_factory=list)
    style: str = ""

    @classmethod
    def of(cls, text: str, style: str = "") -> Line:
        """A line of one text in one style (``Text(text, style=style)``), to which spans may be added."""
        return cls([(text, "")], style)

    def add(self, text: str, style: str = "") -> Line:
        """Append a span; returns the line, to chain."""
        self.spans.append((text, style))
        return self

    @property
    def plain(self) -> str:
        return "".join(text for text, _ in self.spans)

    def text(self) -> Text:
        """The line as rich text (imports rich)."""
        from rich.text import Text

        return Text.assemble(*self.spans, style=self.style)


def is_terminal(stream: TextIO) -> bool:
    """Whether ``stream`` takes colours, decided as rich decides it (``TTY_COMPATIBLE``, ``FORCE_COLOR``, a tty)."""
    compatible = os.environ.get("TTY_COMPATIBLE", "")
    if compatible in ("0", "1"):
        return compatible == "1"
    force = os.environ.get("FORCE_COLOR")
    if force is not None:
        return force != ""
    try:
        return stream.isatty()
    except (AttributeError, ValueError):  # no isatty, or a closed stream
        return False


def print_lines(lines: Iterable[Line], *, stderr: bool = False) -> None:
    """Print lines: through rich on a terminal (colours, wrapped to its width), else as plain unwrapped text."""
    lines = list(lines)
    stream = sys.stderr if stderr else sys.stdout
    if not lines:
        return
    if is_terminal(stream):
        console = make_console(stderr=stderr)
        for line in lines:
            console.print(line.text())
        return
    stream.write(
        "".join(line.plain.translate(_DROPPED_CONTROLS).expandtabs(TAB_SIZE) + "\n" for line in lines)
    )
    stream.flush()


def make_console(stderr: bool = False) -> Console:
    """A rich console for a command's output (tables, progress): wrapped to a terminal's width, but never
    hard-wrapped when written to a file or pipe (paths stay whole, one finding per line, for editors and grep)."""
    from rich.console import Console

    console = Console(highlight=False, stderr=stderr)
    console.soft_wrap = not console.is_terminal
    return console


def problem_text(problem: Problem) -> Text:
    """A problem as plain text in its severity's colour: user text (``[field]``, ``4.2.2[/x]``) is never markup."""
    return Line.of(str(problem), SEVERITY_STYLE[problem.severity]).text()
