"""Apply a player's action: check everything first (raising IllegalAction with the CR ids), then act.

An illegal action never changes the game. After a legal one the engine runs its automatic
steps (:func:`.steps.run`) until a player must act again.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.common.handlers import ActionRules, Handler

from . import actions as A
from .cards import Ability, ResourceCost
from .combat import can_attack, can_be_attacked, declare_attack, declare_defender
from .commands import COMMAND_RULES, COMMAND_TARGET_RULES, GLOBAL_COMMANDS
from .errors import (
    CannotPay,
    ChoicePending,
    GameOver,
    IllegalAction,
    InvalidChoice,
    InvalidTarget,
    LimitReached,
    NoPriority,
    NotAnAbility,
    NotInZone,
    NotYourTurn,
    UniquenessViolation,
    UnknownObject,
    WrongTiming,
    ZoneFull,
)
from .log import record
from .markers import exhaust, remove_victory_tokens, turn_face_up
from .resources import check_payment, exhaust_resource, restricted, spend
from .setup import choose_main_character, eligible_main
from .stack import ensure_stack, give_priority, pass_priority, push_entry
from .state import PERMANENT_ZONES, Game, GameObject, PendingAbility, Phase, StackEntry, Zone
from .steps import EndPhase, EndWindow, Place, Priority, run
from .targets import resolve_choice
from .triggers import emit, static_pending
from .values import abilities_of, snapshot, value
from .zones import controlled_copy, enter_board, free_character_slot, move_card

CHOICE_ACTIONS = {
    "main_character": A.ChooseMainCharacter,
    "trigger_order": A.ChooseTriggerOrder,
    "targets": A.ChooseTargets,
    "cards": A.ChooseCards,
    "keep": A.ChooseCards,
    "defender": A.DeclareDefender,
    "name": A.NameCard,
}
CHOICE_RULES = {
    A.ChooseMainCharacter: "8.0.1a",
    A.ChooseTriggerOrder: "9.2.1",
    A.ChooseTargets: "4.3.5b.III",
    A.ChooseCards: "7.4.1b",
    A.DeclareDefender: "9.3.7",
    A.NameCard: "1.1.5",
}


# -- shared checks ------------------------------------------------------------------------
def _obj(game: Game, oid: str, what: str, rule: str) -> GameObject:
    o = game.objects.get(oid) if isinstance(oid, str) else None
    if o is None:
        raise UnknownObject(f"there is no {what} {oid!r} in the game", rule)
    return o


def _day_action(game: Game, pid: str, what: str, rule: str) -> None:
    """Day-phase actions (9.2.2-9.2.11): the active player, in the day, with no stack open."""
    if pid != game.active:
        raise NotYourTurn(f"only the active player can {what}", "4.1.1", rule)
    if game.phase is not Phase.DAY:
        raise WrongTiming(
            f"{what} is a day-phase action; it is now the {game.phase.value} phase", "9.2.0", rule
        )
    if game.stack is not None:
        raise WrongTiming(
            f"{what} is not possible while a stack exists; only responses are", "4.1.6", "9.2.0"
        )


def _ability_timing(game: Game, what: str) -> None:
    """No abilities in the morning, evening or night unless an effect allows it (9.1.4a, 9.4.1a, 9.5.3)."""
    if game.phase is Phase.MORNING:
        raise WrongTiming(f"{what}: no abilities may be activated during the morning phase", "9.1.4a")
    if game.phase is Phase.EVENING:
        raise WrongTiming(f"{what}: no abilities may be activated during the evening phase", "9.4.1a")


def _check_uniqueness(game: Game, pid: str, obj: GameObject, rule: str) -> None:
    """1.5.5-1.5.6: no second copy of a Victory-Token-Field card controlled, attachments included."""
    if obj.definition.victory_token_field is None:
        return
    copy = controlled_copy(game, pid, obj.definition.name)
    if copy is not None:
        where = "attached to one of their permanents" if copy.zone is Zone.ITEM_SLOT else "on the board"
        raise UniquenessViolation(
            f"{pid} already controls a copy of {obj.name}, a card with a Victory Token Field ({where})",
            rule,
            "1.5.6",
            "1.5.5",
        )


def _check_cost(
    game: Game,
    pid: str,
    ability: Ability,
    source: GameObject | None,
    payment: tuple,
    discards: tuple,
    what: str,
) -> None:
    """Check every part of a [Cost] or Activation Fee (4.3.5c.I-IIa, 4.3.5e.II, 4.3.5f.II).

    A support card paying its own fee has begun its change of zone, so it is not a card in hand (7.5.4a)."""
    cost = ability.cost
    check_payment(game, pid, cost.resources, payment)
    ps = game.players[pid]
    if ps.command_tokens < cost.command_tokens:
        raise CannotPay(
            f"{what} needs {cost.command_tokens} Command Token(s); {pid} has {ps.command_tokens}",
            "4.3.5e.II",
            "10.2.4",
        )
    if cost.exhaust_self:
        if source is None or source.zone not in PERMANENT_ZONES:
            raise CannotPay(
                f"{what} needs its source to be exhausted, but only permanents can be exhausted", "6.2.1"
            )
        if source.exhausted:
            raise CannotPay(
                f"{source.name} is already exhausted and cannot be exhausted again to pay a cost", "6.2.9a"
            )
    if len(discards) != cost.discard or len(set(discards)) != len(discards):
        raise CannotPay(
            f"{what} needs exactly {cost.discard} different card(s) discarded from hand", "4.3.5c.I"
        )
    for oid in discards:
        o = game.objects.get(oid)
        if o is None or o.zone is not Zone.HAND or o.owner != pid:
            raise CannotPay(f"{oid!r} is not a card in {pid}'s hand to discard", "4.3.5c.I")
        if source is not None and oid == source.id:
            raise CannotPay(
                f"{source.name} is no longer in {pid}'s hand once its use begins (it is on its way to the discard "
                "pile as part of the cost), so it cannot be discarded to pay its own fee; discard other cards",
                "7.5.4a",
                "4.3.5f.II",
            )
    if cost.remove_victory_tokens:
        have = source.victory_tokens if source is not None else 0
        if have < cost.remove_victory_tokens:
            raise CannotPay(
                f"{what} needs {cost.remove_victory_tokens} Victory Token(s) removed from its source, which has {have}",
                "4.3.5c.I",
                "10.1.5",
            )


def _pay_cost(
    game: Game,
    pid: str,
    ability: Ability,
    source: GameObject | None,
    payment: tuple,
    discards: tuple,
    what: str,
) -> None:
    cost = ability.cost
    spend(game, pid, payment, what)
    if cost.command_tokens:
        game.players[pid].command_tokens -= cost.command_tokens
        record(
            game,
            "10.2.4",
            "command_token_spent",
            f"{pid} spends {cost.command_tokens} Command Token(s) for {what}.",
            (),
            pid,
        )
    if cost.exhaust_self and source is not None:
        exhaust(game, source, "4.3.5c.I", f" to pay for {what}")
    for oid in discards:
        move_card(
            game,
            game.objects[oid],
            Zone.DISCARD,
            "4.3.5c.I",
            f"{pid} discards {game.objects[oid].name} to pay for {what}.",
        )
    if cost.remove_victory_tokens and source is not None:
        remove_victory_tokens(game, source, cost.remove_victory_tokens)


def _activation_targets(
    game: Game, ability: Ability, targets: tuple, pid: str, source_id: str | None, rules: tuple[str, ...] = ()
):
    return resolve_choice(game, ability.targets, targets, pid, source_id, strict=True, rules=rules)


def _new_entry(
    game: Game, kind: str, pid: str, label: str, ability: Ability, rule: str, source: GameObject | None, refs
) -> StackEntry:
    return StackEntry(
        id=game.new_id("e"),
        kind=kind,
        controller=pid,
        label=label,
        effects=ability.effects,
        rule=rule,
        ability=ability,
        source_id=source.id if source is not None else None,
        source_inc=source.incarnation if source is not None else 0,
        source=snapshot(game, source) if source is not None else None,
        targets=refs,
    )


def _note_played_field(game: Game, o: GameObject) -> None:
    """An item card with a Victory Token Field that is played (directly or attached) grows the pool by its
    printed number at the next state-based check (1.5.3, decision D-POOL-TIMING)."""
    n = o.definition.victory_token_field
    if n:
        game.played_fields.append((o.id, n))


def _statics_to_stack(game: Game, pid: str, pending: list) -> None:
    """Put the static effects of a played card or revealed attachment on the stack now (4.1.4)."""
    for p in pending:
        p.ordered = True
    ensure_stack(game, "4.1.3")
    game.placing.extend(pending)
    game.priority = None
    game.queue.push(Place(), Priority(pid))


# -- handlers: each action's check (validate and plan, the game unchanged) and its performance -------------
def check_choose_main(game: Game, a: A.ChooseMainCharacter) -> GameObject:
    o = _obj(game, a.card, "card", "8.0.1a")
    if o.owner != a.player or o.zone is not Zone.DECK:
        raise NotInZone(f"{a.card} is not a card in {a.player}'s deck", "8.0.1a")
    problem = eligible_main(o.definition)
    if problem is not None:
        raise InvalidChoice(problem[1], *problem[0])
    return o


def do_choose_main(game: Game, a: A.ChooseMainCharacter, o: GameObject) -> None:
    choose_main_character(game, a.player, o)


def check_play(game: Game, a: A.PlayCard) -> GameObject:
    o = _obj(game, a.card, "card", "9.2.5")
    d = o.definition
    if o.zone is not Zone.HAND or o.owner != a.player:
        raise NotInZone(f"{o.name} is not in {a.player}'s hand", "4.1.1", "9.2.5")
    rule = {"character": "9.2.5", "location": "9.2.6", "item": "9.2.7"}[d.type]
    _day_action(game, a.player, "play cards", rule)
    if d.type == "character":
        if free_character_slot(game, a.player) is None:
            raise ZoneFull(
                f"all {game.params.character_slots} of {a.player}'s character slots are occupied", "7.1.2c"
            )
        _check_uniqueness(game, a.player, o, "2.2.7b")

        check_payment(game, a.player, ResourceCost(d.cost or 0), a.payment, d.faction)
    elif d.type == "location":
        played, allowed = (
            game.players[a.player].locations_this_turn(game.turn),
            game.params.locations_per_turn,
        )
        if played >= allowed:
            raise LimitReached(
                f"{a.player} already played {played} location(s) this turn; only {allowed} may be played per turn",
                "2.4.2",
                "9.2.6",
            )
        _check_uniqueness(game, a.player, o, "1.5.6")
        if a.payment:
            raise CannotPay("locations are played without costs", "2.4.1")
    else:
        _check_uniqueness(game, a.player, o, "1.5.6")
        if a.payment:
            raise CannotPay("items are played without costs", "2.3.1a")
    return o


def do_play(game: Game, a: A.PlayCard, o: GameObject) -> None:
    d = o.definition
    pid = a.player
    if d.type == "character":
        spend(game, pid, a.payment, d.name)
        enter_board(game, o, Zone.CHARACTERS, pid, "9.2.5", f"{pid} plays {d.name} into a character slot.")
        pending = static_pending(game, o, "4.1.4")
    elif d.type == "location":
        ps = game.players[pid]
        ps.locations_played = ps.locations_this_turn(game.turn) + 1
        ps.location_turn = game.turn
        enter_board(game, o, Zone.LOCATION, pid, "9.2.6", f"{pid} plays the location {d.name}.")
        pending = static_pending(game, o, "2.4.4c")
    else:
        pending = static_pending(game, o, "2.3.1b", in_slot=False)
        record(game, "9.2.7", "play_item", f"{pid} plays the item {d.name} directly.", (o.id,), pid)
        _note_played_field(game, o)
        move_card(
            game,
            o,
            Zone.DISCARD,
            "2.3.1b",
            f"{d.name} is discarded after being played directly; its static effects go on the stack.",
            announce=False,
        )
    emit(game, "played", o, player=pid)
    _statics_to_stack(game, pid, pending)


def check_attach(game: Game, a: A.AttachItem) -> tuple[GameObject, GameObject]:
    o = _obj(game, a.card, "card", "9.2.7")
    if o.zone is not Zone.HAND or o.owner != a.player:
        raise NotInZone(f"{o.name} is not in {a.player}'s hand", "9.2.7")
    if o.definition.type != "item":
        raise InvalidTarget(f"{o.name} is not an item and cannot be attached", "2.3.2a", "9.2.7")
    _day_action(game, a.player, "attach items", "9.2.7")
    host = _obj(game, a.host, "permanent", "2.3.2a")
    if host.zone not in PERMANENT_ZONES or host.controller != a.player:
        raise InvalidTarget(f"{host.name} is not a permanent controlled by {a.player}", "2.3.2a")
    _check_uniqueness(game, a.player, o, "1.5.6")
    slots = value(game, host, "item_slots") or 0
    if len(host.attachments) >= slots:
        raise ZoneFull(
            f"{host.name} has no available item slot ({len(host.attachments)} of {slots} used)",
            "2.3.2c",
            "2.2.2b",
        )
    return o, host


def do_attach(game: Game, a: A.AttachItem, plan: tuple[GameObject, GameObject]) -> None:
    o, host = plan
    pid = a.player
    how = "face-down" if a.face_down else "face-up"
    enter_board(
        game,
        o,
        Zone.ITEM_SLOT,
        pid,
        "2.1.2b" if a.face_down else "9.2.7",
        f"{pid} attaches {o.name} {how} to {host.name}.",
        host=host,
        face_down=a.face_down,
    )
    _note_played_field(game, o)
    emit(game, "played", o, player=pid)
    pending = [] if a.face_down else static_pending(game, o, "2.3.2d")
    _statics_to_stack(game, pid, pending)


def _attachment(game: Game, pid: str, oid: str, rule: str) -> GameObject:
    o = _obj(game, oid, "attachment", rule)
    if o.zone is not Zone.ITEM_SLOT:
        raise NotInZone(f"{o.name} is not an attachment on the game board", rule)
    host = game.objects[o.attached_to] if o.attached_to else None
    if host is None or host.controller != pid:
        raise InvalidTarget(f"only the controller of {o.name}'s linked target may do this", rule)
    return o


def check_turn_face_up(game: Game, a: A.TurnFaceUp) -> GameObject:
    o = _obj(game, a.attachment, "attachment", "2.1.2d")
    if o.zone in PERMANENT_ZONES:
        raise InvalidTarget(
            f"{o.name} is a permanent: it may only be turned face-up when an effect allows it; players turn only face-down attachments face-up",
            "6.1.6",
            "2.1.2d",
        )
    o = _attachment(game, a.player, a.attachment, "2.1.2d")
    if not o.face_down:
        raise InvalidTarget(f"{o.name} is already face-up", "2.1.2d")
    return o


def do_turn_face_up(game: Game, a: A.TurnFaceUp, o: GameObject) -> None:
    pending = turn_face_up(game, o, "2.1.2d", f"{a.player} turns {o.name} face-up.")
    _statics_to_stack(game, a.player, pending)


def check_discard_attachment(game: Game, a: A.DiscardAttachment) -> GameObject:
    o = _attachment(game, a.player, a.attachment, "2.1.2g")
    if o.face_down:
        raise InvalidTarget(
            f"{o.name} is face-down; only face-up attachments may be discarded this way", "2.1.2g"
        )
    return o


def do_discard_attachment(game: Game, a: A.DiscardAttachment, o: GameObject) -> None:
    move_card(game, o, Zone.DISCARD, "2.1.2g", f"{a.player} discards the attachment {o.name}.")


def check_exhaust_resource(game: Game, a: A.ExhaustResource) -> GameObject:
    o = _obj(game, a.token, "resource token", "9.2.10")
    if o.zone is not Zone.RESOURCES or o.controller != a.player:
        raise NotInZone(f"{o.name} is not a resource token in {a.player}'s resource zone", "5.0.1d", "9.2.10")
    stop = restricted(game, a.player, "generation")
    if stop is not None:
        raise CannotPay(f"{a.player} cannot generate resources: {stop.label} prevents it", "5.0.3h")
    if o.exhausted:
        raise InvalidTarget(f"{o.name} is already exhausted", "6.2.9a")
    if o.face_down:
        raise InvalidTarget(f"{o.name} is face-down and treated as blank", "6.1.5")
    return o


def do_exhaust_resource(game: Game, a: A.ExhaustResource, o: GameObject) -> None:
    exhaust_resource(game, o)


def _ability_of(game: Game, source: GameObject, index: int, rule: str) -> Ability:
    abilities = abilities_of(game, source)
    if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < len(abilities):
        raise NotAnAbility(f"{source.name} has no ability number {index}", rule)
    return abilities[index]


@dataclass(frozen=True, slots=True)
class Activation:
    """The plan of an ability's activation or a command's use: its source, ability, name and chosen targets."""

    source: GameObject | None
    ability: Ability
    what: str
    refs: tuple
    rule: str = ""


def check_activate(game: Game, a: A.ActivateAbility) -> Activation:
    src = _obj(game, a.source, "permanent or attachment", "4.3.5c.I")
    ab = _ability_of(game, src, a.ability, "4.3.5c.I")
    granted = a.ability >= len(src.definition.abilities)  # works whatever the permanent's state (4.3.2b)
    what = f"{src.name}'s {ab.label()}"
    if ab.type != "activated":
        raise NotAnAbility(f"{what} is a {ab.type} ability, not an activated one", "4.3.5c.I")
    if src.zone not in PERMANENT_ZONES and src.zone is not Zone.ITEM_SLOT:
        raise NotInZone(f"{src.name} is not on the game board", "4.3.2a")
    if src.controller != a.player:
        raise InvalidTarget(f"only the controller of {src.name} may activate its abilities", "4.3.5c.I")
    if src.face_down and not granted:
        raise WrongTiming(f"{src.name} is face-down and has no abilities", "4.3.2a", "6.1.5")
    if ab.is_equip and src.zone is not Zone.ITEM_SLOT:
        raise WrongTiming(f"{what} is an equipment ability and only works in an item slot", "4.3.5g.II")
    _ability_timing(game, what)
    if ab.timing == "day":
        _day_action(game, a.player, f"activate {what}", "9.2.9")
    key = f"{src.id}|{a.ability}"
    if ab.once_per_turn and game.players[a.player].ability_uses.get(key) == game.turn:
        raise LimitReached(f"{what} can be activated only once per turn", "4.3.5c.I")
    _check_cost(game, a.player, ab, src, a.payment, a.discards, what)
    return Activation(src, ab, what, _activation_targets(game, ab, a.targets, a.player, src.id))


def do_activate(game: Game, a: A.ActivateAbility, plan: Activation) -> None:
    src, ab, what = plan.source, plan.ability, plan.what
    assert src is not None
    if ab.once_per_turn:
        game.players[a.player].ability_uses[f"{src.id}|{a.ability}"] = game.turn
    rule = "4.3.5c.III"
    record(game, "4.3.5c.I", "activate", f"{a.player} activates {what}.", (src.id,), a.player)
    entry = _new_entry(
        game,
        "equip" if ab.is_equip else ("command" if ab.is_command else "activated"),
        a.player,
        what,
        ab,
        rule,
        src,
        plan.refs,
    )
    _pay_cost(game, a.player, ab, src, a.payment, a.discards, what)
    ensure_stack(game, "4.1.3")
    push_entry(game, entry)
    give_priority(game, a.player)


def check_support(game: Game, a: A.ActivateSupport) -> Activation:
    o = _obj(game, a.card, "card", "4.3.2e")
    if o.zone is not Zone.HAND or o.owner != a.player:
        raise NotInZone(f"{o.name} is not in {a.player}'s hand", "4.3.2e", "9.2.9a")
    ab = o.definition.support_ability()
    if ab is None:
        raise NotAnAbility(f"{o.name} has no support ability", "4.3.5f.II")
    if a.player != game.active:
        raise NotYourTurn("support abilities are activated only by the active player", "4.3.5f.I")
    if game.stack is not None:
        raise WrongTiming("support abilities may only be activated when no stack exists", "4.3.5f.I")
    if game.phase not in (Phase.DAY, Phase.COMBAT):
        raise WrongTiming(f"no abilities may be activated in the {game.phase.value} phase", "9.2.9")
    what = f"{o.name}'s support ability"
    _check_cost(game, a.player, ab, o, a.payment, a.discards, what)
    return Activation(o, ab, what, _activation_targets(game, ab, a.targets, a.player, o.id))


def do_support(game: Game, a: A.ActivateSupport, plan: Activation) -> None:
    o, ab, what = plan.source, plan.ability, plan.what
    assert o is not None
    pid = a.player
    record(
        game, "4.3.5f.II", "support", f"{pid} reveals {o.name} and uses its support ability.", (o.id,), pid
    )
    entry = _new_entry(game, "support", pid, what, ab, "4.3.5f.III", o, plan.refs)
    _pay_cost(game, pid, ab, o, a.payment, a.discards, what)
    move_card(
        game,
        o,
        Zone.DISCARD,
        "4.3.5f.II",
        f"{pid} discards {o.name} as part of the cost of its support ability.",
    )
    ensure_stack(game, "4.1.3")
    push_entry(game, entry)
    give_priority(game, pid)


def check_command(game: Game, a: A.UseCommand) -> Activation:
    ab = GLOBAL_COMMANDS.get(a.command)
    if ab is None:
        raise NotAnAbility(
            f"there is no global command ability {a.command!r}; use Acquisition, Solvency or Contingency",
            "9.2.2",
            "9.2.3",
            "9.2.4",
        )
    rule = COMMAND_RULES[a.command]
    _day_action(game, a.player, f"use {a.command}", rule)
    ps = game.players[a.player]
    if a.command == "Solvency" and ps.solvency_turn == game.turn:
        raise LimitReached("Solvency may be used only once per turn", "9.2.3", "5.0.2a")
    if a.command == "Contingency":
        if ps.contingency_turn == game.turn:
            raise LimitReached("Contingency may be used only once per turn", "9.2.4")
        if not game.fewest_victory_tokens(a.player):
            raise WrongTiming(
                f"{a.player} has {game.collected(a.player)} Victory Token(s), not fewer than each other player",
                "9.2.4a",
            )
        if game.victory_pool <= 0:
            raise WrongTiming("the global Victory Token pool is empty", "10.1.7")
    src = game.objects.get(ps.main_character) if ps.main_character else None
    _check_cost(game, a.player, ab, None, (), (), a.command)
    refs = _activation_targets(
        game, ab, a.targets, a.player, src.id if src else None, COMMAND_TARGET_RULES.get(a.command, ())
    )
    return Activation(src, ab, a.command, refs, rule)


def do_command(game: Game, a: A.UseCommand, plan: Activation) -> None:
    ps = game.players[a.player]
    if a.command == "Solvency":
        ps.solvency_turn = game.turn
    elif a.command == "Contingency":
        ps.contingency_turn = game.turn
    record(
        game,
        plan.rule,
        "command",
        f"{a.player} uses the command ability {a.command}.",
        tuple(x for x in (ps.main_character,) if x),
        a.player,
    )
    entry = _new_entry(game, "command", a.player, a.command, plan.ability, plan.rule, plan.source, plan.refs)
    _pay_cost(game, a.player, plan.ability, None, (), (), a.command)
    ensure_stack(game, "4.1.3")
    push_entry(game, entry)
    give_priority(game, a.player)


def check_enter_combat(game: Game, a: A.EnterCombat) -> None:
    _day_action(game, a.player, "enter combat", "9.2.11")
    if game.turn <= 1:
        raise WrongTiming("combat may not be entered during the first turn of the game", "9.2.11")
    if game.combat_turn == game.turn:
        raise LimitReached("combat may be entered only once per turn", "9.3.1", "9.2.11")


def do_enter_combat(game: Game, a: A.EnterCombat, plan: None) -> None:
    game.combat_turn = game.turn
    record(game, "9.2.11", "enter_combat", f"{a.player} enters the combat phase.", (), a.player)
    game.priority = None
    game.queue.push(EndPhase(Phase.DAY, Phase.COMBAT))


def check_attack(game: Game, a: A.DeclareAttack) -> tuple[GameObject, GameObject]:
    if game.phase is not Phase.COMBAT or a.player != game.active:
        raise WrongTiming("attacks are declared by the active player in the combat phase", "9.3.4")
    if game.stack is not None or game.combat is not None:
        raise WrongTiming("each combat must be fully resolved before another may begin", "9.3.4")
    att = _obj(game, a.attacker, "attacker", "9.3.5")
    if not can_attack(game, att, a.player):
        raise InvalidTarget(
            f"{att.name} is not one of {a.player}'s face-up permanents with an offensive value",
            "9.3.5",
            "2.2.3d",
        )
    tgt = _obj(game, a.target, "target", "9.3.6")
    if not can_be_attacked(game, tgt, a.player):
        if tgt.controller == a.player:
            raise InvalidTarget(
                f"{tgt.name} is {a.player}'s own permanent; attacks target an opponent's permanent", "9.3.6"
            )
        raise InvalidTarget(f"{tgt.name} has no defensive value and cannot be attacked", "9.3.6", "9.3.6b")
    return att, tgt


def do_attack(game: Game, a: A.DeclareAttack, plan: tuple[GameObject, GameObject]) -> None:
    game.priority = None
    declare_attack(game, *plan)


def check_defender(game: Game, a: A.DeclareDefender) -> None:
    choice = game.pending
    assert choice is not None
    if a.defender is not None and a.defender not in choice.options:
        raise InvalidChoice(
            f"{a.defender} cannot defend: a defender is a face-up permanent with a DFV that you control",
            "9.3.7",
        )


def do_defender(game: Game, a: A.DeclareDefender, plan: None) -> None:
    game.pending = None
    declare_defender(game, a.player, game.objects[a.defender] if a.defender else None)


def check_next_phase(game: Game, a: A.NextPhase) -> None:
    if a.player != game.active:
        raise NotYourTurn("only the active player ends their phase", "9.2.0")
    if game.stack is not None:
        raise WrongTiming("a stack exists: pass priority until it resolves", "4.1.7")
    if game.phase is Phase.COMBAT and game.combat is not None:
        raise WrongTiming("the current combat must be fully resolved first", "9.3.4")
    if game.phase not in (Phase.DAY, Phase.COMBAT):
        raise WrongTiming(f"the {game.phase.value} phase ends on its own", "9.2.0")


def do_next_phase(game: Game, a: A.NextPhase, plan: None) -> None:
    game.priority = None
    if game.phase is Phase.DAY:
        record(
            game,
            "9.2.12",
            "end_day",
            f"{a.player} ends their day phase; a new empty stack is opened for responses.",
            (),
            a.player,
        )
        game.queue.push(EndWindow(), EndPhase(Phase.DAY, None))
    else:
        record(game, "9.3.2", "end_combat", f"{a.player} ends the combat phase.", (), a.player)
        game.queue.push(EndPhase(Phase.COMBAT, None))


def check_pass(game: Game, a: A.PassPriority) -> None:
    if game.stack is None:
        raise WrongTiming("there is no stack to pass on; end the phase with NextPhase instead", "4.1.7")


def do_pass(game: Game, a: A.PassPriority, plan: None) -> None:
    pass_priority(game, a.player)


def check_order(game: Game, a: A.ChooseTriggerOrder) -> tuple[str, ...]:
    choice = game.pending
    assert choice is not None
    order = tuple(a.order)
    if not order or len(set(order)) != len(order) or any(t not in choice.options for t in order):
        raise InvalidChoice(f"give one or more different ids among {', '.join(choice.options)}", "9.2.1")
    return order


def do_order(game: Game, a: A.ChooseTriggerOrder, order: tuple[str, ...]) -> None:
    chosen = [p for t in order for p in game.placing if p.id == t]
    rest = [p for p in game.placing if p.id not in order]
    for p in chosen:
        p.ordered = True
    game.placing = chosen + rest
    game.pending = None
    record(
        game,
        "9.2.1",
        "order",
        f"{a.player} orders their simultaneous abilities: {', '.join(order)} first.",
        (),
        a.player,
    )


def check_targets(game: Game, a: A.ChooseTargets) -> tuple[PendingAbility, tuple]:
    choice = game.pending
    assert choice is not None
    p = next((x for x in game.placing if x.id == choice.ref), None)
    if p is None:
        raise InvalidChoice("the ability waiting for targets is gone", "4.3.5b.III")
    return p, resolve_choice(game, p.ability.targets, a.targets, p.controller, p.source_id, strict=False)


def do_targets(game: Game, a: A.ChooseTargets, plan: tuple[PendingAbility, tuple]) -> None:
    p, refs = plan
    p.targets = refs
    game.pending = None
    chosen = tuple(r.id for g in p.targets for r in g)
    name = p.source.name if p.source is not None else "the ability"
    record(
        game,
        "4.3.5b.III",
        "targets",
        f"{a.player} chooses {', '.join(chosen) or 'no target'} for {name}: {p.ability.label()}.",
        chosen,
        a.player,
    )


def check_name(game: Game, a: A.NameCard) -> None:
    """Answer 'name a card': only a name of the card database, the game's library, never a token's (1.1.5)."""
    if not isinstance(a.name, str) or a.name not in game.library:
        raise InvalidChoice(
            f"{a.name!r} is not the name of a card in the card database; only official card names may be named",
            "1.1.5",
        )


def do_name(game: Game, a: A.NameCard, plan: None) -> None:
    choice = game.pending
    entry = game.resolving
    assert choice is not None and entry is not None and entry.id == choice.ref
    assert choice.effect_index is not None
    entry.answers.setdefault(choice.effect_index, {})[a.player] = a.name
    game.pending = None


def check_cards(game: Game, a: A.ChooseCards) -> tuple[str, ...]:
    choice = game.pending
    assert choice is not None
    cards = tuple(a.cards)
    if len(set(cards)) != len(cards) or any(c not in choice.options for c in cards):
        raise InvalidChoice(f"choose among {', '.join(choice.options)}", choice.rule)
    if not choice.min <= len(cards) <= choice.max:
        raise InvalidChoice(
            f"choose between {choice.min} and {choice.max} card(s), not {len(cards)}", choice.rule
        )
    return cards


def do_cards(game: Game, a: A.ChooseCards, cards: tuple[str, ...]) -> None:
    choice = game.pending
    assert choice is not None
    if choice.kind == "keep":
        game.sbc_keep[f"{a.player}|{choice.ref}"] = cards[0]
        record(
            game,
            "2.2.7c",
            "keep",
            f"{a.player} chooses {game.objects[cards[0]].name} as the copy of {choice.ref} to keep.",
            cards,
            a.player,
        )
    else:
        entry = game.resolving
        assert entry is not None and entry.id == choice.ref and choice.effect_index is not None
        entry.answers.setdefault(choice.effect_index, {})[a.player] = cards
    game.pending = None


def check_actor(game: Game, action: A.Action) -> None:
    """Is this player the one who may act now, with this kind of action?"""
    if game.result is not None:
        raise GameOver("the game is over", game.result.rule)
    choice = game.pending
    kind = type(action)
    if choice is not None:
        if kind is not CHOICE_ACTIONS[choice.kind]:
            raise ChoicePending(f"{choice.player} must first answer: {choice.prompt}", choice.rule)
        if action.player != choice.player:
            raise ChoicePending(
                f"the pending choice belongs to {choice.player}, not {action.player}", choice.rule
            )
        return
    if kind in CHOICE_RULES:
        raise InvalidChoice(f"there is no pending choice for {kind.__name__}", CHOICE_RULES[kind])
    if action.player not in game.players:
        raise UnknownObject(f"there is no player {action.player!r}", "4.1.2")
    if action.player in game.eliminated:
        raise NoPriority(
            f"{action.player} lost the game and has left it; {', '.join(game.playing)} play on",
            "4.2.4a",
            "4.1.2",
        )
    if game.priority != action.player:
        holder = game.priority or "nobody"
        raise NoPriority(f"{action.player} does not have priority ({holder} does)", "4.1.2")


def _unknown(action: object) -> IllegalAction:
    """A value that is no Athernum action."""
    return IllegalAction(f"{action!r} is not an action", "4.1.2")


ACTIONS: ActionRules[Game] = ActionRules(
    {
        A.ChooseMainCharacter: Handler(check_choose_main, do_choose_main),
        A.PlayCard: Handler(check_play, do_play),
        A.AttachItem: Handler(check_attach, do_attach),
        A.TurnFaceUp: Handler(check_turn_face_up, do_turn_face_up),
        A.DiscardAttachment: Handler(check_discard_attachment, do_discard_attachment),
        A.ActivateAbility: Handler(check_activate, do_activate),
        A.ActivateSupport: Handler(check_support, do_support),
        A.UseCommand: Handler(check_command, do_command),
        A.ExhaustResource: Handler(check_exhaust_resource, do_exhaust_resource),
        A.EnterCombat: Handler(check_enter_combat, do_enter_combat),
        A.DeclareAttack: Handler(check_attack, do_attack),
        A.DeclareDefender: Handler(check_defender, do_defender),
        A.NextPhase: Handler(check_next_phase, do_next_phase),
        A.PassPriority: Handler(check_pass, do_pass),
        A.ChooseTriggerOrder: Handler(check_order, do_order),
        A.ChooseTargets: Handler(check_targets, do_targets),
        A.ChooseCards: Handler(check_cards, do_cards),
        A.NameCard: Handler(check_name, do_name),
    },
    check_actor,
    run,
    _unknown,
)
#: Validate and perform an action (raising an :class:`IllegalAction` subclass if it is illegal), then run.
apply_action = ACTIONS.apply
