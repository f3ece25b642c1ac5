"""Reference rules engine for the Atnia Card Game, following the Atnia rules document (``rules/atnia/rules.md``).

Quick start::

    from engine.atnia import DeckList, load_library, new_game

    library = load_library(cards)               # name -> definition (plain data)
    game = new_game({"p1": DeckList(deck1, ("Old Shrine",)), "p2": DeckList(deck2)}, library, seed=1)
    while not game.over:
        game.apply(game.legal_actions()[0])

Main pieces: :class:`Game` (state; ``apply``, ``legal_actions``, ``to_dict``, ``log``), the action dataclasses in
:mod:`.actions`, :class:`Setup` for mid-game positions, :func:`load_card` / :func:`load_library` for card
definitions, the exception tree in :mod:`.errors` (every rejection cites rule ids of the document, registered in
:mod:`.rules`), and the readings chosen where the document is open in :mod:`.decisions`.
"""

from engine.common.game import EntryPoints

from . import checks, combat, effects, horizon, rounds, triggers, zones  # noqa: F401  (they register their steps)
from .actions import (
    Action,
    Channel,
    ChooseCards,
    ChooseReplacement,
    ChooseTargets,
    Commit,
    Decide,
    DeclareAttack,
    DeclareBlockers,
    Explore,
    GuardianBlock,
    Item,
    Pass,
    PlayCard,
    Recycle,
    UseSkill,
    action_from_dict,
)
from .apply import apply_action
from .cards import IDEALS, CardDef, DeckList, load_card, load_library
from .decisions import DECISIONS, Decision
from .errors import AtniaError, CardDefinitionError, IllegalAction, IllegalDeck, SetupError
from .legal import legal_actions
from .log import LogEntry
from .rules import RULES
from .setup import Setup, check_deck, new_game
from .snapshot import game_to_dict
from .state import Game, GameResult, Limits, Phase, Zone

Game.bind(EntryPoints(apply_action, legal_actions, game_to_dict))

__all__ = [
    "DECISIONS",
    "IDEALS",
    "RULES",
    "Action",
    "AtniaError",
    "CardDef",
    "CardDefinitionError",
    "Channel",
    "ChooseCards",
    "ChooseReplacement",
    "ChooseTargets",
    "Commit",
    "Decide",
    "Decision",
    "DeckList",
    "DeclareAttack",
    "DeclareBlockers",
    "Explore",
    "Game",
    "GameResult",
    "GuardianBlock",
    "IllegalAction",
    "IllegalDeck",
    "Item",
    "Limits",
    "LogEntry",
    "Pass",
    "Phase",
    "PlayCard",
    "Recycle",
    "Setup",
    "SetupError",
    "UseSkill",
    "Zone",
    "action_from_dict",
    "check_deck",
    "legal_actions",
    "load_card",
    "load_library",
    "new_game",
]
