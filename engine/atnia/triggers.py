"""Triggered abilities: events, which abilities they trigger, and the fixed order in which simultaneous ones go
onto the horizon (rules/advanced-notes-on-timing-rules-and-the-horizon/p2).

From top to bottom: the first player's effects above the other player's (p2.1); then by zone (p2.2): horizon
(higher cards first, p2.2.1), battlefield (left to right, combatants leftmost, p2.2.2), location zone and channel
zone (decision D-TRIGGER-ZONES), discard pile (smaller cards first, p2.2.3); one card's abilities in text-box
order (p2.2.4). Triggered abilities are at infinite speed unless stated (rules/kinds-of-game-objects/p2.1):
those resolve at once, above every fast or slow one (rules/speed/p4); the others wait on the horizon.
"""

from __future__ import annotations

from dataclasses import dataclass

from .cards import Ability
from .log import record
from .state import Entry, Game, PendingChoice, TargetRef, Zone
from .steps import PROCEDURE, Collect, Place, PlaceTargets, ResolveNow
from .targets import options, refs

IMMEDIATE = ("infinite", "burst")
ZONE_RANK = {"horizon": 0, "battlefield": 1, "location": 2, "channel": 3, "discard": 4}
PLAYER_EVENTS = ("channel", "explore", "play")


@dataclass(slots=True)
class Triggered:
    """A triggered ability waiting to be put onto the horizon."""

    id: str
    ability: Ability
    source: str
    controller: str
    zone: str
    event: dict
    key: tuple
    targets: tuple[TargetRef | None, ...] | None = None

    @property
    def immediate(self) -> bool:
        return self.ability.speed in IMMEDIATE


def emit(game: Game, kind: str, card: str | None = None, player: str | None = None) -> None:
    """Something happened that abilities may wait for; collected at the next ``collect`` step. The event remembers
    where its card was and as what, so the card's own abilities trigger even if it has left since (the state check
    runs first; decision D-LOOK-BACK)."""
    event: dict = {"kind": kind, "card": card, "player": player}
    if card is not None:
        c = game.card(card)
        event.update(
            zone=c.zone.value if c.zone else None,
            incarnation=c.incarnation,
            controller=c.controller,
            arrive_targets=c.arrive_targets,
        )
    game.events.append(event)


def _sources(game: Game):
    """(zone, card id, position key) of every card whose triggered abilities are active where it is."""
    for index, entry in enumerate(game.horizon):
        if entry.card and game.card(entry.card).zone is Zone.HORIZON:
            yield "horizon", entry.card, (-index,)
    for pid in game.order:
        ps = game.players[pid]
        for index, cid in enumerate(ps.battlefield):
            yield "battlefield", cid, (index,)
        for index, cid in enumerate(ps.locations):
            yield "location", cid, (index,)
        for index, cid in enumerate(ps.channel):
            yield "channel", cid, (index,)
        for cid in ps.discard:
            c = game.card(cid)
            yield (
                "discard",
                cid,
                (c.definition.offense or 0, c.definition.health or 0, c.definition.cost, c.name),
            )


def _checked_against(game: Game, event: dict, sources: list) -> list[tuple[str, str, tuple, str]]:
    """(zone, card, position, controller) of the sources an event may trigger: the cards where they are now, but
    the event's own card where the event happened if it has left that zone since (decision D-LOOK-BACK: a unit
    destroyed by the state check as it arrives still gets its arrive ability)."""
    now = [(zone, cid, position, game.card(cid).controller) for zone, cid, position in sources]
    cid = event["card"]
    if cid is None or event["zone"] not in ZONE_RANK or game.card(cid).incarnation == event["incarnation"]:
        return now
    back = (event["zone"], cid, (len(game.players[event["controller"]].battlefield),), event["controller"])
    return [s for s in now if s[1] != cid] + [back]


def _matches(ability: Ability, card_id: str, controller: str, event: dict) -> bool:
    if event["kind"] in ("round_start", "round_end"):
        return True
    of, who, what = ability.of, event["player"], event["card"]
    if of == "self":
        return what == card_id
    if of == "any":
        return True
    if of == "you":
        return who == controller
    if of == "opponent":
        return who is not None and who != controller
    if of == "ally":
        return who == controller
    if of == "other_ally":
        return who == controller and what != card_id
    return who is not None and who != controller  # enemy


