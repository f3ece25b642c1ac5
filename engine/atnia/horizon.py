"""The horizon (rules/playing-cards-and-the-horizon, rules/advanced-notes-on-timing-rules-and-the-horizon) and
who is active around it.

* A played card or skill goes onto the horizon above what is there; its player's opponent becomes active (p3).
* A pass after doing nothing (or only infinite-speed actions) resolves the whole horizon, top to bottom (p3, p8).
* If resolving puts new fast or slow entries onto the horizon, resolution stops and the player who does not control
  the new top entry becomes active (advanced notes p1); the same when nobody is active (rules/round-phases/p7).
* Such entries put there while a player is active (by an infinite-speed action of theirs, or a trigger) are not
  resolved by that player's pass when they control one: the other player becomes active instead (advanced notes
  p1.1, decision D-INFINITE-SOURCE).
* In the main phase, once everything has resolved, the player who did not control the bottom card becomes active
  (p6).
"""

from __future__ import annotations

from .cards import Ability
from .log import record
from .state import Card, Entry, Game, Phase, TargetRef, Window, Zone
from .steps import (
    PROCEDURE,
    AfterAction,
    BeginDraw,
    BeginMain,
    Check,
    Collect,
    ContinueResolution,
    Effects,
    EndCombat,
    PhaseWait,
    ResolutionDone,
    ResolveEntry,
    ResolveNow,
    ResolveTop,
    SpellDone,
    Strike,
)
from .targets import still_valid
from .triggers import emit
from .zones import enter_battlefield, move


def make_active(game: Game, pid: str, rule: str, message: str) -> None:
    """``pid`` becomes the active player, beginning a new window (nothing done in it yet)."""
    game.active = pid
    game.window = Window(pid)
    record(game, rule, "active", message, (), pid)


def put_card(game: Game, card: Card, controller: str, targets: tuple[TargetRef, ...]) -> Entry:
    """Move a played card onto the top of the horizon."""
    move(game, card, Zone.HORIZON)
    spell_targets = targets if card.type == "spell" or card.definition.is_weapon else ()
    entry = Entry(
        game.new_id("e"),
        "card",
        controller,
        card.definition.speed,
        card.name,
        card=card.id,
        effects=card.definition.effects,
        targets=spell_targets,
    )
    game.horizon.append(entry)
    emit(game, "play", card.id, controller)
    return entry


def put_skill(
    game: Game, source: Card, ability: Ability, controller: str, targets: tuple[TargetRef, ...]
) -> Entry:
    """Put a skill onto the top of the horizon, just as a card (rules/playing-cards-and-the-horizon/p7)."""
    label = f"{source.name}: {ability.text or 'skill ' + str(ability.index)}"
    entry = Entry(
        game.new_id("e"),
        "skill",
        controller,
        ability.speed,
        label,
        source=source.id,
        ability=ability,
        effects=ability.effects,
        targets=targets,
    )
    game.horizon.append(entry)
    return entry


def specs_of(game: Game, entry: Entry) -> tuple:
    """The target specs an entry's targets were chosen for."""
    if entry.ability is not None:
        return entry.ability.targets
    return game.card(entry.card).definition.targets if entry.card else ()


