"""The site's interface strings in the languages of its documents: English as written, German from this table.

Pages of a German rulebook show their labels ("Rulings", "Examples", "In the rulebook", the search box's
placeholder) in German; any string missing here stays English.
"""

from __future__ import annotations

STRINGS: dict[str, dict[str, str]] = {
    "de": {
        "Ruling": "Entscheidung",
        "Rulings": "Entscheidungen",
        "Examples": "Beispiele",
        "In the rulebook": "Im Regelbuch",
        "CR rules": "Regeln der CR",
        "Translation": "Übersetzung",
        "Referenced by": "Verwiesen von",
        "History": "Änderungen",
        "Formerly": "Früher",
        "in the glossary": "im Glossar",
        "graph view": "Graphansicht",
        "{n} ruling": "{n} Entscheidung",
        "{n} rulings": "{n} Entscheidungen",
        "{n} example": "{n} Beispiel",
        "{n} examples": "{n} Beispiele",
        "rulebook": "Regelbuch",
        "{n} CR rule": "{n} CR-Regel",
        "{n} CR rules": "{n} CR-Regeln",
        "translation": "Übersetzung",
        "{n} reference": "{n} Verweis",
        "{n} references": "{n} Verweise",
        "changed": "geändert",
        "notes": "Anmerkungen",
        "Show all notes": "Alle Anmerkungen zeigen",
        "Hide all notes": "Alle Anmerkungen verbergen",
        "Search": "Suchen",
        "Open": "Öffnen",
        "In the English glossary": "Im englischen Glossar",
        "version": "Version",
        "About this document: copyright and licence": "Über dieses Dokument: Urheberrecht und Lizenz",
        "verified": "geprüft",
    },
}


def tr(lang: str, text: str, n: int | None = None) -> str:
    """``text`` in ``lang`` (English where the table has no entry); with ``n``, a count such as ``{n} rulings``
    (its key is the plural; the singular is the key without its final s)."""
    if n is None:
        return STRINGS.get(lang, {}).get(text, text)
    key = text.removesuffix("s") if n == 1 else text
    return STRINGS.get(lang, {}).get(key, key).format(n=n)
