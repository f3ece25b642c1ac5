"""``legal_actions``: every action the acting player may take now.

It mirrors the checks of :mod:`.apply`: every action listed here is accepted, and an action
not listed is rejected (the random-play test checks both). Ordering one's simultaneous
abilities is offered one ability at a time (``ChooseTriggerOrder((id,))``), which reaches
every order; a full order given at once is accepted as well.
"""

from __future__ import annotations

from itertools import combinations

from . import actions as A
from .cards import Ability, ResourceCost
from .combat import can_attack, can_be_attacked
from .commands import GLOBAL_COMMANDS
from .resources import payments, restricted
from .state import PERMANENT_ZONES, Game, GameObject, Phase, Zone
from .targets import options
from .values import abilities_of, value
from .zones import free_character_slot


def _choice_actions(game: Game) -> list[A.Action]:
    c = game.pending
    assert c is not None
    pid = c.player
    if c.kind == "main_character":
        return [A.ChooseMainCharacter(pid, o) for o in c.options]
    if c.kind == "trigger_order":
        return [A.ChooseTriggerOrder(pid, (o,)) for o in c.options]
    if c.kind == "name":
        return [A.NameCard(pid, n) for n in c.options]
    if c.kind == "defender":
        return [A.DeclareDefender(pid, None), *(A.DeclareDefender(pid, o) for o in c.options)]
    if c.kind == "targets":
        p = next(x for x in game.placing if x.id == c.ref)
        return [
            A.ChooseTargets(pid, t)
            for t in options(game, p.ability.targets, p.controller, p.source_id, strict=False)
        ]
    out: list[A.Action] = []
    for n in range(c.min, c.max + 1):
        out.extend(A.ChooseCards(pid, combo) for combo in combinations(c.options, n))
    return out


def _uses(
    game: Game,
    pid: str,
    ability: Ability,
    source: GameObject | None,
    source_id: str | None,
    exclude: str | None = None,
) -> list[tuple[tuple, tuple, tuple]]:
    """All (targets, payment, discards) with which ``pid`` can use ``ability`` now; ``exclude`` is a support
    card being used, which has left the hand once its use begins (7.5.4a)."""
    cost = ability.cost
    ps = game.players[pid]
    if ps.command_tokens < cost.command_tokens:
        return []
    if cost.exhaust_self and (source is None or source.zone not in PERMANENT_ZONES or source.exhausted):
        return []
    if cost.remove_victory_tokens and (source is None or source.victory_tokens < cost.remove_victory_tokens):
        return []
    pays = payments(game, pid, cost.resources)
    if not pays:
        return []
    hand = [h for h in ps.hand if h != exclude]
    if cost.discard > len(hand):
        return []
    discard_sets = list(combinations(sorted(hand), cost.discard))
    target_sets = options(game, ability.targets, pid, source_id, strict=True)
    return [(t, p, d) for t in target_sets for p in pays for d in discard_sets]


def _activated(game: Game, pid: str) -> list[A.Action]:
    out: list[A.Action] = []
    if game.phase in (Phase.MORNING, Phase.EVENING, Phase.NIGHT):
        return out
    day_ok = pid == game.active and game.phase is Phase.DAY and game.stack is None
    ids = game.board_ids(pid) + game.attachment_ids(pid)
    for oid in ids:
        src = game.objects[oid]
        if src.controller != pid:
            continue
        printed = len(src.definition.abilities)
        for i, ab in enumerate(abilities_of(game, src)):
            if ab.type != "activated" or (
                src.face_down and i < printed
            ):  # granted ones work face-down (4.3.2b)
                continue
            if ab.is_equip and src.zone is not Zone.ITEM_SLOT:
                continue
            if ab.timing == "day" and not day_ok:
                continue
            if ab.once_per_turn and game.players[pid].ability_uses.get(f"{oid}|{i}") == game.turn:
                continue
            for t, p, d in _uses(game, pid, ab, src, oid):
                out.append(A.ActivateAbility(pid, oid, i, t, p, d))
    return out


