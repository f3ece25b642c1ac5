"""Reference rules engine for the Altered TCG, as far as the comprehensive-rules excerpt defines the game
(``rules/altered/cr.md``). Where the excerpt is silent, :mod:`.decisions` records the reading chosen.

Quick start::

    from engine.altered import Setup, load_library, PlayCard, Pass

    game = Setup.from_dict({"phase": "afternoon", "p1": {"hand": ["Kitsune"], "mana": 2}}, library).build()
    game.apply(PlayCard("p1", "p1:Kitsune#1"))
    game.legal_actions(); game.to_dict(); game.log

Every rejection raises an :class:`IllegalAction` citing rule ids; every automatic rule application is a
:class:`LogEntry` naming its rule.
"""

from engine.common.game import EntryPoints

from . import day, resolution  # noqa: F401  (they register their steps)
from .actions import Action, Decide, Pass, PlayCard, PlayReaction, QuickAction, action_from_dict
from .apply import apply_action
from .cards import Ability, CardDef
from .decisions import DECISIONS, Decision
from .errors import AlteredError, CardDefinitionError, IllegalAction, SetupError
from .legal import legal_actions
from .library import builtin_cards, load_card, load_library
from .log import LogEntry
from .rules import RULES
from .setup import Setup, new_game
from .snapshot import game_to_dict
from .state import Game, Phase, Zone

Game.bind(EntryPoints(apply_action, legal_actions, game_to_dict))

__all__ = [
    "DECISIONS",
    "RULES",
    "Ability",
    "Action",
    "AlteredError",
    "CardDef",
    "CardDefinitionError",
    "Decide",
    "Decision",
    "Game",
    "IllegalAction",
    "LogEntry",
    "Pass",
    "Phase",
    "PlayCard",
    "PlayReaction",
    "QuickAction",
    "Setup",
    "SetupError",
    "Zone",
    "action_from_dict",
    "builtin_cards",
    "legal_actions",
    "load_card",
    "load_library",
    "new_game",
]
