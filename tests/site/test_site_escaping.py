"""No markup from a rule source, a rulings file or a verify result reaches a page unescaped."""

from __future__ import annotations

import pytest

from tests.site.conftest import read
from tests.site.project import listed_examples

#: Where each hostile input must appear, escaped: (page URL, the label given to SCRIPT in tests/site/project.py).
ESCAPED = [
    ("athernum/cr/1.html", "rule"),  # rule text
    ("athernum/glossary.html", "term"),  # term definition
    ("athernum/cr/0.html", "term"),  # the definition where chapter 0 lists it
    ("athernum/rulings.html", "question"),  # ruling question
    ("athernum/rulings.html", "answer"),  # ruling answer
    ("athernum/examples/1.1.0.html", "title"),  # scenario title
    ("athernum/examples/1.1.0.html", "step"),  # scenario step
    ("athernum/examples/1.1.0.html", "log"),  # engine log message
    ("athernum/examples/index.html", "title"),  # the scenario title in the index of examples
]


@pytest.mark.parametrize("url,label", ESCAPED)
def test_hostile_text_is_shown_escaped(small_site, url, label):
    """Each kind of source text with a <script> in it is shown as text, escaped, on its page."""
    html = read(small_site, url)
    assert (
        f"&lt;script&gt;alert(&#34;{label}&#34;)&lt;/script&gt;" in html
        or f'&lt;script&gt;alert("{label}")&lt;/script&gt;' in html
    )


def test_listed_example_titles_are_data_not_markup(small_site):
    """Where a rule lists its examples, a title with a <script> in it is a JSON string in the game's script of
    examples, which rk-examples.js only ever sets as text."""
    [(_, title, _)] = listed_examples(
        small_site, read(small_site, "athernum/cr/1.html").split('id="1.1.1"')[1]
    )
    assert title.endswith('<script>alert("title")</script>')
    script = (small_site / "javascripts/rk-examples.js").read_text(encoding="utf-8")
    assert "textContent = title" in script and "innerHTML" not in script


def test_no_page_contains_a_hostile_script(small_site):
    """No generated HTML file, on any page, contains the hostile <script> tag itself."""
    pages = list(small_site.rglob("*.html"))
    assert len(pages) > 10
    for page in pages:
        assert "<script>alert(" not in page.read_text(encoding="utf-8"), page
