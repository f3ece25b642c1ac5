"""Moving cards between zones: drawing, shuffling, destroying, and arriving on the battlefield.

The battlefield is an ordered row per player, left to right (rules/advanced-notes-on-timing-rules-and-the-horizon/p3);
a weapon shares its wielder's board space and counts as to its right (p5). It holds at most 16 board spaces
(rules/extra-notes/p3); a card arriving on a full board asks its controller which card it replaces, or whether
it is discarded instead (p3.3, decision D-FULL-BOARD).
"""

from __future__ import annotations

from .cards import CardDef
from .log import record
from .state import DAMAGE_ZONES, Card, Game, PendingChoice, Zone
from .stats import add_buff, health, offense, remove_buff
from .steps import PROCEDURE, Enter, EnterOne, GuardianOffer
from .triggers import emit


def create(
    game: Game, definition: CardDef, owner: str, *, ideal: str | None = None, created: bool = False
) -> Card:
    """A new card object outside every zone (a summoned card, a Wilderness), with a fresh id."""
    k = 1
    while f"{owner}:{definition.name}#{k}" in game.objects:
        k += 1
    card = Card(
        id=f"{owner}:{definition.name}#{k}",
        definition=definition,
        owner=owner,
        controller=owner,
        zone=None,
        ideal=ideal,
        created=created,
    )
    game.objects[card.id] = card
    return card


def _detach(game: Game, card: Card) -> int | None:
    """Take the card out of the list of its zone; returns its position there."""
    if card.zone is None:
        return None
    if card.zone is Zone.HORIZON:
        game.horizon[:] = [e for e in game.horizon if e.card != card.id]
        return None
    for ps in game.players.values():
        pile = ps.pile(card.zone)
        if card.id in pile:
            index = pile.index(card.id)
            pile.pop(index)
            return index
    return None


def _unequip(game: Game, card: Card) -> None:
    """A weapon leaving takes its buff from the wielder; a wielder leaving leaves its weapon behind."""
    if card.wielder is not None:
        wielder = game.card(card.wielder)
        for buff in [b for b in wielder.buffs if b.source == card.id]:
            remove_buff(
                game, wielder, buff, f"{card.name} departs from {wielder.name}", "rules/extra-notes/p7"
            )
        wielder.weapon = None
        card.wielder = None
    if card.weapon is not None:
        game.card(card.weapon).wielder = None
        card.weapon = None


def move(game: Game, card: Card, to: Zone, *, bottom: bool = False, position: int | None = None) -> None:
    """Move a card to a zone (deck top by default, ``bottom`` for the bottom; the battlefield's right end or
    ``position``). Leaving the horizon and battlefield clears damage, buffs and flips (rules/extra-notes/p1)."""
    frm = card.zone
    _detach(game, card)
    if frm is Zone.BATTLEFIELD and to is not Zone.BATTLEFIELD:
        _unequip(game, card)
    if frm in DAMAGE_ZONES and to not in DAMAGE_ZONES:
        card.damage = 0
        card.buffs.clear()
        card.flipped = False
        card.arrive_targets = None
    if not (frm is Zone.HORIZON and to in (Zone.BATTLEFIELD, Zone.LOCATION)):
        card.incarnation += 1
    card.zone = to
    if to in (Zone.HAND, Zone.DECK, Zone.DISCARD, Zone.VOID, Zone.CHANNEL):
        card.controller = card.owner
    if to is Zone.HORIZON:
        return
    pile = game.players[card.controller].pile(to)
    if to is Zone.DECK and not bottom:
        pile.insert(0, card.id)
    elif position is not None:
        pile.insert(position, card.id)
    else:
        pile.append(card.id)


def draw(game: Game, pid: str, count: int, rule: str, why: str = "") -> int:
    """Draw cards from the top of the deck; an empty deck draws nothing (decision D-EMPTY-DECK)."""
    ps = game.players[pid]
    drawn = []
    for _ in range(count):
        if not ps.deck:
            record(
                game,
                rule,
                "empty_deck",
                f"{pid}'s deck is empty: the draw does nothing (decision D-EMPTY-DECK).",
                (),
                pid,
            )
            break
        card = game.card(ps.deck[0])
        move(game, card, Zone.HAND)
        drawn.append(card.id)
    if drawn:
        record(
            game,
            rule,
            "draw",
            f"{pid} draws {len(drawn)} card{'s' if len(drawn) != 1 else ''}{why}.",
            drawn,
            pid,
        )
    return len(drawn)


