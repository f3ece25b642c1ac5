"""Playing cards and skills: the checks (devotion, energy, speed, targets) and putting them onto the horizon.

To play a card you must meet its devotion requirement and pay its costs (rules/playing-cards-and-the-horizon/p2);
costs are paid as it is played, its effect happens on resolution (p5). Speeds (rules/speed): slow cards only with an
empty horizon and outside combat (p2); fast cards any time (p3); burst and infinite-speed cards resolve at once and
cannot be committed with other cards (p4, p4.1, p5). Several fast/slow cards can be committed at once, a slow one
only at the bottom (rules/more-info/p1, p1.1); lower ones are legal targets for higher ones (p1.2).
"""

from __future__ import annotations

from dataclasses import dataclass

from .actions import Item
from .cards import Ability, TargetSpec
from .devotion import shortfall
from .errors import CannotPay, DevotionTooLow, InvalidTarget, NotInZone, WrongTiming
from .horizon import put_card, put_skill
from .log import record
from .state import Card, Entry, Game, Phase, Zone
from .targets import is_legal, options, refs

IMMEDIATE = ("burst", "infinite")


@dataclass
class Planned:
    """One checked item of a commit: the card played, or the skill's source and ability."""

    item: Item
    speed: str
    cost: int
    specs: tuple[TargetSpec, ...]
    card: Card | None = None
    source: Card | None = None
    ability: Ability | None = None
    optional_targets: bool = False

    @property
    def origin(self) -> Card:
        """The card played, or the card whose skill is used."""
        card = self.card or self.source
        assert card is not None, "an item plays a card or uses a card's skill"
        return card

    @property
    def name(self) -> str:
        """How the log names the item: the card, or the source's skill."""
        return self.card.name if self.card else f"{self.origin.name}'s skill"


def _card_item(game: Game, pid: str, item: Item) -> Planned:
    card = game.objects.get(item.card)
    if card is None or card.zone is not Zone.HAND or card.owner != pid:
        raise NotInZone(
            f"{item.card} is not a card in {pid}'s hand", "rules/shared-round/p2", "rules/zones/p2"
        )
    d = card.definition
    short = shortfall(game, pid, d)
    if short:
        text = ", ".join(f"{i} {need} (has {have})" for i, (need, have) in short.items())
        raise DevotionTooLow(
            f"{card.name} requires devotion {text}",
            "rules/the-7-ideals/p1",
            "rules/playing-cards-and-the-horizon/p2",
            "rules/parts-of-a-card/p3",
        )
    if d.type == "spell":
        specs, optional = d.targets, False
    elif d.is_weapon:
        specs, optional = d.targets, True
    else:
        arrive = d.arrive_ability
        specs, optional = (arrive.targets if arrive else ()), True
    return Planned(item, d.speed, d.cost, specs, card=card, optional_targets=optional)


def _skill_item(game: Game, pid: str, item: Item) -> Planned:
    source = game.objects.get(item.card)
    if source is None or source.zone not in (Zone.BATTLEFIELD, Zone.LOCATION) or source.controller != pid:
        raise NotInZone(
            f"{item.card} is not a card {pid} controls in play", "rules/kinds-of-game-objects/p2.2"
        )
    abilities = source.definition.abilities
    index = item.skill
    if index is None or not 0 <= index < len(abilities) or abilities[index].kind != "skill":
        raise InvalidTarget(f"{source.name} has no skill number {index}", "rules/kinds-of-game-objects/p2.2")
    ability = abilities[index]
    if ability.flip and source.flipped:
        raise CannotPay(
            f"{source.name} is already flipped: it cannot flip to pay for its skill",
            "rules/kinds-of-game-objects/p2.2",
        )
    return Planned(item, ability.speed, ability.cost, ability.targets, source=source, ability=ability)


def _check_speed(game: Game, planned: Planned, n: int, count: int, context: str) -> None:
    name = planned.name
    speed = planned.speed
    if speed in IMMEDIATE and (count > 1 or context != "window"):
        raise WrongTiming(
            f"{name} is at {speed} speed: it resolves at once and cannot be committed along with other cards",
            "rules/speed/p4.1",
        )
    if speed == "slow":
        if game.phase is Phase.COMBAT or context != "window":
            raise WrongTiming(f"{name} is slow: slow cards cannot be played during combat", "rules/speed/p2")
        if game.horizon:
            raise WrongTiming(
                f"{name} is slow: slow cards cannot be played while there are cards or effects on the "
                "horizon",
                "rules/speed/p2",
            )
        if n > 0:
            raise WrongTiming(
                f"{name} is slow: in a commit a slow card must be the bottom card",
                "rules/speed/p2",
                "rules/more-info/p1.1",
            )
    if (
        context == "window"
        and game.combat is not None
        and game.combat.step in ("attack", "block")
        and speed not in IMMEDIATE
    ):
        raise WrongTiming(
            "in step 2 of combat, fast cards are committed along with the declaration of blockers",
            "rules/combat-phase-outline/p2",
            "rules/speed/p3",
        )


