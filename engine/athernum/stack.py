"""The stack (4.1): creating it, putting effects on it, priority and passing, LIFO resolution.

The stack holds effects, never cards (4.1.0). Once every player has passed in succession
without adding anything, the whole stack resolves top to bottom (4.1.7), it is closed, and a
state-based check follows (4.1.9); triggered abilities then go onto a new stack (4.2.3d.I).
"""

from __future__ import annotations

from .log import record
from .state import Game, PendingAbility, PendingChoice, Phase, StackEntry, TargetRef
from .steps import PROCEDURE, Collect, Finish, Place, Priority, Resolve, ResolveEffect, StateCheck
from .targets import options, resolve_choice, still_legal


def ensure_stack(game: Game, rule: str = "4.1.3") -> None:
    """Create a new empty stack if none exists (4.1.3)."""
    if game.stack is None:
        game.stack = []
        record(game, rule, "stack_opened", "A new stack is created.")


def push_entry(game: Game, entry: StackEntry) -> None:
    """Put an effect on top of the stack."""
    ensure_stack(game)
    assert game.stack is not None
    game.stack.append(entry)
    objs = tuple(x for x in (entry.source_id,) if x) + tuple(r.id for g in entry.targets for r in g)
    aimed = ""
    if entry.targets and any(entry.targets):
        aimed = " targeting " + ", ".join(r.id for g in entry.targets for r in g)
    record(
        game,
        entry.rule,
        "stack_push",
        f"{entry.controller}'s {entry.label} is put on the stack{aimed}.",
        objs,
        entry.controller,
    )


def entry_from_pending(
    game: Game, p: PendingAbility, targets: tuple[tuple[TargetRef, ...], ...]
) -> StackEntry:
    """Turn a triggered or static ability waiting for the stack into a stack entry."""
    name = p.source.name if p.source is not None else "Rule"
    return StackEntry(
        id=game.new_id("e"),
        kind=p.kind,
        controller=p.controller,
        label=f"{name}: {p.ability.label()}",
        effects=p.ability.effects,
        rule=p.rule,
        ability=p.ability,
        source_id=p.source_id,
        source_inc=p.source_inc,
        source=p.source,
        targets=targets,
        trigger=p.trigger,
        trigger_player=p.trigger_player,
    )


def give_priority(game: Game, pid: str) -> None:
    """``pid`` receives priority (with a stack open) and the pass count restarts."""
    game.priority = pid
    game.passes = 0


def pass_priority(game: Game, pid: str) -> None:
    """``pid`` passes to the next player in turn order; once all players still in the game passed in succession
    the stack resolves (4.1.6, 4.1.7)."""
    game.passes += 1
    if game.passes >= len(game.playing):
        game.priority = None
        game.passes = 0
        record(
            game,
            "4.1.7",
            "all_passed",
            f"{pid} passes; all players have passed, the stack resolves last in, first out.",
            (),
            pid,
        )
        game.queue.push(Resolve(), StateCheck("4.1.9"), Collect())
    else:
        nxt = game.next_player(pid)
        game.priority = nxt
        record(game, "4.1.6", "pass", f"{pid} passes priority to {nxt}.", (), pid)


# -- resolution ------------------------------------------------------------------------
@PROCEDURE.performs(Resolve)
def step_resolve(game: Game, step: Resolve) -> None:
    """Resolve the top effect, then continue with the next one; close the stack when empty (4.1.9)."""
    if not game.stack:
        game.stack = None
        record(game, "4.1.9", "stack_closed", "The stack is empty and closes.")
        return
    entry = game.stack.pop()
    game.resolving = entry
    record(
        game,
        "4.1.7",
        "resolve",
        f"{entry.controller}'s {entry.label} resolves.",
        tuple(x for x in (entry.source_id,) if x),
        entry.controller,
    )
    _check_targets(game, entry)
    steps = [ResolveEffect(i) for i in range(len(entry.effects))]
    game.queue.push(*steps, Finish(), Resolve())


