"""Starting a game: from decks through the setup of chapter 8, or directly from a mid-game position.

* :func:`new_game` checks the decks (11.0.2), then asks each player to select a main character
  (8.0.1a) through ``game.pending``; the rest of chapter 8 runs automatically.
* :class:`Setup` builds an arbitrary position (board, hands, decks, counters, pool, turn,
  phase...) for scenarios and tests; :meth:`Setup.from_dict` reads the same from plain data.

Both seat two to four players (``p1`` ... ``p4``; decision D-PLAYERS). From decks, turns go in initiative order
(8.0.6b); in a built position, in the order the players are given, from the active player (D-TURN-ORDER).
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping
from typing import Any

from engine.common.ids import instance_id
from engine.common.piles import PileMethods

from .abilities import CONTINUOUS_KINDS, load_card, parse_token, token_def
from .cards import CardDef, DeckList
from .deck import check_deck, eligible_main
from .effects import resolve_effect
from .errors import SetupError
from .log import record
from .markers import grow_pool
from .parameters import RuleParameters
from .state import (
    Game,
    GameObject,
    PendingChoice,
    Phase,
    PlayerState,
    StackEntry,
    Zone,
    new_player,
)
from .steps import BeginPhase, run
from .values import snapshot
from .zones import draw, enter_board, free_character_slot, shuffle

__all__ = ["Setup", "choose_main_character", "eligible_main", "new_game"]


#: The engine seats two to four players (decision D-PLAYERS).
MIN_PLAYERS, MAX_PLAYERS = 2, 4


def check_players(pids: list[str]) -> None:
    """Refuse a game without two to four different players (decision D-PLAYERS): a single player would have no
    opponent ("your opponent" is any other player in a match, chapter 0); the engine seats at most four."""
    if len(set(pids)) != len(pids):
        raise SetupError(f"each player needs a different id, not {', '.join(pids)}")
    if len(pids) < MIN_PLAYERS:
        raise SetupError(
            f"a game needs at least {MIN_PLAYERS} players, one to be the other's opponent "
            f"('your opponent' is any other player in a match, CR chapter 0), not {len(pids)}"
        )
    if len(pids) > MAX_PLAYERS:
        raise SetupError(f"the engine plays games of {MIN_PLAYERS} to {MAX_PLAYERS} players, not {len(pids)}")


def _make_card(game: Game, pid: str, name: str, zone: Zone, label: str | None = None) -> GameObject:
    """A new instance of card ``name`` owned by ``pid`` in ``zone``, under ``label`` or the next free id."""
    d = game.library[name]
    if label is None:
        label = instance_id(game.objects, pid, name)
    if label in game.objects:
        raise SetupError(f"duplicate instance id {label!r}")
    o = GameObject(id=label, definition=d, owner=pid, zone=zone, controller=pid)
    game.objects[label] = o
    return o


def new_game(
    decks: Mapping[str, DeckList],
    library: Mapping[str, CardDef],
    seed: int = 0,
    *,
    check_decks: bool = True,
    turn_limit: int = 200,
    parameters: RuleParameters | Mapping[str, Any] | None = None,
) -> Game:
    """A new game between the given two to four players (decision D-PLAYERS); each must first choose a main
    character. Turns then go in initiative order (8.0.6b, decision D-TURN-ORDER), which becomes ``game.order``.

    ``parameters`` are the numbers read from the rules (:class:`.parameters.RuleParameters`; the CR's
    values by default): they decide deck legality, character slots, command tokens and hand size.
    """
    check_players(list(decks))
    params = RuleParameters.coerce(parameters)
    lib = dict(library)
    for deck in decks.values():
        if check_decks:
            check_deck(deck, lib, params)
    game = Game(
        players={pid: new_player(pid, params) for pid in decks},
        order=list(decks),
        seed=seed,
        rng=random.Random(seed),
        library=lib,
        turn_limit=turn_limit,
        params=params,
    )
    for pid, deck in decks.items():
        ps = game.players[pid]
        for name in deck.main:
            ps.deck.append(_make_card(game, pid, name, Zone.DECK).id)
        for name in deck.extra:
            ps.extra_deck.append(_make_card(game, pid, name, Zone.EXTRA_DECK).id)
    record(
        game,
        "8.0.1a",
        "setup",
        "Setup begins: each player secretly selects a main character from their deck.",
    )
    _ask_main(game, game.order[0])
    return game


def _ask_main(game: Game, pid: str) -> None:
    opts = tuple(oid for oid in game.players[pid].deck if eligible_main(game.objects[oid].definition) is None)
    game.pending = PendingChoice(
        kind="main_character",
        player=pid,
        prompt="Secretly select a card with a Victory Token Field from your deck as your main character.",
        rule="8.0.1a",
        options=opts,
        min=1,
        max=1,
    )


def choose_main_character(game: Game, pid: str, card: GameObject) -> None:
    """Record ``pid``'s secret selection (8.0.1a) and place the card face-down into the main character
    slot at once (3.0.2a, 8.0.1b); when all have chosen, finish the setup."""
    game.main_choices[pid] = card.id
    game.pending = None
    record(game, "8.0.1a", "main_selected", f"{pid} secretly selects a main character.", (), pid)
    ps = game.players[pid]
    ps.deck.remove(card.id)
    card.zone = Zone.MAIN
    card.controller = pid
    card.face_down = True
    card.incarnation += 1
    ps.main_slot = card.id
    record(
        game,
        "8.0.1b",
        "main_placed",
        f"{pid} places the selected card face-down into their main character slot; only they may look at it (3.0.2a, 6.1.4).",
        (),
        pid,
    )
    waiting = [p for p in game.order if p not in game.main_choices]
    if waiting:
        _ask_main(game, waiting[0])
        return
    _finish_setup(game)


def _initiative_cost(card: CardDef) -> int:
    """Lower cost, higher initiative; no cost counts as cost 0 (decision D-INITIATIVE)."""
    return card.cost if card.cost is not None else 0


def _finish_setup(game: Game) -> None:
    """8.0.1c-8.0.6a: reveal, place, initiative, the Victory Token pool, shuffle, draw six, begin."""
    for pid in game.order:
        o = game.objects[game.main_choices[pid]]
        record(
            game, "8.0.1c", "reveal_main", f"{pid} reveals {o.name} as their main character.", (o.id,), pid
        )
        game.players[pid].main_character = o.id
        if o.definition.type == "character":
            zone, rule = Zone.MAIN, "3.0.3"
        else:
            zone, rule = Zone.LOCATION, "8.0.1d"
        enter_board(
            game,
            o,
            zone,
            pid,
            rule,
            f"{o.name} is placed in {pid}'s {zone.value.replace('_', ' ')}, exhausted but without an exhaustion counter (3.0.4).",
            exhausted=True,
            exhaustion_counter=False,
            count_victory_field=False,
        )
    first = _initiative_order(game)
    total = sum(game.objects[game.main_choices[p]].definition.victory_token_field or 0 for p in game.order)
    grow_pool(game, total, "8.0.3a", "the sum of the main characters' Victory Token Fields")
    for pid in game.order:
        shuffle(game, pid, "8.0.4a")
    for pid in game.order:
        draw(game, pid, game.params.starting_hand, "8.0.5a")
    game.triggered.clear()
    game.turn = 1
    game.active = first
    record(game, "8.0.6a", "first_turn", f"{first} begins the first turn.", (), first)
    game.queue.push(BeginPhase(Phase.MORNING))
    run(game)


def _initiative_order(game: Game) -> str:
    """8.0.2: the main characters' initiative decides who begins (8.0.6a, ties at random, 8.0.6b); the other
    players follow in initiative order, tied ones in a random order (8.0.2d). That is the turn order for the
    whole game (decision D-TURN-ORDER). Returns the starting player."""
    costs = {pid: _initiative_cost(game.objects[game.main_choices[pid]].definition) for pid in game.order}
    best = min(costs.values())
    leaders = [p for p in game.order if costs[p] == best]
    if len(leaders) > 1:
        first = game.rng.choice(leaders)
        record(
            game,
            "8.0.2d",
            "initiative",
            f"Initiative is tied (cost {best}); {first} is chosen at random to begin.",
            (),
            first,
        )
    else:
        first = leaders[0]
        record(
            game,
            "8.0.2a",
            "initiative",
            f"{first} has the highest initiative (lowest acquisition cost, {best}) and begins.",
            (),
            first,
        )
    order = [first]
    for cost in sorted({costs[p] for p in game.order if p != first}):
        tied = [p for p in game.order if p != first and costs[p] == cost]
        if len(tied) > 1:
            names = " and ".join(tied)
            game.rng.shuffle(tied)
            record(
                game,
                "8.0.2d",
                "initiative",
                f"{names} share the same initiative (cost {cost}); their order is decided at random: {', '.join(tied)}.",
                (),
                tied[0],
            )
        order.extend(tied)
    game.order = order
    if len(order) > 2:
        record(
            game,
            "8.0.6b",
            "turn_order",
            f"The other players follow {first} in initiative order: turns go {', '.join(order)}.",
            (),
            first,
        )
    return first


class Setup(PileMethods):
    """Build a mid-game position directly (not by playing from setup).

    Example::

        s = Setup(library, seed=7)
        s.main("p1", "Ember Queen")
        s.main("p2", "Tide Oracle", exhausted=True)
        knight = s.character("p1", "Ember Knight", damage=1, victory_tokens=1)
        s.attach(knight, "Iron Blade", face_down=True)
        s.resources("p1", "ember", 3)
        s.hand("p1", "Ember Knight", "Iron Blade")
        s.deck("p2", "Tide Oracle", "Spark")   # top card first
        s.victory_pool(4)
        s.at(turn=3, active="p1", phase="day")
        game = s.build()       # p1 now holds priority in their day phase

    ``players`` names two to four players, in turn order (``Setup(library, players=("p1", "p2", "p3"))``); the
    turn order starts from the active player (decision D-TURN-ORDER).

    Each placing method returns the new instance id (``"p1:Ember Knight#2"``, or ``label``).
    Cards are looked up by name in the library; ``card`` may also be a card mapping.
    ``hand``, ``deck``, ``discard`` and ``void`` (:class:`~engine.common.piles.PileMethods`) fill piles:
    a deck's first card on top (7.2.3d), a discard pile's last card on top.
    """

    ZONE = Zone

    def __init__(
        self,
        library: Mapping[str, CardDef] | None = None,
        *,
        seed: int = 0,
        players: Iterable[str] = ("p1", "p2"),
        turn_limit: int = 200,
        parameters: RuleParameters | Mapping[str, Any] | None = None,
    ) -> None:
        order = list(players)
        check_players(order)
        params = RuleParameters.coerce(parameters)
        self.game = Game(
            players={p: new_player(p, params) for p in order},
            order=order,
            seed=seed,
            rng=random.Random(seed),
            library=dict(library or {}),
            turn_limit=turn_limit,
            params=params,
        )
        self.game.phase = Phase.DAY
        self._turn = 2
        self._active = order[0]
        self._phase = Phase.DAY
        self._built = False

    # -- cards ---------------------------------------------------------------------------
    def _def(self, card: str | Mapping[str, Any] | CardDef) -> str:
        lib = self.game.library
        if isinstance(card, CardDef):
            lib.setdefault(card.name, card)
            return card.name
        if isinstance(card, Mapping):
            d = load_card(card)
            lib.setdefault(d.name, d)
            return d.name
        if card not in lib:
            raise SetupError(f"unknown card {card!r}: add it to the library")
        return card

    def _player(self, pid: str) -> PlayerState:
        if pid not in self.game.players:
            raise SetupError(f"unknown player {pid!r}")
        return self.game.players[pid]

    def _state(
        self,
        o: GameObject,
        *,
        exhausted: bool,
        face_down: bool | None,
        damage: int,
        counters: Mapping[str, int] | None,
        victory_tokens: int,
        exhaustion_counters: int | None,
    ) -> None:
        o.exhausted = exhausted
        o.face_down = exhausted if face_down is None else (face_down or exhausted)
        o.counters = {k: v for k, v in (counters or {}).items() if v}
        if damage:
            o.counters["damage"] = damage
        n = exhaustion_counters if exhaustion_counters is not None else (1 if exhausted else 0)
        if n:
            o.counters["exhaustion"] = n
        if any(v < 0 for v in o.counters.values()) or victory_tokens < 0:
            raise SetupError(f"negative counters on {o.id}")
        if victory_tokens and o.definition.victory_token_field is None:
            raise SetupError(f"{o.id} has no Victory Token Field and cannot hold Victory Tokens (10.1.3)")
        o.victory_tokens = victory_tokens
        o.timestamp = self.game.stamp()

    def _place(self, pid: str, card, zone: Zone, label: str | None, **state: Any) -> str:
        name = self._def(card)
        o = _make_card(self.game, pid, name, zone, label)
        ps = self._player(pid)
        d = o.definition
        if zone is Zone.MAIN:
            if ps.main_character is not None:
                raise SetupError(f"{pid} already has a main character")
            ps.main_character = o.id
            if d.type == "character":
                ps.main_slot = o.id
            else:
                o.zone = Zone.LOCATION
                ps.locations.append(o.id)
        elif zone is Zone.CHARACTERS:
            free = free_character_slot(self.game, pid)
            if free is None:
                raise SetupError(f"{pid} has no free character slot (7.1.2a)")
            ps.character_slots[free] = o.id
        else:
            ps.zone_list(zone).append(o.id)
        self._state(o, **state)
        return o.id

    def main(
        self,
        pid: str,
        card,
        *,
        label: str | None = None,
        exhausted: bool = False,
        face_down: bool | None = None,
        damage: int = 0,
        counters: Mapping[str, int] | None = None,
        victory_tokens: int = 0,
        exhaustion_counters: int | None = None,
    ) -> str:
        """Place ``pid``'s main character (a character in the main slot, a location in the location slot)."""
        return self._place(
            pid,
            card,
            Zone.MAIN,
            label,
            exhausted=exhausted,
            face_down=face_down,
            damage=damage,
            counters=counters,
            victory_tokens=victory_tokens,
            exhaustion_counters=exhaustion_counters,
        )

    def character(
        self,
        pid: str,
        card,
        *,
        label: str | None = None,
        exhausted: bool = False,
        face_down: bool | None = None,
        damage: int = 0,
        counters: Mapping[str, int] | None = None,
        victory_tokens: int = 0,
        exhaustion_counters: int | None = None,
    ) -> str:
        """Place a character card in the lowest free character slot of ``pid``."""
        return self._place(
            pid,
            card,
            Zone.CHARACTERS,
            label,
            exhausted=exhausted,
            face_down=face_down,
            damage=damage,
            counters=counters,
            victory_tokens=victory_tokens,
            exhaustion_counters=exhaustion_counters,
        )

    def location(
        self,
        pid: str,
        card,
        *,
        label: str | None = None,
        exhausted: bool = False,
        face_down: bool | None = None,
        damage: int = 0,
        counters: Mapping[str, int] | None = None,
        victory_tokens: int = 0,
        exhaustion_counters: int | None = None,
    ) -> str:
        """Place a location card in ``pid``'s location slot."""
        return self._place(
            pid,
            card,
            Zone.LOCATION,
            label,
            exhausted=exhausted,
            face_down=face_down,
            damage=damage,
            counters=counters,
            victory_tokens=victory_tokens,
            exhaustion_counters=exhaustion_counters,
        )

    def token(
        self,
        pid: str,
        spec: Mapping[str, Any],
        *,
        label: str | None = None,
        exhausted: bool = False,
        damage: int = 0,
        counters: Mapping[str, int] | None = None,
        victory_tokens: int = 0,
        host: str | None = None,
        face_down: bool = False,
    ) -> str:
        """Place a token (character, location, resource or item) described like ``create_token``'s token."""
        g = self.game
        ts = parse_token(spec, "token")
        faction = ts.faction
        if faction == "yours":
            main = g.players[pid].main_character
            faction = g.objects[main].definition.faction if main else None
        d = token_def(ts, faction)
        g.next_id += 1
        oid = label or f"{pid}:{d.name}*{g.next_id}"
        zone = {
            "character": Zone.CHARACTERS,
            "location": Zone.LOCATION,
            "resource": Zone.RESOURCES,
            "item": Zone.ITEM_SLOT,
        }[d.type]
        o = GameObject(
            id=oid, definition=d, owner=pid, is_token=True, zone=zone, controller=pid, created_zone=zone
        )
        g.objects[oid] = o
        ps = self._player(pid)
        if zone is Zone.ITEM_SLOT:
            if host is None or host not in g.objects:
                raise SetupError("an item token needs a host")
            h = g.objects[host]
            h.attachments.append(oid)
            g.attached.add(oid)
            o.attached_to = host
            o.controller = h.controller
            o.face_down = face_down
            o.timestamp = g.stamp()
            return oid
        if zone is Zone.CHARACTERS:
            free = free_character_slot(g, pid)
            if free is None:
                raise SetupError(f"{pid} has no free character slot (7.1.2a)")
            ps.character_slots[free] = oid
        else:
            ps.zone_list(zone).append(oid)
        self._state(
            o,
            exhausted=exhausted,
            face_down=face_down or None,
            damage=damage,
            counters=counters,
            victory_tokens=victory_tokens,
            exhaustion_counters=None,
        )
        return oid

    def resources(
        self, pid: str, faction: str | None = None, count: int = 1, *, exhausted: bool = False
    ) -> list[str]:
        """Place ``count`` resource tokens of ``faction`` in ``pid``'s resource zone."""
        spec = {"name": "Resource Token", "type": "resource", "faction": faction}
        return [self.token(pid, spec, exhausted=exhausted) for _ in range(count)]

    def attach(
        self, host: str, card, *, face_down: bool = False, label: str | None = None, owner: str | None = None
    ) -> str:
        """Attach an item card to ``host`` (face-up or face-down); its owner defaults to the host's controller."""
        g = self.game
        if host not in g.objects:
            raise SetupError(f"unknown host {host!r}")
        h = g.objects[host]
        name = self._def(card)
        o = _make_card(g, owner or h.controller, name, Zone.ITEM_SLOT, label)
        if o.definition.type != "item":
            raise SetupError(f"{name} is not an item")
        h.attachments.append(o.id)
        g.attached.add(o.id)
        o.attached_to = host
        o.controller = h.controller
        o.face_down = face_down
        o.timestamp = g.stamp()
        return o.id

    def _pile(self, pid: str, zone: Zone, cards: Iterable) -> list[str]:
        self._player(pid)
        return [
            self._place(
                pid,
                c,
                zone,
                None,
                exhausted=False,
                face_down=None,
                damage=0,
                counters=None,
                victory_tokens=0,
                exhaustion_counters=None,
            )
            for c in cards
        ]

    def extra_deck(self, pid: str, *cards) -> list[str]:
        """Put cards in ``pid``'s extra deck."""
        return self._pile(pid, Zone.EXTRA_DECK, cards)

    # -- counts and turn ------------------------------------------------------------------
    def victory_pool(self, n: int) -> None:
        """Set the number of Victory Tokens in the global pool."""
        self.game.victory_pool = n

    def victory_lost(self, n: int) -> None:
        """Set how many Victory Tokens have already been lost (10.1.6)."""
        self.game.victory_lost = n

    def command_tokens(self, pid: str, n: int, maximum: int | None = None) -> None:
        """Set ``pid``'s command tokens (and their maximum, 10.2.2; the rules' default when not given)."""
        ps = self._player(pid)
        if maximum is None:
            maximum = self.game.params.command_token_max
        if not 0 <= n <= maximum:
            raise SetupError(f"command tokens must be between 0 and {maximum} (10.2.3)")
        ps.command_tokens, ps.command_max = n, maximum

    def resource_pool(self, pid: str, pool: Mapping[str | None, int]) -> None:
        """Put resources in ``pid``'s resource pool (only meaningful in day or combat)."""
        self._player(pid).pool = {k: v for k, v in pool.items() if v}

    def used(
        self, pid: str, *, solvency: bool = False, contingency: bool = False, location: bool | int = False
    ) -> None:
        """Mark once-per-turn allowances of ``pid`` as already used this turn; ``location`` is True (all the
        locations allowed this turn, 2.4.2) or how many locations were played."""
        ps = self._player(pid)
        if solvency:
            ps.solvency_turn = self._turn
        if contingency:
            ps.contingency_turn = self._turn
        if location:
            ps.location_turn = self._turn
            ps.locations_played = self.game.params.locations_per_turn if location is True else int(location)

    def combat_used(self) -> None:
        """Mark combat as already entered this turn (9.3.1)."""
        self.game.combat_turn = self._turn

    def at(
        self, *, turn: int | None = None, active: str | None = None, phase: str | Phase | None = None
    ) -> None:
        """Set the turn number, the active player and the phase (day by default)."""
        if turn is not None:
            self._turn = turn
        if active is not None:
            self._player(active)
            self._active = active
        if phase is not None:
            self._phase = Phase(phase)
            if self._phase in (Phase.SETUP, Phase.ENDED):
                raise SetupError("a built game starts in a turn phase")

    def build(self) -> Game:
        """Finish the position. In the day or combat phase the active player holds priority;
        a morning, evening or night phase is started from its beginning."""
        if self._built:
            raise SetupError("build() was already called")
        self._built = True
        g = self.game
        for pid in g.order:
            if g.players[pid].main_character is None:
                raise SetupError(f"{pid} has no main character")
        if g.combat_turn:
            g.combat_turn = self._turn
        for ps in g.players.values():
            for attr in ("solvency_turn", "contingency_turn", "location_turn"):
                if getattr(ps, attr):
                    setattr(ps, attr, self._turn)
        g.turn = self._turn
        g.active = self._active
        i = g.order.index(self._active)
        g.order = g.order[i:] + g.order[:i]
        on_board = sum(g.objects[o].victory_tokens for o in g.board_ids())
        g.victory_added = g.victory_pool + on_board + g.victory_lost
        record(
            g,
            "9.2.0",
            "setup",
            f"A position is set up: turn {g.turn}, {g.active} is active, {self._phase.value} phase.",
            (),
            g.active,
        )
        _apply_continuous_statics(g)
        if self._phase in (Phase.DAY, Phase.COMBAT):
            g.phase = self._phase
            if self._phase is Phase.COMBAT:
                g.combat_turn = g.turn
        else:
            g.phase = self._phase
            g.queue.push(BeginPhase(self._phase))
        run(g)
        return g

    # -- plain data ---------------------------------------------------------------------
    @classmethod
    def from_dict(
        cls,
        data: Mapping[str, Any],
        library: Mapping[str, CardDef] | None = None,
        parameters: RuleParameters | Mapping[str, Any] | None = None,
    ) -> Setup:
        """Read a position from plain data (e.g. a scenario's YAML); see docs/authors/ability-language.md.

        ``parameters`` are the rules' numbers (:class:`.parameters.RuleParameters`), the CR's by default."""
        unknown = [k for k in data if k not in _POSITION_KEYS]
        if unknown:
            raise SetupError(
                f"unknown position field(s) {', '.join(map(str, unknown))}; expected {', '.join(_POSITION_KEYS)}"
            )
        lib = dict(library or {})
        for raw in data.get("cards", ()):
            d = load_card(raw)
            lib[d.name] = d
        s = cls(
            lib,
            seed=data.get("seed", 0),
            players=tuple(data.get("players", {}).keys()) or ("p1", "p2"),
            turn_limit=data.get("turn_limit", 200),
            parameters=parameters,
        )
        for pid, pdata in data.get("players", {}).items():
            pdata = dict(pdata or {})
            main = pdata.pop("main", None)
            if main is not None:
                oid = s.main(pid, **_card_args(main))
                for att in main.get("attachments", ()) if isinstance(main, dict) else ():
                    s.attach(oid, **_attach_args(att))
            for ch in pdata.pop("characters", ()):
                attachments = ch.get("attachments", ()) if isinstance(ch, dict) else ()
                oid = s.character(pid, **_card_args(ch))
                for att in attachments:
                    s.attach(oid, **_attach_args(att))
            loc = pdata.pop("location", None)
            if loc is not None:
                attachments = loc.get("attachments", ()) if isinstance(loc, dict) else ()
                oid = s.location(pid, **_card_args(loc))
                for att in attachments:
                    s.attach(oid, **_attach_args(att))
            for r in _resource_groups(pdata.pop("resources", None), pid):
                s.resources(pid, r.get("faction"), r.get("count", 1), exhausted=r.get("exhausted", False))
            for tok in pdata.pop("tokens", ()):
                tok = dict(tok)
                spec = tok.pop("token")
                s.token(pid, spec, **tok)
            for zone in ("hand", "deck", "discard", "void", "extra_deck"):
                cards = pdata.pop(zone, ())
                getattr(s, zone)(pid, *cards)
            if "command_tokens" in pdata:
                s.command_tokens(pid, pdata.pop("command_tokens"), pdata.pop("command_max", None))
            if "resource_pool" in pdata:
                s.resource_pool(pid, pdata.pop("resource_pool"))
            used = pdata.pop("used", {})
            if used:
                s.used(pid, **used)
            if pdata:
                raise SetupError(f"players.{pid}: unknown field(s) {', '.join(pdata)}")
        if "victory_pool" in data:
            s.victory_pool(data["victory_pool"])
        if "victory_lost" in data:
            s.victory_lost(data["victory_lost"])
        if data.get("combat_used"):
            s.combat_used()
        s.at(turn=data.get("turn"), active=data.get("active"), phase=data.get("phase"))
        return s


