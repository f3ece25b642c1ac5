"""Turning source text into safe HTML: escaped, rule numbers linked, glossary terms marked for their preview.

Everything that comes from a rule source, a rulings file or a verify result passes through here or
through Jinja2's autoescaping; only the markup this module adds itself is trusted.
"""

from __future__ import annotations

import re
from functools import lru_cache

from markupsafe import Markup, escape

from kb.core.ids import repair_scanned_number
from kb.core.links import CR_REFERENCE, DOTTED_REFERENCE
from kb.core.terms import TermMatcher
from kb.site.links import Linker
from kb.site.model import SiteModel

URL = re.compile(r"https?://[^\s<>\"'()]+")
QUALIFIED_ID = re.compile(r"(?<![\w:])([a-z][a-z0-9-]*):([\w][\w./-]*[\w])")
TOOLTIP_LIMIT = 240

#: A span of text to mark: (start, end, kind, target); kinds are "ref", "term", "url" and "alias" (a word of
#: another language naming a term; its target is its preview key).
Span = tuple[int, int, str, str]


def tooltip(text: str, limit: int = TOOLTIP_LIMIT) -> str:
    """A definition cut to a tooltip's length, on a word boundary."""
    text = " ".join(text.split())
    if len(text) <= limit:
        return text
    return text[:limit].rsplit(" ", 1)[0] + " …"


def _without_overlaps(spans: list[Span]) -> list[Span]:
    """Spans sorted by position; where two overlap, the earlier (then longer) one wins."""
    kept: list[Span] = []
    for span in sorted(spans, key=lambda s: (s[0], -s[1])):
        if not kept or span[0] >= kept[-1][1]:
            kept.append(span)
    return kept


