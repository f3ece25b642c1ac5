"""Run an Athernum scenario: build the position, apply the steps, check the expectations."""

from __future__ import annotations

from pathlib import Path

import yaml

from engine.athernum.abilities import load_card, load_library
from engine.athernum.cards import CardDef, DeckList
from engine.athernum.errors import AthernumError, CardDefinitionError, IllegalAction, IllegalDeck
from engine.athernum.parameters import RuleParameters
from engine.athernum.rules import RULES
from engine.athernum.setup import Setup, new_game
from engine.athernum.state import Game
from kb.errors import Problem
from kb.verify.adapters import RunOutcome
from kb.verify.athernum.expect import check
from kb.verify.athernum.refs import StepError
from kb.verify.athernum.schema import SCHEMA
from kb.verify.athernum.steps import Step, parse_step, to_actions
from kb.verify.results import LogLine, Status, StepRecord
from kb.verify.scenario import Scenario
from kb.yamlpos import load_located

CARDS_FILE = "cards.yaml"
GAME = "athernum"


class ScenarioProblem(Exception):
    """Scenario content the engine cannot use (an unknown card, a malformed step), with its line and field."""

    def __init__(self, line: int, field: str, message: str):
        self.line, self.field, self.message = line, field, message
        super().__init__(message)


class AthernumAdapter:
    """Runs scenarios under ``scenarios/athernum/`` on ``engine.athernum``."""

    game = GAME

    def __init__(self, scenarios_dir: Path):
        self.scenarios_dir = Path(scenarios_dir)
        self._library: dict[str, CardDef] | None = None
        self._library_problem: Problem | None = None

    def schema(self) -> dict:
        return SCHEMA

    def rule_ids(self) -> set[str]:
        return set(RULES)

    # -- the card library -------------------------------------------------------------
    def library(self) -> dict[str, CardDef]:
        """The per-game card library (``scenarios/athernum/cards.yaml`` and ``cards/*.yaml``), loaded once."""
        if self._library is None:
            self._library = {}
            folder = self.scenarios_dir / GAME
            for path in [folder / CARDS_FILE, *sorted((folder / "cards").glob("*.yaml"))]:
                if path.exists() and self._library_problem is None:
                    self._load_library_file(path)
        return self._library

    def _load_library_file(self, path: Path) -> None:
        display = f"scenarios/{GAME}/{path.relative_to(self.scenarios_dir / GAME)}"
        located = None
        try:
            located = load_located(path.read_text(encoding="utf-8"))
            cards = load_library(located.data or {})
        except yaml.YAMLError as exc:
            mark = getattr(exc, "problem_mark", None)
            self._library_problem = Problem(display, mark.line + 1 if mark else 0, "(yaml)", f"invalid YAML: {exc}")
            return
        except CardDefinitionError as exc:
            card = str(exc).split(".", 1)[0].strip("[]")
            line = located.line_of((card,)) if located and card else 0
            self._library_problem = Problem(display, line, card, str(exc))
            return
        for name in cards:
            if name in self._library:
                self._library_problem = Problem(display, located.line_of((name,)), name,
                                                f"card {name!r} is already defined in another library file")
                return
        self._library.update(cards)

    def _cards(self, scenario: Scenario) -> dict[str, CardDef]:
        library = dict(self.library())
        for name, data in scenario.cards.items():
            try:
                library[name] = load_card({"name": name, **data}, name)
            except CardDefinitionError as exc:
                raise ScenarioProblem(scenario.line_of("cards", name), f"cards.{name}", str(exc)) from None
        return library

    # -- running -----------------------------------------------------------------------
    def _build(self, scenario: Scenario, library: dict[str, CardDef], params: RuleParameters) -> Game:
        setup = dict(scenario.setup)
        try:
            if "new_game" in setup:
                decks = setup["new_game"]
                lists = {pid: DeckList(tuple(decks[pid]["deck"]), tuple(decks[pid].get("extra_deck", ())))
                         for pid in ("p1", "p2")}
                return new_game(lists, library, seed=setup.get("seed", 0),
                                check_decks=decks.get("check_decks", True), parameters=params)
            players = {pid: dict(setup.pop(pid) or {}) for pid in ("p1", "p2") if pid in setup}
            return Setup.from_dict({**setup, "players": players}, library, parameters=params).build()
        except (AthernumError, KeyError, TypeError, ValueError) as exc:
            raise ScenarioProblem(scenario.line_of("setup"), "setup", f"the engine refused the setup: {exc}") from None

    def _deck_rejection(self, scenario: Scenario, library: dict[str, CardDef], params: RuleParameters) -> RunOutcome:
        """A scenario whose decks must be refused: it passes when the engine refuses them citing the rule (11.0.2)."""
        decks = scenario.setup["new_game"]
        wanted = decks["reject"] if isinstance(decks["reject"], list) else [decks["reject"]]
        wanted = [str(r) for r in wanted]
        lists = {pid: DeckList(tuple(decks[pid]["deck"]), tuple(decks[pid].get("extra_deck", ()))) for pid in ("p1", "p2")}
        try:
            new_game(lists, library, seed=scenario.setup.get("seed", 0), parameters=params)
        except IllegalDeck as exc:
            record = StepRecord(0, "present the decks", f"refused ({', '.join(exc.rules)}): {exc.reason}")
            if set(wanted) & set(exc.rules):
                return RunOutcome(Status.PASSED, steps=[record])
            return RunOutcome(Status.FAILED, reason=f"the decks were refused citing {', '.join(exc.rules)}, "
                              f"not {', '.join(wanted)}: {exc.reason}", steps=[record])
        return RunOutcome(Status.FAILED, reason=f"expected the decks to be refused citing {', '.join(wanted)}, "
                          "but the game began", steps=[StepRecord(0, "present the decks", "accepted")])

    def run(self, scenario: Scenario, parameters: dict[str, int] | None = None) -> RunOutcome:
        """Run one scenario under the rule parameters kb read from the rules' text (the CR's values if none)."""
        if self.library() is not None and self._library_problem is not None:
            return RunOutcome(Status.ERROR, problems=[self._library_problem])
        try:
            params = RuleParameters.from_mapping(parameters)
        except AthernumError as exc:
            return RunOutcome(Status.ERROR, problems=[Problem("rules/athernum/parameters.yaml", 0, "parameters", str(exc))])
        try:
            library = self._cards(scenario)
            if "reject" in scenario.setup.get("new_game", {}):
                return self._deck_rejection(scenario, library, params)
            game = self._build(scenario, library, params)
        except ScenarioProblem as exc:
            return RunOutcome(Status.ERROR, problems=[Problem(scenario.display, exc.line, exc.field, exc.message)])
        records: list[StepRecord] = []
        step_of_log: list[int | None] = [None] * len(game.log)
        failures: list[str] = []
        for index, raw in enumerate(scenario.steps):
            where = f"steps[{index}]"
            try:
                step = parse_step(index, raw)
            except StepError as exc:
                return RunOutcome(Status.ERROR, problems=[Problem(scenario.display, scenario.line_of("steps", index),
                                                                  where, str(exc))])
            try:
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
            final = check(game, scenario.expect) if scenario.expect else []
            failures += [f"at the end: {m}" for m in final]
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
            outcome = f"advanced to turn {game.turn} {game.phase.value}"
            return outcome, check(game, step.expect) if step.expect else []
        actions = to_actions(game, step)
        if step.reject:
            try:
                for action in actions:
                    game.apply(action)
            except IllegalAction as exc:
                if not set(step.reject) & set(exc.rules):
                    return f"rejected ({', '.join(exc.rules)})", [
                        f"expected a rejection citing {', '.join(step.reject)}, but it was rejected citing "
                        f"{', '.join(exc.rules) or 'no rule'}: {exc.reason}"]
                outcome = f"rejected as expected ({', '.join(exc.rules)}): {exc.reason}"
                return outcome, check(game, step.expect) if step.expect else []
            return "accepted", [f"expected the engine to reject it citing {', '.join(step.reject)}, but it was accepted"]
        for action in actions:
            try:
                game.apply(action)
            except IllegalAction as exc:
                return f"rejected ({', '.join(exc.rules)})", [
                    f"the engine rejected {type(action).__name__}: {exc.reason} (CR {', '.join(exc.rules)})"]
        return "ok", check(game, step.expect) if step.expect else []

    @staticmethod
    def _advance(game: Game, target: dict) -> None:
        """Pass and move to the next phase until the wanted phase (and turn) is reached; never chooses for a player."""
        from engine.athernum import actions as A

        def reached() -> bool:
            return ((target.get("phase") in (None, game.phase.value)) and (target.get("turn") in (None, game.turn))
                    and (target.get("active") in (None, game.active)))

        for _ in range(500):
            if reached() or game.result is not None:
                return
            if game.pending_choice is not None:
                raise StepError(f"cannot advance: {game.pending_choice.player} must first answer "
                                f"'{game.pending_choice.prompt}' ({game.pending_choice.rule})")
            player = game.acting_player
            legal = game.legal_actions()
            for candidate in (A.PassPriority(player), A.NextPhase(player)):
                if candidate in legal:
                    game.apply(candidate)
                    break
            else:
                raise StepError(f"cannot advance: {player} can neither pass nor end the phase")
        raise StepError(f"could not reach {target} within 500 actions")

    @staticmethod
    def _log(game: Game, step_of_log: list[int | None]) -> list[LogLine]:
        step_of_log = step_of_log + [None] * (len(game.log) - len(step_of_log))
        return [LogLine(e.seq, f"{GAME}:{e.rule}", e.kind, e.message, e.turn, e.phase, step_of_log[i])
                for i, e in enumerate(game.log)]
