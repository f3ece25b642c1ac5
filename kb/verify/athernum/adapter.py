"""Run an Athernum scenario: build the position, apply the steps, check the expectations."""

from __future__ import annotations

from engine.athernum import actions as A
from engine.athernum.abilities import load_card, load_library
from engine.athernum.cards import CardDef, DeckList
from engine.athernum.decisions import DECISIONS
from engine.athernum.errors import AthernumError, CardDefinitionError, IllegalAction, IllegalDeck
from engine.athernum.parameters import RuleParameters
from engine.athernum.rules import RULES
from engine.athernum.setup import Setup, new_game
from engine.athernum.state import Game, Zone
from kb.core.errors import Problem
from kb.verify.adapter_base import GameAdapter, ParameterProblem, players_apart
from kb.verify.athernum import board
from kb.verify.athernum.expect import check
from kb.verify.athernum.schema import SCHEMA
from kb.verify.athernum.steps import parse_step, to_actions
from kb.verify.board import PLAYER_KEY
from kb.verify.card_library import CardReader
from kb.verify.naming import StepError
from kb.verify.rejection import Wording


def _card_named(exc: CardDefinitionError) -> str | None:
    """The card an error names: its message starts ``Name.field`` or ``[index].field``."""
    return str(exc).split(".", 1)[0].strip("[]") or None


def _decks(spec: dict) -> dict[str, DeckList]:
    return {
        pid: DeckList(tuple(spec[pid]["deck"]), tuple(spec[pid].get("extra_deck", ())))
        for pid in sorted(spec)
        if PLAYER_KEY.fullmatch(pid)
    }


class AthernumAdapter(GameAdapter):
    """Runs scenarios under ``scenarios/athernum/`` on ``engine.athernum``."""

    game = "athernum"
    scenario_schema = SCHEMA
    engine_rules = RULES
    card_reader = CardReader(load_library, CardDefinitionError, _card_named)
    library_folder = "cards"
    load_card = staticmethod(load_card)
    parse_step = staticmethod(parse_step)
    check = staticmethod(check)
    illegal = IllegalAction
    setup_errors = (AthernumError, KeyError, TypeError, ValueError)
    deck_refused = IllegalDeck
    wording = Wording(cite="CR ")
    layout = board.LAYOUT
    zones = Zone
    decisions = DECISIONS
    card_stats = staticmethod(board.card_stats)

    def rule_parameters(self, parameters: dict[str, int] | None) -> RuleParameters:
        try:
            return RuleParameters.from_mapping(parameters)
        except AthernumError as exc:
            raise ParameterProblem(
                Problem("rules/athernum/parameters.yaml", 0, "parameters", str(exc))
            ) from None

    def start(self, spec: dict, library: dict[str, CardDef], seed: int, params: RuleParameters) -> Game:
        return new_game(
            _decks(spec), library, seed=seed, check_decks=spec.get("check_decks", True), parameters=params
        )

    def position(self, setup: dict, library: dict[str, CardDef], params: RuleParameters) -> Game:
        return Setup.from_dict(players_apart(setup), library, parameters=params).build()

    def actions(self, game: Game, step) -> list[A.Action]:
        return to_actions(game, step)

    def advance(self, game: Game, args) -> str:
        """Pass and move to the next phase until the wanted phase (and turn) is reached; never chooses for a player."""
        target = args or {}

        def reached() -> bool:
            return (
                (target.get("phase") in (None, game.phase.value))
                and (target.get("turn") in (None, game.turn))
                and (target.get("active") in (None, game.active))
            )

        last_turn = target["turn"] if target.get("turn") is not None else game.turn + len(game.order)
        for _ in range(500):
            if reached() or game.result is not None:
                return f"advanced to turn {game.turn} {game.phase.value}"
            if game.turn > last_turn:
                raise StepError(
                    f"passed {target} without stopping there: the game stops only where a player acts "
                    "(the day and combat phases, or another phase while abilities wait on its stack); "
                    "advance to a day phase, or check the state after the last step instead"
                )
            if game.pending is not None:
                raise StepError(
                    f"cannot advance: {game.pending.player} must first answer "
                    f"'{game.pending.prompt}' ({game.pending.rule})"
                )
            player = game.acting_player
            if player is None:
                raise StepError(f"cannot advance to {target}: the game is over")
            legal = game.legal_actions()
            for candidate in (A.PassPriority(player), A.NextPhase(player)):
                if candidate in legal:
                    game.apply(candidate)
                    break
            else:
                raise StepError(f"cannot advance: {player} can neither pass nor end the phase")
        raise StepError(f"could not reach {target} within 500 actions")
