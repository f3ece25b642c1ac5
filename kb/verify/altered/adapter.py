"""Run an Altered scenario: build the position, apply the steps, check the expectations."""

from __future__ import annotations

from pathlib import Path

import yaml

from engine.altered.cards import CardDef
from engine.altered.errors import AlteredError, CardDefinitionError, IllegalAction, SetupError
from engine.altered.library import load_card, load_library
from engine.altered.rules import RULES
from engine.altered.setup import Setup, new_game
from engine.altered.state import Game
from kb.errors import Problem
from kb.verify.adapters import RunOutcome
from kb.verify.altered.expect import check
from kb.verify.altered.refs import StepError
from kb.verify.altered.schema import SCHEMA
from kb.verify.altered.steps import Step, parse_step, to_action
from kb.verify.results import LogLine, Status, StepRecord
from kb.verify.scenario import Scenario
from kb.yamlpos import load_located

CARDS_FILE = "cards.yaml"
GAME = "altered"


class ScenarioProblem(Exception):
    """Scenario content the engine cannot use, with its line and field."""

    def __init__(self, line: int, field: str, message: str):
        self.line, self.field, self.message = line, field, message
        super().__init__(message)


def _wanted(value) -> list[str]:
    return [str(r) for r in (value if isinstance(value, list) else [value])]