@PROCEDURE.performs(Collect)
def step_collect(game: Game, step: Collect) -> None:
    """Find the abilities the events since the last collection trigger, and order them."""
    if not game.events:
        return
    events, game.events = game.events, []
    found: list[Triggered] = []
    sources = list(_sources(game))
    for seq, event in enumerate(events):
        for zone, cid, position, controller in _checked_against(game, event, sources):
            card = game.card(cid)
            for ability in card.definition.abilities:
                if (
                    ability.kind == "trigger"
                    and ability.zone == zone
                    and ability.on == event["kind"]
                    and _matches(ability, cid, controller, event)
                ):
                    first = 0 if controller == game.first else 1
                    key = (first, ZONE_RANK[zone], position, ability.index, seq)
                    found.append(Triggered(game.new_id("t"), ability, cid, controller, zone, event, key))
    if not found:
        return
    found.sort(key=lambda t: t.key)
    for t in found:
        card = game.card(t.source)
        rule = "rules/locations/p2" if t.zone == "location" else "rules/kinds-of-game-objects/p2.1"
        record(
            game,
            rule,
            "trigger",
            f"{card.name} triggers ({_describe(t)}) from the {t.zone}"
            f"{' location zone' if t.zone == 'location' else ''}.",
            (t.source,),
            t.controller,
        )
    if len(found) > 1:
        _log_order(game, found)
    game.placing = found
    game.queue.push(PlaceTargets())


def _describe(t: Triggered) -> str:
    return t.ability.text or f"on {t.ability.on}"


def _log_order(game: Game, found: list[Triggered]) -> None:
    names = ", ".join(f"{game.card(t.source).name} ({_describe(t)})" for t in found)
    record(
        game,
        "rules/advanced-notes-on-timing-rules-and-the-horizon/p2",
        "order",
        f"{len(found)} abilities trigger at once; from top to bottom: {names}.",
        [t.source for t in found],
    )
    if len({t.controller for t in found}) > 1:
        record(
            game,
            "rules/advanced-notes-on-timing-rules-and-the-horizon/p2.1",
            "order",
            f"{game.first}'s effects (the first player) go above the other player's.",
            (),
            game.first,
        )
    for pid in game.order:
        mine = [t for t in found if t.controller == pid]
        if len({t.zone for t in mine}) > 1:
            record(
                game,
                "rules/advanced-notes-on-timing-rules-and-the-horizon/p2.2",
                "order",
                f"{pid}'s triggers go from top to bottom by zone: horizon, battlefield, "
                "location zone, channel zone, discard pile.",
                (),
                pid,
            )
        for zone, rule, how in (
            (
                "horizon",
                "rules/advanced-notes-on-timing-rules-and-the-horizon/p2.2.1",
                "higher on the horizon above lower",
            ),
            (
                "battlefield",
                "rules/advanced-notes-on-timing-rules-and-the-horizon/p2.2.2",
                "left above right",
            ),
            (
                "discard",
                "rules/advanced-notes-on-timing-rules-and-the-horizon/p2.2.3",
                "smaller above larger (offense, health, base cost, then name)",
            ),
        ):
            cards = [t.source for t in mine if t.zone == zone]
            if len(set(cards)) > 1:
                record(
                    game,
                    rule,
                    "order",
                    f"{pid}'s triggers from the {zone}: {how}: "
                    + ", ".join(game.card(c).name for c in dict.fromkeys(cards))
                    + ".",
                    cards,
                    pid,
                )
        seen: dict[str, int] = {}
        for t in mine:
            seen[t.source] = seen.get(t.source, 0) + 1
        for cid, n in seen.items():
            indexes = {t.ability.index for t in mine if t.source == cid}
            if n > 1 and len(indexes) > 1:
                record(
                    game,
                    "rules/advanced-notes-on-timing-rules-and-the-horizon/p2.2.4",
                    "order",
                    f"{game.card(cid).name}'s abilities go in text-box order, the higher one above.",
                    (cid,),
                    pid,
                )


def final_order(placing: list[Triggered]) -> list[Triggered]:
    """Top to bottom: infinite and burst abilities above every fast or slow one, each group in key order."""
    return [t for t in placing if t.immediate] + [t for t in placing if not t.immediate]


