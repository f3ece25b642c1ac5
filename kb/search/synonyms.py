"""Abbreviations, synonyms and German→English translations from ``kb/data/synonyms.yaml``, matched on stems.

The YAML is read when the index is built and snapshot into the index as JSON, so a search needs no YAML
parser and always uses the synonyms its index was built with.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field
from pathlib import Path

from kb.errors import RulekbError
from kb.search.analysis import analyse

SYNONYMS_FILE = Path(__file__).resolve().parent.parent / "data" / "synonyms.yaml"


class SynonymsError(RulekbError):
    """The synonyms file is malformed; the message names the file and the entry."""


@dataclass(frozen=True)
class Rule:
    """One way of widening a query: when ``match`` (stems, in ``lang``) occurs, also search ``alternatives``."""

    lang: str
    match: tuple[str, ...]
    phrase: str
    alternatives: tuple[str, ...]


@dataclass
class Synonyms:
    """Every expansion rule, ready to match against a query's stems."""

    rules: list[Rule] = field(default_factory=list)
    _by_first: dict[tuple[str, str], list[Rule]] = field(default_factory=dict, init=False, repr=False)

    def __post_init__(self) -> None:
        for rule in self.rules:
            self._by_first.setdefault((rule.lang, rule.match[0]), []).append(rule)

    def expand(self, text: str) -> list[Rule]:
        """The rules whose phrase occurs in ``text`` (compared as stems, so inflection does not matter)."""
        found: list[Rule] = []
        for lang in ("en", "de"):
            tokens = analyse(text, lang)
            for i, token in enumerate(tokens):
                for rule in self._by_first.get((lang, token), ()):
                    if tuple(tokens[i:i + len(rule.match)]) == rule.match and rule not in found:
                        found.append(rule)
        return found

    def to_json(self) -> str:
        return json.dumps([asdict(r) for r in self.rules], ensure_ascii=False)

    @classmethod
    def from_json(cls, text: str) -> "Synonyms":
        return cls([Rule(r["lang"], tuple(r["match"]), r["phrase"], tuple(r["alternatives"]))
                    for r in json.loads(text)])


def _strings(value: object) -> list[str] | None:
    if isinstance(value, list) and value and all(isinstance(v, (str, int)) for v in value):
        return [str(v) for v in value]
    return None


def _rule(lang: str, phrase: str, alternatives: list[str]) -> Rule | None:
    match = tuple(analyse(phrase, lang))
    alternatives = [a for a in alternatives if a.casefold() != phrase.casefold()]
    return Rule(lang, match, phrase, tuple(alternatives)) if match and alternatives else None


def parse_synonyms(data: object, where: str = "synonyms.yaml") -> Synonyms:
    """Expansion rules from the file's mapping: ``groups`` (both ways), ``one_way`` and ``translations``."""
    if data is None:
        return Synonyms()
    if not isinstance(data, dict):
        raise SynonymsError(f"{where}: expected a mapping with groups, one_way and translations")
    rules: list[Rule] = []
    for i, group in enumerate(data.get("groups") or []):
        phrases = _strings(group)
        if phrases is None or len(phrases) < 2:
            raise SynonymsError(f"{where}: groups[{i}] must be a list of at least two phrases, got {group!r}")
        for phrase in phrases:
            rules.append(_rule("en", phrase, [p for p in phrases if p != phrase]))
    for section, lang in (("one_way", "en"), ("translations", "de")):
        entries = data.get(section) or {}
        if not isinstance(entries, dict):
            raise SynonymsError(f"{where}: {section} must map a phrase to a list of phrases")
        for phrase, targets in entries.items():
            alternatives = _strings(targets if isinstance(targets, list) else [targets])
            if alternatives is None:
                raise SynonymsError(f"{where}: {section}.{phrase} must list phrases, got {targets!r}")
            rules.append(_rule(lang, str(phrase), alternatives))
    return Synonyms([r for r in rules if r is not None])


def load_synonyms(path: Path = SYNONYMS_FILE) -> Synonyms:
    """The synonyms of ``path`` (the packaged file by default); a missing file means no synonyms."""
    import yaml

    if not path.exists():
        return Synonyms()
    try:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        line = f":{mark.line + 1}" if mark else ""
        raise SynonymsError(f"{path}{line}: invalid YAML: {getattr(exc, 'problem', exc)}") from None
    return parse_synonyms(data, str(path))