def _check_targets(game: Game, entry: StackEntry) -> None:
    """Drop targets that became illegal; the remaining ones are affected as normal (4.3.5b.III, 4.3.5c.V)."""
    if not entry.targets or entry.ability is None:
        entry.valid = entry.targets
        return
    rule = "4.3.5b.III" if entry.kind == "triggered" else "4.3.5c.V"
    valid = []
    for spec, group in zip(entry.ability.targets, entry.targets):
        keep = tuple(r for r in group if still_legal(game, spec, r, entry.controller, entry.source_id))
        for r in group:
            if r not in keep:
                record(
                    game,
                    rule,
                    "target_invalid",
                    f"{r.id} is no longer a legal target of {entry.label}; it is not affected.",
                    (r.id,),
                    entry.controller,
                )
        valid.append(keep)
    entry.valid = tuple(valid)


@PROCEDURE.performs(Finish)
def step_finish(game: Game, step: Finish) -> None:
    """The entry has fully resolved."""
    game.resolving = None


# -- putting triggered and static abilities on the stack -----------------------------
@PROCEDURE.performs(Collect)
def step_collect(game: Game, step: Collect) -> None:
    """After a state-based check: put identified triggers on a new stack (4.2.3d.I), the active player's first, then
    each other player's in turn order (decision D-TRIGGER-ORDER)."""
    if game.result is not None or not game.triggered:
        return
    pending, game.triggered = game.triggered, []
    ap = game.turn_owner or game.order[0]  # at night: whose turn just ended (decision D-NIGHT)
    seat, n = game.order.index(ap), len(game.order)
    pending.sort(key=lambda p: (game.order.index(p.controller) - seat) % n)
    game.placing.extend(pending)
    ensure_stack(game, "4.2.3d.I")
    if game.phase is Phase.NIGHT:  # nobody receives priority at night (9.5.3)
        game.queue.push(Place(), Resolve(), StateCheck("4.1.9"), Collect())
    else:
        game.queue.push(Place(), Priority(ap))


@PROCEDURE.performs(Place)
def step_place(game: Game, step: Place) -> None:
    """Place waiting abilities one by one, asking for their order and targets when there is a choice."""
    while game.placing:
        first = game.placing[0]
        group = [p for p in game.placing if p.controller == first.controller]
        if len(group) > 1 and not first.ordered:
            game.pending = PendingChoice(
                kind="trigger_order",
                player=first.controller,
                prompt="Choose the order in which your simultaneous abilities go on the stack (first chosen is placed first and resolves last).",
                rule="9.2.1",
                options=tuple(p.id for p in group),
                min=1,
                max=len(group),
            )
            game.queue.push(Place())
            return
        if first.ability.targets and first.targets is None:
            opts = options(game, first.ability.targets, first.controller, first.source_id, strict=False)
            if len(opts) == 1:
                first.targets = resolve_choice(
                    game, first.ability.targets, opts[0], first.controller, first.source_id, strict=False
                )
            elif not opts:
                first.targets = tuple(() for _ in first.ability.targets)
            else:
                game.pending = PendingChoice(
                    kind="targets",
                    player=first.controller,
                    prompt=f"Choose targets for {first.source.name if first.source else 'the ability'}: {first.ability.label()}.",
                    rule="4.3.5b.III",
                    ref=first.id,
                )
                game.queue.push(Place())
                return
        game.placing.pop(0)
        push_entry(game, entry_from_pending(game, first, first.targets or ()))


def place_now(game: Game, pending: list[PendingAbility]) -> None:
    """Put static effects on the current stack at once, in printed order (4.1.4, 4.3.5a.I): a card
    turned face-up while a stack resolves has its statics resolve before that stack closes."""
    if not pending:
        return
    for p in pending:
        p.ordered = True
    ensure_stack(game)
    game.placing.extend(pending)
    game.queue.push(Place())


@PROCEDURE.performs(Priority)
def step_priority(game: Game, step: Priority) -> None:
    """Give priority after placing (the acting player, or the active player after a check)."""
    pid = step.pid
    if game.stack is not None and game.result is None:
        give_priority(game, pid)
