"""The verbs of effects: for each, the decisions it asks (in initiative order, 6.1.g) and the atomic actions
it performs once they are made (6.1.e). Daily effects register theirs in :mod:`.daily`."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from .atomics import AfterYou, Atomic, Boost, CreateToken, MakeOngoing, MoveCard, MoveForward
from .cards import Step
from .log import record
from .passives import prohibition
from .state import Game, Zone

if TYPE_CHECKING:
    from .resolution import Resolution


@dataclass(frozen=True, slots=True)
class Decision:
    """A decision a step asks of one player. ``hidden``: chosen among cards of a hidden zone, so the choice is
    explicit but the card is not revealed (1.4.5.a)."""

    player: str
    kind: str
    prompt: str
    options: tuple[str, ...]
    min: int = 1
    max: int = 1
    hidden: bool = False
    words: dict = field(default_factory=dict, hash=False, compare=False)  # "yes" -> "resupplies"


Decide = Callable[[Game, "Resolution", Step], list[Decision]]
Act = Callable[[Game, "Resolution", Step, dict], list[Atomic]]
VERBS: dict[str, tuple[Decide, Act]] = {}


def verb(name: str):
    def register(pair):
        VERBS[name] = pair
        return pair

    return register


def players_of(game: Game, res: Resolution, step: Step) -> list[str]:
    """ "Each player" acts in initiative order (1.4.5.a); otherwise the effect's controller."""
    if step.args.get("who") == "each":
        return game.initiative_order()
    return [res.controller] if res.controller else []


def _no_decisions(game, res, step) -> list[Decision]:
    return []


# -- Resupply, Draw, Discard ------------------------------------------------------------------
def _resupply_decide(game, res, step):
    if not step.args.get("may"):
        return []
    return [
        Decision(
            p,
            "may",
            "Do you Resupply?",
            ("yes", "no"),
            words={"yes": "chooses to Resupply", "no": "chooses not to Resupply"},
        )
        for p in players_of(game, res, step)
    ]


def _resupply_act(game, res, step, answers):
    out: list[Atomic] = []
    for p in players_of(game, res, step):
        if step.args.get("may") and answers.get(p) != ("yes",):
            continue
        deck = game.players[p].deck
        if not deck:
            record(
                game,
                "1.4.1.c",
                "empty_deck",
                f"{res.label}: {p} has no card in their Deck to Resupply (decision D-EMPTY-DECK).",
                (),
                p,
            )
            continue
        top = game.objects[deck[0]]
        out.append(MoveCard(p, top.id, top.incarnation, Zone.RESERVE, p, verb="resupply"))
    return out


verb("resupply")((_resupply_decide, _resupply_act))


def _draw_act(game, res, step, answers):
    out: list[Atomic] = []
    for p in players_of(game, res, step):
        for oid in game.players[p].deck[: step.args.get("count", 1)]:
            out.append(MoveCard(p, oid, game.objects[oid].incarnation, Zone.HAND, p, verb="draw"))
    return out


verb("draw")((_no_decisions, _draw_act))


def _discard_decide(game, res, step):
    out = []
    for p in players_of(game, res, step):
        hand = tuple(game.players[p].hand)
        n = min(step.args.get("count", 1), len(hand))
        if n:
            out.append(
                Decision(p, "discard", f"Choose {n} card(s) from your Hand to discard.", hand, n, n, True)
            )
    return out


def _discard_act(game, res, step, answers):
    return [
        MoveCard(p, oid, game.objects[oid].incarnation, Zone.DISCARD, p, verb="discard_from_hand")
        for p, chosen in answers.items()
        for oid in chosen
    ]


verb("discard")((_discard_decide, _discard_act))


# -- Sabotage, Sacrifice, Move -------------------------------------------------------------------
def _sabotage_act(game, res, step, answers):
    ref = res.target(step.args.get("target", 0))
    if ref is None:
        record(
            game,
            "6.1.a",
            "sabotage_none",
            f"{res.label}: Sabotage discards up to one card; no target was declared (decision D-SABOTAGE).",
            (),
            res.controller,
        )
        return []
    _, oid, inc = ref
    o = game.objects.get(oid)
    return [
        MoveCard(
            res.controller,
            oid,
            inc,
            Zone.DISCARD,
            o.owner if o else res.controller,
            verb="discard_from_reserve",
        )
    ]