class AlteredAdapter:
    """Runs scenarios under ``scenarios/altered/`` on ``engine.altered``."""

    game = GAME

    def __init__(self, scenarios_dir: Path):
        self.scenarios_dir = Path(scenarios_dir)
        self._library: dict[str, CardDef] | None = None
        self._problem: Problem | None = None

    def schema(self) -> dict:
        return SCHEMA

    def rule_ids(self) -> set[str]:
        return set(RULES)

    def library(self) -> dict[str, CardDef]:
        """The card library ``scenarios/altered/cards.yaml``, loaded once."""
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
                    self._problem = Problem(display, mark.line + 1 if mark else 0, "(yaml)", f"invalid YAML: {exc}")
                except CardDefinitionError as exc:
                    card = exc.path.split(".", 1)[0]
                    line = located.line_of((card,)) if located else 0
                    self._problem = Problem(display, line, card, str(exc))
        return self._library

    def _cards(self, scenario: Scenario) -> dict[str, CardDef]:
        library = dict(self.library())
        for name, data in scenario.cards.items():
            try:
                library[name] = load_card({"name": name, **data}, name)
            except CardDefinitionError as exc:
                raise ScenarioProblem(scenario.line_of("cards", name), f"cards.{name}", str(exc)) from None
        return library

    # -- setups that must be refused ---------------------------------------------------------------
    @staticmethod
    def _refusal(what: str, wanted: list[str], attempt) -> RunOutcome:
        try:
            attempt()
        except (CardDefinitionError, SetupError) as exc:
            record = StepRecord(0, what, f"refused ({', '.join(exc.rules) or 'no rule'}): {exc}")
            if set(wanted) & set(exc.rules):
                return RunOutcome(Status.PASSED, steps=[record])
            return RunOutcome(Status.FAILED, reason=f"refused citing {', '.join(exc.rules) or 'no rule'}, not "
                              f"{', '.join(wanted)}: {exc}", steps=[record])
        return RunOutcome(Status.FAILED, reason=f"expected a refusal citing {', '.join(wanted)}, but it was accepted",
                          steps=[StepRecord(0, what, "accepted")])

    def _build(self, scenario: Scenario, library: dict[str, CardDef]) -> Game:
        setup = dict(scenario.setup)
        try:
            if "new_game" in setup:
                spec = dict(setup["new_game"])
                return new_game({p: spec[p] for p in ("p1", "p2")}, library, seed=setup.get("seed", 0),
                                tumult=spec.get("tumult"))
            return Setup.from_dict(setup, library).build()
        except (AlteredError, KeyError, TypeError, ValueError) as exc:
            raise ScenarioProblem(scenario.line_of("setup"), "setup", f"the engine refused the setup: {exc}") from None

    # -- running -----------------------------------------------------------------------------------
    def run(self, scenario: Scenario, parameters: dict[str, int] | None = None) -> RunOutcome:
        library = self.library()
        if self._problem is not None:
            return RunOutcome(Status.ERROR, problems=[self._problem])
        try:
            library = self._cards(scenario)
            setup = scenario.setup
            if "define" in setup:
                card = dict(setup["define"]["card"])
                return self._refusal(f"define {card.get('name', 'a card')}", _wanted(setup["define"]["reject"]),
                                     lambda: load_card(card))
            if "reject" in setup.get("new_game", {}):
                spec = setup["new_game"]
                return self._refusal("set up a new game", _wanted(spec["reject"]),
                                     lambda: new_game({p: spec[p] for p in ("p1", "p2")}, library,
                                                      seed=setup.get("seed", 0), tumult=spec.get("tumult")))
            game = self._build(scenario, library)
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
            failures += [f"at the end: {m}" for m in check(game, scenario.expect)] if scenario.expect else []
        log = self._log(game, step_of_log)
        if failures:
            return RunOutcome(Status.FAILED, reason=failures[0], diff="\n".join(failures), steps=records, log=log)
        return RunOutcome(Status.PASSED, steps=records, log=log)

    def _run_step(self, game: Game, step: Step) -> tuple[str, list[str]]:
        """Apply one step; its outcome text and the expectations it broke."""
        if step.key == "expect":
            return "checked", check(game, step.expect or {})
        if step.key == "advance":
            self._advance(game, step.args if isinstance(step.args, dict) else {"phase": step.args})
            return f"advanced to day {game.day}, {game.phase.value}", check(game, step.expect) if step.expect else []
        if step.key == "repeat":
            inner = parse_step(step.index, step.args["step"])
            for n in range(int(step.args["times"])):
                outcome, broken = self._run_step(game, inner)
                if broken:
                    return f"repetition {n + 1}: {outcome}", broken
            return f"done {step.args['times']} times", check(game, step.expect) if step.expect else []
        action = to_action(game, step)
        if step.reject:
            try:
                game.apply(action)
            except IllegalAction as exc:
                if not set(step.reject) & set(exc.rules):
                    return f"refused ({', '.join(exc.rules)})", [
                        f"expected a refusal citing {', '.join(step.reject)}, but it was refused citing "
                        f"{', '.join(exc.rules) or 'no rule'}: {exc.reason}"]
                outcome = f"refused as expected ({', '.join(exc.rules)}): {exc.reason}"
                return outcome, check(game, step.expect) if step.expect else []
            return "accepted", [f"expected the engine to refuse it citing {', '.join(step.reject)}, but it was accepted"]
        try:
            game.apply(action)
        except IllegalAction as exc:
            return f"refused ({', '.join(exc.rules)})", [
                f"the engine refused {type(action).__name__}: {exc.reason} (Altered {', '.join(exc.rules)})"]
        return "ok", check(game, step.expect) if step.expect else []

    @staticmethod
    def _advance(game: Game, target: dict) -> None:
        """Pass turns until the wanted phase (and day) is reached; never decides nor plays a Reaction for anyone."""
        from engine.altered.actions import Pass

        def reached() -> bool:
            return target.get("phase") in (None, game.phase.value) and target.get("day") in (None, game.day)

        titles = {target.get("phase")} - {None}
        for _ in range(1000):
            if reached():
                return
            player = game.acting_player
            if game.pending is not None:
                raise StepError(f"cannot advance: {game.pending.player} must first decide: {game.pending.prompt}")
            if game.reactions_in_limbo():
                raise StepError(f"cannot advance: {player} must first play a Reaction in Limbo")
            if player is None:
                raise StepError("cannot advance: nobody may act")
            start = len(game.log)
            game.apply(Pass(player))
            for entry in game.log[start:]:
                if entry.kind == "phase" and entry.phase in titles and target.get("day") in (None, entry.day) \
                        and not reached():
                    raise StepError(f"the game went through {entry.phase} (day {entry.day}) without stopping: nobody "
                                    "had to act there; expect what it did at a later point")
        raise StepError(f"could not reach {target} within 1000 actions")

    @staticmethod
    def _log(game: Game, step_of_log: list[int | None]) -> list[LogLine]:
        step_of_log = step_of_log + [None] * (len(game.log) - len(step_of_log))
        return [LogLine(e.seq, f"{GAME}:{e.rule}", e.kind, e.message, e.day, e.phase, step_of_log[i])
                for i, e in enumerate(game.log)]
