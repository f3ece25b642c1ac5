"""What a search is restricted to (``--game``, ``--doc``, ``--kind``), checked against what the index holds."""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from kb.core.errors import RulekbError
from kb.search.fuzzy import distance
from kb.search.schema import CATEGORIES

#: Kinds named by their document rather than by their entries' node kind: ``rulebook`` keeps to the passages of
#: the rulebooks (``rulebook-en``, ``rulebook-de``), which are otherwise rules like the CR's.
DOCUMENT_KINDS = {"rulebook": "rulebook-"}


#: How far a document's name for its game may be spelled from the game's id and still name it (the German rulebook's
#: "Athenum" for athernum), and the first word of a title, which names the game ("Athernum: The Old World — …").
GAME_SPELLING_EDITS = 2
TITLE_WORD = re.compile(r"[^\W\d_]+")


def game_spellings(titles: Iterable[tuple[str, str]]) -> dict[str, str]:
    """The other spellings of a game's name its documents use, as a question may name the game by them: the first
    word of each (game, document title) spelled otherwise than the game's id but within ``GAME_SPELLING_EDITS`` of it
    (the German rulebook of athernum is "Athenum: The Old World"), casefolded → the game."""
    out: dict[str, str] = {}
    for game, title in titles:
        first = TITLE_WORD.match(title.strip())
        word = first.group().casefold() if first else ""
        if word and word != game and distance(word, game, GAME_SPELLING_EDITS) <= GAME_SPELLING_EDITS:
            out[word] = game
    return dict(sorted(out.items()))


class BadFilter(RulekbError):
    """A ``--game``, ``--doc`` or ``--kind`` value that names nothing in the index."""


@dataclass
class Filters:
    """What a search is restricted to; values as stored in the index."""

    game: str | None = None
    docid: str | None = None
    document: str | None = None
    kinds: tuple[str, ...] = ()
    documents: tuple[str, ...] = ()  # any of these documents (a kind of DOCUMENT_KINDS)

    @property
    def active(self) -> bool:
        return bool(self.game or self.docid or self.document or self.kinds or self.documents)

    def accepts(self, stored: dict[str, Any]) -> bool:
        return self.accepts_parts(stored["game"], stored["document"], stored["kind"])

    def accepts_parts(self, game: str, document: str, kind: str) -> bool:
        return (
            (not self.game or game == self.game)
            and (not self.docid or f"{game}:{document}" == self.docid)
            and (not self.document or document == self.document)
            and (not self.kinds or kind in self.kinds)
            and (not self.documents or document in self.documents)
        )


def make_filters(
    meta: dict[str, Any], game: str | None = None, document: str | None = None, kind: str | None = None
) -> Filters:
    """Validated filters: a game, a document (``cr`` or ``athernum:cr``), a kind or category of entry."""
    games = set(meta.get("games", []))
    out = Filters()
    if game:
        game = game.casefold()
        if game not in games:
            raise BadFilter(f"no game {game!r} in the index (games: {', '.join(sorted(games))})")
        out.game = game
    if document:
        document = document.casefold()
        docids = list(meta.get("docids", []))
        if ":" in document:
            if document not in docids:
                raise BadFilter(f"no document {document!r} (documents: {', '.join(docids)})")
            out.docid = document
        else:
            if not any(d.split(":", 1)[1] == document for d in docids):
                raise BadFilter(f"no document {document!r} (documents: {', '.join(docids)})")
            out.document = document
    if kind:
        kind = kind.casefold()
        kinds = {k for ks in CATEGORIES.values() for k in ks} | set(meta.get("kinds", {}))
        if kind in CATEGORIES:
            out.kinds = CATEGORIES[kind]
        elif kind in DOCUMENT_KINDS:
            names = sorted({d.split(":", 1)[1] for d in meta.get("docids", [])})
            out.documents = tuple(n for n in names if n.startswith(DOCUMENT_KINDS[kind]))
            if not out.documents:
                raise BadFilter(f"no {kind} in the index (documents: {', '.join(names)})")
        elif kind in kinds:
            out.kinds = (kind,)
        else:
            raise BadFilter(
                f"no kind {kind!r} (kinds: {', '.join([*CATEGORIES, *DOCUMENT_KINDS])}, "
                f"or one of {', '.join(sorted(kinds))})"
            )
    return out