def shuffle(game: Game, pid: str, rule: str) -> None:
    """Shuffle a player's deck with the game's seeded randomness."""
    game.rng.shuffle(game.players[pid].deck)
    record(game, rule, "shuffle", f"{pid} shuffles their deck.", (), pid)


def destroy(game: Game, card: Card, rule: str, why: str) -> None:
    """A card on the battlefield or horizon is destroyed: it goes to its owner's discard pile."""
    if card.zone not in DAMAGE_ZONES:
        return
    controller, where = card.controller, card.zone.value
    move(game, card, Zone.DISCARD)
    record(
        game,
        rule,
        "destroyed",
        f"{card.name} is destroyed ({why}) and put from the {where} into the discard pile.",
        (card.id,),
        controller,
    )
    if rule != "rules/playing-cards-and-the-horizon/p4":
        record(
            game,
            "rules/playing-cards-and-the-horizon/p4",
            "to_discard",
            f"{card.name} goes to {card.owner}'s discard pile.",
            (card.id,),
            controller,
        )
    emit(game, "destroyed", card.id, controller)


def deal_damage(game: Game, card: Card, amount: int, source: str) -> bool:
    """Damage a card; only cards on the horizon or battlefield can take damage (rules/.../p4, extra-notes/p1)."""
    if amount <= 0:
        return False
    if card.zone not in DAMAGE_ZONES:
        record(
            game,
            "rules/playing-cards-and-the-horizon/p4",
            "no_damage",
            f"{card.name} is in the {card.zone.value if card.zone else 'void'}: "
            "damage only occurs to cards on the battlefield and horizon.",
            (card.id,),
            card.controller,
        )
        return False
    card.damage += amount
    record(
        game,
        "rules/extra-notes/p1",
        "damage",
        f"{source} deals {amount} damage to {card.name} on the {card.zone.value} "
        f"({health(card)} health left).",
        (card.id,),
        card.controller,
    )
    return True


# -- the battlefield ---------------------------------------------------------------------------------
def spaces(game: Game, pid: str) -> list[str]:
    """The cards occupying a board space of ``pid`` (an equipped weapon shares its wielder's space)."""
    return [c for c in game.players[pid].battlefield if game.card(c).wielder is None]


def size_key(card: Card) -> tuple:
    """Largest first: offense, then health, then base energy cost; then the name, A first (online tie-break)."""
    return (-offense(card), -health(card), -card.definition.cost, card.name)


def enter_battlefield(
    game: Game, ids: list[str], controller: str, rule: str, wielder: str | None = None
) -> None:
    """Queue cards to arrive on ``controller``'s battlefield at once (weapons onto ``wielder``'s space)."""
    game.queue.push(Enter(tuple(ids), controller, rule, wielder))


@PROCEDURE.performs(Enter)
def step_enter(game: Game, step: Enter) -> None:
    ids, controller, rule, wielder = step.ids, step.controller, step.rule, step.wielder
    cards = [game.card(i) for i in ids]
    if len(cards) > 1:
        cards.sort(key=size_key)
        record(
            game,
            "rules/advanced-notes-on-timing-rules-and-the-horizon/p3.1",
            "enter_order",
            "Cards entering at once arrive largest on the left: " + ", ".join(c.name for c in cards) + ".",
            [c.id for c in cards],
            controller,
        )
    game.queue.push(*[EnterOne(c.id, controller, rule, wielder) for c in cards])


def _equip(game: Game, weapon: Card, unit: Card, rule: str) -> None:
    pile = game.players[unit.controller].battlefield
    weapon.controller = unit.controller
    move(game, weapon, Zone.BATTLEFIELD, position=pile.index(unit.id) + 1)
    weapon.arrived = game.stamp()
    weapon.wielder, unit.weapon = unit.id, weapon.id
    off, hp = weapon.definition.grants
    add_buff(game, unit, hp, off, "weapon", weapon.id)
    record(
        game,
        rule,
        "arrive",
        f"{weapon.name} arrives equipped to {unit.name}, sharing its board space "
        f"(+{off} offense, +{hp} health).",
        (weapon.id, unit.id),
        unit.controller,
    )
    record(
        game,
        "rules/advanced-notes-on-timing-rules-and-the-horizon/p5",
        "space",
        f"In that board space {weapon.name} (the weapon, on the bottom) counts as to the "
        f"right of {unit.name}.",
        (weapon.id, unit.id),
        unit.controller,
    )


