"""Checking and performing actions. Each handler first validates (raising an :class:`IllegalAction` that
cites the rules, with the state untouched) and then performs; the procedure then runs until someone must act."""

from __future__ import annotations

from dataclasses import dataclass

from engine.common.handlers import ActionRules, Handler

from . import actions as A
from . import costs, triggers
from .cards import Ability, Cost
from .day import reactions_first
from .errors import (
    CannotPlay,
    ChoicePending,
    IllegalAction,
    InvalidChoice,
    LimitReached,
    NotYourTurn,
    UnknownObject,
    WrongTiming,
)
from .log import record
from .passives import allows_play_from, cost_reductions, prohibition
from .resolution import Resolution
from .state import DAILY_LIMIT, EXPEDITIONS, IN_PLAY, Emblem, Game, GameObject, Phase, Zone
from .steps import CheckReactions, ContinueTurn, EndTurn, FinishSpell, RemoveEmblem, TurnAction, run
from .targets import resolve
from .zones import move

PLAY_ZONES = {Zone.HAND: "hand", Zone.RESERVE: "reserve", Zone.DISCARD: "discard"}


def _front(game: Game):
    return game.queue[0] if game.queue else None


def _no_pending(game: Game) -> None:
    if game.pending is not None:
        raise ChoicePending(
            f"{game.pending.player} must first decide: {game.pending.prompt}", game.pending.rule
        )


def _turn(game: Game, player: str) -> TurnAction:
    """The action is taken by the turn player in their Afternoon turn, with no Reaction waiting."""
    _no_pending(game)
    if game.reactions_in_limbo():
        raise WrongTiming("Reactions in Limbo are played first", "4.2.3.c", "4.2.e")
    front = _front(game)
    if game.phase is not Phase.AFTERNOON or not isinstance(front, TurnAction):
        raise WrongTiming("cards and quick actions are played during Afternoon turns", "4.2.3.c", "1.3.2.d")
    if front.player != player:
        if game.players[player].passed:
            raise NotYourTurn(f"{player} has passed and takes no more turns this day", "1.3.2.d")
        raise NotYourTurn(f"it is {front.player}'s turn", "4.2.3.c", "4.2.3.a")
    return front


def _object(game: Game, oid: str) -> GameObject:
    if oid not in game.objects:
        raise UnknownObject(f"there is no object {oid!r}", "6.1.a")
    return game.objects[oid]


# -- playing a card ----------------------------------------------------------------------------------
@dataclass
class CardPlan:
    card: GameObject
    from_zone: str
    targets: tuple
    payment: costs.Payment
    reductions: list[Emblem]


def check_play(game: Game, a: A.PlayCard) -> CardPlan:
    _turn(game, a.player)
    o = _object(game, a.card)
    if o.controller != a.player or o.zone not in PLAY_ZONES:
        raise CannotPlay(f"{o.name} is not in {a.player}'s Hand or Reserve", "4.2.3.c")
    from_zone = PLAY_ZONES[o.zone]
    if o.zone is Zone.DISCARD and not allows_play_from(o):
        raise CannotPlay("cards are played from Hand or Reserve, not from the Discard pile", "4.2.3.c")
    forbidden = prohibition(game, f"play_from_{from_zone}") if from_zone != "hand" else None
    if forbidden is not None:
        rules = ("1.4.1.a", "1.4.2.a") if from_zone == "discard" else ("1.4.1.a",)
        raise CannotPlay(
            f"playing a card from the {from_zone} is impossible ({forbidden.label}); can't beats can", *rules
        )
    if o.definition.type not in ("character", "spell", "permanent"):
        raise CannotPlay(f"a {o.definition.type} is not played from Hand or Reserve", "4.2.3.c")
    if o.definition.type == "character" and a.expedition not in EXPEDITIONS:
        raise CannotPlay(
            f"a Character is played into the hero or the companion expedition, not {a.expedition!r}",
            "4.2.3.c",
        )
    targets = resolve(game, a.player, o.definition.targets, a.targets)
    reductions = cost_reductions(game, a.player)
    mana = max(0, o.definition.cost_from(from_zone) - sum(e.passive.value for e in reductions if e.passive))
    payment = costs.check(game, a.player, Cost(mana=mana), o, (), mana)
    return CardPlan(o, from_zone, targets, payment, reductions)