def _apply_continuous_statics(g: Game) -> None:
    """In a built position, the continuous static effects of face-up permanents and attachments
    already apply, as if they had resolved when their sources arrived (4.3.5a, 4.3.5g.III)."""
    for oid in g.board_ids() + g.attachment_ids():
        o = g.objects[oid]
        if o.face_down:
            continue
        for ab in o.definition.abilities:
            if ab.type != "static" or ab.targets or (ab.is_equip and o.zone is not Zone.ITEM_SLOT):
                continue
            entry = StackEntry(
                id=g.new_id("e"),
                kind="equip" if ab.is_equip else "static",
                controller=o.controller,
                label=f"{o.name}: {ab.label()}",
                effects=ab.effects,
                rule="4.3.5a",
                ability=ab,
                source_id=o.id,
                source_inc=o.incarnation,
                source=snapshot(g, o),
            )
            for i, spec in enumerate(ab.effects):
                if spec.kind in CONTINUOUS_KINDS:
                    resolve_effect(g, entry, i)


_POSITION_KEYS = (
    "cards",
    "seed",
    "players",
    "victory_pool",
    "victory_lost",
    "combat_used",
    "turn",
    "active",
    "phase",
    "turn_limit",
)
_CARD_KEYS = (
    "card",
    "label",
    "exhausted",
    "face_down",
    "damage",
    "counters",
    "victory_tokens",
    "exhaustion_counters",
)


