"""Random-play checking helpers: random (mostly illegal) actions, and one fully checked random game."""

from __future__ import annotations

import copy
import os
import random

from engine.athernum import actions as A
from engine.athernum.errors import IllegalAction
from engine.athernum.invariants import violations
from engine.athernum.parameters import RuleParameters
from engine.athernum.random_player import RandomPlayer, random_game
from engine.athernum.rules import RULES
from engine.athernum.state import Game, Phase
from engine.athernum.steps import PROCEDURE, BeginPhase, LeavePhase

#: Whether to play the full count of random games (CI sets ``RULEKB_FULL_RANDOM_PLAY=1``); a local run plays fewer.
FULL = os.environ.get("RULEKB_FULL_RANDOM_PLAY", "") not in ("", "0")
FACTIONS = ("ember", "tide", "grove", None)


def random_action(game: Game, rng: random.Random) -> A.Action:
    """A random action built from ids that exist in the game; usually illegal."""
    ids = list(game.objects) or ["nothing"]
    players = list(game.order) + ["p9"]
    effects = [e.id for e in game.stack or ()] + ["e0"]
    pid = rng.choice(players + [game.acting_player or "p1"] * 3)

    def oid() -> str:
        return rng.choice(ids)

    def pay() -> tuple:
        return tuple(rng.choice(FACTIONS) for _ in range(rng.randint(0, 3)))

    def tg() -> tuple:
        pool = ids + players + effects
        return tuple(
            tuple(rng.choice(pool) for _ in range(rng.randint(0, 2))) for _ in range(rng.randint(0, 2))
        )

    makers = [
        lambda: A.ChooseMainCharacter(pid, oid()),
        lambda: A.PlayCard(pid, oid(), pay()),
        lambda: A.AttachItem(pid, oid(), oid(), rng.random() < 0.5),
        lambda: A.TurnFaceUp(pid, oid()),
        lambda: A.DiscardAttachment(pid, oid()),
        lambda: A.ActivateAbility(
            pid, oid(), rng.randint(-1, 3), tg(), pay(), tuple(oid() for _ in range(rng.randint(0, 1)))
        ),
        lambda: A.ActivateSupport(pid, oid(), tg(), pay()),
        lambda: A.UseCommand(pid, rng.choice(["Acquisition", "Solvency", "Contingency", "Wish"]), tg()),
        lambda: A.ExhaustResource(pid, oid()),
        lambda: A.EnterCombat(pid),
        lambda: A.DeclareAttack(pid, oid(), oid()),
        lambda: A.DeclareDefender(pid, rng.choice([None, oid()])),
        lambda: A.NextPhase(pid),
        lambda: A.PassPriority(pid),
        lambda: A.ChooseTriggerOrder(pid, (oid(),)),
        lambda: A.ChooseTargets(pid, tg()),
        lambda: A.ChooseCards(pid, tuple(oid() for _ in range(rng.randint(0, 2)))),
    ]
    return rng.choice(makers)()


def fingerprint(game: Game) -> tuple:
    """A cheap summary that changes whenever the game changes."""
    return (
        len(game.log),
        game.next_id,
        game.next_timestamp,
        game.priority,
        game.passes,
        len(game.queue),
        game.pending is None,
        game.victory_pool,
        tuple(game.players[p].command_tokens for p in game.order),
    )


_PHASE_PROBLEMS: list[str] = []


def _pools_empty(game: Game, when: str) -> None:
    for pid in game.order:
        if game.players[pid].pool:
            _PHASE_PROBLEMS.append(
                f"turn {game.turn}: {pid}'s resource pool {game.players[pid].pool} is not empty {when}"
            )


_PERFORMERS = PROCEDURE.performers
_ORIGINAL = {BeginPhase: _PERFORMERS[BeginPhase], LeavePhase: _PERFORMERS[LeavePhase]}


def remove_phase_hooks() -> None:
    """Restore the engine's own phase steps."""
    _PERFORMERS.update(_ORIGINAL)