def do_play(game: Game, a: A.PlayCard, plan: CardPlan) -> None:
    game.queue.popleft()
    o = plan.card
    record(
        game,
        "4.2.3.c",
        "play_card",
        f"{a.player} plays {o.name} from their {plan.from_zone.capitalize()}.",
        (o.id,),
        a.player,
    )
    if plan.from_zone == "discard":
        record(
            game,
            "1.4.2.a",
            "specific",
            f"{o.name} allows itself to be played from the Discard pile: the card "
            "takes priority over the general rule (Hand or Reserve).",
            (o.id,),
            a.player,
        )
    for emblem in plan.reductions:
        emblem.used = True
        record(
            game,
            "1.4.2.a",
            "costs_less",
            f'Emblem-Ongoing {emblem.id} ("{emblem.text}"): {o.name} costs {emblem.passive.value if emblem.passive else 0} less.',
            (emblem.id, o.id),
            a.player,
        )
    costs.pay(game, a.player, plan.payment, o, o.name)
    tasks = []
    if o.definition.type == "spell":
        move(game, o, Zone.LIMBO, a.player)
        tasks += [
            Resolution(
                a.player,
                o.name,
                list(o.definition.effect),
                kind="card",
                source_id=o.id,
                source_inc=o.incarnation,
                source_name=o.name,
                targets=plan.targets,
            ),
            FinishSpell(o.id, plan.from_zone),
        ]
    elif o.definition.type == "character":
        move(game, o, Zone.EXPEDITION, a.player, expedition=a.expedition)
        triggers.played(game, o, plan.from_zone)
    else:
        move(game, o, Zone.LANDMARKS, a.player)
        triggers.played(game, o, plan.from_zone)
    game.queue.push(*tasks, CheckReactions("4.2.3.c", f"after {a.player} played {o.name}"), EndTurn(a.player))


# -- quick actions -----------------------------------------------------------------------------------
@dataclass
class QuickPlan:
    source: GameObject
    ability: Ability
    targets: tuple
    payment: costs.Payment


def check_quick(game: Game, a: A.QuickAction) -> QuickPlan:
    _turn(game, a.player)
    o = _object(game, a.source)
    abilities = o.definition.abilities
    if not 0 <= a.ability < len(abilities):
        raise UnknownObject(f"{o.name} has no ability number {a.ability}", "4.2.3.c")
    ability = abilities[a.ability]
    if (o.zone in IN_PLAY and o.controller == a.player and ability.kind == "quick") or (
        o.zone is Zone.RESERVE and o.owner == a.player and ability.kind == "support"
    ):
        pass
    else:
        raise CannotPlay(
            f"{a.player} can play a quick action of an object they control in play, or a support "
            f"ability of a card in their Reserve; {o.name}'s ability {a.ability} is neither here",
            "4.2.3.c",
        )
    key = (o.id, o.incarnation, a.ability)
    if game.quick_uses.get(key, 0) >= DAILY_LIMIT:
        raise LimitReached(f"{o.name}'s quick action has been played {DAILY_LIMIT} times this day", "1.4.6.b")
    targets = resolve(game, a.player, ability.targets, a.targets)
    payment = costs.check(game, a.player, ability.cost, o, tuple(a.pay_with))
    return QuickPlan(o, ability, targets, payment)


def do_quick(game: Game, a: A.QuickAction, plan: QuickPlan) -> None:
    game.queue.popleft()
    o, ability = plan.source, plan.ability
    key = (o.id, o.incarnation, a.ability)
    game.quick_uses[key] = game.quick_uses.get(key, 0) + 1
    kind = (
        "support ability, from the Reserve (decision D-SUPPORT)"
        if ability.kind == "support"
        else "quick action"
    )
    record(
        game,
        "4.2.3.c",
        "quick_action",
        f'{a.player} plays {o.name}\'s {kind}: "{ability.text}" ({game.quick_uses[key]} time(s) this day).',
        (o.id,),
        a.player,
    )
    label = f"{o.name}'s {'support ability' if ability.kind == 'support' else 'quick action'}"
    res = Resolution(
        a.player,
        label,
        list(ability.effect),
        kind="quick",
        source_id=o.id,
        source_inc=o.incarnation,
        source_name=o.name,
        targets=plan.targets,
    )
    costs.pay(game, a.player, plan.payment, o, label)
    game.queue.push(
        res, CheckReactions("4.2.3.c", f"after {a.player}'s quick action"), ContinueTurn(a.player)
    )


