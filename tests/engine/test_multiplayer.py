"""Games of three and four players: turn order, priority, simultaneous abilities, combat, opponents, winning and
losing, hidden information and setup (8.0.6b, 4.1.6-4.1.7, 4.2.3c, 4.2.4a, 9.3.6-9.3.8, chapter 0 'your opponent')."""

from __future__ import annotations

import pytest

from engine.athernum import Setup, new_game
from engine.athernum import actions as A
from engine.athernum.errors import ChoicePending, NoPriority, SetupError, WrongTiming
from engine.athernum.invariants import violations
from engine.athernum.resources import restricted
from engine.athernum.state import Phase, Zone
from tests.engine.engine_helpers import (
    TEST_CARDS,
    advance,
    day,
    deck_library,
    legal_deck,
    library_fixture,
    pass_all,
)

CARDS = TEST_CARDS + [
    {
        "name": "Warden",
        "type": "character",
        "faction": "grove",
        "cost": 3,
        "ofv": 1,
        "dfv": 4,
        "victory_token_field": 3,
    },
    {
        "name": "Sage",
        "type": "character",
        "faction": "grove",
        "cost": 4,
        "ofv": 1,
        "dfv": 4,
        "victory_token_field": 3,
    },
    {"name": "Noble", "type": "character", "cost": 2, "ofv": 1, "dfv": 2, "victory_token_field": 2},
    {
        "name": "Watcher",
        "type": "character",
        "cost": 0,
        "ofv": 0,
        "dfv": 2,
        "abilities": [
            {
                "type": "triggered",
                "trigger": {"whenever": "enters", "filter": {"types": ["character"]}},
                "effect": {"kind": "draw"},
            }
        ],
    },
    {
        "name": "Curser",
        "type": "character",
        "cost": 0,
        "ofv": 0,
        "dfv": 2,
        "abilities": [
            {
                "type": "activated",
                "name": "Curse",
                "targets": [{"kind": "player", "filter": {"controller": "opponent"}}],
                "effect": {"kind": "lose", "player": "target 0"},
            }
        ],
    },
    {
        "name": "Doomsayer",
        "type": "character",
        "cost": 0,
        "ofv": 0,
        "dfv": 2,
        "abilities": [
            {"type": "activated", "name": "Doom", "effect": {"kind": "lose", "player": "opponent"}}
        ],
    },
    {
        "name": "Herald",
        "type": "character",
        "cost": 0,
        "ofv": 0,
        "dfv": 2,
        "abilities": [
            {"type": "activated", "name": "Gift", "effect": {"kind": "draw", "player": "opponent"}}
        ],
    },
    {
        "name": "Scout",
        "type": "character",
        "cost": 0,
        "ofv": 0,
        "dfv": 2,
        "abilities": [
            {
                "type": "activated",
                "name": "Count",
                "effect": {
                    "kind": "draw",
                    "count": 1,
                    "if": {"opponent_controls": {"types": ["character"], "main": False}, "at_least": 2},
                },
            }
        ],
    },
    {
        "name": "Scribe",
        "type": "character",
        "cost": 0,
        "ofv": 0,
        "dfv": 2,
        "abilities": [{"type": "activated", "name": "Write", "effect": {"kind": "draw"}}],
    },
    {
        "name": "Embargo Agent",
        "type": "character",
        "cost": 0,
        "ofv": 0,
        "dfv": 2,
        "abilities": [
            {
                "type": "activated",
                "name": "Embargo",
                "effect": {
                    "kind": "restrict_resources",
                    "restrict": "generation",
                    "player": "opponent",
                    "duration": "your_next_turn",
                },
            }
        ],
    },
    {
        "name": "Rooster",
        "type": "character",
        "cost": 0,
        "ofv": 0,
        "dfv": 2,
        "abilities": [
            {"type": "triggered", "trigger": {"at": "morning", "turn": "any"}, "effect": {"kind": "draw"}}
        ],
    },
]

mlib = library_fixture(CARDS)

MAINS = {"p1": "Hero", "p2": "Rival", "p3": "Warden", "p4": "Sage"}


