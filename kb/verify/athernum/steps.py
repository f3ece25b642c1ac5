"""Scenario steps in the engine's vocabulary: each step becomes one or more engine actions."""

from __future__ import annotations

from engine.athernum import actions as A
from engine.athernum.state import Game, Zone
from engine.athernum.values import abilities_of
from kb.verify.athernum.refs import ref, refs, target_groups
from kb.verify.naming import StepError, as_list
from kb.verify.step_syntax import Step, parse_mapping, step_args

HAND = (Zone.HAND,)


def parse_step(index: int, raw: object) -> Step:
    """Read one step as written in the scenario (schema-validated already)."""
    if isinstance(raw, str):
        if raw == "no_defender":
            return Step(index, "defend", None, raw=raw)
        return Step(index, raw, raw=raw)
    return parse_mapping(Step, index, raw)


def _payment(value: object) -> tuple:
    return tuple(as_list(value))


def to_actions(game: Game, step: Step) -> list[A.Action]:
    """The engine actions a step stands for, for the player taking it (the acting player by default)."""
    player = step.player or game.acting_player
    if player is None:
        raise StepError("no player may act now (the game is over or nobody holds priority)")
    key = step.key
    if key == "play":
        a = step_args(step, "card", "pay", first="card")
        return [
            A.PlayCard(player, ref(game, a.get("card"), zones=HAND, player=player), _payment(a.get("pay")))
        ]
    if key == "attach":
        a = step_args(step, "card", "host", "face_down")
        return [
            A.AttachItem(
                player,
                ref(game, a.get("card"), zones=HAND, player=player),
                ref(game, a.get("host")),
                bool(a.get("face_down", False)),
            )
        ]
    if key == "turn_face_up":
        return [A.TurnFaceUp(player, ref(game, step_args(step, "attachment")["attachment"]))]
    if key == "discard_attachment":
        return [A.DiscardAttachment(player, ref(game, step_args(step, "attachment")["attachment"]))]
    if key == "activate":
        a = step_args(step, "source", "ability", "targets", "pay", "discard", first="source")
        source = ref(game, a.get("source"))
        return [
            A.ActivateAbility(
                player,
                source,
                _ability_index(game, source, a.get("ability", 0)),
                target_groups(game, a.get("targets")),
                _payment(a.get("pay")),
                refs(game, a.get("discard"), zones=HAND, player=player),
            )
        ]
    if key == "name":
        return [A.NameCard(player, str(step.args))]
    if key == "support":
        a = step_args(step, "card", "targets", "pay", "discard", first="card")
        return [
            A.ActivateSupport(
                player,
                ref(game, a.get("card"), zones=HAND, player=player),
                target_groups(game, a.get("targets")),
                _payment(a.get("pay")),
                refs(game, a.get("discard"), zones=HAND, player=player),
            )
        ]
    if key == "command":
        a = step_args(step, "name", "target", first="name")
        name = (
            str(a.get("name", "")).strip().capitalize()
        )  # the command abilities are named Acquisition, Solvency, Contingency
        target = a.get("target")
        return [A.UseCommand(player, name, ((ref(game, target),),) if target else ())]
    if key == "exhaust":
        return [A.ExhaustResource(player, t) for t in _resource_tokens(game, player, step.args)]
    if key == "enter_combat":
        return [A.EnterCombat(player)]
    if key == "attack":
        a = step_args(step, "attacker", "target")
        return [A.DeclareAttack(player, ref(game, a.get("attacker")), ref(game, a.get("target")))]
    if key == "defend":
        return [A.DeclareDefender(player, None if step.args is None else ref(game, step.args))]
    if key == "next_phase":
        return [A.NextPhase(player)]
    if key == "pass":
        return [A.PassPriority(player)]
    if key == "order_triggers":
        return [A.ChooseTriggerOrder(player, tuple(_options(game, step.args)))]
    if key == "choose_targets":
        return [A.ChooseTargets(player, target_groups(game, step.args))]
    if key == "choose":
        return [A.ChooseCards(player, refs(game, step.args))]
    if key == "choose_main":
        return [A.ChooseMainCharacter(player, ref(game, step.args, zones=(Zone.DECK,), player=player))]
    raise StepError(f"unknown action {key!r}")


def _ability_index(game: Game, source: str, ability: object) -> int:
    """An ability by its position on the card (printed ones first, then granted ones) or by its name."""
    if isinstance(ability, int) and not isinstance(ability, bool):
        return ability
    if isinstance(ability, str) and ability.strip().lstrip("-").isdigit():
        return int(ability)
    names = [ab.label() for ab in abilities_of(game, game.objects[source])]
    for i, label in enumerate(names):
        if isinstance(ability, str) and label.casefold() == ability.strip().casefold():
            return i
    raise StepError(
        f"{game.objects[source].name} has no ability named {ability!r}; its abilities are {names}"
    )


def _resource_tokens(game: Game, player: str, args: object) -> list[str]:
    """Which resource tokens to exhaust: named ones, or the first ``count`` ready ones of a faction."""
    if isinstance(args, (int, dict)):
        spec = {"count": args} if isinstance(args, int) else args
        count = int(spec.get("count", 1))
        faction = spec.get("faction", "any")
        ready = [
            oid
            for oid in game.players[player].resources
            if not game.objects[oid].exhausted
            and (faction == "any" or game.objects[oid].definition.faction == faction)
        ]
        if len(ready) < count:
            raise StepError(
                f"{player} has only {len(ready)} ready resource tokens of faction {faction}, not {count}"
            )
        return ready[:count]
    return list(refs(game, args, player=player))


def _trigger_labels(game: Game) -> dict[str, tuple[str, str]]:
    """For a pending order of abilities: each option id -> (source card name, "Name: ability label")."""
    out = {}
    for p in game.placing:
        name = p.source.name if p.source is not None else "Rule"
        out[p.id] = (name, f"{name}: {p.ability.label()}")
    return out


def _options(game: Game, items: object) -> list:
    """Pending-choice options named by index, by id, by the source card of an ability to order
    (``Night Owl``, or ``Night Owl: triggered ability``), or by a text the option contains.

    Abilities of two sources with the same name are interchangeable: each mention takes the next one."""
    options = list(game.pending.options) if game.pending else []
    labels = _trigger_labels(game) if game.pending and game.pending.kind == "trigger_order" else {}
    out: list = []
    for item in items if isinstance(items, list) else [items]:
        free = [o for o in options if o not in out]
        if isinstance(item, int) and 0 <= item < len(options):
            out.append(options[item])
        elif item in options:
            out.append(item)
        else:
            text = str(item).casefold()
            by_name = [
                o for o in free if o in labels and text in (labels[o][0].casefold(), labels[o][1].casefold())
            ]
            if by_name:
                out.append(by_name[0])
                continue
            matches = [
                o
                for o in free
                if text in str(o).casefold() or (o in labels and text in labels[o][1].casefold())
            ]
            if len(matches) != 1:
                known = [labels[o][1] if o in labels else o for o in options]
                raise StepError(f"{item!r} names {len(matches)} of the pending options {known}")
            out.append(matches[0])
    return out
