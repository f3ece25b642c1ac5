"""Combat (rules/combat, rules/combat-phase-outline)."""

from __future__ import annotations

import pytest

from engine.atnia.actions import DeclareAttack, DeclareBlockers, GuardianBlock, Item, Pass, PlayCard
from engine.atnia.errors import InvalidTarget, LimitReached, WrongTiming
from tests.engine_atnia.helpers import card, names, pass_, position


def _attack(game, *units, blocks=()):
    game.apply(DeclareAttack(game.active, tuple((u, None) for u in units)))
    game.apply(DeclareBlockers(game.active, blocks))


def test_unblocked_attacker_strikes_the_player_and_flips():
    """An unblocked attacker deals its offense to the defending player and is flipped."""
    game = position({"battlefield": ["Hound"]})
    hound = card(game, "Hound")
    _attack(game, hound)
    pass_(game)
    assert game.players["p2"].life == 17
    assert game.card(hound).flipped and game.phase.value == "main" and game.active == "p1"


def test_blocked_units_strike_each_other_at_once():
    """A blocker and the unit it blocks deal damage to each other simultaneously."""
    game = position({"battlefield": ["Recruit"]}, {"battlefield": ["Recruit"]})
    mine, theirs = card(game, "Recruit", "p1"), card(game, "Recruit", "p2")
    _attack(game, mine, blocks=((theirs, mine),))
    pass_(game)
    assert game.card(mine).zone.value == game.card(theirs).zone.value == "discard"
    assert game.players["p2"].life == 20


def test_only_unflipped_units_attack_and_block():
    """Items, flipped units and a second blocker on one attacker are refused."""
    game = position(
        {"battlefield": ["Lantern", {"card": "Hound", "flipped": True}, "Recruit"]},
        {"battlefield": ["Wall", "Sentry"]},
    )
    with pytest.raises(InvalidTarget) as exc:
        game.apply(DeclareAttack("p1", ((card(game, "Lantern"), None),)))
    assert exc.value.rules == ("rules/card-types/p1",)
    with pytest.raises(InvalidTarget) as exc:
        game.apply(DeclareAttack("p1", ((card(game, "Hound"), None),)))
    assert exc.value.rules == ("rules/combat-phase-outline/p7",)
    game.apply(DeclareAttack("p1", ((card(game, "Recruit"), None),)))
    with pytest.raises(InvalidTarget) as exc:
        game.apply(
            DeclareBlockers(
                "p2",
                ((card(game, "Wall"), card(game, "Recruit")), (card(game, "Sentry"), card(game, "Recruit"))),
            )
        )
    assert exc.value.rules == ("rules/combat-phase-outline/p2",)


def test_attacking_a_unit_needs_challenger():
    """Only a challenger attacks a unit, and the attacked unit strikes back (decision D-CHALLENGER)."""
    game = position({"battlefield": ["Recruit", "Duelist"]}, {"battlefield": ["Wall"]})
    wall = card(game, "Wall")
    with pytest.raises(InvalidTarget) as exc:
        game.apply(DeclareAttack("p1", ((card(game, "Recruit"), wall),)))
    assert exc.value.rules == ("rules/combat/p1",)
    duelist = card(game, "Duelist")
    game.apply(DeclareAttack("p1", ((duelist, wall),)))
    game.apply(DeclareBlockers("p2", ()))
    pass_(game)
    assert (game.card(wall).damage, game.card(duelist).damage) == (3, 1)
    assert not game.card(wall).flipped


def test_three_attacks_per_round():
    """A fourth attack in a round is refused."""
    game = position({"battlefield": ["Runner"] * 4})
    runners = list(game.players["p1"].battlefield)
    for unit in runners[:3]:
        _attack(game, unit)
        pass_(game)
    with pytest.raises(LimitReached) as exc:
        game.apply(DeclareAttack("p1", ((runners[3], None),)))
    assert exc.value.rules == ("rules/combat-phase-outline/p5",)


def test_attackers_and_blockers_line_up_on_the_left():
    """Attackers move left in the chosen order and blockers match their attackers' order."""
    game = position({"battlefield": ["Runner", "Recruit", "Wall"]}, {"battlefield": ["Sentry", "Warden"]})
    recruit, wall = card(game, "Recruit"), card(game, "Wall")
    game.apply(DeclareAttack("p1", ((wall, None), (recruit, None))))
    assert names(game, game.players["p1"].battlefield) == ["Wall", "Recruit", "Runner"]
    game.apply(DeclareBlockers("p2", ((card(game, "Sentry"), recruit), (card(game, "Warden"), wall))))
    assert names(game, game.players["p2"].battlefield) == ["Warden", "Sentry"]


def test_fast_cards_in_step_2_only_with_the_declaration():
    """In step 2 the defender commits fast cards with the blockers, not separately, and cannot pass."""
    game = position({"battlefield": ["Hound"]}, {"hand": ["Sentry"]})
    _hound = card(game, "Hound")
    game.apply(DeclareAttack("p1", ((_hound, None),)))
    with pytest.raises(WrongTiming):
        game.apply(PlayCard("p2", card(game, "Sentry")))
    with pytest.raises(WrongTiming):
        game.apply(Pass("p2"))
    game.apply(DeclareBlockers("p2", (), (Item(card(game, "Sentry")),)))
    assert [e.label for e in game.horizon] == ["Sentry"]


def test_guardian_blocks_as_it_arrives():
    """A guardian unit put into play after blockers may block as it arrives; a unit without guardian may not."""
    game = position({"battlefield": ["Hound", "Runner"]}, {"hand": ["Warden", "Sentry"]})
    hound = card(game, "Hound")
    game.apply(DeclareAttack("p1", ((hound, None), (card(game, "Runner"), None))))
    game.apply(DeclareBlockers("p2", (), (Item(card(game, "Sentry")), Item(card(game, "Warden")))))
    pass_(game)
    assert game.pending is not None and game.pending.kind == "guardian"
    with pytest.raises(WrongTiming) as exc:
        game.apply(GuardianBlock("p2", card(game, "Sentry"), hound))
    assert exc.value.rules == ("rules/combat-phase-outline/p8",)
    game.apply(GuardianBlock("p2", card(game, "Warden"), hound))
    assert game.players["p2"].life == 19
    assert game.card(card(game, "Warden")).zone.value == "discard"
