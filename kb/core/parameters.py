"""Rule parameters: the numbers an engine reads from the rule texts (``rules/<game>/parameters.yaml``).

The engine knows nothing of kb; kb reads "Only one location may be played per turn" (2.4.2) and
hands the engine ``locations_per_turn=1``. Editing the rule's text therefore changes what the
engine does, which is what lets ``rulekb diff --run`` show a change of behaviour.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from kb.core.errors import Problem
from kb.core.graph import Graph
from kb.core.paths import Paths
from kb.core.text import NUMBER_WORDS
from kb.core.yamlio import line_of, load_mapping

PARAMETERS_FILE = "parameters.yaml"


@dataclass
class Parameters:
    """Each game's parameters as read from its rules, and the rule each one comes from."""

    values: dict[str, dict[str, int]] = field(default_factory=dict)  # game → name → value
    sources: dict[str, dict[str, str]] = field(default_factory=dict)  # game → name → qualified rule id
    problems: list[Problem] = field(default_factory=list)

    def for_game(self, game: str) -> dict[str, int]:
        return dict(self.values.get(game, {}))


def _number(text: str) -> int | None:
    text = text.strip().casefold()
    if text.isdigit():
        return int(text)
    return NUMBER_WORDS.get(text)


def read_parameters(paths: Paths, graph: Graph) -> Parameters:
    """Read every game's parameters from the current rule texts; a pattern that no longer matches is a problem."""
    out = Parameters()
    for path in sorted(paths.rules.glob(f"*/{PARAMETERS_FILE}")) if paths.rules.is_dir() else []:
        game = path.parent.name
        display = str(path.relative_to(paths.root))
        spec, text = load_mapping(path, display, out.problems)
        for name, entry in spec.items():
            line = line_of(text, f"{name}:")
            rule = f"{game}:{entry.get('rule')}" if isinstance(entry, dict) else None
            if rule is None or not isinstance(entry.get("pattern"), str):
                out.problems.append(
                    Problem(display, line, str(name), "each parameter needs 'rule' and 'pattern'")
                )
                continue
            if rule not in graph:
                out.problems.append(Problem(display, line, f"{name}.rule", f"{rule} is not a rule"))
                continue
            try:
                match = re.search(entry["pattern"], graph.node(rule).text)
                value = _number(match.group("value")) if match else None
            except (re.error, IndexError) as exc:
                out.problems.append(
                    Problem(
                        display,
                        line,
                        f"{name}.pattern",
                        f"not a usable pattern with a (?P<value>…) group: {exc}",
                    )
                )
                continue
            if value is None:
                out.problems.append(
                    Problem(
                        display,
                        line,
                        str(name),
                        f"cannot read {name} from the text of {rule} any more: "
                        f"{graph.node(rule).text!r}; update the pattern or the engine",
                    )
                )
                continue
            out.values.setdefault(game, {})[str(name)] = value
            out.sources.setdefault(game, {})[str(name)] = rule
    return out
