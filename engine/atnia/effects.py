"""Doing what a card says, effect by effect, on resolution (rules/playing-cards-and-the-horizon/p5).

* An effect on a target that no longer exists, or is no longer legal, does not happen; the others do
  (rules/extra-notes/p4).
* An effect is mandatory unless it says "you may" (rules/extra-notes/p5): ``may`` asks its controller.
* "Do x to do y": if x does not happen, y does not happen (rules/extra-notes/p6); if y cannot happen, x is not
  done either (rules/extra-notes/p6.1, decision D-DO-X-TO-DO-Y).
"""

from __future__ import annotations

from .cards import Effect
from .horizon import specs_of
from .log import record
from .state import DAMAGE_ZONES, Entry, Game, PendingChoice, Zone
from .stats import add_buff, health, offense
from .steps import PROCEDURE, Effects
from .targets import still_valid
from .zones import create, deal_damage, destroy, draw, enter_battlefield, move


def _source_name(game: Game, entry: Entry) -> str:
    cid = entry.card or entry.source
    return game.card(cid).name if cid else entry.label


def _units(game: Game, pid: str) -> list[str]:
    return [c for c in game.players[pid].battlefield if game.card(c).is_unit]


def recipients(game: Game, entry: Entry, effect: Effect, *, quiet: bool = False) -> list[str]:
    """Who or what an effect applies to: its chosen target while it is still legal, or a fixed recipient."""
    me = entry.controller
    if effect.target is not None:
        specs = specs_of(game, entry)
        ref = entry.targets[effect.target] if effect.target < len(entry.targets) else None
        if ref is not None and still_valid(game, me, specs[effect.target], ref):
            return [ref.id]
        if not quiet:
            gone = game.objects[ref.id].name if ref is not None and ref.id in game.objects else "its target"
            record(
                game,
                "rules/extra-notes/p4",
                "lost_target",
                f"{_source_name(game, entry)}: {gone} is no longer a legal "
                f"target, so the {effect.op} effect on it does not happen.",
                (),
                me,
            )
        return []
    source = entry.card or entry.source
    return {
        "self": [source] if source and game.card(source).zone is not None else [],
        "you": [me],
        "opponent": [game.opponent(me)],
        "each_player": list(game.order),
        "each_unit": _units(game, game.order[0]) + _units(game, game.order[1]),
        "each_ally_unit": _units(game, me),
        "each_enemy_unit": _units(game, game.opponent(me)),
        "other_ally_units": [u for u in _units(game, me) if u != source],
    }.get(effect.to or "", [])


def can_happen(game: Game, entry: Entry, effect: Effect) -> bool:
    """Whether an effect would do anything now (for 'do x to do y')."""
    me = game.players[entry.controller]
    if effect.op == "pay_energy":
        return me.energy >= effect.amount
    if effect.op == "discard":
        return len(me.hand) >= effect.amount
    if effect.op == "do":
        return all(can_happen(game, entry, e) for e in effect.inner) and any(
            can_happen(game, entry, e) for e in effect.then
        )
    if effect.op in ("damage", "buff", "destroy", "void", "return"):
        return bool(recipients(game, entry, effect, quiet=True))
    return True


@PROCEDURE.performs(Effects)
def step_effects(game: Game, step: Effects) -> None:
    """Do effect ``index``, then the rest (an effect that needs a choice waits for it)."""
    entry, effects, index = step.entry, step.effects, step.index
    if index >= len(effects):
        return
    game.queue.push(Effects(entry, effects, index + 1))
    do_effect(game, entry, effects[index])