def table(
    lib, players=("p1", "p2", "p3"), *, pool: int = 6, decks=None, turn_limit: int = 200, tokens=None
) -> Setup:
    """A Setup for ``players`` (main characters Hero, Rival, Warden, Sage, face-up, with ``tokens`` Victory Tokens
    by player), 5 deck cards for those in ``decks`` (all by default)."""
    s = Setup(lib, seed=1, players=players, turn_limit=turn_limit)
    for pid in players:
        s.main(pid, MAINS[pid], victory_tokens=(tokens or {}).get(pid, 0))
        if decks is None or pid in decks:
            s.deck(pid, *["Filler"] * 5)
    s.victory_pool(pool)
    return s


def messages(game) -> list[str]:
    """Every log message, in order."""
    return [e.message for e in game.log]


# -- setup ------------------------------------------------------------------------------------
def test_one_player_and_five_players_are_refused(mlib):
    """A game needs two to four players: one (no opponent) and five are refused with a SetupError (D-PLAYERS)."""
    with pytest.raises(SetupError, match="at least 2 players"):
        Setup(mlib, players=("p1",))
    with pytest.raises(SetupError, match="2 to 4 players, not 5"):
        Setup(mlib, players=("p1", "p2", "p3", "p4", "p5"))
    with pytest.raises(SetupError, match="different id"):
        Setup(mlib, players=("p1", "p1", "p2"))
    lib = deck_library()
    with pytest.raises(SetupError, match="at least 2 players"):
        new_game({"p1": legal_deck("Hero")}, lib)
    with pytest.raises(SetupError, match="2 to 4 players, not 5"):
        new_game({f"p{i}": legal_deck("Hero") for i in range(1, 6)}, lib)


def test_a_four_player_game_from_decks_follows_initiative_order():
    """Four players set up from decks: the highest initiative begins, the others follow in initiative order and tied
    players in a random order (8.0.6a, 8.0.6b, 8.0.2d, D-TURN-ORDER); everyone draws six and the pool sums all fields."""
    lib = deck_library()
    decks = {
        "p1": legal_deck("Rival"),
        "p2": legal_deck("Hero"),
        "p3": legal_deck("Keep"),
        "p4": legal_deck("Champion"),
    }
    g = new_game(decks, lib, seed=3)
    for _ in range(4):
        g.apply(A.ChooseMainCharacter(g.pending.player, g.pending.options[0]))
    assert g.order[0] == "p3" and set(g.order[1:3]) == {"p2", "p4"} and g.order[3] == "p1"
    assert g.active == "p3" and g.turn == 1
    assert [e.rule for e in g.log if e.kind in ("initiative", "turn_order")] == ["8.0.2a", "8.0.2d", "8.0.6b"]
    assert all(len(g.players[p].hand) == 6 for p in g.order)
    assert g.victory_pool == 3 + 3 + 2 + 2
    assert violations(g) == []


def test_a_built_position_takes_turns_in_the_given_order(mlib):
    """A position built with p1, p2, p3 keeps that order from the active player (D-TURN-ORDER)."""
    g = day(table(mlib), active="p2")
    assert g.order == ["p2", "p3", "p1"] and g.playing == ["p2", "p3", "p1"]


def test_the_common_single_opponent_helper_refuses_three_players(mlib):
    """Game.opponent() names the other player of a two-player game only; with three it raises (D-OPPONENT)."""
    g = day(table(mlib))
    with pytest.raises(ValueError):
        g.opponent("p1")
    assert g.opponents("p2") == ["p3", "p1"]


# -- turns and priority -----------------------------------------------------------------------
def test_turns_go_around_three_players(mlib):
    """After each night the next player in turn order begins: p1, p2, p3, p1 (9.5.0, D-TURN-ORDER)."""
    g = day(table(mlib))
    for turn, pid in ((4, "p2"), (5, "p3"), (6, "p1")):
        advance(g, lambda g, turn=turn: g.turn == turn and g.phase is Phase.DAY)
        assert g.active == pid
    assert (
        "Night phase after p3's turn: there is no active player and nobody receives priority (9.5.3)."
        in messages(g)
    )


