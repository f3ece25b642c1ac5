"""Damage, buffs and their ending (rules/extra-notes/p1, p1.1, p7), and the battlefield limit (p3-p3.3)."""

from __future__ import annotations

from engine.atnia.actions import ChooseReplacement, PlayCard
from engine.atnia.stats import health
from tests.engine_atnia.helpers import card, pass_, position


def test_buff_ending_takes_its_whole_health():
    """A +2 buff ending after 3 damage leaves a 2-health unit at -1: it is destroyed."""
    game = position(
        {"battlefield": [{"card": "Recruit", "damage": 3, "buffs": [{"health": 2, "until": "round_end"}]}]}
    )
    recruit = card(game, "Recruit")
    assert health(game.card(recruit)) == 1
    pass_(game, 2)
    assert game.card(recruit).zone.value == "discard"
    assert any(e.rule == "rules/extra-notes/p1.1" for e in game.log)


def test_debuff_ending_gives_health_back():
    """A -1 debuff ending at round end gives the unit its health back."""
    game = position({"hand": ["Curse"]}, {"battlefield": ["Wall"]})
    wall = card(game, "Wall")
    game.apply(PlayCard("p1", card(game, "Curse"), (wall,)))
    pass_(game)
    assert health(game.card(wall)) == 3
    pass_(game, 2)
    assert health(game.card(wall)) == 4


def test_aura_leaving_removes_its_health():
    """A unit kept alive only by an aura is destroyed when the aura's source leaves."""
    game = position({"hand": ["Recall"]}, {"battlefield": ["Banner", {"card": "Recruit", "damage": 2}]})
    recruit = card(game, "Recruit")
    assert health(game.card(recruit)) == 1
    game.apply(PlayCard("p1", card(game, "Recall"), (card(game, "Banner"),)))
    pass_(game)
    assert game.card(recruit).zone.value == "discard"


def test_weapon_shares_a_space_and_its_departure_damages():
    """An equipped weapon buffs its wielder; when the wielder returns to hand, the weapon stays, unequipped."""
    game = position({"hand": ["Sword", "Recall"], "battlefield": ["Recruit"]})
    recruit, sword = card(game, "Recruit"), card(game, "Sword")
    game.apply(PlayCard("p1", sword, (recruit,)))
    pass_(game)
    assert game.card(sword).wielder == recruit and health(game.card(recruit)) == 4
    pass_(game)
    game.apply(PlayCard("p1", card(game, "Recall"), (recruit,)))
    pass_(game)
    assert game.card(sword).zone.value == "battlefield" and game.card(sword).wielder is None


def test_full_board_discard_instead():
    """Declining to replace discards the new card without it ever arriving."""
    game = position({"hand": ["Adept"], "battlefield": ["Runner"] * 16}, {"battlefield": ["Wall"]})
    game.apply(PlayCard("p1", card(game, "Adept"), (card(game, "Wall"),)))
    pass_(game)
    assert game.pending is not None
    assert game.pending.kind == "board_full"
    game.apply(ChooseReplacement("p1", None))
    assert game.card(card(game, "Adept")).zone.value == "discard"
    assert game.card(card(game, "Wall")).damage == 0