def _resource_groups(data: Any, pid: str) -> list[dict[str, Any]]:
    """``resources`` of a player: absent (none), a count (factionless tokens), a group
    ``{faction, count, exhausted}``, or a list of groups."""
    if data is None:
        return []
    if isinstance(data, bool) or not isinstance(data, (int, Mapping, list, tuple)):
        raise SetupError(
            f"players.{pid}.resources: expected a count, a group or a list of groups, not {data!r}"
        )
    if isinstance(data, int):
        return [{"faction": None, "count": data}] if data else []
    groups = [data] if isinstance(data, Mapping) else list(data)
    out = []
    for g in groups:
        if not isinstance(g, Mapping):
            raise SetupError(
                f"players.{pid}.resources: each group is a mapping with faction, count, exhausted; not {g!r}"
            )
        unknown = [k for k in g if k not in ("faction", "count", "exhausted")]
        if unknown:
            raise SetupError(f"players.{pid}.resources: unknown field(s) {', '.join(map(str, unknown))}")
        out.append(dict(g))
    return out


def _card_args(data: Any) -> dict[str, Any]:
    if isinstance(data, str):
        return {"card": data}
    data = dict(data)
    data.pop("attachments", None)
    unknown = [k for k in data if k not in _CARD_KEYS]
    if unknown:
        raise SetupError(f"unknown field(s) {', '.join(unknown)} for a card on the board")
    return data


def _attach_args(data: Any) -> dict[str, Any]:
    if isinstance(data, str):
        return {"card": data}
    data = dict(data)
    unknown = [k for k in data if k not in ("card", "face_down", "label", "owner")]
    if unknown:
        raise SetupError(f"unknown field(s) {', '.join(unknown)} for an attachment")
    return data