@PROCEDURE.performs(PlaceTargets)
def step_place_targets(game: Game, step: PlaceTargets) -> None:
    """Choose targets as they go onto the horizon, the bottom-most first (p4); ask when there is a choice."""
    order = final_order(game.placing)
    needing = [t for t in order if t.ability.targets]
    for t in reversed(order):
        if t.targets is not None or not t.ability.targets:
            continue
        source = game.card(t.source)
        chosen = t.event.get("arrive_targets")
        if t.ability.on == "arrive" and t.ability.of == "self" and chosen is not None:
            t.targets = chosen
            record(
                game,
                "rules/extra-notes/p2",
                "targets",
                f"{source.name}'s arrive ability uses the targets chosen when it was played.",
                (t.source,),
                t.controller,
            )
            continue
        found = options(game, t.controller, t.ability.targets)
        if not found:
            t.targets = tuple(None for _ in t.ability.targets)
            record(
                game,
                "rules/extra-notes/p4",
                "no_target",
                f"{source.name}'s ability has no legal target: the effects on its target will not happen.",
                (t.source,),
                t.controller,
            )
            continue
        if len(found) == 1:
            t.targets = refs(game, found[0])
            record(
                game,
                "rules/extra-notes/p2",
                "targets",
                f"{source.name}'s ability targets {_names(game, found[0])} (the only legal choice).",
                (t.source, *found[0]),
                t.controller,
            )
            continue
        if len(needing) > 1:
            record(
                game,
                "rules/advanced-notes-on-timing-rules-and-the-horizon/p4",
                "targets",
                f"Targets are chosen for the bottom-most ability first: {source.name}'s ({_describe(t)}).",
                (t.source,),
                t.controller,
            )
        ids = tuple(dict.fromkeys(x for combo in found for x in combo))
        game.pending = PendingChoice(
            "targets",
            t.controller,
            f"Choose the targets of {source.name}'s ability ({_describe(t)}).",
            "rules/extra-notes/p2",
            ids,
            len(t.ability.targets),
            len(t.ability.targets),
            t.id,
        )
        game.queue.push(PlaceTargets())
        return
    game.queue.push(Place())


def _names(game: Game, ids: tuple[str, ...]) -> str:
    return ", ".join(i if i in game.players else game.card(i).name for i in ids)


def answer_targets(game: Game, chosen: tuple[str, ...]) -> None:
    """Record the answer to a ``targets`` choice (already checked against ``legal_targets``)."""
    choice = game.pending
    assert choice is not None
    t = next(p for p in game.placing if p.id == choice.ref)
    t.targets = refs(game, chosen)
    game.pending = None
    record(
        game,
        "rules/extra-notes/p2",
        "targets",
        f"{t.controller} chooses {_names(game, chosen)} as the target of "
        f"{game.card(t.source).name}'s ability.",
        (t.source, *chosen),
        t.controller,
    )


def legal_targets(game: Game) -> list[tuple[str, ...]]:
    """The answers a pending ``targets`` choice accepts."""
    choice = game.pending
    assert choice is not None and choice.kind == "targets"
    t = next(p for p in game.placing if p.id == choice.ref)
    return options(game, t.controller, t.ability.targets)


@PROCEDURE.performs(Place)
def step_place(game: Game, step: Place) -> None:
    """Put the ordered abilities onto the horizon; infinite and burst ones resolve at once, top first."""
    order = final_order(game.placing)
    game.placing = []
    entries = []
    for t in order:
        source = game.card(t.source)
        entries.append(
            Entry(
                game.new_id("e"),
                "trigger",
                t.controller,
                t.ability.speed,
                f"{source.name}: {_describe(t)}",
                source=t.source,
                ability=t.ability,
                effects=t.ability.effects,
                targets=t.targets or (),
                event=t.event,
            )
        )
    waiting = [e for e in entries if e.speed not in IMMEDIATE]
    immediate = [e for e in entries if e.speed in IMMEDIATE]
    for e in reversed(waiting):
        game.horizon.append(e)
        game.added.append(e)
        record(
            game,
            "rules/playing-cards-and-the-horizon/p7",
            "to_horizon",
            f"{e.label} goes onto the horizon at {e.speed} speed and waits.",
            (e.origin,),
            e.controller,
        )
    for e in reversed(immediate):
        game.horizon.append(e)
    for e in immediate:
        record(
            game,
            "rules/speed/p5.1",
            "immediate",
            f"{e.label} is at {e.speed} speed: it resolves at once.",
            (e.origin,),
            e.controller,
        )
    game.queue.push(*[ResolveNow(e) for e in immediate])