# -- passing -----------------------------------------------------------------------------------------
def check_pass(game: Game, a: A.Pass) -> None:
    _turn(game, a.player)


def do_pass(game: Game, a: A.Pass, plan: None) -> None:
    game.queue.popleft()
    game.players[a.player].passed = True
    record(game, "4.2.3.c", "pass", f"{a.player} passes: the turn ends.", (), a.player)
    record(
        game, "1.3.2.d", "passed", f"{a.player} has passed and cannot take more turns this day.", (), a.player
    )
    game.queue.push(CheckReactions("4.2.3.c", f"after {a.player} passed"), EndTurn(a.player))


# -- Reactions ---------------------------------------------------------------------------------------
def check_reaction(game: Game, a: A.PlayReaction) -> tuple[Emblem, tuple]:
    _no_pending(game)
    front = _front(game)
    if not isinstance(front, CheckReactions) or not game.reactions_in_limbo():
        raise WrongTiming("no Reactions are being checked now", "4.2.e")
    first = reactions_first(game)
    if a.player != first:
        raise WrongTiming(f"{first} has initiative and plays their Reactions first", "1.4.5.a")
    emblem = game.emblems.get(a.reaction)
    if emblem is None or emblem.kind != "reaction" or emblem.controller != a.player:
        raise UnknownObject(f"{a.reaction!r} is not an Emblem-Reaction of {a.player} in Limbo", "2.2.2.m")
    targets = resolve(game, a.player, emblem.targets, a.targets, lenient=True)
    return emblem, targets


def do_reaction(game: Game, a: A.PlayReaction, plan: tuple[Emblem, tuple]) -> None:
    emblem, targets = plan
    _front(game).played += 1
    record(
        game,
        "2.2.2.m",
        "play_reaction",
        f"{a.player} plays Emblem-Reaction {emblem.id} ({emblem.source_name}): "
        f'"{emblem.text}"; its effect resolves.',
        (emblem.id,),
        a.player,
    )
    game.queue.push(
        Resolution(
            a.player,
            f"{emblem.source_name}'s reaction ({emblem.id})",
            list(emblem.effect),
            kind="reaction",
            source_id=emblem.source_id,
            source_inc=emblem.source_inc,
            source_name=emblem.source_name,
            targets=targets,
        ),
        RemoveEmblem(emblem.id),
    )


# -- decisions ---------------------------------------------------------------------------------------
def check_decide(game: Game, a: A.Decide) -> tuple[str, ...]:
    c = game.pending
    if c is None:
        raise InvalidChoice("there is no decision to make now", "6.1.a")
    if a.player != c.player:
        raise ChoicePending(f"{c.player} decides now, not {a.player}", *dict.fromkeys((c.rule, "1.4.5.a")))
    choice = tuple(a.choice)
    if len(set(choice)) != len(choice) or any(x not in c.options for x in choice):
        raise InvalidChoice(f"{list(choice)} is not among the options {list(c.options)}", c.rule)
    if c.kind in ("may",) or (c.options and c.options[0] in ("yes", "no")):
        if len(choice) != 1:
            raise InvalidChoice("answer yes or no", c.rule)
    elif not c.min <= len(choice) <= c.max:
        raise InvalidChoice(f"choose between {c.min} and {c.max}, not {len(choice)}", c.rule)
    return choice


def do_decide(game: Game, a: A.Decide, choice: tuple[str, ...]) -> None:
    front = _front(game)
    assert isinstance(front, Resolution)
    front.answer(game, a.player, choice)


def _gate(game: Game, action: A.Action) -> None:
    """Every action is taken by a player of the game."""
    if action.player not in game.players:
        raise UnknownObject(f"there is no player {action.player!r}", "4.2.3.c")


def _unknown(action: object) -> IllegalAction:
    return IllegalAction(f"unknown action {type(action).__name__}", "4.2.3.c")


ACTIONS: ActionRules[Game] = ActionRules(
    {
        A.PlayCard: Handler(check_play, do_play),
        A.QuickAction: Handler(check_quick, do_quick),
        A.Pass: Handler(check_pass, do_pass),
        A.PlayReaction: Handler(check_reaction, do_reaction),
        A.Decide: Handler(check_decide, do_decide),
    },
    _gate,
    run,
    _unknown,
)
#: The plan of a legal action, or the :class:`IllegalAction` saying why not (the state is not changed).
validate = ACTIONS.validate
#: Validate, perform, then run the procedure until a player must act.
apply_action = ACTIONS.apply
