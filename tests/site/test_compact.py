"""The pages' white space reduced without a visible change (kb/site/compact.py)."""

from __future__ import annotations

from kb.site.compact import compact_html


def test_each_run_of_white_space_with_a_line_break_becomes_one_line_break():
    """Indentation and blank lines go; white space within a line stays."""
    assert (
        compact_html("<div>\n    <p>a  b</p>  \n\n\t  <p>c</p>\n</div>")
        == "<div>\n<p>a  b</p>\n<p>c</p>\n</div>"
    )


def test_white_space_inside_pre_and_textarea_is_kept_as_it_is():
    """Preformatted text and text areas keep their white space (in any case of the tag), the text around them not."""
    html = (
        "<div>\n  <PRE class='x'>  a\n\n    b</PRE>\n  <textarea>\n  c\n</textarea>\n  <pre>x\n  y</pre> \n z"
    )
    expected = "<div>\n<PRE class='x'>  a\n\n    b</PRE>\n<textarea>\n  c\n</textarea>\n<pre>x\n  y</pre>\nz"
    assert compact_html(html) == expected


def test_an_unclosed_pre_keeps_nothing_from_being_reduced():
    """A ``<pre>`` never closed is not a block: the text after it is reduced like any other."""
    assert compact_html("<pre>a\n   b") == "<pre>a\nb"