def test_priority_goes_around_all_three_players_before_the_stack_resolves(mlib):
    """Passing gives priority to the next player; the stack resolves only after all three passed in succession, and
    a response starts the count again (4.1.6, 4.1.7)."""
    s = table(mlib)
    scribe = s.character("p2", "Scribe")
    g = day(s)
    g.apply(A.UseCommand("p1", "Acquisition"))
    g.apply(A.PassPriority("p1"))
    assert g.stack is not None
    assert g.priority == "p2" and len(g.stack) == 1
    g.apply(A.ActivateAbility("p2", scribe, 0))
    assert g.priority == "p2" and len(g.stack) == 2
    for pid, nxt in (("p2", "p3"), ("p3", "p1")):
        g.apply(A.PassPriority(pid))
        assert g.priority == nxt and len(g.stack) == 2
    g.apply(A.PassPriority("p1"))
    assert g.stack is None and g.priority == "p1"
    assert "p1 passes; all players have passed, the stack resolves last in, first out." in messages(g)


def test_ending_the_day_lets_each_other_player_respond(mlib):
    """The empty stack opened before the evening goes to the next player, then the one after (9.2.12, 9.2.13)."""
    g = day(table(mlib))
    g.apply(A.NextPhase("p1"))
    assert g.stack == [] and g.priority == "p2"
    g.apply(A.PassPriority("p2"))
    assert g.priority == "p3" and g.phase is Phase.DAY
    g.apply(A.PassPriority("p3"))
    assert g.turn == 4 and g.active == "p2"


def test_simultaneous_abilities_of_three_players_go_on_the_stack_active_player_first(mlib):
    """Abilities triggered at once go on the stack in turn order from the active player (p2, p3, p1), so p1's
    resolves first (4.2.3d.I, 9.2.1, D-TRIGGER-ORDER)."""
    s = table(mlib)
    for pid in ("p1", "p2", "p3"):
        s.character(pid, "Watcher")
    (guard,) = s.hand("p2", "Guard")
    s.resource_pool("p2", {None: 1})
    g = day(s, turn=4, active="p2")
    g.apply(A.PlayCard("p2", guard, (None,)))
    pass_all(g)
    assert g.stack is None
    pushes = [e.player for e in g.log if e.kind == "stack_push"]
    assert pushes == ["p2", "p3", "p1"]
    draws = [e.player for e in g.log if e.kind == "draw"]
    assert draws == ["p1", "p3", "p2"]


def test_the_first_turn_of_the_game_only_forbids_combat(mlib):
    """Combat is forbidden in turn 1 only: the third player may enter combat in their first turn, turn 3 (9.2.11,
    D-FIRST-TURN)."""
    with pytest.raises(WrongTiming):
        day(table(mlib), turn=1).apply(A.EnterCombat("p1"))
    g = day(table(mlib), turn=3, active="p3")
    g.apply(A.EnterCombat("p3"))
    assert g.phase is Phase.COMBAT


def test_morning_abilities_of_any_turn_trigger_in_each_players_morning(mlib):
    """An 'at the morning phase' ability of any turn triggers in each of the three players' mornings (9.1.4a)."""
    s = table(mlib)
    s.character("p1", "Rooster")
    g = day(s)
    advance(g, lambda g: g.turn == 6 and g.phase is Phase.DAY)
    assert [(e.turn, e.player) for e in g.log if e.kind == "draw"] == [(4, "p1"), (5, "p1"), (6, "p1")]


def test_your_next_turn_lasts_through_every_other_players_turn(mlib):
    """'Until your next turn' lasts through both opponents' turns and ends in your next one (4.2.1a); 'opponent'
    restricts each opponent (D-OPPONENT)."""
    s = table(mlib)
    agent = s.character("p1", "Embargo Agent")
    g = day(s)
    g.apply(A.ActivateAbility("p1", agent, 0))
    pass_all(g)
    assert restricted(g, "p2", "generation") and restricted(g, "p3", "generation")
    assert not restricted(g, "p1", "generation")
    advance(g, lambda g: g.turn == 5 and g.phase is Phase.DAY)
    assert g.active == "p3" and restricted(g, "p3", "generation")
    advance(g, lambda g: g.turn == 6 and g.phase is Phase.DAY)
    assert g.active == "p1" and not g.restrictions


