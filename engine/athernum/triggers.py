"""Game events and the triggered abilities they trigger (4.3.5b, 4.2.3d).

An ability is identified as triggered when its event happens, using the state at that moment
(so "when this leaves the board" sees the object as it was); it is put on a new stack only
after the next state-based check (4.2.3d.I), carrying last known information (4.2.3d.III).
"""

from __future__ import annotations

from .cards import Ability
from .log import record
from .state import BOARD_ZONES, Game, GameObject, PendingAbility, Snapshot, Zone
from .values import granted_abilities, matches, snapshot

EVENT_WORDS = {
    "enters": "entered the game board",
    "leaves": "left the game board",
    "discarded": "was discarded",
    "damaged": "was dealt damage",
    "attacks": "attacks",
    "attacked": "is attacked",
    "defends": "defends",
    "exhausted": "became exhausted",
    "turned_face_up": "was turned face-up",
    "drawn": "was drawn",
    "victory_token_placed": "received a Victory Token",
    "played": "was played",
}


def abilities_function(
    obj: GameObject, ability: Ability, game: Game | None = None, *, granted: bool = False
) -> bool:
    """Whether a triggered ability of ``obj`` works where ``obj`` is (4.3.2a, 4.3.2c, 4.3.2d, 4.3.5g.II, 7.4.2d).

    A granted ability works whatever the object's state while it stays on the board (4.3.2b)."""
    if granted:
        return obj.zone in BOARD_ZONES
    if ability.zone == "board":
        if obj.zone not in BOARD_ZONES or obj.face_down:
            return False
        return not (ability.is_equip and obj.zone is not Zone.ITEM_SLOT)
    if ability.zone == "deck_top":
        return game is not None and face_up_on_top(game, obj)
    return obj.zone.value == ability.zone


def face_up_on_top(game: Game, obj: GameObject) -> bool:
    """Is ``obj`` a card turned face-up on the top of its owner's deck (4.3.2d)?"""
    ps = game.players[obj.owner]
    return obj.zone is Zone.DECK and bool(ps.deck) and ps.deck[0] == obj.id and obj.id in ps.face_up_top


def _watchers(game: Game, obj: GameObject) -> list[tuple[Ability, bool]]:
    """The "whenever"/"at" abilities of ``obj``: printed ones, then granted ones (flagged True, 4.3.2b)."""
    out = [(ab, False) for ab in obj.definition.watchers]
    if game.grants:
        out += [
            (ab, True)
            for ab in granted_abilities(game, obj)
            if ab.type == "triggered" and ab.trigger and ab.trigger.mode != "when"
        ]
    return out


def _sources(game: Game) -> list[GameObject]:
    """Objects with "whenever" or "at" abilities that may function now: face-up board objects (and any board
    object with a granted one, 4.3.2b), cards in discard piles, voids and extra decks whose abilities work
    there, and a card face-up on top of a deck (4.3.2a, 4.3.2c, 4.3.2d, 7.4.2d)."""
    out: list[GameObject] = []
    objects = game.objects
    granted = {g.target[0] for g in game.grants} if game.grants else set()
    for pid in game.order:
        ps = game.players[pid]
        ids = [ps.main_slot] if ps.main_slot is not None else []
        ids += [c for c in ps.character_slots if c is not None]
        ids += ps.locations
        ids += ps.resources
        for oid in ids:
            o = objects[oid]
            if (o.definition.watchers and not o.face_down) or oid in granted:
                out.append(o)
            for aid in o.attachments:
                a = objects[aid]
                if (a.definition.watchers and not a.face_down) or aid in granted:
                    out.append(a)
        for pile in (ps.discard, ps.void, ps.extra_deck):
            for oid in pile:
                o = objects[oid]
                if o.definition.offboard_triggers:
                    out.append(o)
        if (
            ps.face_up_top
            and ps.deck
            and ps.deck[0] in ps.face_up_top
            and objects[ps.deck[0]].definition.offboard_triggers
        ):
            out.append(objects[ps.deck[0]])
    return out