def do_effect(game: Game, entry: Entry, effect: Effect) -> None:
    """Carry out one effect of a resolving entry."""
    me = entry.controller
    src = _source_name(game, entry)
    op = effect.op
    if op == "damage":
        for r in recipients(game, entry, effect):
            if r in game.players:
                game.players[r].life -= effect.amount
                record(
                    game,
                    "rules/kinds-of-game-objects/p4",
                    "life",
                    f"{src} deals {effect.amount} damage to {r} ({game.players[r].life} life left).",
                    (),
                    r,
                )
            else:
                deal_damage(game, game.card(r), effect.amount, src)
    elif op == "buff":
        for r in recipients(game, entry, effect):
            card = game.card(r) if r not in game.players else None
            if card is None or card.zone not in DAMAGE_ZONES:
                continue
            add_buff(game, card, effect.health, effect.offense, effect.until, entry.card or entry.source)
            how = " until round end" if effect.until == "round_end" else ""
            record(
                game,
                "rules/parts-of-a-card/p7",
                "buff",
                f"{src} gives {card.name} {effect.offense:+d} offense and {effect.health:+d} "
                f"health{how} (now {offense(card)}/{health(card)}).",
                (card.id,),
                card.controller,
            )
    elif op == "destroy":
        for r in recipients(game, entry, effect):
            destroy(game, game.card(r), "rules/playing-cards-and-the-horizon/p4", f"by {src}")
    elif op == "void":
        for r in recipients(game, entry, effect):
            card = game.card(r)
            move(game, card, Zone.VOID)
            record(game, "rules/zones/p6", "void", f"{src} puts {card.name} into the void.", (r,), card.owner)
    elif op == "return":
        for r in recipients(game, entry, effect):
            card = game.card(r)
            move(game, card, Zone.HAND)
            record(
                game,
                "rules/zones/p2",
                "to_hand",
                f"{src} returns {card.name} to {card.owner}'s hand.",
                (r,),
                card.owner,
            )
    elif op == "draw":
        draw(game, me, effect.amount, "rules/parts-of-a-card/p8", f" ({src})")
    elif op == "gain_energy":
        game.players[me].energy += effect.amount
        record(
            game,
            "rules/energy-system/p1",
            "energy",
            f"{src}: {me} gains {effect.amount} energy ({game.players[me].energy}).",
            (),
            me,
        )
    elif op == "pay_energy":
        game.players[me].energy -= effect.amount
        record(
            game,
            "rules/energy-system/p1",
            "energy",
            f"{src}: {me} pays {effect.amount} energy ({game.players[me].energy} left).",
            (),
            me,
        )
    elif op == "summon":
        ids = [create(game, game.library[name], me).id for name in effect.cards]
        record(
            game,
            "rules/parts-of-a-card/p8",
            "summon",
            f"{src} summons {', '.join(effect.cards)} for {me}.",
            ids,
            me,
        )
        enter_battlefield(game, ids, me, "rules/parts-of-a-card/p8")
    elif op == "discard":
        _discard(game, entry, effect.amount)
    elif op == "may":
        game.pending = PendingChoice(
            "may",
            me,
            f"{src}: you may do this. Do it?",
            "rules/extra-notes/p5",
            ("yes", "no"),
            1,
            1,
            (entry, effect),
        )
    elif op == "do":
        _do_x_to_do_y(game, entry, effect)


def _discard(game: Game, entry: Entry, count: int) -> None:
    me = entry.controller
    hand = game.players[me].hand
    record(
        game,
        "rules/extra-notes/p5",
        "must",
        f"{_source_name(game, entry)} does not say 'you may': {me} must discard "
        f"{count} card{'s' if count != 1 else ''}.",
        (),
        me,
    )
    if len(hand) <= count:
        discard_cards(game, me, list(hand))
        return
    game.pending = PendingChoice(
        "discard",
        me,
        f"Choose {count} card(s) to discard.",
        "rules/zones/p4",
        tuple(hand),
        count,
        count,
        entry,
    )


def discard_cards(game: Game, pid: str, ids: list[str]) -> None:
    """Discard cards from hand."""
    for cid in ids:
        move(game, game.card(cid), Zone.DISCARD)
    if ids:
        record(
            game,
            "rules/zones/p4",
            "discard",
            f"{pid} discards {', '.join(game.card(c).name for c in ids)}.",
            ids,
            pid,
        )


def answer_may(game: Game, yes: bool) -> None:
    """Do (or skip) the optional effects of a pending 'you may'."""
    choice = game.pending
    assert choice is not None
    entry, effect = choice.ref
    game.pending = None
    record(
        game,
        "rules/extra-notes/p5",
        "may",
        f"{choice.player} chooses {'to' if yes else 'not to'} do what "
        f"{_source_name(game, entry)} says they may.",
        (),
        choice.player,
    )
    if yes:
        game.queue.push(Effects(entry, effect.inner, 0))


def _do_x_to_do_y(game: Game, entry: Entry, effect: Effect) -> None:
    src = _source_name(game, entry)
    if not all(can_happen(game, entry, e) for e in effect.inner):
        record(
            game,
            "rules/extra-notes/p6",
            "do_x",
            f"{src}: x ({', '.join(e.op for e in effect.inner)}) cannot happen, so y "
            f"({', '.join(e.op for e in effect.then)}) does not happen.",
            (),
            entry.controller,
        )
        return
    if not any(can_happen(game, entry, e) for e in effect.then):
        record(
            game,
            "rules/extra-notes/p6.1",
            "do_x",
            f"{src}: y ({', '.join(e.op for e in effect.then)}) cannot happen, so x "
            f"({', '.join(e.op for e in effect.inner)}) is not done either (decision D-DO-X-TO-DO-Y).",
            (),
            entry.controller,
        )
        return
    record(
        game,
        "rules/extra-notes/p6",
        "do_x",
        f"{src}: x ({', '.join(e.op for e in effect.inner)}) happens, then y "
        f"({', '.join(e.op for e in effect.then)}).",
        (),
        entry.controller,
    )
    game.queue.push(Effects(entry, effect.inner, 0), Effects(entry, effect.then, 0))