# -- combat -------------------------------------------------------------------------------------
def test_an_attack_on_the_third_players_character_is_defended_by_that_player(mlib):
    """The attacker may target any opponent's permanent; its controller, not the other opponent, declares the
    defender; then all three players may respond in turn (9.3.6, 9.3.7, 9.3.8, D-ATTACK-OPPONENT)."""
    s = table(mlib)
    soldier = s.character("p1", "Soldier")
    target = s.character("p3", "Guard")
    brute = s.character("p3", "Brute")
    s.character("p2", "Medic")
    g = day(s)
    g.apply(A.EnterCombat("p1"))
    assert {
        a.target for a in g.legal_actions() if isinstance(a, A.DeclareAttack) and a.attacker == soldier
    } >= {target, brute, g.players["p2"].main_slot}
    g.apply(A.DeclareAttack("p1", soldier, target))
    assert g.pending.kind == "defender" and g.pending.player == "p3"
    with pytest.raises(ChoicePending):
        g.apply(A.DeclareDefender("p2", None))
    g.apply(A.DeclareDefender("p3", brute))
    assert g.combat.defender == brute
    for pid, nxt in (("p1", "p2"), ("p2", "p3")):
        assert g.priority == pid
        g.apply(A.PassPriority(pid))
        assert g.priority == nxt and g.combat is not None
    g.apply(A.PassPriority("p3"))
    assert g.objects[soldier].zone is Zone.DISCARD and g.objects[brute].zone is Zone.DISCARD
    assert g.objects[target].zone is Zone.CHARACTERS and not g.objects[target].counters


# -- opponents ----------------------------------------------------------------------------------
def test_an_effect_on_the_opponent_acts_on_each_opponent(mlib):
    """'player: opponent' acts on each opponent, in turn order from the next player (chapter 0, D-OPPONENT)."""
    s = table(mlib)
    herald = s.character("p2", "Herald")
    g = day(s, active="p2")
    g.apply(A.ActivateAbility("p2", herald, 0))
    pass_all(g)
    assert [e.player for e in g.log if e.kind == "draw"] == ["p3", "p1"]


def test_a_player_target_may_be_any_opponent(mlib):
    """A target 'player an opponent' may be either opponent, never oneself (chapter 0, D-OPPONENT)."""
    s = table(mlib)
    curser = s.character("p1", "Curser")
    g = day(s)
    offered = {
        a.targets for a in g.legal_actions() if isinstance(a, A.ActivateAbility) and a.source == curser
    }
    assert offered == {(("p2",),), (("p3",),)}


def test_an_opponent_controls_condition_asks_about_one_opponent_at_a_time(mlib):
    """'An opponent controls two characters' is false when two opponents control one each, true when one controls
    two (D-OPPONENT)."""
    for owners, drawn in ((("p2", "p3"), []), (("p3", "p3"), ["p1"])):
        s = table(mlib)
        scout = s.character("p1", "Scout")
        for pid, card in zip(owners, ("Guard", "Brute")):
            s.character(pid, card)
        g = day(s)
        g.apply(A.ActivateAbility("p1", scout, 0))
        pass_all(g)
        assert [e.player for e in g.log if e.kind == "draw"] == drawn


def test_contingency_needs_fewer_tokens_than_each_other_player(mlib):
    """Contingency needs fewer Victory Tokens than each other player, not just than one of them (9.2.4a)."""
    s = table(mlib)
    s2 = table(mlib)
    for setup_, p3_tokens in ((s, 0), (s2, 1)):
        setup_.character("p2", "Noble", victory_tokens=1)
        setup_.character("p3", "Noble", victory_tokens=p3_tokens)
    g = day(s)
    with pytest.raises(WrongTiming) as err:
        g.apply(A.UseCommand("p1", "Contingency", ((g.players["p1"].main_slot,),)))
    assert err.value.rules == ("9.2.4a",)
    g = day(s2)
    assert any(isinstance(a, A.UseCommand) and a.command == "Contingency" for a in g.legal_actions())


