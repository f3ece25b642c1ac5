"""Moving objects between zones: "my cards, my zones" (1.4.3.a) and "new zone, new object" (1.4.4.a)."""

from __future__ import annotations

from .cards import CardDef
from .log import record
from .state import IN_PLAY, Game, GameObject, Zone
from .tokens import TokenSpec

ZONE_WORDS = {
    Zone.DECK: "Deck",
    Zone.HAND: "Hand",
    Zone.RESERVE: "Reserve",
    Zone.DISCARD: "Discard pile",
    Zone.MANA: "Mana zone",
    Zone.LANDMARKS: "Landmark zone",
    Zone.HERO: "Hero zone",
    Zone.EXPEDITION: "expedition",
    Zone.LIMBO: "Limbo",
    Zone.ADVENTURE: "Adventure",
    Zone.OUTSIDE: "outside the game",
}


def where(game: Game, o: GameObject) -> str:
    """A zone as a reader says it: ``p1's Reserve``, ``p2's hero expedition``."""
    if o.zone is Zone.EXPEDITION:
        return f"{o.controller}'s {o.expedition} expedition"
    if o.zone in (Zone.LIMBO, Zone.ADVENTURE, Zone.OUTSIDE):
        return ZONE_WORDS[o.zone]
    return f"{o.controller}'s {ZONE_WORDS[o.zone]}"


def _holder(game: Game, o: GameObject) -> list[str] | None:
    if o.zone is Zone.EXPEDITION:
        return game.players[o.controller].expeditions[o.expedition or "hero"]
    if o.zone is Zone.HERO:
        return None
    if o.zone is Zone.LIMBO:
        return game.limbo
    if o.zone in (Zone.ADVENTURE, Zone.OUTSIDE):
        return None
    return game.players[o.controller].pile(o.zone)


def detach(game: Game, o: GameObject) -> None:
    """Take the item out of the zone it is in."""
    holder = _holder(game, o)
    if holder is not None and o.id in holder:
        holder.remove(o.id)
    if o.zone is Zone.HERO and game.players[o.controller].hero == o.id:
        game.players[o.controller].hero = None


def attach(
    game: Game, o: GameObject, zone: Zone, player: str, expedition: str | None = None, top: bool = False
) -> None:
    """Put the item in a zone of ``player`` (at the end; at the top of a Deck when ``top``)."""
    o.zone, o.controller, o.expedition = zone, player, expedition if zone is Zone.EXPEDITION else None
    if zone is Zone.HERO:
        game.players[player].hero = o.id
        return
    holder = _holder(game, o)
    if holder is None:
        return
    if top:
        holder.insert(0, o.id)
    else:
        holder.append(o.id)


def owners_zone(
    game: Game, o: GameObject, player: str, zone: Zone, why: str, expedition: str | None = None
) -> str:
    """My cards, my zones: a card heading for another player's zone goes to its owner's (1.4.3.a)."""
    if player != o.owner and zone not in (Zone.LIMBO, Zone.ADVENTURE, Zone.OUTSIDE):
        place = f"{expedition} expedition" if zone is Zone.EXPEDITION else ZONE_WORDS[zone]
        record(
            game,
            "1.4.3.a",
            "my_zones",
            f"{o.name} ({o.owner}'s) would go to {player}'s {place} {why}; it goes to "
            f"{o.owner}'s {place} instead.",
            (o.id,),
            o.owner,
        )
        return o.owner
    return player


def move(
    game: Game,
    o: GameObject,
    zone: Zone,
    player: str | None = None,
    *,
    expedition: str | None = None,
    face_down: bool = False,
    top: bool = False,
    why: str = "",
) -> GameObject | None:
    """Move the item representing ``o``; it becomes a new object (1.4.4.a). Returns it, or None for a token
    that left play and ceased to exist (decision D-TOKEN-LEAVES)."""
    player = owners_zone(game, o, player or o.owner, zone, why, expedition)
    was_in_play = o.zone in IN_PLAY
    detach(game, o)
    if o.token is not None and was_in_play and zone is not Zone.EXPEDITION:
        o.incarnation += 1
        del game.objects[o.id]
        record(
            game,
            "1.4.4.a",
            "token_ceases",
            f"{o.name} (a token) leaves play and ceases to exist; no item "
            "represents it elsewhere (decision D-TOKEN-LEAVES).",
            (o.id,),
            o.controller,
        )
        return None
    lost = []
    if o.boosts:
        lost.append(f"{o.boosts} boost(s)")
    if any((o.id, o.incarnation) in e.links for e in game.ongoing()):
        lost.append("the Ongoing effects about it")
    o.incarnation += 1
    o.boosts = 0
    o.exhausted = False
    o.face_down = face_down
    attach(game, o, zone, player, expedition, top)
    if lost:
        record(
            game,
            "1.4.4.a",
            "new_object",
            f"{o.name} changes zones: it is a new object and keeps none of {', '.join(lost)}.",
            (o.id,),
            o.controller,
        )
    return o


def create_token(
    game: Game, spec: TokenSpec, player: str, expedition: str, controller_of_effect: str
) -> GameObject:
    """A token Character, defined by the effect that creates it (2.2.2.j, 2.2.9.e), in an expedition."""
    owner = controller_of_effect
    k = 1
    while f"{owner}:{spec.name}#{k}" in game.objects:
        k += 1
    definition = CardDef(
        name=spec.name, type="character", subtypes=spec.subtypes, stats=spec.stats, text=f"token: {spec.text}"
    )
    o = GameObject(
        id=f"{owner}:{spec.name}#{k}",
        definition=definition,
        owner=owner,
        controller=owner,
        zone=Zone.OUTSIDE,
        token=spec,
    )
    game.objects[o.id] = o
    target = owners_zone(game, o, player, Zone.EXPEDITION, "as it is created", expedition)
    attach(game, o, Zone.EXPEDITION, target, expedition)
    return o
