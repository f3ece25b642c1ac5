"""German glossary terms on the pages of a German rulebook: which German words name a glossary term of the
game (from the German→English translations of ``kb/data/synonyms.yaml``), and the German rulebook's own
wording for a term where it defines one ("Befehlsmarken: Eine begrenzte Ressource …").

A marked German word previews its German wording (or else the English definition) and links to the English
glossary entry.
"""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass, field

from kb.core.nodes import NodeKind
from kb.search.analysis import token_spans
from kb.search.synonyms import load_synonyms
from kb.site.model import SiteModel
from kb.site.render import tooltip

PREFIX = "de:"  # preview keys of German terms: "de:" + the English term's node id
PREVIEW_LIMIT = 600
#: A German paragraph that defines a term opens with the term and a colon, or a dash between spaces.
DEFINES = re.compile(r"^(?::|\s+[–-])\s")


@dataclass
class GermanTerms:
    """The German words of one build that name glossary terms, and the German rulebook's wording of each."""

    model: SiteModel
    by_stems: dict[tuple[str, tuple[str, ...]], str] = field(default_factory=dict)  # (game, stems) → term id
    wording: dict[str, str] = field(default_factory=dict)  # term id → the German rulebook's definition

    @classmethod
    def build(cls, model: SiteModel) -> GermanTerms:
        found = cls(model)
        names: dict[tuple[str, str], str] = {}  # (game, English name or alias, casefolded) → term id
        for game in model.games:
            for term in model.terms_of(game):
                data = model.graph.node(term)
                for name in (data.title, *(data.aliases or ())):
                    names[(game, name.casefold())] = term
        for rule in load_synonyms().rules:
            if (
                rule.lang != "de" or not rule.phrase[:1].isupper()
            ):  # nouns name terms; verbs and adjectives do not
                continue
            for game in model.games:
                named = next(
                    (names[(game, a.casefold())] for a in rule.alternatives if (game, a.casefold()) in names),
                    None,
                )
                if named is not None:
                    found.by_stems.setdefault((game, rule.match), named)
        found._read_wording()
        return found

    def _read_wording(self) -> None:
        """The German paragraphs that open with a term and a dash or colon define it."""
        for node, data in self.model.graph.node_items():
            if data.kind != NodeKind.PARAGRAPH or self.language(node) != "de":
                continue
            text = data.text or ""
            spans = self.spans(node, text)
            if spans and spans[0][0] == 0 and DEFINES.match(text[spans[0][1] :]):
                self.wording.setdefault(spans[0][2], " ".join(text.split()))

    def language(self, node: str) -> str:
        data = self.model.graph.node(node)
        meta = self.model.documents.get(f"{data.game}:{data.document}")
        return meta.language if meta else "en"

    def marks(self, node: str, text: str) -> list[tuple[int, int, str, str]]:
        """(start, end, preview key, term id) of the first German word in ``text`` naming each term (none outside
        German documents): a paragraph marks a term once, not at every mention."""
        if self.language(node) != "de":
            return []
        first: dict[str, tuple[int, int]] = {}
        for start, end, term in self.spans(node, text):
            if text[start : start + 1].isupper():
                first.setdefault(term, (start, end))
        return [(start, end, PREFIX + term, term) for term, (start, end) in first.items()]

    @staticmethod
    def owns(key: str) -> bool:
        return key.startswith(PREFIX)

    def spans(self, node: str, text: str) -> list[tuple[int, int, str]]:
        """(start, end, term id) of each German word or hyphenated compound in ``text`` that names a term."""
        game = self.model.graph.node(node).game
        tokens = token_spans(text, "de")
        out: list[tuple[int, int, str]] = []
        i = 0
        while i < len(tokens):
            for n in (3, 2, 1):  # the longest name first: "Siegpunkte-Feld" before "Siegpunkte"
                part = tokens[i : i + n]
                joined = all(text[a[2] : b[1]] in ("-", "") for a, b in itertools.pairwise(part))
                term = (
                    self.by_stems.get((game, tuple(t[0] for t in part)))
                    if len(part) == n and joined
                    else None
                )
                if term is not None:
                    out.append((part[0][1], part[-1][2], term))
                    i += n
                    break
            else:
                i += 1
        return out

    def preview(self, key: str) -> dict[str, str]:
        """The popover of a German term: its German wording where the rulebook has one, the English definition."""
        term = key.removeprefix(PREFIX)
        data = self.model.graph.node(term)
        english = tooltip(data.text or data.title, PREVIEW_LIMIT)
        entry = {"l": data.title, "t": english, "o": f"Im englischen Glossar: {data.title} →"}
        if term in self.wording:
            entry["t"] = tooltip(self.wording[term], PREVIEW_LIMIT)
            entry["e"] = f"Englisch ({data.title}): {english}"
        return entry
