"""The daily effects (1.3.2.b, 1.3.2.e, 4.2.c) as verbs the resolution machinery runs: Succeed, Prepare,
Draw, Expand, Progress, and the setup that replaces the first Morning (4.1.j, decision D-FIRST-MORNING)."""

from __future__ import annotations

from .atomics import Exhaust, MoveCard, SetFirstPlayer
from .progress import progress
from .state import Game, Zone
from .verbs import Decision, verb

FIRST_HAND = 6  # decision D-FIRST-MORNING
FIRST_MANA = 3
DAILY_DRAW = 2  # 1.3.2.b


def _none(game, res, step):
    return []


def _succeed(game: Game, res, step, answers):
    return [SetFirstPlayer(game.opponent(game.first_player))]


def _prepare(game: Game, res, step, answers):
    out = []
    for pid in game.order:
        ps = game.players[pid]
        for oid in ps.characters() + ps.landmarks + ps.mana:
            if game.objects[oid].exhausted:
                out.append(Exhaust(pid, oid, ready=True))
    return out


def _draw_n(n: int):
    def act(game: Game, res, step, answers):
        return [
            MoveCard(p, oid, game.objects[oid].incarnation, Zone.HAND, p, verb="draw")
            for p in game.initiative_order()
            for oid in game.players[p].deck[:n]
        ]

    return act


def _to_mana_decide(n: int, optional: bool):
    def decide(game: Game, res, step):
        out = []
        for p in game.initiative_order():
            hand = tuple(game.players[p].hand)
            k = min(n, len(hand))
            if k:
                prompt = (
                    f"You may put {k} card from your Hand in your Mana zone."
                    if optional
                    else f"Put {k} cards from your Hand in your Mana zone."
                )
                out.append(
                    Decision(
                        p, "expand" if optional else "first_mana", prompt, hand, 0 if optional else k, k, True
                    )
                )
        return out

    return decide


def _to_mana(game: Game, res, step, answers):
    return [
        MoveCard(p, oid, game.objects[oid].incarnation, Zone.MANA, p, face_down=True, verb="to_mana")
        for p in game.initiative_order()
        for oid in answers.get(p, ())
    ]


def _progress(game: Game, res, step, answers):
    return progress(game)


verb("succeed")((_none, _succeed))
verb("prepare")((_none, _prepare))
verb("daily_draw")((_none, _draw_n(DAILY_DRAW)))
verb("expand")((_to_mana_decide(1, True), _to_mana))
verb("progress")((_none, _progress))
verb("first_hand")((_none, _draw_n(FIRST_HAND)))
verb("first_mana")((_to_mana_decide(FIRST_MANA, False), _to_mana))

#: The daily effects of each phase, in order, with the rule each applies (4.2.c; none at Noon, 4.2.2.a).
MORNING = (
    ("succeed", "Succeed", "1.3.2.b"),
    ("prepare", "Prepare", "1.3.2.b"),
    ("daily_draw", "Draw", "1.3.2.b"),
    ("expand", "Expand", "1.3.2.b"),
)
DUSK = (("progress", "Progress", "1.3.2.e"),)
FIRST_MORNING = (
    ("first_hand", "Draw six cards", "4.1.j"),
    ("first_mana", "Put three cards in Mana", "4.1.j"),
)
DESCRIPTIONS = {
    "succeed": "the opponent of the first player becomes the first player",
    "prepare": "players ready their Characters, Permanents and Mana Orbs",
    "daily_draw": "each player draws two cards",
    "expand": "each player may put one card from their Hand in their Mana zone",
    "progress": "each expedition's statistics are summed; expeditions may move forward",
    "first_hand": "each player draws six cards (decision D-FIRST-MORNING)",
    "first_mana": "each player puts three cards from their Hand in their Mana zone (decision D-FIRST-MORNING)",
}
TRIGGER_NAME = {
    "succeed": "succeed",
    "prepare": "prepare",
    "daily_draw": "draw",
    "expand": "expand",
    "progress": "progress",
}
