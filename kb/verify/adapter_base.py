"""What every game's adapter does alike: load the card library, set up the position, run the steps one by one
with their records and log, and report the outcome. A game's adapter supplies its engine's parts."""

from __future__ import annotations

import sys
from collections.abc import Callable
from dataclasses import replace
from enum import Enum
from pathlib import Path
from typing import Any, ClassVar

from engine.common.errors import RuleViolation
from kb.core.errors import Problem
from kb.core.memo import cached, stamp
from kb.core.paths import Paths
from kb.verify import card_library
from kb.verify.adapters import RunOutcome
from kb.verify.board import PLAYER_KEY, Board, BoardLayout, build_board, changes
from kb.verify.card_library import CardReader
from kb.verify.naming import StepError
from kb.verify.rejection import Wording, apply_actions, cited, deck_refusal
from kb.verify.results import Check, LogLine, Status, StepRecord
from kb.verify.scenario import Scenario
from kb.verify.vocabulary import Vocabulary, dotted, field_path, token_names, unknown_names

CARDS_FILE = "cards.yaml"


class ScenarioProblem(Exception):
    """Scenario content the engine cannot use (an unknown card, a malformed setup), with its line and field."""

    def __init__(self, line: int, field: str, message: str):
        self.line, self.field, self.message = line, field, message
        super().__init__(message)


class ParameterProblem(Exception):
    """Rule parameters the engine cannot use; carries the problem to report."""

    def __init__(self, problem: Problem):
        self.problem = problem
        super().__init__(str(problem))


def players_apart(setup: dict) -> dict:
    """A position with its players (``p1``, ``p2``, … as the game's schema allows) gathered under ``players``, as
    the engines' ``Setup.from_dict`` reads it."""
    players = {
        pid: dict(setup.pop(pid) or {}) for pid in sorted(k for k in list(setup) if PLAYER_KEY.fullmatch(k))
    }
    return {**setup, "players": players}


