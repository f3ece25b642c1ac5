"""Finding glossary terms in rule text: case- and plural-insensitive, longest term first."""

from __future__ import annotations

import re
from dataclasses import dataclass


def _plural_pattern(word: str) -> str:
    """A regex for a word and its plural (``ability``/``abilities``, ``pass``/``passes``, ``token``/``tokens``)."""
    escaped = re.escape(word)
    if word.endswith("y") and len(word) > 2 and word[-2] not in "aeiou":
        return f"{re.escape(word[:-1])}(?:y|ies)"
    if word.endswith(("s", "x", "ch", "sh")):
        return f"{escaped}(?:es)?"
    return f"{escaped}s?"


def phrase_pattern(phrase: str) -> str:
    """A regex for a term phrase: words separated by any whitespace or hyphen, the last word in any number."""
    words = re.split(r"[\s-]+", phrase.strip())
    head = [re.escape(w) for w in words[:-1]]
    return r"[\s-]+".join([*head, _plural_pattern(words[-1])])


@dataclass(frozen=True)
class TermForm:
    """One way of writing a term (its name or an alias) and the term it stands for."""

    term_id: str
    form: str
    case_sensitive: bool = False


class TermMatcher:
    """Finds which terms a text uses; a longer form masks the shorter forms inside it."""

    def __init__(self, forms: list[TermForm]):
        self._forms = sorted(forms, key=lambda f: len(f.form), reverse=True)
        self._patterns = [
            (
                f,
                re.compile(
                    rf"(?<![\w-]){phrase_pattern(f.form)}(?![\w-])", 0 if f.case_sensitive else re.IGNORECASE
                ),
            )
            for f in self._forms
        ]

    def spans(self, text: str) -> list[tuple[int, int, str]]:
        """Every non-overlapping (start, end, term id) in ``text``, longest forms winning."""
        taken: list[tuple[int, int, str]] = []
        for form, pattern in self._patterns:
            for m in pattern.finditer(text):
                if any(m.start() < end and start < m.end() for start, end, _ in taken):
                    continue
                taken.append((m.start(), m.end(), form.term_id))
        return sorted(taken)

    def terms_in(self, text: str) -> list[str]:
        """The ids of the terms ``text`` uses, each once, in order of first use."""
        seen: dict[str, None] = {}
        for _, _, term_id in self.spans(text):
            seen.setdefault(term_id, None)
        return list(seen)


def is_abbreviation(form: str) -> bool:
    """Abbreviations (OFV, DFV, VTF) match only in capitals, so that ordinary words are not mistaken for them."""
    return form.isupper() and len(form) <= 5
