"""Atnia scenario steps in the engine's vocabulary: each step becomes one engine action."""

from __future__ import annotations

from engine.atnia import actions as A
from engine.atnia.state import Game, Zone
from kb.verify.atnia.refs import ref, refs
from kb.verify.naming import StepError
from kb.verify.step_syntax import Step, parse_mapping, step_args

HAND = (Zone.HAND,)
IN_PLAY = (Zone.BATTLEFIELD, Zone.LOCATION)


def parse_step(index: int, raw: object) -> Step:
    """Read one step as written in the scenario (schema-validated already)."""
    if isinstance(raw, str):
        if raw == "no_block":
            return Step(index, "block", {}, raw=raw)
        return Step(index, raw, raw=raw)
    return parse_mapping(Step, index, raw)


def _targets(game: Game, value: object) -> tuple[str, ...]:
    return refs(game, value)


def _item(game: Game, player: str, value: object) -> A.Item:
    """A card to commit (``Name`` or ``{card, targets}``) or a skill (``{skill: n, source, targets}``)."""
    if isinstance(value, str):
        return A.Item(ref(game, value, zones=HAND, player=player))
    if not isinstance(value, dict):
        raise StepError(f"commit: expected a card name or a mapping, not {value!r}")
    unknown = set(value) - {"card", "source", "skill", "targets"}
    if unknown:
        raise StepError(f"commit: unknown argument(s) {', '.join(sorted(unknown))}")
    if "source" in value or "skill" in value:
        return A.Item(
            ref(game, value.get("source"), zones=IN_PLAY, player=player),
            _targets(game, value.get("targets")),
            int(value.get("skill", 0)),
        )
    return A.Item(
        ref(game, value.get("card"), zones=HAND, player=player), _targets(game, value.get("targets"))
    )


def _items(game: Game, player: str, value: object) -> tuple[A.Item, ...]:
    if value is None:
        return ()
    return tuple(_item(game, player, v) for v in (value if isinstance(value, list) else [value]))


def _attackers(game: Game, player: str, value: object) -> tuple[tuple[str, str | None], ...]:
    out = []
    for v in value if isinstance(value, list) else [value]:
        if isinstance(v, dict):
            unknown = set(v) - {"unit", "target"}
            if unknown:
                raise StepError(f"attack: unknown argument(s) {', '.join(sorted(unknown))}")
            target = v.get("target")
            out.append(
                (
                    ref(game, v.get("unit"), zones=(Zone.BATTLEFIELD,), player=player),
                    None if target is None else ref(game, target, zones=(Zone.BATTLEFIELD,)),
                )
            )
        else:
            out.append((ref(game, v, zones=(Zone.BATTLEFIELD,), player=player), None))
    return tuple(out)


def _blocks(game: Game, player: str, value: dict) -> tuple[tuple[str, str], ...]:
    return tuple(
        (ref(game, b, zones=(Zone.BATTLEFIELD,), player=player), ref(game, a, zones=(Zone.BATTLEFIELD,)))
        for b, a in (value or {}).items()
    )


def to_action(game: Game, step: Step) -> A.Action:
    """The engine action a step stands for, for the player taking it (the acting player by default)."""
    player = step.player or game.acting_player
    if player is None:
        raise StepError(
            "no player may act now (the game is over or nobody is active): name the player with 'player:'"
        )
    key = step.key
    if key == "play":
        a = step_args(step, "card", "targets", first="card")
        return A.PlayCard(
            player, ref(game, a.get("card"), zones=HAND, player=player), _targets(game, a.get("targets"))
        )
    if key == "skill":
        a = step_args(step, "source", "skill", "targets", first="source")
        return A.UseSkill(
            player,
            ref(game, a.get("source"), zones=IN_PLAY, player=player),
            int(a.get("skill", 0)),
            _targets(game, a.get("targets")),
        )
    if key == "commit":
        return A.Commit(player, _items(game, player, step.args))
    if key == "pass":
        return A.Pass(player)
    if key == "channel":
        return A.Channel(player, ref(game, step_args(step, "card")["card"], zones=HAND, player=player))
    if key == "explore":
        a = step_args(step, "card", "ideal", "to", first="card")
        if a.get("to", "top") not in ("top", "bottom"):
            raise StepError("explore: 'to' is top or bottom")
        return A.Explore(
            player,
            ref(game, a.get("card"), zones=(Zone.HAND, Zone.CHANNEL), player=player),
            str(a.get("ideal", "")),
            a.get("to", "top") == "bottom",
        )
    if key == "attack":
        args = step.args
        if isinstance(args, dict) and ("attackers" in args or "commit" in args):
            a = step_args(step, "attackers", "commit")
            return A.DeclareAttack(
                player,
                _attackers(game, player, a.get("attackers", [])),
                _items(game, player, a.get("commit")),
            )
        return A.DeclareAttack(player, _attackers(game, player, args))
    if key == "block":
        args = step.args or {}
        if not isinstance(args, dict):
            raise StepError("block: expected {Blocker: Attacker, ...} or {blocks: {...}, commit: [...]}")
        if "blocks" in args or "commit" in args:
            a = step_args(step, "blocks", "commit")
            return A.DeclareBlockers(
                player, _blocks(game, player, a.get("blocks") or {}), _items(game, player, a.get("commit"))
            )
        return A.DeclareBlockers(player, _blocks(game, player, args))
    if key == "guard":
        a = step_args(step, "unit", "attacker")
        attacker = a.get("attacker")
        return A.GuardianBlock(
            player,
            ref(game, a.get("unit"), zones=(Zone.BATTLEFIELD,), player=player),
            None if attacker is None else ref(game, attacker, zones=(Zone.BATTLEFIELD,)),
        )
    if key == "choose_targets":
        return A.ChooseTargets(player, _targets(game, step.args))
    if key == "decide":
        answer = {"yes": True, "no": False}.get(str(step.args).casefold(), step.args)
        if not isinstance(answer, bool):
            raise StepError("decide: yes or no")
        return A.Decide(player, answer)
    if key == "choose_cards":
        return A.ChooseCards(player, refs(game, step.args, zones=HAND, player=player))
    if key == "replace":
        return A.ChooseReplacement(
            player,
            None if step.args is None else ref(game, step.args, zones=(Zone.BATTLEFIELD,), player=player),
        )
    if key == "recycle":
        a = step_args(step, "top", "bottom")
        return A.Recycle(
            player,
            refs(game, a.get("top"), zones=(Zone.CHANNEL,), player=player),
            refs(game, a.get("bottom"), zones=(Zone.CHANNEL,), player=player),
        )
    raise StepError(f"unknown action {key!r}")
