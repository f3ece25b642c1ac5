"""The shipped real-word stems: made from pyspellchecker by the project's own analysis, read by every build."""

import sys

import pytest

from kb.search.schema import TEXT_FIELDS
from kb.search.wordlist import REGENERATE, data_file, main, render, shipped_stems


@pytest.mark.parametrize("lang", sorted(TEXT_FIELDS))
def test_the_shipped_stems_are_what_the_generator_makes(lang):
    """The data file equals what pyspellchecker's list stemmed by today's analysis gives, header and all."""
    assert data_file(lang).read_text(encoding="utf-8") == render(lang), (
        f"{data_file(lang)} is out of date with the analysis or the word list: run `{REGENERATE}`"
    )


def test_the_shipped_file_credits_its_source_and_holds_only_stems():
    """The file names pyspellchecker and its licence; what a build reads from it are the stems alone."""
    text = data_file("en").read_text(encoding="utf-8")
    assert "pyspellchecker" in text and "MIT licence" in text
    stems = shipped_stems("en")
    assert {"talk", "walk"} <= stems
    assert not any(s.startswith("#") or not s.strip() or len(s) < 4 for s in stems)


def test_the_generator_refuses_unknown_arguments(capsys):
    """Without ``--write`` the generator writes nothing and says how to call it."""
    assert main([]) == 2
    assert REGENERATE in capsys.readouterr().err


def test_a_build_finds_real_words_without_pyspellchecker(monkeypatch):
    """Where pyspellchecker is not installed (it is a test dependency only), a build still finds the real words."""
    from kb.search.lexicon import real_words

    monkeypatch.setitem(sys.modules, "spellchecker", None)
    assert "talk" in real_words({"body_en": {"task": 0}, "body_de": {}})["en"]
