"""Highlighted snippets: the stretch of a result's text with the most query words, the words marked."""

from __future__ import annotations

from kb.search.analysis import token_spans

#: A snippet's length in characters, and how much context precedes the first match.
WIDTH = 220
LEAD = 50

Segment = tuple[str, bool]  # (text, is a match)


def _matches(text: str, lang: str, stems: frozenset[str], prefixes: tuple[str, ...]) -> list[tuple[int, int]]:
    if not stems and not prefixes:
        return []
    return [
        (start, end)
        for stem, start, end in token_spans(text, lang)
        if stem in stems or (prefixes and stem.startswith(prefixes))
    ]


def _window(length: int, spans: list[tuple[int, int]], width: int) -> tuple[int, int]:
    """The ``width``-character window holding the most matches (the whole text when it is short)."""
    if length <= width or not spans:
        return 0, min(length, width)
    best_start, best_count = 0, -1
    for start, _ in spans:
        begin = max(0, start - LEAD)
        count = sum(1 for s, e in spans if s >= begin and e <= begin + width)
        if count > best_count:
            best_start, best_count = begin, count
    begin = min(best_start, max(0, length - width))
    return begin, begin + width


def snippet(
    text: str, lang: str, stems: frozenset[str], prefixes: tuple[str, ...] = (), width: int = WIDTH
) -> list[Segment]:
    """The part of ``text`` to show for a hit, as segments, with the words that matched the query marked."""
    text = " ".join(text.split())
    if not text:
        return []
    spans = _matches(text, lang, stems, prefixes)
    begin, end = _window(len(text), spans, width)
    if begin > 0:
        space = text.find(" ", begin)
        begin = space + 1 if 0 <= space < begin + 20 else begin
    if end < len(text):
        space = text.rfind(" ", begin, end)
        end = space if space > begin + width // 2 else end
    segments: list[Segment] = [("…", False)] if begin > 0 else []
    cursor = begin
    for s, e in spans:
        if s < begin or e > end:
            continue
        if s > cursor:
            segments.append((text[cursor:s], False))
        segments.append((text[s:e], True))
        cursor = e
    if cursor < end:
        segments.append((text[cursor:end], False))
    if end < len(text):
        segments.append(("…", False))
    return segments


def as_markdown(segments: list[Segment]) -> str:
    """Segments as one string with the matches in ``**bold**`` (for JSON and plain output)."""
    return "".join(f"**{text}**" if hit else text for text, hit in segments)