def install_phase_hooks() -> None:
    """Wrap the engine's phase steps to record a non-empty resource pool at the start of a phase (5.0.4a)."""
    if _PERFORMERS[BeginPhase] is not _ORIGINAL[BeginPhase]:
        return
    begin, leave = _ORIGINAL[BeginPhase], _ORIGINAL[LeavePhase]

    def begin_phase(game: Game, step: BeginPhase) -> None:
        _pools_empty(game, f"as the {step.phase.value} phase begins")
        begin(game, step)

    def leave_phase(game: Game, step: LeavePhase) -> None:
        leave(game, step)
        if step.phase is Phase.COMBAT:
            _pools_empty(game, "as the day phase resumes after combat")

    _PERFORMERS[BeginPhase] = begin_phase
    _PERFORMERS[LeavePhase] = leave_phase


def check_game(
    seed: int,
    *,
    illegal_every: int = 12,
    try_legal: bool = False,
    players: int = 2,
    deck_size: int | None = None,
) -> dict:
    """Play one random game of ``players`` (with decks of ``deck_size`` cards, the CR's 60 by default), checking
    every invariant after every action; return what went wrong."""
    install_phase_hooks()
    try:
        return _check_game(seed, illegal_every, try_legal, players, deck_size)
    finally:
        remove_phase_hooks()


def _check_game(seed: int, illegal_every: int, try_legal: bool, players: int, deck_size: int | None) -> dict:
    _PHASE_PROBLEMS.clear()
    failures: list[str] = []
    rules: set[str] = set()
    params = None if deck_size is None else RuleParameters(deck_size=deck_size)
    game = random_game(seed, players=players, parameters=params)
    player = RandomPlayer(seed)
    rng = random.Random(seed * 7919 + 1)
    probe_step = rng.randint(5, 60)
    step = 0
    while not game.over and not failures:
        legal = game.legal_actions()
        if not legal:
            failures.append(f"seed {seed} step {step}: nobody can act but the game is not over")
            break
        if try_legal and step == probe_step:
            for a in rng.sample(legal, min(6, len(legal))):
                trial = copy.deepcopy(game)
                try:
                    trial.apply(a)
                except IllegalAction as e:
                    failures.append(f"seed {seed} step {step}: offered {a} was rejected: {e}")
        if step % illegal_every == 0:
            offered = set(legal)
            for _ in range(3):
                a = random_action(game, rng)
                if a in offered:
                    continue
                before = fingerprint(game)
                try:
                    game.apply(a)
                except IllegalAction as e:
                    if not e.rules or any(r not in RULES for r in e.rules):
                        failures.append(
                            f"seed {seed} step {step}: {a} rejected without registered rules: {e.rules}"
                        )
                    rules.update(e.rules)
                    if fingerprint(game) != before:
                        failures.append(f"seed {seed} step {step}: rejecting {a} changed the game")
                else:
                    failures.append(
                        f"seed {seed} step {step}: {a} is not offered by legal_actions but was accepted"
                    )
                break
        action = player.choose(game, legal)
        try:
            game.apply(action)
        except IllegalAction as e:
            failures.append(f"seed {seed} step {step}: offered {action} was rejected: {e}")
            break
        step += 1
        bad = violations(game)
        if bad:
            failures.append(f"seed {seed} step {step} after {action}: {bad}")
    failures.extend(f"seed {seed}: {p}" for p in _PHASE_PROBLEMS)
    rules.update(e.rule for e in game.log)
    if game.result is not None:
        rules.add(game.result.rule)
    return {
        "seed": seed,
        "failures": failures,
        "rules": rules,
        "result": game.result.rule if game.result else None,
        "actions": step,
        "turns": game.turn,
        "players": players,
        "left": len(game.eliminated),
    }


def check_games(seeds) -> list[dict]:
    """check_game for several seeds (run in a worker process)."""
    return [check_game(s, try_legal=(s % 10 == 0)) for s in seeds]


def check_multiplayer_games(seeds) -> list[dict]:
    """check_game for games of three (odd seeds: four) players; every third one with 14-card decks, so that players
    draw from empty decks and leave the game while others play on (4.2.4b, 4.2.4a)."""
    return [
        check_game(s, try_legal=(s % 10 == 0), players=3 + s % 2, deck_size=14 if s % 3 == 0 else None)
        for s in seeds
    ]
