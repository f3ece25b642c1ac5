"""The global command abilities provided by the day phase (9.2.2-9.2.4), written in the ability language.

Their source is the main character (9.2.2b, 9.2.3b, 9.2.4c); each costs one Command Token
(4.3.5e.II) — the rulebook's two-token Contingency is not used (decision D-CONTINGENCY).
"""

from __future__ import annotations

from .abilities import parse_ability
from .cards import Ability

ACQUISITION: Ability = parse_ability(
    {
        "type": "activated",
        "name": "Acquisition",
        "keyword": "command",
        "text": "Command: Draw a card.",
        "effects": [{"kind": "draw", "count": 1}],
    },
    "Acquisition",
)

SOLVENCY: Ability = parse_ability(
    {
        "type": "activated",
        "name": "Solvency",
        "keyword": "command",
        "text": "Command: Create a resource token of your faction. Once per turn.",
        "effects": [
            {
                "kind": "create_token",
                "token": {"name": "Resource Token", "type": "resource", "faction": "yours"},
            }
        ],
    },
    "Solvency",
)

CONTINGENCY: Ability = parse_ability(
    {
        "type": "activated",
        "name": "Contingency",
        "keyword": "command",
        "text": "Command: Place a Victory Token on a permanent you own and control. Once per turn; only "
        "if you have fewer Victory Tokens than each other player.",
        "targets": [
            {
                "kind": "permanent",
                "filter": {"controller": "you", "owner": "you", "has_victory_token_field": True},
            }
        ],
        "effects": [{"kind": "place_victory_tokens", "what": "target 0", "amount": 1}],
    },
    "Contingency",
)

GLOBAL_COMMANDS: dict[str, Ability] = {
    "Acquisition": ACQUISITION,
    "Solvency": SOLVENCY,
    "Contingency": CONTINGENCY,
}
COMMAND_RULES = {"Acquisition": "9.2.2", "Solvency": "9.2.3", "Contingency": "9.2.4"}
# The rules a command's target must meet: Contingency's is a permanent its player owns and controls
# (9.2.4) with a Victory Token Field to hold the token (10.1.3).
COMMAND_TARGET_RULES = {"Contingency": ("9.2.4", "10.1.3")}
