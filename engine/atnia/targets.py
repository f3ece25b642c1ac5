"""Targets: what a card or ability may target, chosen as it is played (rules/extra-notes/p2), and whether a
chosen target still exists when it resolves (rules/extra-notes/p4).

A unit can be targeted on the battlefield and on the horizon: damage occurs in both zones
(rules/playing-cards-and-the-horizon/p4), and cards committed lower on the horizon are legal targets for cards
committed higher (rules/more-info/p1.2). ``planned`` names cards about to be committed below the current one.
"""

from __future__ import annotations

from itertools import product

from .cards import TargetSpec
from .state import Card, Game, TargetRef, Zone

_ZONES = {"battlefield": Zone.BATTLEFIELD, "horizon": Zone.HORIZON}


def _side_ok(spec: TargetSpec, controller: str, other: str) -> bool:
    return spec.side == "any" or (spec.side == "ally") == (other == controller)


def _card_ok(game: Game, controller: str, spec: TargetSpec, card: Card, planned: frozenset[str]) -> bool:
    if spec.kind == "player":
        return False
    if spec.kind in ("unit", "unit_or_player") and not card.is_unit:
        return False
    if spec.kind == "item" and card.type != "item":
        return False
    zone = Zone.HORIZON if card.id in planned else card.zone
    return zone in {_ZONES[z] for z in spec.zones} and _side_ok(spec, controller, card.controller)


def candidates(
    game: Game, controller: str, spec: TargetSpec, planned: frozenset[str] = frozenset()
) -> list[str]:
    """Every legal target of one target spec: players, then battlefield cards, then horizon cards (bottom first)."""
    out: list[str] = []
    if spec.kind in ("player", "unit_or_player"):
        out += [p for p in game.order if _side_ok(spec, controller, p)]
    cards = [c for p in game.order for c in game.players[p].battlefield]
    cards += [e.card for e in game.horizon if e.card] + sorted(planned)
    for cid in dict.fromkeys(cards):
        if _card_ok(game, controller, spec, game.card(cid), planned):
            out.append(cid)
    return out


def is_legal(
    game: Game, controller: str, spec: TargetSpec, tid: str, planned: frozenset[str] = frozenset()
) -> bool:
    """Whether ``tid`` (a player or card id) is a legal target for the spec."""
    if tid in game.players:
        return spec.kind in ("player", "unit_or_player") and _side_ok(spec, controller, tid)
    card = game.objects.get(tid)
    return card is not None and _card_ok(game, controller, spec, card, planned)


def options(
    game: Game, controller: str, specs: tuple[TargetSpec, ...], planned: frozenset[str] = frozenset()
) -> list[tuple[str, ...]]:
    """Every way to choose one distinct target per spec."""
    if not specs:
        return [()]
    pools = [candidates(game, controller, s, planned) for s in specs]
    return [combo for combo in product(*pools) if len(set(combo)) == len(combo)]


def refs(game: Game, ids: tuple[str, ...]) -> tuple[TargetRef, ...]:
    """Chosen targets as references that remember the incarnation they were chosen in."""
    return tuple(
        TargetRef(t, 0, True) if t in game.players else TargetRef(t, game.card(t).incarnation) for t in ids
    )


def still_valid(game: Game, controller: str, spec: TargetSpec, ref: TargetRef | None) -> bool:
    """A chosen target still exists as that object and is still legal (rules/extra-notes/p4)."""
    if ref is None:
        return False
    if ref.player:
        return is_legal(game, controller, spec, ref.id)
    card = game.objects.get(ref.id)
    return (
        card is not None and card.incarnation == ref.incarnation and is_legal(game, controller, spec, ref.id)
    )