class GameAdapter:
    """Runs the scenarios under ``scenarios/<game>/`` on that game's engine; subclasses name the engine's parts."""

    game: ClassVar[str]
    scenario_schema: ClassVar[dict]
    engine_rules: ClassVar[dict]  # the rules the engine can cite, by id
    card_reader: ClassVar[CardReader]
    #: A folder of further library files beside ``cards.yaml`` (``cards/*.yaml``), if the game has one.
    library_folder: ClassVar[str | None] = None
    # The engine's functions a game supplies (as static methods):
    load_card: Callable[[dict[str, Any], str], Any]  # (data, path) -> a card: one card a scenario defines
    parse_step: Callable[[int, object], Any]  # (index, raw) -> the game's Step
    check: Callable[[Any, dict[str, Any]], list[str]]  # (game, expect) -> mismatches
    illegal: ClassVar[type[RuleViolation]]  # what the engine raises for an illegal action
    setup_errors: ClassVar[tuple[type[Exception], ...]]  # what it raises for a setup it cannot build
    deck_refused: ClassVar[type[RuleViolation]]  # what it raises for decks it will not begin a game with
    wording: ClassVar[Wording] = Wording()
    clock: ClassVar[str] = "turn"  # the log entry's field that counts turns (turn, day, round)
    layout: ClassVar[BoardLayout]  # how a position reads as a board
    zones: ClassVar[type[Enum]]  # the engine's zones, by the names a scenario writes
    object_id: ClassVar[str] = r"\S+#\d+"  # how an object's id reads: a scenario may name an object by it
    #: The readings the engine chose where the rules are open (engine.common.decisions.Decision), each published
    #: as a ruling of the game that names it.
    decisions: ClassVar[tuple[Any, ...]] = ()
    card_stats: Callable[[Any], dict[str, str]]  # (card) -> its printed statistics, label -> value

    def __init__(self, scenarios_dir: Path):
        self.scenarios_dir = Path(scenarios_dir)
        self._library: dict | None = None
        self._library_problem: Problem | None = None
        self._vocabularies: dict[frozenset[str] | None, Vocabulary] = {}

    def schema(self) -> dict:
        return self.scenario_schema

    def rule_ids(self) -> set[str]:
        return set(self.engine_rules)

    # -- the card library -------------------------------------------------------------------
    def library_files(self) -> list[Path]:
        """``scenarios/<game>/cards.yaml``, then the library folder's files, those that exist."""
        folder = self.scenarios_dir / self.game
        extra = sorted((folder / self.library_folder).glob("*.yaml")) if self.library_folder else []
        return [path for path in [folder / CARDS_FILE, *extra] if path.exists()]

    def library(self) -> dict:
        """The game's card library, loaded once per process, and from the project's cache while unchanged."""
        if self._library is None:
            files = self.library_files()
            folder = self.scenarios_dir / self.game
            cache = Paths(self.scenarios_dir.parent).memo / f"cards-{self.game}.pickle"
            self._library, self._library_problem = cached(
                cache,
                stamp([*files, *self._reader_code()]),
                lambda: card_library.read_library(files, folder, f"scenarios/{self.game}", self.card_reader),
            )
        return self._library

    def vocabulary(self, rules: frozenset[str] | None = None) -> Vocabulary:
        """The names this game's scenarios may use: the card library's cards, the engine's zones, and the rule ids
        of the game's rules (``rules``, unqualified) and of its engine (rules not checked without ``rules``); built
        once per process, as the library is read once."""
        if rules not in self._vocabularies:
            self._vocabularies[rules] = self._vocabulary(rules)
        return self._vocabularies[rules]

    def _vocabulary(self, rules: frozenset[str] | None) -> Vocabulary:
        library = self.library()
        return Vocabulary(
            frozenset(library) | self.builtin_cards(),
            frozenset(z.value for z in self.zones),
            None if rules is None else rules | frozenset(self.rule_ids()),
            token_names(library) | self.made_by_rules(),
            self.object_id,
        )

    def builtin_cards(self) -> frozenset[str]:
        """Cards the engine holds besides the library (Altered's Adventure cards): none unless a game has some."""
        return frozenset()

    def made_by_rules(self) -> frozenset[str]:
        """Objects the engine's rules create, by name (Atnia's Wilderness locations): none unless a game has some."""
        return frozenset()

    def _reader_code(self) -> list[Path]:
        """The source files that decide what the library files become: the engine's package, the reader."""
        engine = Path(sys.modules[self.card_reader.parse.__module__].__file__ or "").parent
        return [*sorted(engine.glob("*.py")), Path(card_library.__file__)]

    def _cards(self, scenario: Scenario) -> dict:
        """The library, with the cards the scenario defines itself."""
        library = dict(self.library())
        for name, data in scenario.cards.items():
            try:
                library[name] = self.load_card({"name": name, **data}, name)
            except self.card_reader.error as exc:
                path = str(getattr(exc, "path", ""))
                inside = field_path(path[len(name) :].lstrip(".")) if path.startswith(name) else ()
                raise ScenarioProblem(
                    scenario.line_of("cards", name, *inside),
                    dotted(("cards", name, *inside)),
                    str(exc),
                ) from None
        return library

    def lint(self, scenario: Scenario, rules: frozenset[str] = frozenset()) -> list[Problem]:
        """What keeps a (schema-valid) scenario from running, found without running it: the cards it defines
        checked by the engine, every card, object, zone and rule it names checked against the game (``rules``: the
        ids of its rules, unqualified), and steps that do not read."""
        return self._unreadable_steps(scenario) + self._unknown(scenario, rules)

    def _unknown(self, scenario: Scenario, rules: frozenset[str] | None = None) -> list[Problem]:
        """The scenario's own cards the engine refuses, and the names it uses that its game does not know (its
        log's and refusals' rule ids only given the game's ``rules``: when running, the engine says what it cites)."""
        self.library()
        if self._library_problem is not None:
            return []  # the library's own problem is reported once, for its file
        try:
            own = {n: c for n, c in self._cards(scenario).items() if n in scenario.cards}
        except ScenarioProblem as exc:
            return [Problem(scenario.display, exc.line, exc.field, exc.message, code="card-invalid")]
        vocabulary = self.vocabulary(rules)
        vocabulary = replace(vocabulary, tokens=vocabulary.tokens | token_names(own))
        return unknown_names(scenario, self.schema(), vocabulary)

    def _unreadable_steps(self, scenario: Scenario) -> list[Problem]:
        """An error for each step that does not read as one action (two actions in one step, say)."""
        problems = []
        for index, raw in enumerate(scenario.steps):
            try:
                self.parse_step(index, raw)
            except StepError as exc:
                problems.append(
                    Problem(
                        scenario.display,
                        scenario.line_of("steps", index),
                        f"steps[{index}]",
                        str(exc),
                        code="scenario-invalid",
                    )
                )
        return problems

    def library_problem(self) -> Problem | None:
        """The first problem of the game's card library files, if any."""
        self.library()
        return self._library_problem

    # -- the engine's parts a game supplies ----------------------------------------------------
    def rule_parameters(self, parameters: dict[str, int] | None):
        """The engine's form of the rule parameters read from the rules' text; raises ParameterProblem."""
        return parameters

    def refusal(self, scenario: Scenario, library: dict, rules) -> RunOutcome | None:
        """The outcome of a scenario whose setup must be refused, or None for a scenario to play.

        Decks that must be refused (``new_game.reject``) are presented exactly as ``start`` begins a new game (with
        its options, such as Athernum's ``check_decks``): passed when the engine refuses them citing one of the rules.
        """
        spec = scenario.setup.get("new_game") or {}
        if "reject" not in spec:
            return None
        seed = scenario.setup.get("seed", 0)
        return deck_refusal(
            cited(spec["reject"]), lambda: self.start(spec, library, seed, rules), self.deck_refused
        )

    def start(self, spec: dict, library: dict, seed: int, rules):
        """A new game as ``setup.new_game`` describes it."""
        raise NotImplementedError

    def position(self, setup: dict, library: dict, rules):
        """The game in the position ``setup`` describes (a copy the method may change)."""
        raise NotImplementedError

    def actions(self, game, step) -> list:
        """The engine actions a step stands for."""
        raise NotImplementedError

    def advance(self, game, args) -> str:
        """Play on to where ``advance:`` says; the outcome to record. Raises StepError."""
        raise NotImplementedError

    # -- running ---------------------------------------------------------------------------------
    def run(self, scenario: Scenario, parameters: dict[str, int] | None = None) -> RunOutcome:
        """Run one scenario under the rule parameters kb read from the rules' text (the engine's own if none)."""
        self.library()
        if self._library_problem is not None:
            return RunOutcome(Status.ERROR, problems=[self._library_problem])
        try:
            rules = self.rule_parameters(parameters)
        except ParameterProblem as exc:
            return RunOutcome(Status.ERROR, problems=[exc.problem])
        # Unknown names as lint reports them, with the names to try; a step that does not read is reported
        # when it is reached, after the steps before it.
        unknown = self._unknown(scenario)
        if unknown:
            return RunOutcome(Status.ERROR, problems=unknown)
        try:
            library = self._cards(scenario)
            refused = self.refusal(scenario, library, rules)
            if refused is not None:
                return refused
            game = self._build(scenario, library, rules)
        except ScenarioProblem as exc:
            return RunOutcome(
                Status.ERROR, problems=[Problem(scenario.display, exc.line, exc.field, exc.message)]
            )
        return self._play(scenario, game, library)

    def _build(self, scenario: Scenario, library: dict, rules):
        """The game the scenario sets up: a new game or a position; ScenarioProblem when the engine refuses it."""
        setup = dict(scenario.setup)
        try:
            if "new_game" in setup:
                return self.start(setup["new_game"], library, setup.get("seed", 0), rules)
            return self.position(setup, library, rules)
        except self.setup_errors as exc:
            raise ScenarioProblem(
                scenario.line_of("setup"), "setup", f"the engine refused the setup: {exc}"
            ) from None

    def board(self, game, library: dict) -> Board:
        """The position as a board: the game's layout of its snapshot, each card with its printed statistics."""
        printed: dict[str, dict[str, str]] = {}

        def stats(name: str) -> dict[str, str]:
            if name not in printed:
                printed[name] = self.card_stats(library[name]) if name in library else {}
            return printed[name]

        return build_board(game.to_dict(), self.layout, stats)

    def checks(self, game, expect: dict | None) -> list[Check]:
        """Each part of an expectation (a player's or an object's parts one by one) held or not, so that what held is
        told apart from what did not; the parts are checked one by one only when the whole did not hold."""
        parts: list[tuple[list[str], object]] = []
        for key, value in (expect or {}).items():
            if (PLAYER_KEY.fullmatch(key) or key == "objects") and isinstance(value, dict) and value:
                parts += [([key, str(sub)], v) for sub, v in value.items()]
            else:
                parts.append(([key], value))
        if not parts or not self.check(game, expect or {}):
            return [Check(path, value, True) for path, value in parts]
        out = []
        for path, value in parts:
            part: object = value
            for name in reversed(path[1:]):
                part = {name: part}
            found = self.check(game, {path[0]: part})
            out.append(Check(path, value, not found, found))
        return out

    def _play(self, scenario: Scenario, game, library: dict) -> RunOutcome:
        """The steps in order, each recorded with what it changed, what it checked and the log entries it caused;
        the first broken expectation ends it."""
        records: list[StepRecord] = []
        step_of_log: list[int | None] = [None] * len(game.log)
        failures: list[str] = []
        end_checks: list[Check] = []  # checked only when every step went as written
        start = before = self.board(game, library)

        def outcome(status: Status, **more) -> RunOutcome:
            return RunOutcome(
                status,
                steps=records,
                log=self._log(game, step_of_log),
                start=start,
                end=self.board(game, library),
                checks=end_checks,
                **more,
            )

        for index, raw in enumerate(scenario.steps):
            try:  # a step that cannot be read or run: an error, with the steps run before it and the log
                step = self.parse_step(index, raw)
                player = step.player or game.acting_player
                text, broken = self._run_step(game, step)
                checks = [] if broken else self.checks(game, step.expect)
            except StepError as exc:
                problem = Problem(
                    scenario.display, scenario.line_of("steps", index), f"steps[{index}]", str(exc)
                )
                return outcome(Status.ERROR, problems=[problem])
            step_of_log += [index] * (len(game.log) - len(step_of_log))
            after = self.board(game, library)
            records.append(
                StepRecord(
                    index,
                    step.describe(),
                    text,
                    step.key,
                    step.args,
                    player,
                    list(step.reject),
                    changes(before, after),
                    checks,
                )
            )
            before = after
            mismatches = broken + [m for c in checks for m in c.found]
            if mismatches:
                failures += [f"after step {index + 1} ({step.describe()}): {m}" for m in mismatches]
                break
        else:
            end_checks = self.checks(game, scenario.expect)
            failures += [f"at the end: {m}" for c in end_checks for m in c.found]
        if failures:
            return outcome(Status.FAILED, reason=failures[0], diff="\n".join(failures))
        return outcome(Status.PASSED)

    def _run_step(self, game, step) -> tuple[str, list[str]]:
        """Apply one step: its outcome text, and what went against the scenario in applying it (its own ``expect:``
        is checked after)."""
        if step.key == "expect":
            return "checked", []
        if step.key == "advance":
            return self.advance(game, step.args), []
        text, broken = apply_actions(game, self.actions(game, step), step.reject, self.illegal, self.wording)
        return text, broken or []

    def _mismatches(self, game, step) -> list[str]:
        """What the step's own ``expect:`` finds wrong after it."""
        return [m for c in self.checks(game, step.expect) for m in c.found]

    def _log(self, game, step_of_log: list[int | None]) -> list[LogLine]:
        """The engine's log as kb shows it, each entry with the step it happened in (None: the setup)."""
        step_of_log = step_of_log + [None] * (len(game.log) - len(step_of_log))
        return [
            LogLine(
                e.seq,
                f"{self.game}:{e.rule}",
                e.kind,
                e.message,
                getattr(e, self.clock),
                e.phase,
                step_of_log[i],
            )
            for i, e in enumerate(game.log)
        ]