@PROCEDURE.performs(EnterOne)
def step_enter_one(game: Game, step: EnterOne) -> None:
    cid, controller, rule, wielder = step.cid, step.controller, step.rule, step.wielder
    card = game.card(cid)
    if card.zone not in (Zone.HORIZON, None):
        return  # it left the horizon meanwhile
    if wielder is not None and card.definition.is_weapon:
        unit = game.card(wielder)
        if unit.zone is Zone.BATTLEFIELD and unit.controller == controller and unit.weapon is None:
            _equip(game, card, unit, rule)
            emit(game, "arrive", card.id, controller)
            return
    card.controller = controller
    full = spaces(game, controller)
    if len(full) >= game.limits.battlefield:
        record(
            game,
            "rules/extra-notes/p3",
            "board_full",
            f"{controller}'s battlefield already holds {len(full)} cards: "
            f"{card.name} would enter a full board.",
            (card.id,),
            controller,
        )
        game.pending = PendingChoice(
            "board_full",
            controller,
            f"Choose a card on your battlefield for {card.name} to replace, or none to discard it instead.",
            "rules/extra-notes/p3.3",
            tuple(full),
            0,
            1,
            (cid, rule),
        )
        return
    arrive(game, card, rule)


def arrive(game: Game, card: Card, rule: str, position: int | None = None) -> None:
    """Put the card onto its controller's battlefield (on the right unless replacing a card) and announce it."""
    move(game, card, Zone.BATTLEFIELD, position=position)
    card.arrived = game.stamp()
    where = "on the right" if position is None else "in the replaced card's board space"
    record(
        game,
        rule,
        "arrive",
        f"{card.name} arrives on {card.controller}'s battlefield.",
        (card.id,),
        card.controller,
    )
    record(
        game,
        "rules/advanced-notes-on-timing-rules-and-the-horizon/p3"
        if position is None
        else "rules/extra-notes/p3.3",
        "position",
        f"{card.name} takes its place {where}.",
        (card.id,),
        card.controller,
    )
    if rule != "rules/zones/p3":
        record(
            game,
            "rules/zones/p3",
            "in_play",
            f"{card.name} is in play on the battlefield.",
            (card.id,),
            card.controller,
        )
    emit(game, "arrive", card.id, card.controller)
    if card.definition.has("guardian") and game.combat is not None:
        game.queue.push(GuardianOffer(card.id))


def answer_board_full(game: Game, replaced: str | None) -> None:
    """Replace the chosen card (it and its weapon are discarded, not destroyed) or discard the new card."""
    choice = game.pending
    assert choice is not None
    cid, rule = choice.ref
    game.pending = None
    card = game.card(cid)
    if replaced is None:
        move(game, card, Zone.DISCARD)
        record(
            game,
            "rules/extra-notes/p3.3",
            "discarded",
            f"{card.controller} lets {card.name} be discarded instead.",
            (cid,),
            card.controller,
        )
        record(
            game,
            "rules/extra-notes/p3.3.1",
            "never_enters",
            f"{card.name} never enters the battlefield: it does not arrive (decision D-FULL-BOARD).",
            (cid,),
            card.controller,
        )
        return
    old = game.card(replaced)
    position = game.players[old.controller].battlefield.index(old.id)
    gone = [old] + ([game.card(old.weapon)] if old.weapon else [])
    for g in gone:
        move(game, g, Zone.DISCARD)
    record(
        game,
        "rules/extra-notes/p3.3",
        "replaced",
        f"{card.name} replaces {old.name}: "
        + " and ".join(g.name for g in gone)
        + " discarded (not destroyed).",
        [g.id for g in gone] + [cid],
        card.controller,
    )
    record(
        game,
        "rules/extra-notes/p3.3.1",
        "replace_first",
        f"The replaced card leaves before {card.name} enters (decision D-FULL-BOARD).",
        (cid,),
        card.controller,
    )
    arrive(game, card, rule, position=position)