def _queue(
    game: Game, source: GameObject, ability: Ability, subject: Snapshot | None, player: str | None, why: str
) -> None:
    controller = source.controller or source.owner
    pending = PendingAbility(
        id=game.new_id("t"),
        kind="triggered",
        controller=controller,
        ability=ability,
        rule="4.3.5b",
        source_id=source.id,
        source_inc=source.incarnation,
        source=snapshot(game, source),
        trigger=subject,
        trigger_player=player,
    )
    game.triggered.append(pending)
    record(
        game,
        "4.3.5b",
        "trigger",
        f"{controller}'s {source.name}: {ability.label()} triggers ({why}).",
        (source.id,) + ((subject.id,) if subject is not None and subject.id != source.id else ()),
        controller,
    )


def emit(
    game: Game,
    kind: str,
    subject: GameObject,
    *,
    player: str | None = None,
    snap: Snapshot | None = None,
    to_zone: Zone | None = None,
) -> None:
    """Report that ``kind`` happened to ``subject``; identify every ability it triggers."""
    subject_snap = snap
    own = [(ab, False) for ab in subject.definition.triggered]
    if game.grants:
        own += [(ab, True) for ab in granted_abilities(game, subject) if ab.type == "triggered"]
    # "when" abilities of the subject itself, judged by its state at the event (look-back).
    for ab, granted in own:
        trig = ab.trigger
        if trig is None or trig.mode != "when" or trig.event != kind:
            continue
        if granted:  # a granted ability works whatever the object's state (4.3.2b)
            zone = subject_snap.zone if subject_snap is not None else subject.zone
            if zone not in BOARD_ZONES:
                continue
        elif ab.zone == "board":
            state = subject_snap if subject_snap is not None else None
            face_down = state.face_down if state is not None else subject.face_down
            zone = state.zone if state is not None else subject.zone
            if zone not in BOARD_ZONES or face_down:
                continue
            if ab.is_equip and zone is not Zone.ITEM_SLOT:
                continue
        elif ab.zone == "deck_top":
            if not face_up_on_top(game, subject):
                continue
        elif (to_zone or subject.zone).value != ab.zone:
            continue
        if subject_snap is None:
            subject_snap = snapshot(game, subject)
        _queue(game, subject, ab, subject_snap, player, f"it {EVENT_WORDS[kind]}")
    # "whenever" abilities of every functioning source.
    for src in _sources(game):
        for ab, granted in _watchers(game, src):
            trig = ab.trigger
            if trig is None or trig.mode != "whenever" or trig.event != kind:
                continue
            if not abilities_function(src, ab, game, granted=granted):
                continue
            if subject_snap is None:
                subject_snap = snapshot(game, subject)
            you = src.controller or src.owner
            if trig.filter is not None and not matches(game, subject_snap, trig.filter, you, src.id):
                continue
            _queue(game, src, ab, subject_snap, player, f"{subject.name} {EVENT_WORDS[kind]}")


def emit_phase(game: Game, phase: str, player: str | None) -> None:
    """Identify "At the <phase> phase" abilities (9.1.4a, 9.2.0, 9.3.3a, 9.4.1a, 9.5.2a)."""
    for src in _sources(game):
        for ab, granted in _watchers(game, src):
            trig = ab.trigger
            if trig is None or trig.mode != "at" or trig.event != phase:
                continue
            if not abilities_function(src, ab, game, granted=granted):
                continue
            you = src.controller or src.owner
            if trig.turn == "yours" and player != you:
                continue
            if trig.turn == "opponents" and (player is None or player == you):
                continue
            _queue(game, src, ab, None, player, f"at the {phase} phase")


def static_pending(
    game: Game, obj: GameObject, rule: str, *, in_slot: bool | None = None
) -> list[PendingAbility]:
    """The static abilities of ``obj`` to put on the stack as it enters or turns face-up (4.1.4, 4.3.5a.I).

    Equipment abilities count only while the object is in an item slot (4.3.5g.II, 4.3.5g.III).
    Statics of one card are listed in printed order; they resolve in that order.
    """
    slot = obj.zone is Zone.ITEM_SLOT if in_slot is None else in_slot
    out: list[PendingAbility] = []
    snap = None
    for ab in obj.definition.abilities:
        if ab.type != "static" or (ab.is_equip and not slot):
            continue
        if snap is None:
            snap = snapshot(game, obj)
        out.append(
            PendingAbility(
                id=game.new_id("s"),
                kind="equip" if ab.is_equip else "static",
                controller=obj.controller or obj.owner,
                ability=ab,
                rule=rule,
                source_id=obj.id,
                source_inc=obj.incarnation,
                source=snap,
            )
        )
    out.reverse()  # placed last-printed first, so the first printed resolves first
    return out
