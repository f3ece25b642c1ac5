"""Find a node from what a judge types: ``4.2.2a``, ``rule 4.2.2a.``, ``athernum:3.0.2c.l``, any case."""

from __future__ import annotations

from dataclasses import dataclass, field
from difflib import get_close_matches

from kb.core.graph import Graph
from kb.core.ids import normalise_lookup

#: Longer text is no mistyped id (and comparing it with every id would take long).
LONGEST_ID = 100


@dataclass
class LookupIndex:
    """A case-folded index from every accepted spelling of an id to the node's id."""

    keys: dict[str, str] = field(default_factory=dict)

    @classmethod
    def from_graph(cls, graph: Graph) -> LookupIndex:
        index = cls()
        for node_id, data in graph.node_items():
            index.keys[node_id.casefold()] = node_id
            game, _local = node_id.split(":", 1)
            if data.kind == "term":
                index.keys.setdefault(f"{game}:{data.title}".casefold(), node_id)
                for alias in data.aliases or ():
                    index.keys.setdefault(f"{game}:{alias}".casefold(), node_id)
        return index

    def resolve(self, text: str) -> str | None:
        """The id of the node ``text`` names, or None."""
        if not text or not text.strip():
            return None
        key = normalise_lookup(text)
        found = self.keys.get(key.key)
        if found is None and key.game == "athernum" and ":" not in text:
            # a term typed bare ("permanent"), or a number of another game's document typed without its game
            found = self.keys.get(f"athernum:term/{key.local}".casefold()) or self.keys.get(
                f"athernum:{key.local}".casefold()
            )
        return found

    def suggest(self, text: str, graph: Graph, limit: int = 5) -> list[str]:
        """Ids that start like ``text``, else those spelt closest to it (``9.3.77``: 9.3.7), for a helpful 'did you
        mean' when a lookup fails."""
        key = normalise_lookup(text).key
        stem = key.rstrip("abcdefghijklmnopqrstuvwxyz.")
        hits = sorted(
            {v for k, v in self.keys.items() if stem and k.startswith(stem)},
            key=lambda n: graph.node(n).order,
        )
        if not hits and len(key) <= LONGEST_ID:
            game = key.split(":", 1)[0] + ":"
            same_game = [k for k in self.keys if k.startswith(game)]
            hits = list(dict.fromkeys(self.keys[k] for k in get_close_matches(key, same_game, n=limit)))
        return [f"{h} ({graph.node(h).label})" for h in hits[:limit]]
