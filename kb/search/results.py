"""What a search returns: hits with what a judge needs to read them, and notes on how the query was read."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any

from kb.search.snippets import Segment, as_markdown
from kb.site_links import SiteLinks


@dataclass
class SearchHit:
    """One result: what it is, where it sits, why it was found, and a highlighted snippet."""

    id: str
    game: str
    document: str
    kind: str
    category: str
    title: str
    text: str
    score: float
    url: str
    number: str = ""
    label: str = ""
    breadcrumb: list[str] = field(default_factory=list)
    via: str = "text"
    snippet: list[Segment] = field(default_factory=list)
    lang: str = "en"
    related: list[str] = field(default_factory=list)
    source: str = ""
    extra: dict[str, Any] = field(default_factory=dict[str, Any])

    def to_dict(self) -> dict[str, Any]:
        data = asdict(self)
        data["snippet"] = as_markdown(self.snippet)
        data["score"] = round(self.score, 4)
        return data


@dataclass
class SearchResult:
    """The hits of a search, with notes for the judge (corrections made, fallbacks taken, ids not found)."""

    query: str
    hits: list[SearchHit] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    fallback: bool = False
    corrections: dict[str, list[str]] = field(default_factory=dict)
    game: str | None = None  # the game the search kept to: asked for, named in the question, or its words'
    lang: str = "en"  # the language the question was read in


def hit_from_stored(stored: dict[str, Any], score: float, via: str) -> SearchHit:
    return SearchHit(
        id=stored["id"],
        game=stored["game"],
        document=stored["document"],
        kind=stored["kind"],
        category=stored.get("category", ""),
        title=stored.get("title") or "",
        text=stored.get("text") or "",
        score=float(score),
        url=stored.get("url") or "",
        number=stored.get("number") or "",
        label=stored.get("label") or stored["id"],
        breadcrumb=list(stored.get("breadcrumb") or []),
        via=via,
        lang=stored.get("lang") or "en",
        related=list(stored.get("related") or []),
        source=stored.get("source") or "",
        extra={k: v for k, v in (stored.get("extra") or {}).items() if k != "body"},
    )


def hits_payload(
    result: SearchResult, links: SiteLinks = SiteLinks(), explanations: list[Any] | None = None
) -> dict[str, Any]:
    """What ``rulekb search --json`` prints: the query, how it was read (game, language, notes), the hits with
    their links (their scores only with ``explanations``, which say why each ranked where it did)."""
    hits = []
    for n, hit in enumerate(result.hits):
        data = hit.to_dict()
        data["url"] = links.href(hit.url)
        del data["score"]
        if explanations is not None:
            data["explain"] = explanations[n].to_dict()
        hits.append(data)
    return {
        "query": result.query,
        "game": result.game,
        "lang": result.lang,
        "notes": list(result.notes),
        "corrections": dict(sorted(result.corrections.items())),
        "hits": hits,
    }
