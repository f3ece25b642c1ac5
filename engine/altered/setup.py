"""Starting a game (4.1) with :func:`new_game`, or building any position with :class:`Setup`.

* :func:`new_game` follows 4.1.a-j: the Adventure, the expedition counters, heroes presented face-down
  and revealed, the first player at random, shuffled decks, then the first day from Noon after the setup
  that replaces the first Morning (decision D-FIRST-MORNING).
* :class:`Setup` places cards where a scenario or a test wants them and begins a phase of a day;
  :meth:`Setup.from_dict` reads the same from plain data.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from engine.common.ids import instance_id

from .cards import CardDef, Step
from .daily import FIRST_MORNING
from .errors import SetupError
from .library import builtin_cards, default_adventure
from .log import record
from .resolution import Resolution
from .state import ADVENTURE_SIZE, EXPEDITIONS, START, Game, GameObject, Phase, PlayerState, Zone
from .steps import BeginPhase, Start, run
from .zones import attach

PLAYERS = ("p1", "p2")
DEFAULT_TUMULT = tuple(n for n, d in default_adventure().items() if d["role"] == "tumult")


def _game(library: Mapping[str, CardDef], seed: int) -> Game:
    lib = {**builtin_cards(), **dict(library)}
    return Game(
        players={p: PlayerState(p) for p in PLAYERS},
        order=list(PLAYERS),
        library=lib,
        seed=seed,
        rng=random.Random(seed),
    )


def _definition(game: Game, name: str) -> CardDef:
    if name not in game.library:
        raise SetupError(f"unknown card {name!r}")
    return game.library[name]


def make(
    game: Game,
    pid: str,
    name: str,
    zone: Zone,
    *,
    label: str | None = None,
    expedition: str | None = None,
    face_down: bool = False,
) -> GameObject:
    """A new card object of ``pid`` put in ``zone`` (ids are ``p1:Name#1``, or the label given)."""
    d = _definition(game, name)
    if label is None:
        label = instance_id(game.objects, pid, name)
    if label in game.objects:
        raise SetupError(f"two objects would have the id {label!r}")
    o = GameObject(label, d, pid, pid, Zone.OUTSIDE, face_down=face_down)
    game.objects[label] = o
    attach(game, o, zone, pid, expedition)
    return o


def _region(
    game: Game, name: str, position: int | None, *, face_down: bool = False, orientation: int = 0
) -> GameObject:
    d = _definition(game, name)
    if d.type != "region":
        raise SetupError(f"{name} is not a region")
    oid = f"adventure:{name}"
    if oid in game.objects:
        raise SetupError(f"the Adventure holds {name} twice: the three Tumult cards are different", "4.1.c")
    zone = Zone.OUTSIDE if position is None else Zone.ADVENTURE
    o = GameObject(
        oid,
        d,
        game.order[0],
        game.order[0],
        zone,
        face_down=face_down,
        orientation=orientation,
        position=position,
    )
    game.objects[oid] = o
    if position is not None:
        game.adventure.append(oid)
    return o


def _adventure(
    game: Game, hero: str, companion: str, tumult: list[tuple[str, bool, int]], arena: str
) -> None:
    if len(tumult) != ADVENTURE_SIZE - 2:
        raise SetupError(f"the Adventure has three Tumult cards, not {len(tumult)}", "4.1.c")
    _region(game, hero, 0)
    for i, (name, face_down, orientation) in enumerate(tumult, start=1):
        if _definition(game, name).role != "tumult":
            raise SetupError(f"{name} is not a Tumult card", "4.1.c")
        _region(game, name, i, face_down=face_down, orientation=orientation)
    _region(game, companion, ADVENTURE_SIZE - 1)
    game.arena = _region(game, arena, None).id


# -- a new game (4.1) ----------------------------------------------------------------------------------
def new_game(
    decks: Mapping[str, Mapping[str, Any]],
    library: Mapping[str, CardDef],
    seed: int = 0,
    *,
    tumult: list[str] | None = None,
) -> Game:
    """A new game: ``decks[pid]`` has ``deck`` (names), ``hero`` (a name, or None) and, for a player without a
    Hero, an optional ``disguise`` (a card from outside the game, 4.1.f)."""
    if set(decks) != set(PLAYERS):
        raise SetupError("the engine plays two-player games between p1 and p2")
    game = _game(library, seed)
    record(game, "4.1.a", "setup", "As the game starts, all zones are empty.")
    names = list(tumult or DEFAULT_TUMULT)
    if len(set(names)) != len(names):
        raise SetupError("the three Tumult cards must be different", "4.1.c")
    order = list(names)
    game.rng.shuffle(order)
    _adventure(
        game, "Hero Region", "Companion Region", [(n, True, game.rng.randrange(2)) for n in order], "Arena"
    )
    record(
        game,
        "4.1.b",
        "setup",
        "The Hero Region and the Companion Region are placed at either end of the Adventure.",
        (game.adventure[0], game.adventure[-1]),
    )
    record(
        game,
        "4.1.c",
        "setup",
        "Three different Tumult cards are shuffled (position and orientation) and placed "
        "face-down between them.",
        tuple(game.adventure[1:-1]),
    )
    for pid in PLAYERS:
        game.players[pid].positions = dict(START)
    record(
        game,
        "4.1.d",
        "setup",
        "Each player puts their hero expedition counter in the hero region and their "
        "companion expedition counter in the companion region.",
    )
    presented: dict[str, GameObject | None] = {}
    for pid in PLAYERS:
        spec = decks[pid]
        for name in spec.get("deck", []):
            _definition(game, name)
        hero = spec.get("hero")
        disguise = spec.get("disguise")
        if hero and disguise:
            raise SetupError(f"{pid} has a Hero and needs no disguise", "4.1.f")
        face_down = hero or disguise
        presented[pid] = make(game, pid, face_down, Zone.OUTSIDE, face_down=True) if face_down else None
        record(
            game,
            "4.1.e",
            "setup",
            f"{pid} presents their deck ({len(spec.get('deck', []))} cards) and "
            f"{'their Hero' if hero else 'no Hero'}, face-down.",
            (),
            pid,
        )
        if disguise:
            record(
                game,
                "4.1.f",
                "setup",
                f"{pid} has no Hero and presents a face-down card from outside the game to disguise it.",
                (),
                pid,
            )
    game.first_player = game.rng.choice(list(PLAYERS))
    record(
        game,
        "4.1.g",
        "setup",
        f"The first player is determined at random: {game.first_player}.",
        (),
        game.first_player,
    )
    for pid in PLAYERS:
        o = presented[pid]
        if o is None:
            continue
        o.face_down = False
        if o.definition.type == "hero":
            attach(game, o, Zone.HERO, pid)
            record(
                game,
                "4.1.h",
                "setup",
                f"{pid} reveals their Hero, {o.name}, and places it in their Hero zone.",
                (o.id,),
                pid,
            )
        else:
            game.removed.append(o.id)
            record(
                game,
                "4.1.h",
                "setup",
                f"{pid} reveals {o.name}, which is not a Hero: it is removed from the game.",
                (o.id,),
                pid,
            )
    for pid in PLAYERS:
        cards = list(decks[pid].get("deck", []))
        game.rng.shuffle(cards)
        for name in cards:
            make(game, pid, name, Zone.DECK)
        record(game, "4.1.i", "setup", f"{pid} shuffles their deck and puts it in their Deck zone.", (), pid)
    game.day = 1
    record(
        game,
        "4.1.j",
        "setup",
        "The first day starts at Noon; instead of the first Morning, each player draws "
        "six cards and puts three of them in their Mana zone (decision D-FIRST-MORNING).",
    )

    tasks = [
        Resolution(None, title, [Step(name, {})], kind="daily", by_rule=True, rule=rule)
        for name, title, rule in FIRST_MORNING
    ]
    game.queue.push(*tasks, BeginPhase(Phase.NOON))
    run(game)
    return game


# -- any position ---------------------------------------------------------------------------------------
def _entries(value) -> list[dict]:
    out = []
    for item in value or []:
        out.append({"card": item} if isinstance(item, str) else dict(item))
    return out


@dataclass
class Setup:
    """A position to start from: cards per zone, the Adventure, the day, the phase and the players' status."""

    library: Mapping[str, CardDef]
    seed: int = 0
    day: int = 1
    phase: str = "afternoon"
    first_player: str = "p1"
    turn_player: str | None = None
    passed: tuple[str, ...] = ()
    players: dict[str, dict] = field(default_factory=dict)
    adventure: dict = field(default_factory=dict)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any], library: Mapping[str, CardDef]) -> Setup:
        """Read a position from plain data (the keys of the dataclass; players under ``p1`` / ``p2``)."""
        known = {"seed", "day", "phase", "first_player", "turn_player", "passed", "adventure", *PLAYERS}
        unknown = [k for k in data if k not in known]
        if unknown:
            raise SetupError(f"unknown setup field(s) {', '.join(unknown)}")
        return cls(
            library=library,
            seed=data.get("seed", 0),
            day=data.get("day", 1),
            phase=data.get("phase", "afternoon"),
            first_player=data.get("first_player", "p1"),
            turn_player=data.get("turn_player"),
            passed=tuple(data.get("passed", ())),
            players={p: dict(data.get(p) or {}) for p in PLAYERS},
            adventure=dict(data.get("adventure") or {}),
        )

    def build(self) -> Game:
        """The game at the beginning of ``phase`` (its Reactions are checked, its daily effects begin)."""
        game = _game(self.library, self.seed)
        try:
            phase = Phase(self.phase)
        except ValueError:
            raise SetupError(f"unknown phase {self.phase!r}") from None
        if phase is Phase.SETUP:
            raise SetupError("a position starts at one of the five phases of a day")
        if self.first_player not in PLAYERS or (self.turn_player and self.turn_player not in PLAYERS):
            raise SetupError("players are p1 and p2")
        if self.turn_player and phase is not Phase.AFTERNOON:
            raise SetupError("only the Afternoon has turns")
        tumult = []
        for item in _entries(self.adventure.get("tumult") or list(DEFAULT_TUMULT)):
            tumult.append((item["card"], not item.get("face_up", False), int(item.get("orientation", 0))))
        _adventure(
            game,
            self.adventure.get("hero_region", "Hero Region"),
            self.adventure.get("companion_region", "Companion Region"),
            tumult,
            self.adventure.get("arena", "Arena"),
        )
        for pid in PLAYERS:
            self._player(game, pid, self.players.get(pid) or {})
        game.day = self.day
        game.first_player = self.first_player
        game.queue.push(Start(phase, self.turn_player, self.passed))
        run(game)
        return game

    @staticmethod
    def _player(game: Game, pid: str, data: dict) -> None:
        known = {
            "hero",
            "hand",
            "deck",
            "reserve",
            "discard",
            "mana",
            "landmarks",
            "expeditions",
            "positions",
        }
        unknown = [k for k in data if k not in known]
        if unknown:
            raise SetupError(f"{pid}: unknown field(s) {', '.join(unknown)}")
        ps = game.players[pid]
        if data.get("hero"):
            hero = make(game, pid, data["hero"], Zone.HERO)
            if hero.definition.type != "hero":
                raise SetupError(f"{hero.name} is not a Hero")
        piles = {
            "hand": Zone.HAND,
            "deck": Zone.DECK,
            "reserve": Zone.RESERVE,
            "discard": Zone.DISCARD,
            "landmarks": Zone.LANDMARKS,
        }
        for key, zone in piles.items():
            for item in _entries(data.get(key)):
                o = make(game, pid, item["card"], zone, label=item.get("label"))
                if zone is Zone.LANDMARKS and o.definition.type != "permanent":
                    raise SetupError(f"{o.name} is not a Permanent: it cannot be in a Landmark zone")
                o.exhausted = bool(item.get("exhausted", False))
        for exp, items in (data.get("expeditions") or {}).items():
            if exp not in EXPEDITIONS:
                raise SetupError(f"{pid}: expeditions are hero and companion, not {exp!r}")
            for item in _entries(items):
                o = make(game, pid, item["card"], Zone.EXPEDITION, label=item.get("label"), expedition=exp)
                if o.definition.type != "character":
                    raise SetupError(f"{o.name} is not a Character: it cannot be in an expedition")
                o.exhausted = bool(item.get("exhausted", False))
                o.boosts = int(item.get("boosts", 0))
        mana = data.get("mana", 0)
        if isinstance(mana, int):
            mana = {"ready": mana}
        if isinstance(mana, dict):
            for k in range(int(mana.get("ready", 0)) + int(mana.get("exhausted", 0))):
                o = make(game, pid, "Mana Orb", Zone.MANA, face_down=True)
                o.exhausted = k >= int(mana.get("ready", 0))
        else:
            for item in _entries(mana):
                o = make(game, pid, item["card"], Zone.MANA, label=item.get("label"), face_down=True)
                o.exhausted = bool(item.get("exhausted", False))
        for exp, pos in (data.get("positions") or {}).items():
            if exp not in EXPEDITIONS or not 0 <= int(pos) < ADVENTURE_SIZE:
                raise SetupError(
                    f"{pid}: a position is a region number 0-{ADVENTURE_SIZE - 1} of hero or companion"
                )
            ps.positions[exp] = int(pos)
            region = game.objects[game.adventure[int(pos)]]
            region.face_down = False