def _check_targets(
    game: Game, pid: str, planned: Planned, below: frozenset[str], committed: frozenset[str] = frozenset()
) -> None:
    name = planned.name
    chosen = planned.item.targets
    specs = planned.specs
    if not specs:
        if chosen:
            raise InvalidTarget(f"{name} has no targets to choose", "rules/extra-notes/p2")
        return
    if planned.optional_targets and not chosen:
        if planned.card is not None and planned.card.definition.is_weapon:
            return  # a weapon can be played on its own
        if not options(game, pid, specs, below):
            return  # no legal target now: chosen when the arrive ability triggers (decision D-ARRIVE-TARGETS)
        raise InvalidTarget(
            f"{name}'s arrive ability has legal targets: they are chosen as the card is played",
            "rules/extra-notes/p2",
        )
    if len(chosen) != len(specs):
        raise InvalidTarget(
            f"{name} needs {len(specs)} target(s), chosen as it is played", "rules/extra-notes/p2"
        )
    if len(set(chosen)) != len(chosen):
        raise InvalidTarget(f"{name}'s targets must be different", "rules/extra-notes/p2")
    for spec, tid in zip(specs, chosen):
        if not is_legal(game, pid, spec, tid, below):
            rules = (
                ("rules/extra-notes/p2", "rules/more-info/p1.2")
                if below or tid in committed
                else ("rules/extra-notes/p2",)
            )
            raise InvalidTarget(
                f"{tid} is not a legal target for {name} ({spec.kind}, {spec.side}, {'/'.join(spec.zones)})",
                *rules,
            )


def plan(game: Game, pid: str, items: tuple[Item, ...], context: str = "window") -> list[Planned]:
    """Check every item of a commit in order (bottom first); raise the first problem. ``context`` is ``window``
    (an ordinary play), ``attack`` or ``block`` (cards committed with a combat declaration: fast only)."""
    out: list[Planned] = []
    energy = game.players[pid].energy
    below: set[str] = set()
    seen: set[str] = set()
    for n, item in enumerate(items):
        planned = _card_item(game, pid, item) if item.skill is None else _skill_item(game, pid, item)
        key = f"{item.card}/{item.skill}"
        if key in seen:
            raise InvalidTarget(f"{item.card} is committed twice", "rules/shared-round/p2")
        seen.add(key)
        _check_speed(game, planned, n, len(items), context)
        if planned.cost > energy:
            raise CannotPay(
                f"{item.card} costs {planned.cost} energy; {pid} has {energy} left",
                "rules/parts-of-a-card/p2",
                "rules/playing-cards-and-the-horizon/p2",
            )
        energy -= planned.cost
        _check_targets(
            game, pid, planned, frozenset(below), frozenset(i.card for i in items if i.skill is None)
        )
        if planned.card is not None:
            below.add(planned.card.id)
        out.append(planned)
    if context == "attack" and any(p.speed != "fast" for p in out):
        raise WrongTiming(
            "only fast cards can be committed along with the declaration of attackers",
            "rules/speed/p3",
            "rules/combat-phase-outline/p1",
        )
    return out


def perform(game: Game, pid: str, planned: list[Planned]) -> list[Entry]:
    """Pay and put every item onto the horizon, bottom first (the checks passed)."""
    entries = []
    ps = game.players[pid]
    for p in planned:
        name = p.name
        if p.cost:
            ps.energy -= p.cost
            record(
                game,
                "rules/parts-of-a-card/p2",
                "pay",
                f"{pid} pays {p.cost} energy for {name} ({ps.energy} left).",
                (p.origin.id,),
                pid,
            )
        if p.card is not None:
            if p.card.definition.requirement:
                record(
                    game,
                    "rules/the-7-ideals/p1",
                    "devotion",
                    f"{pid} meets {name}'s devotion requirement ("
                    + ", ".join(f"{i} {n}" for i, n in p.card.definition.requirement.items())
                    + ").",
                    (p.card.id,),
                    pid,
                )
            entry = put_card(game, p.card, pid, refs(game, p.item.targets))
            if p.card.type in ("unit", "item") and not p.card.definition.is_weapon and p.specs:
                p.card.arrive_targets = refs(game, p.item.targets) if p.item.targets else None
            record(
                game,
                "rules/playing-cards-and-the-horizon/p3",
                "play",
                f"{pid} plays {name} ({p.speed}) onto the horizon"
                + (f", targeting {_names(game, p.item.targets)}" if p.item.targets else "")
                + ".",
                (p.card.id,),
                pid,
            )
            record(
                game,
                "rules/zones/p5",
                "in_horizon",
                f"{name} is on the horizon, not resolved yet.",
                (p.card.id,),
                pid,
            )
        else:
            source, ability = p.source, p.ability
            assert source is not None and ability is not None, "a skill item has its source and ability"
            if ability.flip:
                source.flipped = True
                record(
                    game,
                    "rules/kinds-of-game-objects/p2.2",
                    "flip",
                    f"{pid} flips {source.name} to use its skill.",
                    (source.id,),
                    pid,
                )
            entry = put_skill(game, source, ability, pid, refs(game, p.item.targets))
            record(
                game,
                "rules/kinds-of-game-objects/p2.2",
                "skill",
                f"{pid} activates {entry.label} ({p.speed})"
                + (f", targeting {_names(game, p.item.targets)}" if p.item.targets else "")
                + ".",
                (source.id,),
                pid,
            )
            record(
                game,
                "rules/playing-cards-and-the-horizon/p7",
                "to_horizon",
                "The skill goes onto the horizon just as a card.",
                (source.id,),
                pid,
            )
        if p.cost:
            record(
                game,
                "rules/playing-cards-and-the-horizon/p5",
                "pay_first",
                f"{name}'s cost is paid now; its effect happens only on resolution.",
                (p.origin.id,),
                pid,
            )
        entries.append(entry)
    return entries


def _names(game: Game, ids: tuple[str, ...]) -> str:
    return ", ".join(i if i in game.players else game.card(i).name for i in ids)
