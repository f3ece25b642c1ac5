"""Resolving an effect: one step per verb (6.1.b-c), decisions in initiative order (6.1.g, 1.4.5.a), then
the step's atomic actions together (6.1.e-f). A Resolution is a step of the procedure (:mod:`.steps`): it stays
at the front of the queue while a player must decide, and goes on when they have."""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.common import procedure

from . import costs
from .atomics import apply_step
from .cards import Step
from .conditions import evaluate
from .log import record
from .state import HIDDEN_ZONES, Game, Known, PendingChoice
from .steps import PROCEDURE
from .verbs import VERBS, Decision


def count_steps(steps: tuple[Step, ...] | list[Step]) -> int:
    """How many steps an effect has at most: one per verb (6.1.c), one for a cost paid inside it (6.1.d)."""
    n = 0
    for s in steps:
        if s.verb == "if":
            n += count_steps(s.args["then"])
        elif s.verb == "may_pay":
            n += 1 + count_steps(s.args["then"])
        else:
            n += 1
    return n


@dataclass
class Resolution(procedure.Step):
    """An effect being resolved: a card's, a quick action's, a Reaction's, or a daily effect."""

    controller: str | None
    label: str
    steps: list[Step]
    kind: str = "card"  # card | quick | reaction | daily
    source_id: str | None = None
    source_inc: int = 0
    source_name: str = ""
    targets: tuple = ()  # per declared target: ("obj", id, inc), ("exp", player, expedition) or None
    by_rule: bool = False  # a daily effect: a rule, not a card, tries to do things (1.4.1.a)
    rule: str = "6.1.a"  # the rule a lone atomic action is logged under
    index: int = 0
    step_no: int = 0
    started: bool = False
    decisions: list[tuple[int, Decision]] | None = None
    answers: list[tuple[str, ...]] = field(default_factory=list)
    it: tuple[str, int] | None = None  # the object the last event moved (1.4.4.a's exception)

    # -- references ------------------------------------------------------------------------------
    def target(self, index: int):
        return self.targets[index] if index < len(self.targets) else None

    def object_ref(self, what: str, index: int = 0) -> tuple[str, int] | None:
        """``me`` (the source), ``it`` (what an earlier step moved) or a declared target."""
        if what == "me":
            return (self.source_id, self.source_inc) if self.source_id else None
        if what == "it":
            return self.it
        ref = self.target(index)
        return (ref[1], ref[2]) if ref and ref[0] == "obj" else None

    # -- the procedure ---------------------------------------------------------------------------
    def run(self, game: Game) -> bool:
        """Resolve until done (True) or until a player must decide (False)."""
        if not self.started:
            self.started = True
            if not self.by_rule:
                n = count_steps(self.steps)
                record(
                    game,
                    "6.1.a",
                    "resolve",
                    f"{self.label} resolves: {self.controller} follows its instructions.",
                    (self.source_id,) if self.source_id else (),
                    self.controller,
                )
                if n > 1:
                    record(
                        game,
                        "6.1.b",
                        "steps",
                        f"{self.label}'s effect involves up to {n} steps.",
                        (),
                        self.controller,
                    )
        while self.index < len(self.steps):
            step = self.steps[self.index]
            if step.verb == "if":
                self._branch(game, step)
                continue
            if self.decisions is None:
                self._begin_step(game, step)
            waiting = self._ask(game)
            if waiting:
                return False
            self._finish_step(game, step)
        return True

    def _branch(self, game: Game, step: Step) -> None:
        it = game.objects.get(self.it[0]) if self.it else None
        verdict = evaluate(game, step.args["condition"], self.controller or game.first_player, it)
        record(
            game,
            verdict.rule or "6.1.a",
            "condition",
            f"{self.label}: {verdict.why}: "
            f"{'the instructions that follow the condition are carried out' if verdict.holds else 'nothing more happens'}.",
            (it.id,) if it else (),
            self.controller,
        )
        then = list(step.args["then"]) if verdict.holds else []
        self.steps[self.index : self.index + 1] = then

    def _begin_step(self, game: Game, step: Step) -> None:
        self.step_no += 1
        self.answers = []
        if not self.by_rule:
            what = "pay the cost (a single step, 6.1.d)" if step.verb == "may_pay" else step.describe()
            rule = "6.1.c"
            record(game, rule, "step", f"{self.label}, step {self.step_no}: {what}.", (), self.controller)
        if step.verb == "may_pay":
            self.decisions = [(0, self._pay_decision(game, step))]
            return
        parts = step.parts if step.verb == "simultaneously" else (step,)
        found = [(k, d) for k, part in enumerate(parts) for d in VERBS[part.verb][0](game, self, part)]
        order = game.initiative_order()
        found.sort(key=lambda kd: order.index(kd[1].player))
        self.decisions = found
        deciders = list(dict.fromkeys(d.player for _, d in found))
        if len(deciders) > 1:
            record(
                game,
                "1.4.5.a" if self.by_rule else "6.1.g",
                "initiative_order",
                f"{self.label}: this step needs decisions by "
                f"{' and '.join(deciders)}; they decide in initiative order, {deciders[0]} first (1.4.5.a).",
                (),
                deciders[0],
            )

    def _pay_decision(self, game: Game, step: Step) -> Decision:
        cost = step.args["cost"]
        pid = self.controller
        assert pid is not None, "a cost inside an effect is paid by its controller"
        words = cost.describe()
        if cost.hand_to_reserve:
            hand = (
                tuple(game.players[pid].hand)
                if costs.payable(game, pid, cost, None, tuple(game.players[pid].hand[: cost.hand_to_reserve]))
                else ()
            )
            return Decision(
                pid,
                "pay",
                f"You may {words}: choose the card(s) to put in Reserve, or none.",
                hand,
                0,
                cost.hand_to_reserve if hand else 0,
                True,
            )
        options = ("yes", "no") if costs.payable(game, pid, cost, None) else ("no",)
        return Decision(pid, "pay", f"Do you {words}?", options, words={"yes": "pays", "no": "does not pay"})

    def _ask(self, game: Game) -> bool:
        """Set the next pending decision; True while one is waiting."""
        assert self.decisions is not None
        if len(self.answers) >= len(self.decisions):
            return False
        _, d = self.decisions[len(self.answers)]
        known = tuple(
            self._known(game, self.decisions[i][1], self.answers[i])
            for i in range(len(self.answers))
            if self.decisions[i][1].player != d.player
        )
        several = len({x.player for _, x in self.decisions}) > 1
        rule = self.rule if self.by_rule else ("6.1.g" if several else "6.1.a")
        game.pending = PendingChoice(d.kind, d.player, d.prompt, rule, d.options, d.min, d.max, known)
        return True

    @staticmethod
    def _known(game: Game, d: Decision, answer: tuple[str, ...]) -> Known:
        """What the other players know of a decision: the object from a visible zone, not a hidden card (1.4.5.a)."""
        if d.words:
            return Known(d.player, d.words.get(answer[0] if answer else "no", "decides"))
        if not answer:
            return Known(d.player, "chooses none")
        if d.hidden or any(game.objects[a].zone in HIDDEN_ZONES for a in answer if a in game.objects):
            return Known(d.player, f"has chosen {len(answer)} card(s) from a hidden zone")
        return Known(d.player, "chooses " + ", ".join(game.objects[a].name for a in answer))

    def answer(self, game: Game, player: str, choice: tuple[str, ...]) -> None:
        """Record the pending decision's answer (validated by the caller)."""
        assert self.decisions is not None
        _, d = self.decisions[len(self.answers)]
        self.answers.append(choice)
        game.pending = None
        k = self._known(game, d, choice)
        others = len({x.player for _, x in self.decisions}) > 1
        record(
            game,
            "1.4.5.a" if others else "6.1.a",
            "decision",
            f"{self.label}: {player} {k.text}"
            f"{'; the choice is explicit, the card is not revealed' if 'hidden' in k.text else ''}.",
            () if "hidden" in k.text else tuple(c for c in choice if c in game.objects),
            player,
        )

    def _finish_step(self, game: Game, step: Step) -> None:
        assert self.decisions is not None
        if step.verb == "may_pay":
            self._finish_pay(game, step)
        else:
            parts = step.parts if step.verb == "simultaneously" else (step,)
            atomics = []
            for k, part in enumerate(parts):
                answers = {d.player: a for (kk, d), a in zip(self.decisions, self.answers) if kk == k}
                atomics += VERBS[part.verb][1](game, self, part, answers)
            outcome = apply_step(game, atomics, label=self.label, by_rule=self.by_rule, rule=self.rule)
            if outcome.moved:
                self.it = outcome.moved[-1]
            self.index += 1
        self.decisions = None
        self.answers = []

    def _finish_pay(self, game: Game, step: Step) -> None:
        cost = step.args["cost"]
        choice = self.answers[0]
        paid = bool(choice) and choice != ("no",)
        if not paid:
            record(
                game,
                "6.1.a",
                "no_pay",
                f"{self.label}: {self.controller} does not pay; nothing more happens.",
                (),
                self.controller,
            )
            self.steps[self.index : self.index + 1] = []
            return
        chosen = tuple(c for c in choice if c in game.objects)
        assert self.controller is not None, "a cost inside an effect is paid by its controller"
        payment = costs.check(game, self.controller, cost, None, chosen)
        costs.pay(game, self.controller, payment, None, self.label)
        self.steps[self.index : self.index + 1] = list(step.args["then"])


@PROCEDURE.performs(Resolution)
def resolve(game: Game, resolution: Resolution) -> bool:
    """Resolve an effect until it is done, or until a player must decide (it stays first in the queue)."""
    return resolution.run(game)