class TextRenderer:
    """Renders the text of nodes and of prose (rulings, logs, findings) for one site build."""

    def __init__(self, model: SiteModel, german=None):
        """``german`` (a :class:`kb.site.german.GermanTerms`) marks the German words naming terms."""
        self.model = model
        self.german = german
        self._aliases: dict[str, str] = {}  # preview key → the term it names
        self.graph = model.graph
        self._numbering = {doc_id: meta.numbering for doc_id, meta in model.documents.items()}
        self._matcher = lru_cache(maxsize=4096)(self._make_matcher)

    # --- spans -------------------------------------------------------------------------------

    def _make_matcher(self, terms: tuple[str, ...]) -> TermMatcher:
        return TermMatcher([form for term in terms for form in self.model.term_forms.get(term, [])])

    def _reference_spans(self, node_id: str, text: str) -> list[Span]:
        data = self.graph.node(node_id)
        numbering = self._numbering.get(f"{data.game}:{data.document}", "none")
        if numbering == "none":
            return []
        pattern = CR_REFERENCE if numbering == "cr" else DOTTED_REFERENCE
        spans = []
        for match in pattern.finditer(text):
            number = match.group(1).rstrip(".")
            if numbering == "cr":
                number = repair_scanned_number(number)
            elif number.count(".") < 1 or number == data.number:
                continue
            target = f"{data.game}:{number}"
            if target != node_id and target in self.graph:
                spans.append(
                    (match.start(1), match.start(1) + len(match.group(1).rstrip(".")), "ref", target)
                )
        return spans

    def _term_spans(self, node_id: str, text: str) -> list[Span]:
        # Only the terms the graph says this node uses: the cost does not grow with the glossary.
        terms = tuple(self.model.relations.get("uses_terms", node_id))
        if not terms:
            return []
        return [(s, e, "term", t) for s, e, t in self._matcher(terms).spans(text) if t != node_id]

    def _alias_spans(self, node_id: str, text: str) -> list[Span]:
        if self.german is None:
            return []
        spans = []
        for start, end, key, term in self.german.marks(node_id, text):
            self._aliases[key] = term
            spans.append((start, end, "alias", key))
        return spans

    @staticmethod
    def _url_spans(text: str) -> list[Span]:
        spans = []
        for match in URL.finditer(text):
            url = match.group(0).rstrip(".,;:")
            spans.append((match.start(), match.start() + len(url), "url", url))
        return spans

    def _prose_spans(self, text: str, game: str) -> list[Span]:
        spans = []
        for match in QUALIFIED_ID.finditer(text):
            target = f"{match.group(1)}:{match.group(2)}"
            if target in self.graph:
                spans.append((match.start(), match.end(), "ref", target))
        for match in CR_REFERENCE.finditer(text):
            target = f"{game}:{repair_scanned_number(match.group(1).rstrip('.'))}"
            if target in self.graph:
                spans.append(
                    (match.start(1), match.start(1) + len(match.group(1).rstrip(".")), "ref", target)
                )
        return spans

    # --- output ------------------------------------------------------------------------------

    def _mark(self, text: str, spans: list[Span], linker: Linker) -> Markup:
        # Each link is written with its parts escaped, as Markup.format would (at a fifth of its CPU).
        out: list[str] = []
        position = 0
        for start, end, kind, target in _without_overlaps(spans):
            out.append(escape(text[position:start]))
            words = escape(text[start:end])
            if kind in ("ref", "term"):
                out.append(
                    f'<a class="rk-{escape(kind)}" href="{escape(linker.preview(target))}">{words}</a>'
                )
            elif kind == "alias":
                linker.previews.setdefault(target)
                href = escape(linker.node(self._aliases[target]))
                out.append(
                    f'<a class="rk-term" href="{href}" data-node="{escape(target)}" hreflang="en">{words}</a>'
                )
            else:
                out.append(f'<a class="rk-ext" href="{escape(target)}">{words}</a>')
            position = end
        out.append(escape(text[position:]))
        return Markup("".join(out))

    def _blocks(self, text: str, mark) -> Markup:
        """Paragraphs of ``text`` (split at blank lines; single newlines become line breaks)."""
        paragraphs = [p.strip() for p in re.split(r"\n\s*\n", text or "") if p.strip()]
        rendered = [Markup("<br>\n").join(mark(line) for line in p.splitlines()) for p in paragraphs]
        return Markup("".join(f"<p>{p}</p>\n" for p in rendered))  # each paragraph is Markup already

    def node_text(self, node_id: str, linker: Linker, text: str | None = None) -> Markup:
        """A node's text as paragraphs, with the rule numbers it mentions and the terms it uses marked."""
        text = self.graph.node(node_id).text if text is None else text

        def mark(line: str) -> Markup:
            spans = (
                self._reference_spans(node_id, line)
                + self._term_spans(node_id, line)
                + self._alias_spans(node_id, line)
                + self._url_spans(line)
            )
            return self._mark(line, spans, linker)

        return self._blocks(text, mark)

    def node_line(self, node_id: str, linker: Linker) -> Markup:
        """A node's text marked like ``node_text`` but as one block of lines (for a heading)."""
        lines = [line.strip() for line in (self.graph.node(node_id).text or "").splitlines() if line.strip()]
        return Markup("<br>\n").join(self.inline(node_id, linker, line) for line in lines)

    def inline(self, node_id: str, linker: Linker, text: str) -> Markup:
        """One line of a node's text (a title), marked like its body but without paragraphs."""
        spans = (
            self._reference_spans(node_id, text)
            + self._term_spans(node_id, text)
            + self._alias_spans(node_id, text)
            + self._url_spans(text)
        )
        return self._mark(text, spans, linker)

    def prose(self, text: str, game: str, linker: Linker, *, paragraphs: bool = True) -> Markup:
        """Free text (a ruling, a log message, a finding) with qualified ids and CR numbers linked."""

        def mark(line: str) -> Markup:
            return self._mark(line, self._prose_spans(line, game) + self._url_spans(line), linker)

        return self._blocks(text, mark) if paragraphs else mark(" ".join((text or "").split()))


_MD_SPECIAL = re.compile(r"([\\`*_{}\[\]()#+\-.!>])")


def md_escape(text: str) -> str:
    """Text safe inside generated Markdown: no Markdown syntax and no HTML survives from the source."""
    text = _MD_SPECIAL.sub(r"\\\1", " ".join((text or "").split()))
    return text.replace("&", "&amp;").replace("<", "&lt;")


def linkify(text: str) -> Markup:
    """Plain text escaped, with its web addresses made links (attributions, licences)."""
    out: list[str] = []
    position = 0
    for start, end, _, url in TextRenderer._url_spans(text):
        out.append(escape(text[position:start]))
        out.append(Markup('<a href="{}">{}</a>').format(url, text[start:end]))
        position = end
    out.append(escape(text[position:]))
    return Markup("").join(out)
