"""The site's downloads: the rules keyed by id, the whole graph, the rulings and the verify results."""

from __future__ import annotations

import json
from dataclasses import dataclass

from kb.export import rules_by_id, to_node_link
from kb.site.model import SiteModel
from kb.verify.results import held_records

FOLDER = "downloads"


@dataclass(frozen=True)
class Listing:
    """What the downloads page shows of a download: not its content, so that the page is made again only when its
    name, description or size changes (its content changes with every edit of a rule)."""

    path: str
    description: str
    size: str


@dataclass(frozen=True)
class Download:
    """One file offered for download."""

    path: str  # relative to the site root
    description: str
    content: bytes

    @property
    def size(self) -> str:
        n = len(self.content)
        return f"{n / 1_000_000:.1f} MB" if n >= 1_000_000 else f"{max(1, round(n / 1000))} kB"

    def listing(self) -> Listing:
        return Listing(self.path, self.description, self.size)


def _json(data: object) -> bytes:
    """Compact JSON: unindented, Python writes it in C (indented, in Python: several times slower), and smaller."""
    return json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode("utf-8")


def downloads(model: SiteModel) -> list[Download]:
    """Every download, generated from the same model as the pages."""
    graph = model.graph

    return [
        Download(
            f"{FOLDER}/rules.json",
            "Every numbered rule, section, glossary term, Example and Remark, "
            "keyed by qualified id (athernum:4.2.2a)",
            _json(rules_by_id(graph)),
        ),
        Download(
            f"{FOLDER}/graph.json",
            "The whole rule graph as networkx node-link JSON: every node and every typed edge",
            _json(to_node_link(graph)),
        ),
        Download(
            f"{FOLDER}/rulings.json",
            "Every ruling: question, answer, rules, scenarios, source, date",
            _json({"rulings": [r.to_dict() for r in model.rulings.values()]}),
        ),
        Download(
            f"{FOLDER}/verify-results.json",
            "The last verify run: per scenario its status, steps and the engine's log",
            _results_file(model),
        ),
    ]


def _results_file(model: SiteModel) -> bytes:
    """The verify results the pages show, as ``rulekb verify`` wrote them but without durations (VerifyResults.published);
    a result the results file holds as it is written from its record there, with the duration left out likewise."""
    results = model.data.results
    records = {
        path: record.published() for path, record in held_records(model.data.kb.paths, results).items()
    }
    return results.published().to_json(records).encode("utf-8")
