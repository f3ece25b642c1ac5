"""Run an Altered scenario: build the position, apply the steps, check the expectations."""

from __future__ import annotations

from engine.altered.actions import Pass
from engine.altered.cards import CardDef
from engine.altered.decisions import DECISIONS
from engine.altered.errors import AlteredError, CardDefinitionError, IllegalAction, SetupError
from engine.altered.library import builtin_cards, load_card, load_library
from engine.altered.rules import RULES
from engine.altered.setup import Setup, new_game
from engine.altered.state import Game, Zone
from kb.verify.adapter_base import GameAdapter
from kb.verify.adapters import RunOutcome
from kb.verify.altered import board
from kb.verify.altered.expect import check
from kb.verify.altered.refs import EMBLEMS
from kb.verify.altered.schema import SCHEMA
from kb.verify.altered.steps import parse_step, to_action
from kb.verify.card_library import CardReader
from kb.verify.naming import StepError
from kb.verify.rejection import Wording, cited
from kb.verify.results import Status, StepRecord
from kb.verify.scenario import Scenario


def _refusal(what: str, wanted: list[str], attempt) -> RunOutcome:
    """A setup that must be refused: passed when ``attempt`` is refused citing one of the ``wanted`` rules."""
    try:
        attempt()
    except (CardDefinitionError, SetupError) as exc:
        record = StepRecord(0, what, f"refused ({', '.join(exc.rules) or 'no rule'}): {exc}")
        if set(wanted) & set(exc.rules):
            return RunOutcome(Status.PASSED, steps=[record])
        return RunOutcome(
            Status.FAILED,
            reason=f"refused citing {', '.join(exc.rules) or 'no rule'}, not {', '.join(wanted)}: {exc}",
            steps=[record],
        )
    return RunOutcome(
        Status.FAILED,
        reason=f"expected a refusal citing {', '.join(wanted)}, but it was accepted",
        steps=[StepRecord(0, what, "accepted")],
    )


def _start(spec: dict, library: dict[str, CardDef], seed: int) -> Game:
    return new_game({p: spec[p] for p in ("p1", "p2")}, library, seed=seed, tumult=spec.get("tumult"))


class AlteredAdapter(GameAdapter):
    """Runs scenarios under ``scenarios/altered/`` on ``engine.altered``."""

    game = "altered"
    scenario_schema = SCHEMA
    engine_rules = RULES
    card_reader = CardReader(load_library, CardDefinitionError, lambda exc: exc.path.split(".", 1)[0])
    load_card = staticmethod(load_card)
    parse_step = staticmethod(parse_step)
    check = staticmethod(check)
    illegal = IllegalAction
    setup_errors = (AlteredError, KeyError, TypeError, ValueError)
    wording = Wording("refused", "refuse", "refusal", "Altered ")
    clock = "day"
    layout = board.LAYOUT
    zones = Zone
    decisions = DECISIONS
    object_id = r"E\d+|\S+#\d+"  # Emblems are E1, E2, …

    def builtin_cards(self) -> frozenset[str]:
        return frozenset(builtin_cards())

    def made_by_rules(self) -> frozenset[str]:
        return frozenset(EMBLEMS)

    card_stats = staticmethod(board.card_stats)

    def refusal(self, scenario: Scenario, library: dict[str, CardDef], rules) -> RunOutcome | None:
        """A card definition or a new game the scenario says the engine must refuse."""
        setup = scenario.setup
        if "define" in setup:
            card = dict(setup["define"]["card"])
            return _refusal(
                f"define {card.get('name', 'a card')}",
                cited(setup["define"]["reject"]),
                lambda: load_card(card),
            )
        if "reject" in setup.get("new_game", {}):
            spec = setup["new_game"]
            return _refusal(
                "set up a new game",
                cited(spec["reject"]),
                lambda: _start(spec, library, setup.get("seed", 0)),
            )
        return None

    def start(self, spec: dict, library: dict[str, CardDef], seed: int, rules) -> Game:
        return _start(spec, library, seed)

    def position(self, setup: dict, library: dict[str, CardDef], rules) -> Game:
        return Setup.from_dict(setup, library).build()

    def actions(self, game: Game, step) -> list:
        return [to_action(game, step)]

    def _run_step(self, game: Game, step) -> tuple[str, list[str]]:
        """``repeat:`` runs its step that many times, stopping at the first broken expectation."""
        if step.key != "repeat":
            return super()._run_step(game, step)
        inner = parse_step(step.index, step.args["step"])
        for n in range(int(step.args["times"])):
            outcome, broken = self._run_step(game, inner)
            broken = broken or self._mismatches(game, inner)
            if broken:
                return f"repetition {n + 1}: {outcome}", broken
        return f"done {step.args['times']} times", []

    def advance(self, game: Game, args) -> str:
        """Pass turns until the wanted phase (and day) is reached; never decides nor plays a Reaction for anyone."""
        target = args if isinstance(args, dict) else {"phase": args}

        def reached() -> bool:
            return target.get("phase") in (None, game.phase.value) and target.get("day") in (None, game.day)

        titles = {target.get("phase")} - {None}
        for _ in range(1000):
            if reached():
                return f"advanced to day {game.day}, {game.phase.value}"
            player = game.acting_player
            if game.pending is not None:
                raise StepError(
                    f"cannot advance: {game.pending.player} must first decide: {game.pending.prompt}"
                )
            if game.reactions_in_limbo():
                raise StepError(f"cannot advance: {player} must first play a Reaction in Limbo")
            if player is None:
                raise StepError("cannot advance: nobody may act")
            start = len(game.log)
            game.apply(Pass(player))
            for entry in game.log[start:]:
                if (
                    entry.kind == "phase"
                    and entry.phase in titles
                    and target.get("day") in (None, entry.day)
                    and not reached()
                ):
                    raise StepError(
                        f"the game went through {entry.phase} (day {entry.day}) without stopping: nobody "
                        "had to act there; expect what it did at a later point"
                    )
        raise StepError(f"could not reach {target} within 1000 actions")
