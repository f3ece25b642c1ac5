"""Reading a text file someone wrote by hand: UTF-8 checked, a byte-order mark and control characters reported.

Whatever the bytes, the reader returns problems naming the file and line rather than raising: a file
that is not UTF-8, a dangling symlink or a folder gives a problem and no text; a BOM or a control
character gives a problem and the text with it removed (the character replaced by U+FFFD), so that
no escape sequence in a source reaches the terminal or the site.
"""

from __future__ import annotations

import codecs
import re
from pathlib import Path

from kb.core.errors import Problem

#: Control characters that have no place in text (tab, newline and carriage return are whitespace).
CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]")
#: At most this many control-character problems per file: one per line, then a count.
MAX_CONTROL_PROBLEMS = 20


def decode(data: bytes, display: str) -> tuple[str | None, list[Problem]]:
    """The text of ``data`` (UTF-8, no BOM, no control characters) and the problems with it."""
    problems: list[Problem] = []
    if data.startswith(codecs.BOM_UTF8):
        problems.append(
            Problem(
                display,
                1,
                "(encoding)",
                "the file starts with a byte-order mark (BOM): save it as UTF-8 without BOM",
            )
        )
        data = data[len(codecs.BOM_UTF8) :]
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        column = exc.start - (data.rfind(b"\n", 0, exc.start) + 1) + 1
        problems.append(
            Problem(
                display,
                line,
                "(encoding)",
                f"not UTF-8 text: byte 0x{data[exc.start]:02x} at column {column} ({exc.reason})",
            )
        )
        return None, problems
    if CONTROL.search(text):
        problems += control_problems(text, display)
        text = CONTROL.sub("\ufffd", text)
    return text, problems


def control_problems(text: str, display: str, first_line: int = 1) -> list[Problem]:
    """A problem for each line of ``text`` holding a control character (other than tab and line ends)."""
    problems = []
    lines = [
        (n, m) for n, line in enumerate(text.split("\n"), start=first_line) if (m := CONTROL.search(line))
    ]
    for n, match in lines[:MAX_CONTROL_PROBLEMS]:
        problems.append(
            Problem(
                display,
                n,
                "(text)",
                f"control character U+{ord(match.group()):04X} in the text "
                f"(column {match.start() + 1}); remove it",
            )
        )
    if len(lines) > MAX_CONTROL_PROBLEMS:
        problems.append(
            Problem(
                display,
                lines[MAX_CONTROL_PROBLEMS][0],
                "(text)",
                f"{len(lines) - MAX_CONTROL_PROBLEMS} more lines hold control characters",
            )
        )
    return problems


def read_text(path: Path, display: str) -> tuple[str | None, list[Problem]]:
    """The checked text of the file at ``path`` (None when it cannot be read) and its problems."""
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        what = "a symlink to a file that does not exist" if path.is_symlink() else "the file does not exist"
        return None, [Problem(display, 0, "(file)", f"cannot read the file: {what}")]
    except IsADirectoryError:
        return None, [Problem(display, 0, "(file)", "cannot read the file: it is a folder")]
    except OSError as exc:
        return None, [Problem(display, 0, "(file)", f"cannot read the file: {exc.strerror or exc}")]
    return decode(data, display)
