"""Dusk's daily effect, Progress: sum each expedition's statistics and move forward (1.3.2.e).

The excerpt stops at "An expedition moves forward if one of its statistics is:"; the engine reads the
rest as decision D-PROGRESS says.
"""

from __future__ import annotations

from .atomics import MoveForward
from .cards import STATISTICS
from .log import record
from .state import EXPEDITIONS, Game, GameObject
from .values import stats_of, subtypes_of

TERRAIN = {"forest": "Forest", "mountain": "Mountain", "water": "Water"}


def totals(game: Game, pid: str, expedition: str) -> dict[str, int]:
    """The sum of the statistics of the Characters in one expedition (1.3.2.e, 2.2.9.b)."""
    out = dict.fromkeys(STATISTICS, 0)
    for oid in game.players[pid].expeditions[expedition]:
        values = stats_of(game, game.objects[oid]) or (0, 0, 0)
        for name, v in zip(STATISTICS, values):
            out[name] += v
    return out


def region_of(game: Game, pid: str, expedition: str) -> GameObject:
    return game.objects[game.adventure[game.players[pid].positions[expedition]]]


def progress(game: Game) -> list[MoveForward]:
    """Which expeditions move forward: a statistic of their region's sub-types, positive, greater than the same
    statistic of the opponent's expedition of the same kind (decision D-PROGRESS). All move together."""
    out = []
    for pid in game.initiative_order():
        opp = game.opponent(pid)
        for exp in EXPEDITIONS:
            mine, theirs = totals(game, pid, exp), totals(game, opp, exp)
            region = region_of(game, pid, exp)
            terrains = subtypes_of(game, region)
            winning = [
                s for s in STATISTICS if TERRAIN[s] in terrains and mine[s] > 0 and mine[s] > theirs[s]
            ]
            fmt = lambda t: "/".join(str(t[s]) for s in STATISTICS)  # noqa: E731
            verdict = (
                f"it moves forward ({', '.join(TERRAIN[s] for s in winning)})"
                if winning
                else "it does not move forward"
            )
            record(
                game,
                "1.3.2.e",
                "progress",
                f"Progress: {pid}'s {exp} expedition sums {fmt(mine)} "
                f"(Forest/Mountain/Water) against {fmt(theirs)} for {opp}'s {exp} expedition, in "
                f"{'a face-down Tumult region' if region.face_down else region.name} "
                f"({', '.join(terrains) or 'no sub-type'}): {verdict}.",
                (region.id,),
                pid,
            )
            if winning:
                out.append(MoveForward(pid, exp))
    return out
