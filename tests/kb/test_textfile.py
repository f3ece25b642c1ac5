"""Checked text files: bad bytes, a BOM, control characters and dangling links are problems, never exceptions."""

from __future__ import annotations

from kb.core.textfile import MAX_CONTROL_PROBLEMS, read_text


def test_invalid_utf8_names_line_and_column(tmp_path):
    """A file that is not UTF-8 gives no text and a problem naming the line and column of the first bad byte."""
    path = tmp_path / "x.yaml"
    path.write_bytes(b"a: 1\nb: caf\xe9\n")
    text, problems = read_text(path, "x.yaml")
    assert text is None
    assert [(p.path, p.line, p.field) for p in problems] == [("x.yaml", 2, "(encoding)")]
    assert "byte 0xe9 at column 7" in problems[0].message


def test_a_bom_is_reported_and_removed(tmp_path):
    """A byte-order mark is a problem of line 1, and the text read has none."""
    path = tmp_path / "x.md"
    path.write_bytes(b"\xef\xbb\xbf---\n")
    text, problems = read_text(path, "x.md")
    assert text == "---\n" and problems[0].line == 1 and "byte-order mark" in problems[0].message


def test_control_characters_are_reported_per_line_and_replaced(tmp_path):
    """Each line with a control character is named; the text keeps no escape sequence."""
    path = tmp_path / "x.md"
    path.write_text("fine\tline\r\n\x1b[31mred\nnul\x00\n" + "\x07\n" * 30, encoding="utf-8")
    text, problems = read_text(path, "x.md")
    assert text is not None
    assert "\x1b" not in text and "\x00" not in text and "\t" in text and "\r" in text
    assert [p.line for p in problems[:2]] == [2, 3] and "U+001B" in problems[0].message
    assert len(problems) == MAX_CONTROL_PROBLEMS + 1 and "more lines" in problems[-1].message


def test_a_dangling_symlink_and_a_folder_are_problems(tmp_path):
    """A link to nothing, or a folder named like a file, is reported as unreadable."""
    link = tmp_path / "gone.yaml"
    link.symlink_to(tmp_path / "missing.yaml")
    (tmp_path / "dir.yaml").mkdir()
    for name, words in (("gone.yaml", "symlink to a file that does not exist"), ("dir.yaml", "folder")):
        text, problems = read_text(tmp_path / name, name)
        assert text is None and words in problems[0].message
