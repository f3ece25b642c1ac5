"""The examples that rules and rulings list, as one script per game that every page listing them shares.

A page names the examples it lists by their numbers in their game's script (``assets/rulekb/examples/<game>.js``),
and rk-examples.js draws the lists from it: an example's title and link are then in the site once, not in every
page that lists it. Each entry is ``[url, title, status]``, the url relative to the site root.
"""

from __future__ import annotations

import json

from kb.site.model import SiteModel


def examples_script(game: str) -> str:
    """Where a game's list of examples is in the built site."""
    return f"assets/rulekb/examples/{game}.js"


def example_scripts(model: SiteModel, urls: dict[str, str]) -> dict[str, str]:
    """Each game's script of examples (path → JavaScript), its entries in the order of ``model.scenario_number``;
    ``urls`` gives the site URL of each page (src_uri → url)."""
    entries: dict[str, list[list[str]]] = {}
    for scenario in model.scenarios.values():
        page, anchor = model.scenario_location[scenario.id]
        url = f"{urls.get(page, page)}#{anchor}"
        entries.setdefault(scenario.game, []).append(
            [url, scenario.title or scenario.id, str(scenario.status)]
        )
    return {
        examples_script(game): f"(window.rkExamples = window.rkExamples || {{}})[{json.dumps(game)}] = "
        f"{json.dumps(listed, ensure_ascii=False, separators=(',', ':'))};\n"
        for game, listed in entries.items()
    }
