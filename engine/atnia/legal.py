"""``legal_actions``: the actions the acting player may take now.

Every action listed is accepted by :meth:`Game.apply` (each is checked with the same functions ``apply`` uses).
Declarations are listed in a representative form: each single card or skill (with every choice of targets), each
single attacker and all unflipped units together, no blockers and each single block. A commit of several cards at
once, or a larger declaration, is legal when the same checks accept it; it is not enumerated.
"""

from __future__ import annotations

from itertools import combinations, product

from . import actions as A
from .apply import _require_active
from .cards import IDEALS
from .combat import check_attack, check_blocks
from .errors import IllegalAction
from .play import plan
from .state import Game, Zone
from .targets import options
from .triggers import legal_targets
from .universal import check_channel, check_explore, check_pass


def _ok(check, *args) -> bool:
    try:
        check(*args)
    except IllegalAction:
        return False
    return True


def _choice_answers(game: Game) -> list[A.Action]:
    c = game.pending
    assert c is not None
    pid = c.player
    if c.kind == "targets":
        return [A.ChooseTargets(pid, t) for t in legal_targets(game)]
    if c.kind == "may":
        return [A.Decide(pid, True), A.Decide(pid, False)]
    if c.kind == "discard":
        return [A.ChooseCards(pid, combo) for combo in combinations(c.options, c.min)]
    if c.kind == "guardian":
        return [A.GuardianBlock(pid, c.ref, None), *(A.GuardianBlock(pid, c.ref, o) for o in c.options)]
    if c.kind == "board_full":
        return [A.ChooseReplacement(pid, None), *(A.ChooseReplacement(pid, o) for o in c.options)]
    cards = list(c.options)  # recycle: each card on top or bottom, in channel order
    splits = (
        product((True, False), repeat=len(cards))
        if len(cards) <= 8
        else [(True,) * len(cards), (False,) * len(cards)]
    )
    return [
        A.Recycle(
            pid, tuple(x for x, top in zip(cards, s) if top), tuple(x for x, top in zip(cards, s) if not top)
        )
        for s in splits
    ]


def _targets_for(game: Game, pid: str, specs, optional: bool) -> list[tuple]:
    if not specs:
        return [()]
    found = options(game, pid, specs)
    return ([()] if optional else []) + found


def _plays(game: Game, pid: str) -> list[A.Action]:
    out: list[A.Action] = []
    ps = game.players[pid]
    for cid in ps.hand:
        d = game.card(cid).definition
        arrive = d.arrive_ability
        specs = d.targets if d.type == "spell" or d.is_weapon else (arrive.targets if arrive else ())
        for targets in _targets_for(game, pid, specs, d.type != "spell"):
            if _ok(plan, game, pid, (A.Item(cid, targets),)):
                out.append(A.PlayCard(pid, cid, targets))
    for cid in ps.battlefield + ps.locations:
        for ability in game.card(cid).definition.abilities:
            if ability.kind == "skill":
                for targets in _targets_for(game, pid, ability.targets, False):
                    if _ok(plan, game, pid, (A.Item(cid, targets, ability.index),)):
                        out.append(A.UseSkill(pid, cid, ability.index, targets))
    return out


def _combat(game: Game, pid: str) -> list[A.Action]:
    out: list[A.Action] = []
    ps = game.players[pid]
    enemy = game.opponent(pid)
    units = [c for c in ps.battlefield if game.card(c).is_unit and not game.card(c).flipped]
    enemies = [c for c in game.players[enemy].battlefield if game.card(c).is_unit]
    declarations: list[tuple[tuple[str, str | None], ...]] = [((u, None),) for u in units]
    declarations += [((u, e),) for u in units if game.card(u).definition.has("challenger") for e in enemies]
    if len(units) > 1:
        declarations.append(tuple((u, None) for u in units))
    out += [A.DeclareAttack(pid, d) for d in declarations if _ok(check_attack, game, pid, d)]
    combat = game.combat
    if combat is not None and combat.step == "block" and pid == combat.defender:
        blocks = [()] + [((b, a),) for b in units for a, _ in combat.attackers]
        out += [A.DeclareBlockers(pid, b) for b in blocks if _ok(check_blocks, game, pid, b)]
    return out


def legal_actions(game: Game) -> list[A.Action]:
    """The acting player's legal actions (see the module docstring for what is enumerated)."""
    if game.result is not None:
        return []
    if game.pending is not None:
        return _choice_answers(game)
    pid = game.active
    if pid is None or not _ok(_require_active, game, pid):
        return []
    out: list[A.Action] = []
    if _ok(check_pass, game, pid):
        out.append(A.Pass(pid))
    ps = game.players[pid]
    out += [A.Channel(pid, c) for c in ps.hand if _ok(check_channel, game, pid, c)]
    for cid in ps.hand + ps.channel:
        if game.card(cid).zone in (Zone.HAND, Zone.CHANNEL):
            out += [
                A.Explore(pid, cid, i, bottom)
                for i in IDEALS
                for bottom in (False, True)
                if _ok(check_explore, game, pid, cid, i)
            ]
    out += _plays(game, pid)
    out += _combat(game, pid)
    return out
