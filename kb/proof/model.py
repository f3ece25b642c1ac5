"""An example's proof as plain data: its verdict, the rulings it proves, the board at the start, each step in words
with what it changed and what it checked, the end state expected beside what the engine reached, and the engine's
log as the chain of rules that produced the outcome. Built from a verify result alone (no scenario is re-run)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from kb.core.rulings import Ruling
from kb.proof.words import found_words, path_words, step_words, value_words
from kb.verify.board import PLAYER_KEY, Area, Board, CardFace, Change, PlayerBoard
from kb.verify.results import Check, LogLine, ScenarioResult, Status

#: What a verdict says, by status: a failure is said as plainly as a success.
VERDICTS = {
    Status.PASSED: "Verified: every step and expectation held on the engine.",
    Status.FAILED: "FAILED: the engine did not do what the example expects, so it is not verified.",
    Status.ERROR: "ERROR: the example could not run, so it is not verified.",
    Status.XFAIL: "Expected failure: a known divergence between the rules and the engine, so it is not verified.",
}


@dataclass
class RulingRef:
    """A ruling an example bears on: ``proves`` when the example or the ruling names the other, else it rests on a
    rule the example cites."""

    id: str
    question: str
    proves: bool
    rules: list[str] = field(default_factory=list)  # the shared rules, for a ruling on the same rules


@dataclass
class CheckLine:
    """One expectation in words: where, the value expected, what the engine reached, whether it held."""

    what: str
    expected: str
    reached: str
    held: bool


@dataclass
class LogEntry:
    """One entry of the engine's log: the rule that applied (qualified id) and what happened."""

    rule: str
    kind: str
    message: str
    when: str


@dataclass
class ProofStep:
    """A step in words: who did what, its outcome, what it changed, what it checked, the log it caused."""

    number: int
    words: str
    written: str  # the step as the scenario writes it
    outcome: str
    refused: bool  # the engine refused the action (as expected or not)
    changes: list[str] = field(default_factory=list)
    checks: list[CheckLine] = field(default_factory=list)
    log: list[LogEntry] = field(default_factory=list)

    @property
    def when(self) -> str:
        return self.log[0].when if self.log else ""


@dataclass
class ExampleProof:
    """Everything that shows why an example holds (or not), in the order a reader checks it."""

    id: str
    game: str
    title: str
    status: Status
    verdict: str
    reason: str
    rules: list[str]
    rulings: list[RulingRef]
    start: Board | None  # the board the steps begin from (or, for a setup refused, what it presented)
    presented: bool  # the start is what a refused setup presented (decks, a card), not a position
    written: list[str]  # the values the setup sets beside its cards, as written ("round 9", "p1: energy 0")
    setup_log: list[LogEntry]
    steps: list[ProofStep]
    further_log: list[LogEntry]  # entries naming a step the result does not record (one that could not run)
    checks: list[CheckLine]  # the end state
    end: Board | None
    chain: list[str]  # the rules the log cites, in order (a rule applying again in a row counted once)

    @property
    def verified(self) -> bool:
        return self.status == Status.PASSED

    def log(self) -> list[LogEntry]:
        """The whole log, setup first."""
        return [*self.setup_log, *(e for s in self.steps for e in s.log), *self.further_log]


def check_line(check: Check) -> CheckLine:
    """An expectation in words; what the engine reached is the expected value when it held, else what it had."""
    reached = "as expected" if check.held else "; ".join(found_words(m) for m in check.found)
    return CheckLine(path_words(check.path), value_words(check.expected), reached, check.held)


def change_words(change: Change) -> str:
    """``Wanderer: place p2 character slots → p2 discard pile``; a place reads as a move."""
    if change.what == "place":
        if change.after == "—":
            return f"{change.subject} leaves {change.before}"
        if change.before == "—":
            return f"{change.subject} appears in {change.after}"
        return f"{change.subject} moves from {change.before} to {change.after}"
    return f"{change.subject}: {change.what} {change.before} → {change.after}"


def _entry(line: LogLine) -> LogEntry:
    when = ", ".join(p for p in (f"turn {line.turn}" if line.turn else "", line.phase) if p)
    return LogEntry(line.rule, line.kind, line.message, when)


