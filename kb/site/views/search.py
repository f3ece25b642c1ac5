"""The search page (``search/index.html?q=…``) and what every search box needs to know: the games it filters by.

The results themselves are drawn in the browser by ``assets/rulekb/search-ui.js`` from ``rulekb.query()``;
the page only holds the box.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from kb.site.model import SiteModel
from kb.site.views.common import Ctx

#: Where the search page lives (the search contract: ``search/index.html?q=QUERY``).
SEARCH_PAGE = "search/index.md"


@dataclass
class SearchView:
    title: str
    toc: list = field(default_factory=list)


def search_view(ctx: Ctx) -> SearchView:
    return SearchView(title="Search the rules")


def search_settings(model: SiteModel) -> dict:
    """The games the search boxes offer as filter chips: id, a short label, and the game's full name."""
    return {
        "games": [
            {"id": game, "label": game.capitalize(), "name": model.game_name(game)} for game in model.games
        ]
    }
