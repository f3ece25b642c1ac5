"""Scenario steps in the Altered engine's vocabulary: each step becomes one engine action."""

from __future__ import annotations

from engine.altered import actions as A
from engine.altered.state import Game, Zone
from kb.verify.altered.refs import option, reaction_ref, ref, refs, target_list
from kb.verify.naming import StepError
from kb.verify.step_syntax import Step as _Step
from kb.verify.step_syntax import parse_mapping, step_args

PLAYABLE = (Zone.HAND, Zone.RESERVE, Zone.DISCARD)
SOURCES = (Zone.EXPEDITION, Zone.LANDMARKS, Zone.HERO, Zone.RESERVE)


class Step(_Step):
    """One parsed step: its action (or advance / repeat / expect), who takes it, the rules it must be refused by."""

    MUST = "must be refused citing"


def parse_step(index: int, raw: object) -> Step:
    """Read one step as written (the schema has checked its shape)."""
    if isinstance(raw, bool):  # YAML 1.1 reads a bare yes / no as a boolean
        return Step(index, "yes" if raw else "no", raw=raw)
    if isinstance(raw, str):
        return Step(index, raw, raw=raw)
    return parse_mapping(Step, index, raw)


def to_action(game: Game, step: Step) -> A.Action:
    """The engine action a step stands for, taken by ``player:`` or the player who must act now."""
    player = step.player or game.acting_player
    if player is None:
        raise StepError("nobody may act now")
    key = step.key
    if key == "play":
        a = step_args(step, "card", "expedition", "targets", "pay_with")
        return A.PlayCard(
            player,
            ref(game, a.get("card"), zones=PLAYABLE, player=player),
            a.get("expedition", "hero"),
            target_list(game, a.get("targets")),
            refs(game, a.get("pay_with"), player=player),
        )
    if key == "quick":
        a = step_args(step, "source", "ability", "targets", "pay_with")
        return A.QuickAction(
            player,
            ref(game, a.get("source"), zones=SOURCES, player=player),
            int(a.get("ability", 0)),
            target_list(game, a.get("targets")),
            refs(game, a.get("pay_with"), player=player),
        )
    if key == "pass":
        return A.Pass(player)
    if key == "play_reaction":
        a = step_args(step, "reaction", "targets")
        return A.PlayReaction(
            player, reaction_ref(game, a.get("reaction"), player), target_list(game, a.get("targets"))
        )
    if key in ("yes", "no"):
        return A.Decide(player, (key,))
    if key == "decline":
        return A.Decide(player, ())
    if key == "choose":
        items = (
            step.args if isinstance(step.args, list) else ([] if step.args in (None, "none") else [step.args])
        )
        chosen: list[str] = []
        for item in items:
            found = option(game, item)  # refuses when no decision is pending
            assert game.pending is not None
            if found in chosen:  # two copies of a card: the next option of the same name
                rest = [
                    o
                    for o in game.pending.options
                    if o not in chosen
                    and o in game.objects
                    and game.objects[o].name == game.objects[found].name
                ]
                if not rest:
                    raise StepError(f"{item!r} is chosen more times than it is among the options")
                found = rest[0]
            chosen.append(found)
        return A.Decide(player, tuple(chosen))
    raise StepError(f"unknown action {key!r}")
