"""The check after every action and every resolution: auras follow their sources, cards without health left are
destroyed, and a player at 0 life loses (rules/p2).

Auras are buffs that last while their source is in play (rules/locations/p2 for locations); when one goes away or
shrinks, the units it buffed lose that health (rules/extra-notes/p1.1, p7).
"""

from __future__ import annotations

from .log import record
from .state import Game, GameResult, Phase, Zone
from .stats import add_buff, change_buff, health, remove_buff
from .steps import PROCEDURE, Check
from .zones import destroy


def _wanted_auras(game: Game) -> dict[tuple[str, str], tuple[int, int]]:
    """(unit, aura key) -> (health, offense) every aura should give now."""
    wanted: dict[tuple[str, str], tuple[int, int]] = {}
    for pid in game.order:
        ps = game.players[pid]
        units = [c for c in ps.battlefield if game.card(c).is_unit]
        for cid in ps.battlefield + ps.locations:
            card = game.card(cid)
            for ability in card.definition.abilities:
                if ability.kind != "aura":
                    continue
                affected = [u for u in units if ability.affects == "each_ally_unit" or u != cid]
                times = len([u for u in units if u != cid]) if ability.per_ally_unit else 1
                for unit in affected:
                    wanted[(unit, f"{cid}/{ability.index}")] = (
                        ability.health * times,
                        ability.offense * times,
                    )
    return wanted


def refresh_auras(game: Game) -> None:
    """Add, change and remove aura buffs so that they match their sources."""
    wanted = _wanted_auras(game)
    for pid in game.order:
        for cid in list(game.players[pid].battlefield):
            card = game.card(cid)
            for buff in [b for b in card.buffs if b.until == "aura"]:
                key = (cid, buff.source)
                source = game.objects.get(str(buff.source).split("/")[0])
                name = source.name if source else "an aura"
                if key not in wanted:
                    remove_buff(game, card, buff, f"the buff from {name} goes away", "rules/extra-notes/p1.1")
                elif wanted[key] != (buff.health, buff.offense):
                    old = buff.health
                    buff.health, buff.offense = wanted[key]
                    change_buff(
                        game, card, old, buff.health, f"the buff from {name} changes", "rules/extra-notes/p7"
                    )
    for (unit, aura), (hp, off) in wanted.items():
        card = game.card(unit)
        if not any(b.until == "aura" and b.source == aura for b in card.buffs):
            add_buff(game, card, hp, off, "aura", aura)
            source = game.card(aura.split("/")[0])
            record(
                game,
                "rules/parts-of-a-card/p7",
                "aura",
                f"{source.name} gives {card.name} {off:+d} offense and {hp:+d} health while "
                f"it stays ({health(card)} health).",
                (unit, source.id),
                card.controller,
            )


def _dying(game: Game) -> list[str]:
    out = []
    for pid in game.order:
        out += [
            c
            for c in game.players[pid].battlefield
            if game.card(c).definition.health is not None and health(game.card(c)) <= 0
        ]
    out += [
        e.card
        for e in game.horizon
        if e.card and game.card(e.card).is_unit and health(game.card(e.card)) <= 0
    ]
    return out


@PROCEDURE.performs(Check)
def step_check(game: Game, step: Check) -> None:
    """Auras, destruction of cards without health left, and the end of the game."""
    for _ in range(100):
        refresh_auras(game)
        dying = _dying(game)
        if not dying:
            break
        for cid in dying:
            card = game.card(cid)
            if card.zone in (Zone.BATTLEFIELD, Zone.HORIZON):
                destroy(game, card, "rules/playing-cards-and-the-horizon/p4", "no health left")
    losers = [p for p in game.order if game.players[p].life <= 0]
    if losers and game.result is None:
        if len(losers) == 2:
            game.result = GameResult(
                None, "both players reached 0 life at once (decision D-BOTH-ZERO)", "rules/p2"
            )
            record(
                game,
                "rules/p2",
                "draw",
                "Both players' life totals reached 0 at once: the game is a draw (decision D-BOTH-ZERO).",
            )
        else:
            winner = game.opponent(losers[0])
            game.result = GameResult(winner, f"{losers[0]}'s life total was reduced to 0", "rules/p2")
            record(
                game,
                "rules/p2",
                "win",
                f"{losers[0]}'s life total is {game.players[losers[0]].life}: {winner} wins the game.",
                (),
                winner,
            )
        game.phase = Phase.ENDED
        game.active = None