@PROCEDURE.performs(ResolveEntry)
def step_resolve_entry(game: Game, step: ResolveEntry) -> None:
    """Resolve one entry: a card goes where its type says (p4); a spell, skill or ability does what it says."""
    entry, rule = step.entry, step.rule
    if entry not in game.horizon:
        return
    game.horizon.remove(entry)
    if entry.kind != "card":
        record(game, rule, "resolve", f"{entry.label} resolves.", (entry.origin,), entry.controller)
        if entry.kind == "skill":
            record(
                game,
                "rules/kinds-of-game-objects/p2.2",
                "skill",
                f"{entry.label} is a skill of {game.card(entry.origin).name}: it does what it says.",
                (entry.origin,),
                entry.controller,
            )
        else:
            record(
                game,
                "rules/kinds-of-game-objects/p2.1",
                "ability",
                f"{entry.label} is a triggered ability: it does what it says.",
                (entry.origin,),
                entry.controller,
            )
        game.queue.push(Effects(entry, entry.effects, 0))
        return
    card = game.card(entry.origin)
    if card.zone is not Zone.HORIZON:
        return
    record(game, rule, "resolve", f"{card.name} resolves.", (card.id,), entry.controller)
    if card.type == "spell":
        game.queue.push(Effects(entry, entry.effects, 0), SpellDone(card.id))
    elif card.type == "location":
        move(game, card, Zone.LOCATION)
        record(
            game,
            "rules/card-types/p4",
            "to_location_zone",
            f"{card.name} goes to {card.controller}'s location zone.",
            (card.id,),
            card.controller,
        )
        record(
            game,
            "rules/locations/p1",
            "devotion",
            f"While there, {card.name} adds devotion: "
            + (", ".join(f"{n} {i}" for i, n in card.definition.ideals) or "none")
            + ".",
            (card.id,),
            card.controller,
        )
        record(
            game,
            "rules/zones/p8",
            "in_zone",
            f"{card.name} is in the location zone.",
            (card.id,),
            card.controller,
        )
    else:
        wielder = None
        if card.definition.is_weapon and entry.targets:
            spec = card.definition.targets[0]
            target = entry.targets[0]
            if target is not None and still_valid(game, entry.controller, spec, target):
                wielder = target.id
        enter_battlefield(
            game,
            [card.id],
            entry.controller,
            "rules/card-types/p1" if card.is_unit else "rules/card-types/p2",
            wielder,
        )


@PROCEDURE.performs(SpellDone)
def step_spell_done(game: Game, step: SpellDone) -> None:
    """A spell is discarded once it has done what it says (rules/card-types/p3)."""
    cid = step.cid
    card = game.card(cid)
    if card.zone is Zone.HORIZON:
        move(game, card, Zone.DISCARD)
        record(
            game,
            "rules/card-types/p3",
            "to_discard",
            f"{card.name} has resolved and is discarded.",
            (cid,),
            card.owner,
        )
        record(
            game,
            "rules/playing-cards-and-the-horizon/p4",
            "to_discard",
            f"{card.name} goes to the discard pile.",
            (cid,),
            card.owner,
        )


@PROCEDURE.performs(ResolveNow)
def step_resolve_now(game: Game, step: ResolveNow) -> None:
    """An infinite-speed or burst entry resolves as soon as it is put onto the horizon (rules/speed/p4, p5)."""
    entry = step.entry
    game.queue.push(
        ResolveEntry(entry, "rules/speed/p4" if entry.speed == "burst" else "rules/speed/p5"),
        Check(),
        Collect(),
    )


def start_resolution(game: Game, passer: str, rule: str) -> None:
    """A pass after doing nothing: everything on the horizon resolves, top to bottom."""
    game.resolving = True
    game.bottom_controller = game.horizon[0].controller
    game.active = None
    game.window = None
    game.passes = 0
    record(
        game,
        rule,
        "resolve_all",
        f"{passer} passes after doing nothing (or only infinite-speed actions): the "
        f"horizon resolves from top to bottom ({len(game.horizon)} entr{'y' if len(game.horizon) == 1 else 'ies'}).",
        (),
        passer,
    )
    game.queue.push(ResolveTop())


@PROCEDURE.performs(ResolveTop)
def step_resolve_top(game: Game, step: ResolveTop) -> None:
    if not game.horizon:
        game.queue.push(ResolutionDone())
        return
    entry = game.horizon[-1]
    if len(game.horizon) > 1:
        record(
            game,
            "rules/playing-cards-and-the-horizon/p8",
            "order",
            f"{entry.label} is the most recently added: it resolves first.",
            (entry.origin,),
            entry.controller,
        )
    game.queue.push(
        ResolveEntry(
            entry,
            "rules/playing-cards-and-the-horizon/p8"
            if len(game.horizon) > 1
            else "rules/playing-cards-and-the-horizon/p3",
        ),
        Check(),
        Collect(),
        ContinueResolution(),
    )


