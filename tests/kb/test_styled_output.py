"""Command output: plain text in a file or pipe, exactly what rich prints there, and rich's colours on a terminal."""

from __future__ import annotations

import io

import pytest
from rich.console import Console

from kb.styled_output import Line, is_terminal, print_lines

LINES = [
    Line.of(" 1  ", "dim").add("4.2.2a", "bold cyan").add("  [cited by R-ATH-001]", "dim italic"),
    Line().add("error:", "red").add(" no rule '[red]x[/red]' (markup stays text)"),
    Line.of("a\ttab, a bell\x07 and a carriage return\r dropped as rich drops them"),
    Line.of("a long line " * 30 + "is never hard-wrapped"),
    Line(),
]


def rich_plain(lines: list[Line]) -> str:
    """What rich prints for these lines into a file: no colours, no wrapping (as ``make_console`` sets it)."""
    out = io.StringIO()
    console = Console(file=out, highlight=False, soft_wrap=True, width=40)
    for line in lines:
        console.print(line.text())
    return out.getvalue()


def test_plain_output_is_what_rich_prints_to_a_file(capsys):
    """Piped output is character for character what rich would print there, without importing rich."""
    print_lines(LINES)
    assert capsys.readouterr().out == rich_plain(LINES)


@pytest.mark.parametrize(
    "env, tty",
    [
        ({}, False),
        ({}, True),
        ({"FORCE_COLOR": "1"}, False),
        ({"FORCE_COLOR": ""}, True),
        ({"TTY_COMPATIBLE": "0", "FORCE_COLOR": "1"}, True),
        ({"TTY_COMPATIBLE": "1"}, False),
    ],
)
def test_terminal_is_decided_as_rich_decides(monkeypatch, env, tty):
    """Colours go where rich would send them: a terminal, or wherever TTY_COMPATIBLE or FORCE_COLOR say."""
    for name in ("FORCE_COLOR", "TTY_COMPATIBLE", "NO_COLOR"):
        monkeypatch.delenv(name, raising=False)
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    stream = io.StringIO()
    stream.isatty = lambda: tty  # type: ignore[method-assign]
    assert is_terminal(stream) == Console(file=stream).is_terminal


def test_terminal_output_is_coloured(monkeypatch, capsys):
    """On a terminal the lines carry their styles (here forced, as FORCE_COLOR does)."""
    monkeypatch.setenv("FORCE_COLOR", "1")
    monkeypatch.delenv("TTY_COMPATIBLE", raising=False)
    monkeypatch.delenv("NO_COLOR", raising=False)
    print_lines([Line().add("error:", "red").add(" gone")])
    assert capsys.readouterr().out == "\x1b[31merror:\x1b[0m gone\n"
