"""Run an Atnia scenario: build the position, apply the steps, check the expectations."""

from __future__ import annotations

import dataclasses

from engine.atnia import actions as A
from engine.atnia.cards import IDEALS, CardDef, DeckList, load_card, load_library
from engine.atnia.decisions import DECISIONS
from engine.atnia.errors import AtniaError, CardDefinitionError, IllegalAction, IllegalDeck
from engine.atnia.rules import RULES
from engine.atnia.setup import Setup, new_game
from engine.atnia.state import Game, Limits, Zone
from engine.atnia.universal import wilderness
from kb.verify.adapter_base import GameAdapter, players_apart
from kb.verify.atnia import board
from kb.verify.atnia.expect import check
from kb.verify.atnia.schema import SCHEMA
from kb.verify.atnia.steps import parse_step, to_action
from kb.verify.card_library import CardReader
from kb.verify.naming import StepError

LIMIT_NAMES = {f.name for f in dataclasses.fields(Limits)}


def _card_named(exc: CardDefinitionError) -> str | None:
    """The card an error names: its path starts ``Name.field`` or ``Name[index]``."""
    return exc.path.split(".", 1)[0].split("[", 1)[0] or None


def _decks(spec: dict) -> dict[str, DeckList]:
    return {
        pid: DeckList(tuple(spec[pid]["deck"]), tuple(spec[pid].get("starting_locations", ())))
        for pid in ("p1", "p2")
    }


class AtniaAdapter(GameAdapter):
    """Runs scenarios under ``scenarios/atnia/`` on ``engine.atnia``."""

    game = "atnia"
    scenario_schema = SCHEMA
    engine_rules = RULES
    card_reader = CardReader(load_library, CardDefinitionError, _card_named)
    load_card = staticmethod(load_card)
    parse_step = staticmethod(parse_step)
    check = staticmethod(check)
    illegal = IllegalAction
    setup_errors = (AtniaError, KeyError, TypeError, ValueError)
    deck_refused = IllegalDeck
    clock = "round"
    layout = board.LAYOUT
    zones = Zone
    decisions = DECISIONS

    def made_by_rules(self) -> frozenset[str]:
        """The Wilderness locations exploring creates, one per ideal (rules/exploration/p1)."""
        return frozenset(wilderness(i).name for i in IDEALS)

    card_stats = staticmethod(board.card_stats)

    def rule_parameters(self, parameters: dict[str, int] | None) -> Limits:
        """The numbers the rules state, as read from their text (rules/atnia/parameters.yaml, when present)."""
        known = {k: int(v) for k, v in (parameters or {}).items() if k in LIMIT_NAMES}
        return Limits(**known)

    def start(self, spec: dict, library: dict[str, CardDef], seed: int, limits: Limits) -> Game:
        return new_game(_decks(spec), library, seed=seed, limits=limits)

    def position(self, setup: dict, library: dict[str, CardDef], limits: Limits) -> Game:
        return Setup.from_dict(players_apart(setup), library, limits=limits).build()

    def actions(self, game: Game, step) -> list[A.Action]:
        return [to_action(game, step)]

    def advance(self, game: Game, args) -> str:
        """Pass until the wanted round, phase (and active player) is reached; never answers a choice."""
        target = args or {}

        def reached() -> bool:
            return (
                target.get("phase") in (None, game.phase.value)
                and target.get("round") in (None, game.round)
                and target.get("active") in (None, game.active)
            )

        for _ in range(500):
            if reached() or game.result is not None:
                return f"advanced to round {game.round} {game.phase.value}"
            if game.pending is not None:
                raise StepError(
                    f"cannot advance: {game.pending.player} must first answer '{game.pending.prompt}' "
                    f"({game.pending.rule})"
                )
            player = game.acting_player
            if player is None or A.Pass(player) not in game.legal_actions():
                raise StepError(f"cannot advance: {player or 'nobody'} cannot pass now")
            game.apply(A.Pass(player))
        raise StepError(f"could not reach {target} within 500 passes")