@PROCEDURE.performs(ContinueResolution)
def step_continue_resolution(game: Game, step: ContinueResolution) -> None:
    """Resolve the next entry, unless new fast or slow entries arrived: then resolution stops (advanced notes p1)."""
    if game.added:
        top = game.horizon[-1]
        game.added.clear()
        game.resolving = False
        new = game.opponent(top.controller)
        make_active(
            game,
            new,
            "rules/advanced-notes-on-timing-rules-and-the-horizon/p1",
            f"Resolution stops: {top.label} was put onto the horizon at {top.speed} "
            f"speed; {new}, who does not control it, becomes the active player.",
        )
        return
    game.queue.push(ResolveTop())


@PROCEDURE.performs(ResolutionDone)
def step_resolution_done(game: Game, step: ResolutionDone) -> None:
    """Everything resolved: who acts next depends on the phase (main: p6; combat: strike; round start/end: move on)."""
    game.resolving = False
    if game.phase is Phase.MAIN:
        assert game.bottom_controller is not None, "a resolution began with an entry at the bottom"
        new = game.opponent(game.bottom_controller)
        game.passes = 0
        make_active(
            game,
            new,
            "rules/playing-cards-and-the-horizon/p6",
            f"The horizon has resolved; {new}, who did not control the bottom card, "
            "becomes the active player.",
        )
    elif game.phase is Phase.COMBAT:
        game.queue.push(Strike() if game.combat and game.combat.step == "fight" else EndCombat())
    elif game.phase is Phase.ROUND_START:
        record(
            game,
            "rules/round-phases/p2.2",
            "phase",
            "No effects are left unresolved: move to the main phase.",
        )
        game.queue.push(BeginMain())
    elif game.phase is Phase.ROUND_END:
        record(
            game,
            "rules/round-phases/p4.2",
            "phase",
            "No effects are left unresolved: move to the draw phase.",
        )
        game.queue.push(BeginDraw())


@PROCEDURE.performs(AfterAction)
def step_after_action(game: Game, step: AfterAction) -> None:
    """Fast or slow entries put onto the horizon by triggers of a player's action: only when that action was at
    infinite speed (channelling, exploring, an infinite-speed card) does the player's pass hand them over
    (decision D-INFINITE-SOURCE); after a fast or slow play the passing rule applies as usual."""
    by_infinite = step.by_infinite
    if not game.added:
        return
    added = list(game.added)
    game.added.clear()
    if (
        by_infinite
        and game.active is not None
        and game.window is not None
        and any(e.controller == game.active for e in added)
    ):
        game.window.hand_over = True
        other = game.opponent(game.active)
        record(
            game,
            "rules/advanced-notes-on-timing-rules-and-the-horizon/p1.1",
            "hand_over",
            f"{added[-1].label} was put onto the horizon by an infinite-speed "
            f"effect: {game.active}'s next pass will not resolve it; {other} becomes active instead.",
            (),
            game.active,
        )


@PROCEDURE.performs(PhaseWait)
def step_phase_wait(game: Game, step: PhaseWait) -> None:
    """In a step that makes nobody active: continue, or let the player not controlling a new entry act first (p7)."""
    rule = step.rule
    if game.added or game.horizon:
        top = game.horizon[-1]
        game.added.clear()
        new = game.opponent(top.controller)
        make_active(
            game,
            new,
            "rules/round-phases/p7",
            f"{top.label} was put onto the horizon at {top.speed} speed while nobody "
            f"was active: {new}, who does not control it, becomes the active player.",
        )
        return
    if rule:
        record(
            game,
            rule,
            "phase",
            {
                "rules/round-phases/p2.2": "No effects are unresolved: move to the main phase.",
                "rules/round-phases/p4.2": "No effects are unresolved: move to the draw phase.",
            }.get(rule, "Move on."),
        )
    game.queue.push(step.then)