def _anytime(game: Game, pid: str) -> list[A.Action]:
    """Actions a player may take whenever they have priority (5.0.1d, 2.1.2d, 2.1.2g)."""
    out: list[A.Action] = []
    ps = game.players[pid]
    can_generate = not game.restrictions or restricted(game, pid, "generation") is None  # 5.0.3h
    for oid in ps.resources if can_generate else ():
        o = game.objects[oid]
        if not o.exhausted and not o.face_down:
            out.append(A.ExhaustResource(pid, oid))
    for aid in game.attachment_ids(pid):
        a = game.objects[aid]
        out.append(A.TurnFaceUp(pid, aid) if a.face_down else A.DiscardAttachment(pid, aid))
    return out


def _day(game: Game, pid: str) -> list[A.Action]:
    out: list[A.Action] = []
    ps = game.players[pid]
    controlled = {
        game.objects[o].definition.name
        for o in game.board_ids(pid) + game.attachment_ids(pid)
        if game.objects[o].definition.victory_token_field is not None
    }
    hosts = [
        h
        for h in game.board_ids(pid)
        if len(game.objects[h].attachments) < (value(game, game.objects[h], "item_slots") or 0)
    ]
    slot_free = free_character_slot(game, pid) is not None
    for cid in ps.hand:
        d = game.objects[cid].definition
        if d.type == "character":
            if slot_free and not (d.victory_token_field is not None and d.name in controlled):
                for p in payments(game, pid, ResourceCost(d.cost or 0), d.faction):
                    out.append(A.PlayCard(pid, cid, p))
        elif d.type == "location":
            if ps.locations_this_turn(game.turn) < game.params.locations_per_turn and not (
                d.victory_token_field is not None and d.name in controlled
            ):
                out.append(A.PlayCard(pid, cid))
        elif not (d.victory_token_field is not None and d.name in controlled):  # 1.5.6
            out.append(A.PlayCard(pid, cid))
            for h in hosts:
                out.append(A.AttachItem(pid, cid, h, False))
                out.append(A.AttachItem(pid, cid, h, True))
    main = ps.main_character
    if ps.command_tokens >= 1:
        out.append(A.UseCommand(pid, "Acquisition"))
        if ps.solvency_turn != game.turn:
            out.append(A.UseCommand(pid, "Solvency"))
        if ps.contingency_turn != game.turn and game.victory_pool > 0 and game.fewest_victory_tokens(pid):
            for t in options(game, GLOBAL_COMMANDS["Contingency"].targets, pid, main, strict=True):
                out.append(A.UseCommand(pid, "Contingency", t))
    if game.turn > 1 and game.combat_turn != game.turn:
        out.append(A.EnterCombat(pid))
    return out


def _support(game: Game, pid: str) -> list[A.Action]:
    out: list[A.Action] = []
    for cid in game.players[pid].hand:
        o = game.objects[cid]
        ab = o.definition.support_ability()
        if ab is None:
            continue
        for t, p, d in _uses(game, pid, ab, o, cid, exclude=cid):
            out.append(A.ActivateSupport(pid, cid, t, p, d))
    return out


def _combat(game: Game, pid: str) -> list[A.Action]:
    out: list[A.Action] = []
    if game.combat is not None:
        return out
    attackers = [o for o in game.board_ids(pid) if can_attack(game, game.objects[o], pid)]
    targets = [o for o in game.board_ids() if can_be_attacked(game, game.objects[o], pid)]
    for a in attackers:
        for t in targets:
            out.append(A.DeclareAttack(pid, a, t))
    return out


def legal_actions(game: Game) -> list[A.Action]:
    """Every legal action of the player who may act now (empty when the game is over)."""
    if game.result is not None:
        return []
    if game.pending is not None:
        return _choice_actions(game)
    pid = game.priority
    if pid is None:
        return []
    out = _anytime(game, pid) + _activated(game, pid)
    if game.stack is not None:
        out.append(A.PassPriority(pid))
        return out
    if pid != game.active:
        return out
    if game.phase is Phase.DAY:
        out.extend(_day(game, pid))
        out.extend(_support(game, pid))
        out.append(A.NextPhase(pid))
    elif game.phase is Phase.COMBAT:
        out.extend(_combat(game, pid))
        out.extend(_support(game, pid))
        if game.combat is None:
            out.append(A.NextPhase(pid))
    return out