def chain_of(entries: Iterable[LogEntry]) -> list[str]:
    """The rules a log cites in order, a rule applying several times in a row counted once."""
    out: list[str] = []
    for entry in entries:
        if entry.rule and (not out or out[-1] != entry.rule):
            out.append(entry.rule)
    return out


def rulings_of(result: ScenarioResult, rulings: Iterable[Ruling]) -> list[RulingRef]:
    """The rulings an example proves (named by either side), then those resting on a rule it cites."""
    cited = set(result.rules)
    proves, related = [], []
    for ruling in rulings:
        if ruling.id in result.rulings or result.id in ruling.scenarios:
            proves.append(RulingRef(ruling.id, ruling.question, True))
        elif shared := [r for r in ruling.rules if r in cited]:
            related.append(RulingRef(ruling.id, ruling.question, False, shared))
    return proves + related


def _words(data: dict) -> list[str]:
    return [
        f"{str(k).replace('_', ' ')} {value_words(v)}"
        for k, v in data.items()
        if not isinstance(v, (dict, list))
    ]


def written_facts(setup: dict) -> list[str]:
    """The values a setup sets beside its cards (turn, phase, a player's counters), in words as written: the engine
    may have played on from them while setting up (a pre-round that runs at once)."""
    out = _words(setup)
    for key, data in setup.items():
        if PLAYER_KEY.fullmatch(key) and isinstance(data, dict) and (said := _words(data)):
            out.append(f"{key}: {', '.join(said)}")
    return out


def presented_board(setup: dict) -> Board | None:
    """What a setup the engine refused presented: the card to define, or each player's decks."""
    if isinstance(setup.get("define"), dict):
        card = dict(setup["define"].get("card") or {})
        name = str(card.pop("name", "a card"))
        stats = {str(k).replace("_", " "): value_words(v) for k, v in card.items()}
        return Board(shared=[Area("Card presented", [CardFace(name, name, stats)])])
    spec = setup.get("new_game")
    if not isinstance(spec, dict):
        return None
    players = []
    for pid, data in spec.items():
        if PLAYER_KEY.fullmatch(pid) and isinstance(data, dict):
            areas = [
                Area(
                    str(key).replace("_", " ").capitalize(),
                    [CardFace(f"{pid}:{n}", str(n)) for n in names],
                    pile=True,
                )
                for key, names in data.items()
                if isinstance(names, list)
            ]
            players.append(PlayerBoard(pid, {}, areas))
    return Board(players=players)


def build_proof(result: ScenarioResult, rulings: Iterable[Ruling] = ()) -> ExampleProof:
    """The proof of one example from its verify result and the game's rulings."""
    steps = [
        ProofStep(
            r.index + 1,
            step_words(result.game, r.key, r.args, r.player) if r.key else r.text,
            r.text,
            r.outcome,
            r.outcome.startswith(("refused", "rejected")),
            [change_words(c) for c in r.changes],
            [check_line(c) for c in r.checks],
        )
        for r in result.steps
    ]
    by_index = {r.index: s for r, s in zip(result.steps, steps)}
    setup: list[LogEntry] = []
    further: list[LogEntry] = []
    for line in sorted(result.log, key=lambda x: x.seq):
        if line.step is None:
            setup.append(_entry(line))
        elif line.step in by_index:
            by_index[line.step].log.append(_entry(line))
        else:
            further.append(_entry(line))
    proof = ExampleProof(
        id=result.id,
        game=result.game,
        title=result.title or result.id,
        status=result.status,
        verdict=VERDICTS[result.status],
        reason=result.reason,
        rules=list(result.rules),
        rulings=rulings_of(result, rulings),
        start=result.start or presented_board(result.setup),
        presented=result.start is None and presented_board(result.setup) is not None,
        written=written_facts(result.setup),
        setup_log=setup,
        steps=steps,
        further_log=further,
        checks=[check_line(c) for c in result.checks],
        end=result.end,
        chain=[],
    )
    proof.chain = chain_of(proof.log())
    return proof


def pile_runs(faces: list[CardFace]) -> list[tuple[str, int]]:
    """A pile read as runs of the same card, in order: ``[("Ember Knight", 3), ("Wanderer", 1)]``."""
    out: list[tuple[str, int]] = []
    for face in faces:
        if out and out[-1][0] == face.name:
            out[-1] = (face.name, out[-1][1] + 1)
        else:
            out.append((face.name, 1))
    return out
