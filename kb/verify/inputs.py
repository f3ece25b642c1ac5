"""What decides a scenario's result, as one hash: the scenario file, its game's card library and rule parameters,
the texts of the rules it cites (with their subrules), and the code of the engines and of verify itself.

A stored result whose key equals the scenario's key now is still true, so a build need not run it again; one whose
key differs (a scenario, card, rule text or engine edit) must be run."""

from __future__ import annotations

import hashlib
import json
from functools import lru_cache
from pathlib import Path

import engine
from kb.core.graph import Graph, containment, descendants_in
from kb.verify.adapter_base import GameAdapter
from kb.verify.adapters import adapter_for
from kb.verify.fingerprint import rule_fingerprint
from kb.verify.scenario import game_of

VERIFY_CODE = Path(__file__).parent


def _digest(parts: list[bytes]) -> str:
    h = hashlib.sha256()
    for part in parts:
        h.update(len(part).to_bytes(8, "big") + part)
    return h.hexdigest()


@lru_cache(maxsize=1)
def code_digest() -> str:
    """The engines' code and verify's own (the adapters, the runner, the expectation checks)."""
    files = sorted(Path(engine.__file__).parent.rglob("*.py")) + sorted(VERIFY_CODE.rglob("*.py"))
    return _digest([str(p.relative_to(p.parents[1])).encode() + p.read_bytes() for p in files])


def library_digest(scenarios_dir: Path, game: str) -> str:
    """A game's card library files, as bytes."""
    adapter = adapter_for(game, scenarios_dir)
    files: list[Path] = adapter.library_files() if isinstance(adapter, GameAdapter) else []
    return _digest([p.read_bytes() for p in files])


class Keys:
    """The input keys of scenarios of one project at one version of its rules (digests shared per game)."""

    def __init__(self, scenarios_dir: Path, graph: Graph, parameters: dict[str, dict[str, int]]):
        self.scenarios_dir = scenarios_dir
        self.graph = graph
        self.parameters = parameters
        self._libraries: dict[str, str] = {}
        self._texts: dict[str, list[str]] = {}  # per cited rule (many scenarios cite the same rules)
        self._tree: dict[str, list[str]] | None = None

    def _rule_texts(self, rule: str) -> list[str]:
        if rule not in self._texts:
            if self._tree is None:
                self._tree = containment(self.graph)
            nodes = [rule, *descendants_in(self._tree, rule)] if rule in self.graph else [rule]
            self._texts[rule] = [
                f"{n}={rule_fingerprint(self.graph, n) if n in self.graph else '-'}" for n in nodes
            ]
        return self._texts[rule]

    def _rules(self, cited: list[str]) -> bytes:
        return "\n".join(text for rule in cited for text in self._rule_texts(rule)).encode()

    def key(self, path: Path, cited: list[str]) -> str:
        """The key of the scenario at ``path`` citing the qualified rule ids ``cited``."""
        game = game_of(path, self.scenarios_dir)
        if game not in self._libraries:
            self._libraries[game] = library_digest(self.scenarios_dir, game)
        return _digest(
            [
                path.read_bytes(),
                self._libraries[game].encode(),
                code_digest().encode(),
                json.dumps(self.parameters.get(game, {}), sort_keys=True).encode(),
                self._rules(cited),
            ]
        )