def test_each_player_sees_only_their_own_hand(mlib):
    """With three players each hand is hidden from both opponents; a face-down attachment only from the
    controller of its linked target (7.4.1a, 2.1.2c, D-HIDDEN-INFO)."""
    s = table(mlib)
    (c1,) = s.hand("p1", "Guard")
    (c2,) = s.hand("p2", "Brute")
    host = s.character("p2", "Soldier")
    sword = s.attach(host, "Sword", face_down=True)
    g = day(s)
    assert g.can_see("p1", c1) and not g.can_see("p2", c1) and not g.can_see("p3", c1)
    assert g.can_see("p2", c2) and not g.can_see("p1", c2) and not g.can_see("p3", c2)
    assert g.can_see("p2", sword) and not g.can_see("p1", sword) and not g.can_see("p3", sword)
    view = g.view("p3")
    assert view["players"]["p1"]["hand"] == ["p1:hand#1"] and view["players"]["p2"]["hand"] == ["p2:hand#1"]
    assert c1 not in view["objects"] and c2 not in view["objects"] and sword not in view["objects"]


# -- winning and losing -------------------------------------------------------------------------
def _tokens(lib, p1: int, p2: int, p3: int, *, keep: int = 0):
    """p1 holds Victory Tokens on Hero (at most 3) and a Noble, and ``keep`` on a Keep; p2 on Rival, p3 on Warden,
    none in the pool; p1 has just drawn with Acquisition and the stack has resolved (a state-based check, 4.1.9)."""
    s = table(lib, pool=0, tokens={"p1": min(p1, 3), "p2": p2, "p3": p3})
    s.character("p1", "Noble", victory_tokens=p1 - min(p1, 3))
    if keep:
        s.location("p1", "Keep", victory_tokens=keep)
    g = day(s)
    g.apply(A.UseCommand("p1", "Acquisition"))
    pass_all(g)
    return g


def test_the_rulebooks_five_of_eleven_is_not_a_majority(mlib):
    """The rulebook's example, 5 of 11 Victory Tokens against 4 and 2, wins nothing: 5 is not more than half of 11;
    6 of 11 is a majority (4.2.3c, D-POINT-SUPERIORITY)."""
    g = _tokens(mlib, 5, 4, 2)
    assert g.collected("p1") == 5 and not g.over and g.victory_added == 11 and g.stack is None
    g = _tokens(mlib, 5, 3, 2, keep=1)
    assert g.result.winner == "p1" and g.result.rule == "4.2.3c"
    assert "they hold 6 of the 11 Victory Tokens in the game, a majority" in g.result.reason


def test_a_player_who_loses_while_two_remain_leaves_and_the_game_goes_on(mlib):
    """A player made to lose while two others remain leaves the game with everything they own; their Victory Tokens
    return to the pool, the others play on and skip their turns (4.2.3a, 4.2.4a, D-LEFT-GAME)."""
    s = table(mlib, pool=4)
    curser = s.character("p1", "Curser")
    s.character("p3", "Noble", victory_tokens=2)
    s.hand("p3", "Guard")
    s.discard("p3", "Brute")
    g = day(s)
    g.apply(A.ActivateAbility("p1", curser, 0, (("p3",),)))
    pass_all(g)
    assert not g.over and g.eliminated == ["p3"] and g.playing == ["p1", "p2"]
    assert not any(o.owner == "p3" for o in g.objects.values())
    assert g.victory_pool == 6 and g.victory_added == 6
    assert [e.kind for e in g.log if e.rule in ("4.2.3a", "4.2.4a")] == [
        "lose_effect",
        "player_loses",
        "player_leaves",
    ]
    assert violations(g) == []
    assert g.opponents("p1") == ["p2"]
    with pytest.raises(NoPriority) as err:
        g.apply(A.NextPhase("p3"))
    assert err.value.rules == ("4.2.4a", "4.1.2")
    assert {
        a.targets for a in g.legal_actions() if isinstance(a, A.ActivateAbility) and a.source == curser
    } == {(("p2",),)}
    advance(g, lambda g: g.turn == 4 and g.phase is Phase.DAY)
    assert g.active == "p2"
    advance(g, lambda g: g.turn == 5 and g.phase is Phase.DAY)
    assert g.active == "p1"
    assert (
        "Night phase after p2's turn: there is no active player and nobody receives priority (9.5.3)."
        in messages(g)
    )


