"""The browser tab's title of a generated page: the page, then the game and document it belongs to."""

from __future__ import annotations

import html

from kb.site.model import SiteModel

SITE = "rulekb"


def tab_title(model: SiteModel, spec) -> str:
    """``4. Abilities and Effects · Athernum: The Old World, Comprehensive Rules · rulekb`` (HTML-escaped); empty
    for the home page, whose tab is the site's name.

    A page of a game lives under the game's folder (``athernum/cr/4.md``); a document's own folder or file
    names the document. A page whose title already names its game is not told its game twice."""
    if spec.src_uri == "index.md":
        return ""
    parts = spec.src_uri.removesuffix(".md").split("/")
    title = spec.title
    if parts[0] in model.games:
        game = model.game_name(parts[0])
        document = f"{parts[0]}:{parts[1]}" if len(parts) > 1 else ""
        where = game if game.lower() not in title.lower() else ""
        if document in model.documents and model.documents[document].title != title:
            name = model.document_name(document)
            where = f"{where}, {name}" if where else name
        title = f"{title} · {where}" if where else title
    return html.escape(f"{title} · {SITE}", quote=False)
