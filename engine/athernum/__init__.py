"""Reference rules engine for Athernum: The Old World, following the Comprehensive Rules (CR).

Quick start::

    from engine.athernum import new_game, legal_actions, RandomPlayer, card_pool

    library = card_pool.library()
    game = new_game({"p1": deck1, "p2": deck2}, library, seed=1)   # two to four players
    while not game.over:
        game.apply(RandomPlayer(seed=1).choose(game))

Main pieces: :class:`Game` (state; ``apply``, ``legal_actions``, ``to_dict``, ``view`` - what one
player may see, see :mod:`.visibility` -, ``log``), :class:`RuleParameters` (the numbers read from
the rules, the CR's by default), the action dataclasses in :mod:`.actions`, :class:`Setup` for mid-game positions,
:func:`load_card` / :func:`load_library` for card definitions as plain data, and the
exception tree in :mod:`.errors` (every rejection cites CR rule ids).
"""

from . import checks, combat, effects, stack, turns  # noqa: F401  (they register their steps)
from .abilities import load_card, load_library
from .actions import (
    Action,
    ActivateAbility,
    ActivateSupport,
    AttachItem,
    ChooseCards,
    ChooseMainCharacter,
    ChooseTargets,
    ChooseTriggerOrder,
    DeclareAttack,
    DeclareDefender,
    DiscardAttachment,
    EnterCombat,
    ExhaustResource,
    NameCard,
    NextPhase,
    PassPriority,
    PlayCard,
    TurnFaceUp,
    UseCommand,
    action_from_dict,
)
from .apply import apply_action
from .cards import Ability, CardDef, DeckList
from .deck import check_deck, deck_problems, is_legal
from .errors import CardDefinitionError, IllegalAction, IllegalDeck, SetupError
from .legal import legal_actions
from .log import LogEntry
from .parameters import CR_PARAMETERS, RuleParameters
from .rules import RULES
from .setup import Setup, new_game
from .snapshot import game_to_dict
from .state import EntryPoints, Game, GameResult, Phase, Zone
from .visibility import game_view, seen_by

Game.bind(EntryPoints(apply_action, legal_actions, game_to_dict, game_view, seen_by))

__all__ = [
    "CR_PARAMETERS",
    "RULES",
    "Ability",
    "Action",
    "ActivateAbility",
    "ActivateSupport",
    "AttachItem",
    "CardDef",
    "CardDefinitionError",
    "ChooseCards",
    "ChooseMainCharacter",
    "ChooseTargets",
    "ChooseTriggerOrder",
    "DeckList",
    "DeclareAttack",
    "DeclareDefender",
    "DiscardAttachment",
    "EnterCombat",
    "ExhaustResource",
    "Game",
    "GameResult",
    "IllegalAction",
    "IllegalDeck",
    "LogEntry",
    "NameCard",
    "NextPhase",
    "PassPriority",
    "Phase",
    "PlayCard",
    "RuleParameters",
    "Setup",
    "SetupError",
    "TurnFaceUp",
    "UseCommand",
    "Zone",
    "action_from_dict",
    "check_deck",
    "deck_problems",
    "is_legal",
    "legal_actions",
    "load_card",
    "load_library",
    "new_game",
]