verb("sabotage")((_no_decisions, _sabotage_act))


def _sacrifice_decide(game, res, step):
    if prohibition(game, "sacrifice") is not None:
        return []
    out = []
    for p in players_of(game, res, step):
        chars = tuple(game.players[p].characters())
        if chars:
            out.append(Decision(p, "sacrifice", "Choose a Character you control to sacrifice.", chars))
    return out


def _sacrifice_act(game, res, step, answers):
    forbidden = prohibition(game, "sacrifice")
    if forbidden is not None:
        record(
            game,
            "1.4.1.c",
            "cannot",
            f"{res.label}: sacrificing is impossible ({forbidden.label}); "
            "the rest of the effect resolves normally.",
            (forbidden.source,),
            res.controller,
        )
        return []
    out: list[Atomic] = []
    for p, chosen in answers.items():
        for oid in chosen:
            o = game.objects[oid]
            out.append(MoveCard(p, oid, o.incarnation, Zone.DISCARD, o.owner, verb="sacrifice"))
    return out


verb("sacrifice")((_sacrifice_decide, _sacrifice_act))

DESTINATIONS = {
    "your_hand": (Zone.HAND, "controller", None),
    "your_reserve": (Zone.RESERVE, "controller", None),
    "owner_reserve": (Zone.RESERVE, "owner", None),
    "owner_discard": (Zone.DISCARD, "owner", None),
    "hero_expedition": (Zone.EXPEDITION, "controller", "hero"),
    "companion_expedition": (Zone.EXPEDITION, "controller", "companion"),
}


def _move_act(game, res, step, answers):
    ref = res.object_ref(step.args.get("what", "target"), step.args.get("target", 0))
    if ref is None:
        return []
    oid, inc = ref
    o = game.objects.get(oid)
    zone, whose, expedition = DESTINATIONS[step.args["to"]]
    player = res.controller if whose == "controller" else (o.owner if o else res.controller)
    kind = (
        "discard_from_reserve"
        if o is not None and o.zone is Zone.RESERVE and zone is Zone.DISCARD
        else "move"
    )
    return [MoveCard(res.controller, oid, inc, zone, player, expedition, verb=kind)]


verb("move")((_no_decisions, _move_act))


# -- Tokens, boosts, Ongoing effects, moving forward, After you -----------------------------------
def _token_act(game, res, step, answers):
    where = step.args.get("where", "target")
    if where == "target":
        ref = res.target(step.args.get("target", 0))
        places = [(ref[1], ref[2])] if ref else []
    elif where == "each":
        places = [(res.controller, "hero"), (res.controller, "companion")]
    else:
        places = [(res.controller, where)]
    return [
        CreateToken(pid, spec=step.args["token"], expedition=exp, creator=res.controller)
        for pid, exp in places
        for _ in range(step.args.get("count", 1))
    ]


verb("create_token")((_no_decisions, _token_act))


def _boost_act(game, res, step, answers):
    ref = res.object_ref(step.args.get("what", "me"), step.args.get("target", 0))
    if ref is None:
        return []
    return [Boost(res.controller, ref[0], ref[1], step.args.get("amount", 1))]


verb("boost")((_no_decisions, _boost_act))


def _ongoing_act(game, res, step, answers):
    links: tuple = ()
    if step.args.get("link"):
        ref = res.object_ref(step.args["link"], step.args.get("target", 0))
        links = (ref,) if ref else ()
    return [
        MakeOngoing(
            res.controller,
            passive=step.args["passive"],
            duration=step.args["duration"],
            links=links,
            text=step.args.get("text") or step.args["passive"].kind,
            source_name=res.source_name,
        )
    ]


verb("ongoing")((_no_decisions, _ongoing_act))


def _forward_act(game, res, step, answers):
    which = step.args.get("expedition", "hero")
    if which == "target":
        ref = res.target(step.args.get("target", 0))
        return [MoveForward(ref[1], ref[2])] if ref else []
    return [MoveForward(res.controller, which)]


verb("move_forward")((_no_decisions, _forward_act))
verb("after_you")((_no_decisions, lambda game, res, step, answers: [AfterYou(res.controller)]))