def test_what_a_leaving_player_held_of_others_goes_back_to_them(mlib):
    """A permanent the leaving player controlled but another owns returns to its owner's control (7.5.7b); another
    player's attachment on the leaving player's permanent is discarded (7.3.4, D-LEFT-GAME)."""
    from engine.athernum.zones import change_control

    s = table(mlib)
    curser = s.character("p1", "Curser")
    soldier = s.character("p1", "Soldier")
    sword = s.attach(s.character("p3", "Guard"), "Sword", owner="p2")
    g = day(s)
    change_control(g, g.objects[soldier], "p3", "7.5.7")
    g.apply(A.ActivateAbility("p1", curser, 0, (("p3",),)))
    pass_all(g)
    assert g.objects[soldier].controller == "p1" and soldier in g.players["p1"].character_slots
    assert g.objects[sword].zone is Zone.DISCARD and g.players["p2"].discard == [sword]
    assert violations(g) == []


def test_a_player_leaving_in_their_own_turn_ends_it(mlib):
    """The active player drawing from an empty deck with two others left leaves; their turn ends, the night follows
    and the next player begins (4.2.4b, 4.2.4a, D-LEFT-GAME)."""
    s = table(mlib, decks=("p1", "p2"))
    g = day(s, active="p3")
    g.apply(A.UseCommand("p3", "Acquisition"))
    pass_all(g)
    assert not g.over and g.eliminated == ["p3"]
    kinds = [e.kind for e in g.log]
    assert kinds.index("player_leaves") < kinds.index("turn_ends") < len(kinds)
    assert (
        "Night phase after p3's turn: there is no active player and nobody receives priority (9.5.3)."
        in messages(g)
    )
    assert g.turn == 4 and g.active == "p1" and g.phase is Phase.DAY
    assert violations(g) == []


def test_the_last_player_standing_wins(mlib):
    """When a player loses and only one opponent is left, that opponent wins (4.2.4a): after p3 has left, p2 losing
    makes p1 win; both opponents losing at once makes p1 win too (D-OPPONENT)."""
    s = table(mlib)
    curser = s.character("p1", "Curser")
    g = day(s)
    g.apply(A.ActivateAbility("p1", curser, 0, (("p3",),)))
    pass_all(g)
    g.apply(A.ActivateAbility("p1", curser, 0, (("p2",),)))
    pass_all(g)
    assert g.result.winner == "p1" and g.result.rule == "4.2.4a"
    s = table(mlib, players=("p1", "p2", "p3", "p4"))
    doom = s.character("p1", "Doomsayer")
    g = day(s)
    g.apply(A.ActivateAbility("p1", doom, 0))
    pass_all(g)
    assert g.result.winner == "p1" and g.result.rule == "4.2.4a" and g.eliminated == []


def test_the_turn_limit_gives_each_remaining_player_one_more_turn(mlib):
    """At the engine's turn limit each of the three players has one more turn, then the most Victory Tokens wins
    (11.1.5, 11.1.6, D-TURN-LIMIT)."""
    s = table(mlib, turn_limit=3)
    s.character("p2", "Noble", victory_tokens=1)
    g = day(s, turn=3, active="p3")
    advance(g, lambda g: False)
    assert g.result.winner == "p2" and g.result.rule == "11.1.6"
    assert max(e.turn for e in g.log) == 6


def test_a_player_leaving_before_their_extra_turn_gives_it_up(mlib):
    """Past the turn limit, a player who leaves the game before their additional turn does not delay the end: the
    game ends after the remaining players' additional turns (11.1.5, D-LEFT-GAME, D-TURN-LIMIT)."""
    s = table(mlib, turn_limit=3)
    curser = s.character("p1", "Curser")
    g = day(s, turn=3, active="p3")
    advance(g, lambda g: g.turn == 4 and g.phase is Phase.DAY)
    assert g.active == "p1" and g.final_turn == 6
    g.apply(A.ActivateAbility("p1", curser, 0, (("p2",),)))
    pass_all(g)
    assert g.eliminated == ["p2"] and g.final_turn == 5
    advance(g, lambda g: False)
    assert (
        g.result.rule == "11.1.7"
        and [e.player for e in g.log if e.kind == "phase" and e.phase == "morning"][-1] == "p3"
    )
    assert max(e.turn for e in g.log) == 5
