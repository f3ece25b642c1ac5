"""Sane bounds on the numbers and lists a scenario or a card library hands an engine.

No game needs more than a few hundred cards in a zone or a quantity in the thousands, but an engine
asked for ``resources: 200000000`` or a hand of 100,000 cards builds them all before it can say
anything. These bounds turn such input into a problem naming file, line and field, before any engine runs.
"""

from __future__ import annotations

from kb.core.errors import Problem
from kb.core.yamlpos import Located, field_name

#: The largest quantity (resources, damage, counters, repetitions…) a scenario or card may name.
MAX_QUANTITY = 1000
#: The most items a list may hold: cards in a zone (a deck is 60, an extra deck 20), steps of a scenario.
MAX_ITEMS = 500
#: Fields holding an identifier rather than a quantity: any size a random generator accepts.
UNBOUNDED = {"seed"}
SEED_LIMIT = 2**63


def out_of_bounds(data: object, located: Located, display: str, path: tuple = ()) -> list[Problem]:
    """A problem for each number or list under ``data`` beyond the bounds (walked without recursion)."""
    problems = []
    todo = [(data, path)]
    while todo:
        value, where = todo.pop()
        key = next((p for p in reversed(where) if isinstance(p, str)), "")
        if isinstance(value, bool):
            continue
        if isinstance(value, int):
            limit = SEED_LIMIT if key in UNBOUNDED else MAX_QUANTITY
            if abs(value) > limit:
                problems.append(
                    Problem(
                        display,
                        located.line_of(where),
                        field_name(where),
                        f"{value} is beyond any game's bounds (at most {limit:,})",
                    )
                )
        elif isinstance(value, float) and key not in UNBOUNDED and not abs(value) <= MAX_QUANTITY:
            problems.append(
                Problem(
                    display,
                    located.line_of(where),
                    field_name(where),
                    f"{value} is beyond any game's bounds (at most {MAX_QUANTITY:,})",
                )
            )
        elif isinstance(value, list):
            if len(value) > MAX_ITEMS:
                problems.append(
                    Problem(
                        display,
                        located.line_of(where),
                        field_name(where),
                        f"{len(value):,} items are beyond any game's bounds (at most {MAX_ITEMS})",
                    )
                )
                continue
            todo += [(item, (*where, i)) for i, item in enumerate(value)]
        elif isinstance(value, dict):
            todo += [(item, (*where, k)) for k, item in value.items()]
    return sorted(problems, key=lambda p: p.line)
