"""The words ``rulekb ask`` prints around the rules' own text, in each language a judge may ask in."""

from __future__ import annotations

LANGUAGES = ("en", "de")

STRINGS: dict[str, dict[str, str]] = {
    "en": {
        "ruling": "Ruling",
        "rule": "Rule",
        "proof": "Proof",
        "start": "Start",
        "outcome": "Outcome",
        "chain": "Rule chain",
        "other_rules": "Other rules",
        "rulebook": "Rulebook",
        "why": "Why",
        "no_rule": "no rule found for this question",
        "more_rules": "{n} more rules: --full shows everything",
        "examples": "Examples",
        "rulings": "Rulings",
        "subrules": "Subrules",
        "references": "References",
        "terms": "Terms",
        "note": "note",
        "verified": "verified",
        "not_verified": "not verified",
        "kept_to": "game",
    },
    "de": {
        "ruling": "Entscheidung",
        "rule": "Regel",
        "proof": "Beleg",
        "start": "Ausgangslage",
        "outcome": "Ergebnis",
        "chain": "Regelkette",
        "other_rules": "Weitere Regeln",
        "rulebook": "Regelbuch",
        "why": "Begründung",
        "no_rule": "keine Regel zu dieser Frage gefunden",
        "more_rules": "{n} weitere Regeln: --full zeigt alles",
        "examples": "Beispiele",
        "rulings": "Entscheidungen",
        "subrules": "Unterregeln",
        "references": "Verweise",
        "terms": "Begriffe",
        "note": "Hinweis",
        "verified": "geprüft",
        "not_verified": "nicht geprüft",
        "kept_to": "Spiel",
    },
}


def strings(lang: str) -> dict[str, str]:
    """The interface strings of ``lang`` (English for a language without its own)."""
    return STRINGS.get(lang, STRINGS["en"])
