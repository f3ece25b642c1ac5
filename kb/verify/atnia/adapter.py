"""Run an Atnia scenario: build the position, apply the steps, check the expectations."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import yaml

from engine.atnia import actions as A
from engine.atnia.cards import CardDef, DeckList, load_card, load_library
from engine.atnia.errors import AtniaError, CardDefinitionError, IllegalAction, IllegalDeck
from engine.atnia.rules import RULES
from engine.atnia.setup import Setup, new_game
from engine.atnia.state import Game, Limits
from kb.errors import Problem
from kb.verify.adapters import RunOutcome
from kb.verify.atnia.expect import check
from kb.verify.atnia.refs import StepError
from kb.verify.atnia.schema import SCHEMA
from kb.verify.atnia.steps import Step, parse_step, to_action
from kb.verify.results import LogLine, Status, StepRecord
from kb.verify.scenario import Scenario
from kb.yamlpos import load_located

CARDS_FILE = "cards.yaml"
GAME = "atnia"
LIMIT_NAMES = {f.name for f in dataclasses.fields(Limits)}


class ScenarioProblem(Exception):
    """Scenario content the engine cannot use (an unknown card, a malformed setup), with its line and field."""

    def __init__(self, line: int, field: str, message: str):
        self.line, self.field, self.message = line, field, message
        super().__init__(message)


class AtniaAdapter:
    """Runs scenarios under ``scenarios/atnia/`` on ``engine.atnia``."""

    game = GAME

    def __init__(self, scenarios_dir: Path):
        self.scenarios_dir = Path(scenarios_dir)
        self._library: dict[str, CardDef] | None = None
        self._library_problem: Problem | None = None

    def schema(self) -> dict:
        return SCHEMA

    def rule_ids(self) -> set[str]:
        return set(RULES)

    # -- the card library -------------------------------------------------------------------
    def library(self) -> dict[str, CardDef]:
        """The card library ``scenarios/atnia/cards.yaml``, loaded once."""
        if self._library is None:
            self._library = {}
            path = self.scenarios_dir / GAME / CARDS_FILE
            if path.exists():
                display = f"scenarios/{GAME}/{CARDS_FILE}"
                located = None
                try:
                    located = load_located(path.read_text(encoding="utf-8"))
                    self._library = load_library(located.data or {})
                except yaml.YAMLError as exc:
                    mark = getattr(exc, "problem_mark", None)
                    self._library_problem = Problem(display, mark.line + 1 if mark else 0, "(yaml)",
                                                    f"invalid YAML: {exc}")
                except CardDefinitionError as exc:
                    card = exc.path.split(".", 1)[0].split("[", 1)[0]
                    line = located.line_of((card,)) if located and card else 0
                    self._library_problem = Problem(display, line, card, str(exc))
        return self._library

    def _cards(self, scenario: Scenario) -> dict[str, CardDef]:
        library = dict(self.library())
        for name, data in scenario.cards.items():
            try:
                library[name] = load_card({"name": name, **data}, name)
            except CardDefinitionError as exc:
                raise ScenarioProblem(scenario.line_of("cards", name), f"cards.{name}", str(exc)) from None
        return library

    # -- building the position ---------------------------------------------------------------
    @staticmethod
    def _limits(parameters: dict[str, int] | None) -> Limits:
        """The numbers the rules state, as read from their text (rules/atnia/parameters.yaml, when present)."""
        known = {k: int(v) for k, v in (parameters or {}).items() if k in LIMIT_NAMES}
        return Limits(**known)

    def _build(self, scenario: Scenario, library: dict[str, CardDef], limits: Limits) -> Game:
        setup = dict(scenario.setup)
        try:
            if "new_game" in setup:
                decks = setup["new_game"]
                lists = {pid: DeckList(tuple(decks[pid]["deck"]), tuple(decks[pid].get("starting_locations", ())))
                         for pid in ("p1", "p2")}
                return new_game(lists, library, seed=setup.get("seed", 0), limits=limits)
            players = {pid: dict(setup.pop(pid) or {}) for pid in ("p1", "p2") if pid in setup}
            return Setup.from_dict({**setup, "players": players}, library, limits=limits).build()
        except (AtniaError, KeyError, TypeError, ValueError) as exc:
            raise ScenarioProblem(scenario.line_of("setup"), "setup", f"the engine refused the setup: {exc}") from None

    def _deck_rejection(self, scenario: Scenario, library: dict[str, CardDef], limits: Limits) -> RunOutcome:
        """A scenario whose decks must be refused: it passes when the engine refuses them citing the rule."""
        decks = scenario.setup["new_game"]
        wanted = decks["reject"] if isinstance(decks["reject"], list) else [decks["reject"]]
        lists = {pid: DeckList(tuple(decks[pid]["deck"]), tuple(decks[pid].get("starting_locations", ())))
                 for pid in ("p1", "p2")}
        try:
            new_game(lists, library, seed=scenario.setup.get("seed", 0), limits=limits)
        except IllegalDeck as exc:
            record = StepRecord(0, "present the decks", f"refused ({', '.join(exc.rules)}): {exc.reason}")
            if set(wanted) & set(exc.rules):
                return RunOutcome(Status.PASSED, steps=[record])
            return RunOutcome(Status.FAILED, reason=f"the decks were refused citing {', '.join(exc.rules)}, not "
                              f"{', '.join(wanted)}: {exc.reason}", steps=[record])
        return RunOutcome(Status.FAILED, reason=f"expected the decks to be refused citing {', '.join(wanted)}, but the "
                          "game began", steps=[StepRecord(0, "present the decks", "accepted")])

    # -- running -------------------------------------------------------------------------------
    def run(self, scenario: Scenario, parameters: dict[str, int] | None = None) -> RunOutcome:
        self.library()
        if self._library_problem is not None:
            return RunOutcome(Status.ERROR, problems=[self._library_problem])
        limits = self._limits(parameters)
        try:
            library = self._cards(scenario)
            if "reject" in scenario.setup.get("new_game", {}):
                return self._deck_rejection(scenario, library, limits)
            game = self._build(scenario, library, limits)
        except ScenarioProblem as exc:
            return RunOutcome(Status.ERROR, problems=[Problem(scenario.display, exc.line, exc.field, exc.message)])
        records: list[StepRecord] = []
        step_of_log: list[int | None] = [None] * len(game.log)
        failures: list[str] = []
        for index, raw in enumerate(scenario.steps):
            where = f"steps[{index}]"
            try:
                step = parse_step(index, raw)
                outcome, mismatches = self._run_step(game, step)
            except StepError as exc:
                return RunOutcome(Status.ERROR, problems=[Problem(scenario.display, scenario.line_of("steps", index),
                                                                  where, str(exc))],
                                  steps=records, log=self._log(game, step_of_log))
            step_of_log += [index] * (len(game.log) - len(step_of_log))
            records.append(StepRecord(index, step.describe(), outcome,
                                      [f"{k}: {v}" for k, v in (step.expect or {}).items()]))
            if mismatches:
                failures += [f"after step {index + 1} ({step.describe()}): {m}" for m in mismatches]
                break
        else:
            failures += [f"at the end: {m}" for m in (check(game, scenario.expect) if scenario.expect else [])]
        log = self._log(game, step_of_log)
        if failures:
            return RunOutcome(Status.FAILED, reason=failures[0], diff="\n".join(failures), steps=records, log=log)
        return RunOutcome(Status.PASSED, steps=records, log=log)

    def _run_step(self, game: Game, step: Step) -> tuple[str, list[str]]:
        """Apply one step; returns its outcome text and the expectations it broke."""
        if step.key == "expect":
            return "checked", check(game, step.expect or {})
        if step.key == "advance":
            self._advance(game, step.args or {})
            return f"advanced to round {game.round} {game.phase.value}", check(game, step.expect) if step.expect else []
        action = to_action(game, step)
        try:
            game.apply(action)
        except IllegalAction as exc:
            if not step.reject:
                return f"rejected ({', '.join(exc.rules)})", [
                    f"the engine rejected {type(action).__name__}: {exc.reason} ({', '.join(exc.rules)})"]
            if not set(step.reject) & set(exc.rules):
                return f"rejected ({', '.join(exc.rules)})", [
                    f"expected a rejection citing {', '.join(step.reject)}, but it was rejected citing "
                    f"{', '.join(exc.rules) or 'no rule'}: {exc.reason}"]
            outcome = f"rejected as expected ({', '.join(exc.rules)}): {exc.reason}"
            return outcome, check(game, step.expect) if step.expect else []
        if step.reject:
            return "accepted", [f"expected the engine to reject it citing {', '.join(step.reject)}, but it was accepted"]
        return "ok", check(game, step.expect) if step.expect else []

    @staticmethod
    def _advance(game: Game, target: dict) -> None:
        """Pass until the wanted round, phase (and active player) is reached; never answers a choice."""

        def reached() -> bool:
            return (target.get("phase") in (None, game.phase.value) and target.get("round") in (None, game.round)
                    and target.get("active") in (None, game.active))

        for _ in range(500):
            if reached() or game.result is not None:
                return
            if game.pending is not None:
                raise StepError(f"cannot advance: {game.pending.player} must first answer '{game.pending.prompt}' "
                                f"({game.pending.rule})")
            player = game.acting_player
            if player is None or A.Pass(player) not in game.legal_actions():
                raise StepError(f"cannot advance: {player or 'nobody'} cannot pass now")
            game.apply(A.Pass(player))
        raise StepError(f"could not reach {target} within 500 passes")

    @staticmethod
    def _log(game: Game, step_of_log: list[int | None]) -> list[LogLine]:
        step_of_log = step_of_log + [None] * (len(game.log) - len(step_of_log))
        return [LogLine(e.seq, f"{GAME}:{e.rule}", e.kind, e.message, e.round, e.phase, step_of_log[i])
                for i, e in enumerate(game.log)]
