"""Starting a game: from decks (rules/starting-the-game/p1), or directly from a mid-game position.

* :func:`new_game` checks the starting locations (rules/card-types/p4.1), determines the first player at random,
  shuffles, puts the starting locations into the location zones, draws 5 and begins round 1.
* :class:`Setup` builds a position (hands, decks, battlefields, locations, energy, life, round, phase) for scenarios
  and tests; :meth:`Setup.from_dict` reads the same from plain data.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from engine.common.ids import instance_id
from engine.common.piles import PileMethods

from .cards import CardDef, DeckList, load_card
from .cards import ideal as canonical_ideal
from .errors import IllegalDeck, SetupError
from .log import record
from .state import Buff, Card, Game, Limits, Phase, PlayerState, Window, Zone
from .steps import BeginDraw, BeginRound, Check, RoundEnd, RoundStart, run
from .universal import wilderness
from .zones import draw, move, shuffle

#: The step a position set up in a phase that makes nobody active starts with.
STARTS = {Phase.ROUND_START: RoundStart, Phase.ROUND_END: RoundEnd, Phase.DRAW: BeginDraw}

PLAYERS = ("p1", "p2")


def _new_card(game: Game, pid: str, definition: CardDef, zone: Zone | None, label: str | None = None) -> Card:
    """A new card of ``pid`` in ``zone`` (None: not yet placed), under ``label`` or the next free id."""
    if label is None:
        label = instance_id(game.objects, pid, definition.name)
    if label in game.objects or label in game.players:
        raise SetupError(f"duplicate card id or label {label!r}")
    card = Card(id=label, definition=definition, owner=pid, controller=pid, zone=zone)
    game.objects[label] = card
    return card


def check_deck(deck: DeckList, library: Mapping[str, CardDef], limits: Limits = Limits()) -> None:
    """Raise :class:`IllegalDeck` unless the starting locations are locations, at most three (copies allowed)."""
    for name in (*deck.cards, *deck.starting_locations):
        if name not in library:
            raise SetupError(f"unknown card {name!r}: add it to the library")
    if len(deck.starting_locations) > limits.starting_locations:
        raise IllegalDeck(
            f"{len(deck.starting_locations)} starting locations; a deck can have up to "
            f"{limits.starting_locations}",
            "rules/card-types/p4.1",
        )
    for name in deck.starting_locations:
        if library[name].type != "location":
            raise IllegalDeck(
                f"{name} is a {library[name].type}, not a location",
                "rules/card-types/p4.1",
                "rules/card-types/p4",
            )


def new_game(
    decks: Mapping[str, DeckList], library: Mapping[str, CardDef], seed: int = 0, *, limits: Limits = Limits()
) -> Game:
    """A new game between two players: starting the game (rules/starting-the-game/p1), then round 1."""
    if len(decks) != 2:
        raise SetupError("Atnia is a 1v1 card game: give exactly two decks")
    for deck in decks.values():
        check_deck(deck, library, limits)
    order = list(decks)
    game = Game(
        players={p: PlayerState(p, life=limits.life, counters=limits.counters) for p in order},
        order=order,
        seed=seed,
        rng=random.Random(seed),
        library=dict(library),
        limits=limits,
    )
    starting: dict[str, list[Card]] = {}
    for pid, deck in decks.items():
        for name in deck.cards:
            game.players[pid].deck.append(_new_card(game, pid, library[name], Zone.DECK).id)
        starting[pid] = [_new_card(game, pid, library[name], None) for name in deck.starting_locations]
        ideals = sorted({i for n in deck.cards for i in library[n].ideal_names})
        if len(ideals) > 1:
            record(
                game,
                "rules/deitas/p5",
                "deck",
                f"{pid}'s deck holds cards of {len(ideals)} ideals ({', '.join(ideals)}): "
                "there is no hard gate on the ideals of a deck.",
                (),
                pid,
            )
    game.first = game.rng.choice(order)
    record(
        game,
        "rules/starting-the-game/p1",
        "first_player",
        f"The first player is determined at random: {game.first}.",
        (),
        game.first,
    )
    for pid in order:
        shuffle(game, pid, "rules/starting-the-game/p1")
        record(
            game,
            "rules/zones/p1",
            "deck",
            f"{pid}'s deck holds {len(game.players[pid].deck)} cards.",
            (),
            pid,
        )
    for pid in order:
        for card in starting[pid]:
            move(game, card, Zone.LOCATION)
            record(
                game,
                "rules/starting-the-game/p1",
                "starting_location",
                f"{pid} reveals {card.name} and puts it into their location zone.",
                (card.id,),
                pid,
            )
            record(
                game,
                "rules/card-types/p4.1",
                "starting_location",
                f"{card.name} is one of {pid}'s starting locations.",
                (card.id,),
                pid,
            )
            record(
                game,
                "rules/locations/p1",
                "devotion",
                f"{card.name} adds devotion while in the location zone.",
                (card.id,),
                pid,
            )
    for pid in order:
        draw(game, pid, limits.starting_hand, "rules/starting-the-game/p1")
        record(
            game,
            "rules/zones/p2",
            "hand",
            f"{pid}'s hand holds {len(game.players[pid].hand)} cards.",
            (),
            pid,
        )
    record(game, "rules/starting-the-game/p1", "begin", "The first round of the game begins.")
    game.queue.push(BeginRound())
    run(game)
    return game


class Setup(PileMethods):
    """Build a position directly (not by playing from the start).

    Example::

        s = Setup(library, seed=7)
        s.battlefield("p1", "Ember Squire", damage=1)
        s.hand("p1", "Spark")
        s.deck("p2", "Spark", "Ember Squire")   # top card first
        s.player("p1", energy=3, counters=3, life=18)
        s.at(round=2, phase="main", first="p1")
        game = s.build()

    ``hand``, ``deck`` (top card first), ``discard`` and ``void`` come from
    :class:`~engine.common.piles.PileMethods`.
    """

    ZONE = Zone

    def __init__(
        self, library: Mapping[str, CardDef] | None = None, *, seed: int = 0, limits: Limits = Limits()
    ) -> None:
        self.game = Game(
            players={p: PlayerState(p, life=limits.life, counters=limits.counters) for p in PLAYERS},
            order=list(PLAYERS),
            seed=seed,
            rng=random.Random(seed),
            library=dict(library or {}),
            limits=limits,
        )
        self._round, self._phase, self._first = 1, Phase.MAIN, "p1"
        self._active: str | None = None
        self._built = False

    def _def(self, card: str | Mapping[str, Any] | CardDef) -> CardDef:
        lib = self.game.library
        if isinstance(card, CardDef):
            return lib.setdefault(card.name, card)
        if isinstance(card, Mapping):
            d = load_card(card)
            return lib.setdefault(d.name, d)
        if card not in lib:
            raise SetupError(f"unknown card {card!r}: add it to the library")
        return lib[card]

    def _player(self, pid: str) -> PlayerState:
        if pid not in self.game.players:
            raise SetupError(f"unknown player {pid!r}")
        return self.game.players[pid]

    def _pile(self, pid: str, zone: Zone, cards: tuple) -> list[str]:
        ps = self._player(pid)
        out = []
        for c in cards:
            spec = c if isinstance(c, Mapping) and "card" in c else {"card": c}
            card = _new_card(self.game, pid, self._def(spec["card"]), zone, spec.get("label"))
            ps.pile(zone).append(card.id)
            out.append(card.id)
        return out

    def channel(self, pid: str, *cards) -> list[str]:
        """Put cards in ``pid``'s channel zone."""
        return self._pile(pid, Zone.CHANNEL, cards)

    def battlefield(
        self,
        pid: str,
        card,
        *,
        label: str | None = None,
        damage: int = 0,
        flipped: bool = False,
        buffs: list | None = None,
        weapon=None,
    ) -> str:
        """A card on the battlefield, on the right of those already there; ``weapon`` equips one to it."""
        ps = self._player(pid)
        if (
            len([c for c in ps.battlefield if self.game.card(c).wielder is None])
            >= self.game.limits.battlefield
        ):
            raise SetupError(f"{pid}'s battlefield already holds {self.game.limits.battlefield} cards")
        obj = _new_card(self.game, pid, self._def(card), Zone.BATTLEFIELD, label)
        obj.damage, obj.flipped = damage, flipped
        for b in buffs or []:
            until = b.get("until", "permanent")
            if until not in ("permanent", "round_end"):
                raise SetupError(f"a buff lasts 'permanent' or 'round_end', not {until!r}")
            obj.buffs.append(
                Buff(self.game.stamp(), int(b.get("health", 0)), int(b.get("offense", 0)), until)
            )
        ps.battlefield.append(obj.id)
        if weapon is not None:
            spec = weapon if isinstance(weapon, Mapping) and "card" in weapon else {"card": weapon}
            w = _new_card(self.game, pid, self._def(spec["card"]), Zone.BATTLEFIELD, spec.get("label"))
            if not w.definition.is_weapon:
                raise SetupError(f"{w.name} is not a weapon")
            ps.battlefield.append(w.id)
            w.wielder, obj.weapon = obj.id, w.id
            off, hp = w.definition.grants
            obj.buffs.append(Buff(self.game.stamp(), hp, off, "weapon", w.id))
        return obj.id

    def location(
        self,
        pid: str,
        card=None,
        *,
        label: str | None = None,
        flipped: bool = False,
        wilderness_of: str | None = None,
    ) -> str:
        """A location in the location zone, or a Wilderness of ``wilderness_of``."""
        ps = self._player(pid)
        if wilderness_of is not None:
            ideal = canonical_ideal(wilderness_of)
            obj = _new_card(self.game, pid, wilderness(ideal), Zone.LOCATION, label)
            obj.ideal, obj.created = ideal, True
        else:
            obj = _new_card(self.game, pid, self._def(card), Zone.LOCATION, label)
            if obj.type != "location":
                raise SetupError(f"{obj.name} is not a location")
        obj.flipped = flipped
        ps.locations.append(obj.id)
        return obj.id

    def player(
        self,
        pid: str,
        *,
        life: int | None = None,
        energy: int | None = None,
        counters: int | None = None,
        attacks: int | None = None,
    ) -> None:
        ps = self._player(pid)
        if life is not None:
            ps.life = life
        if energy is not None:
            ps.energy = energy
        if counters is not None:
            if not 0 <= counters <= self.game.limits.max_counters:
                raise SetupError(f"energy counters go from 0 to {self.game.limits.max_counters}")
            ps.counters = counters
        if attacks is not None:
            ps.attacks = attacks

    def at(
        self,
        *,
        round: int = 1,
        phase: str = "main",
        first: str = "p1",
        active: str | None = None,
        ended_by: str | None = None,
    ) -> None:
        """Where the game stands: ``phase`` main (``active`` acts), or the start of pre_round, round_start,
        round_end or draw. For a pre round, ``ended_by`` is who ended the previous round."""
        if phase not in ("main", "pre_round", "round_start", "round_end", "draw"):
            raise SetupError(
                f"a position starts in the main phase or at the start of pre_round, round_start, "
                f"round_end or draw, not {phase!r}"
            )
        self._round, self._phase, self._first, self._active = round, Phase(phase), first, active
        self.game.ended_by = ended_by

    def build(self) -> Game:
        """The game, after the automatic steps of the chosen phase have run."""
        if self._built:
            raise SetupError("build() was already called")
        self._built = True
        game = self.game
        game.first = self._first
        game.round = self._round
        game.phase = self._phase
        if self._phase is Phase.MAIN:
            game.active = self._active or self._first
            game.window = Window(game.active)
            game.queue.push(Check())
        elif self._phase is Phase.PRE_ROUND:
            game.round = self._round - 1
            game.queue.push(BeginRound())
        else:
            game.queue.push(STARTS[self._phase]())
        run(game)
        return game

    @classmethod
    def from_dict(
        cls,
        data: Mapping[str, Any],
        library: Mapping[str, CardDef] | None = None,
        *,
        limits: Limits = Limits(),
    ) -> Setup:
        """A setup from plain data::

        {seed: 1, round: 2, phase: main, first: p1, active: p2,
         players: {p1: {life: 18, energy: 3, counters: 3, attacks: 1, hand: [...], deck: [...],
                        discard: [...], void: [...], channel: [...],
                        battlefield: [Name, {card: Name, label: x, damage: 1, flipped: true,
                                             buffs: [{health: 2, until: round_end}], weapon: Sword}],
                        locations: [Name, {card: Name, flipped: true}, {wilderness: arca}]}}}
        """
        s = cls(library, seed=int(data.get("seed", 0)), limits=limits)
        for pid, pdata in (data.get("players") or {}).items():
            pdata = dict(pdata or {})
            s.player(
                pid,
                life=pdata.get("life"),
                energy=pdata.get("energy"),
                counters=pdata.get("counters"),
                attacks=pdata.get("attacks"),
            )
            for zone in ("hand", "deck", "discard", "void", "channel"):
                getattr(s, zone)(pid, *(pdata.get(zone) or []))
            for c in pdata.get("battlefield") or []:
                spec = dict(c) if isinstance(c, Mapping) and "card" in c else {"card": c}
                s.battlefield(pid, spec.pop("card"), **spec)
            for c in pdata.get("locations") or []:
                if isinstance(c, Mapping) and "wilderness" in c:
                    s.location(
                        pid,
                        wilderness_of=c["wilderness"],
                        label=c.get("label"),
                        flipped=c.get("flipped", False),
                    )
                    continue
                spec = dict(c) if isinstance(c, Mapping) and "card" in c else {"card": c}
                s.location(pid, spec.pop("card"), **spec)
        s.at(
            round=int(data.get("round", 1)),
            phase=str(data.get("phase", "main")),
            first=data.get("first", "p1"),
            active=data.get("active"),
            ended_by=data.get("ended_by"),
        )
        return s
