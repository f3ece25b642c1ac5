"""Readings the engine chose where the Comprehensive Rules are ambiguous, contradict themselves, or disagree with the
rulebook for new players. The CR is followed wherever it speaks. Each entry is the decision's id, the rules involved
and the reading in one line; its question, answer and reasoning are published once, as the ruling that names it
(``decision:``) in ``rules/athernum/rulings.yaml``.
"""

from __future__ import annotations

from engine.common.decisions import Decision

DECISIONS: tuple[Decision, ...] = (
    Decision(
        "D-COMBAT-DEFENDER",
        ("9.3.7", "9.3.9", "9.3.9a", "9.3.9b", "9.3.9a.I", "9.3.12", "2.2.4d"),
        "A declared defender takes the target's place: attacker and defender deal each other damage, the target none",
    ),
    Decision(
        "D-MAJORITY",
        ("4.2.3c", "10.1.4", "10.1.5", "10.1.6"),
        "The majority of all Victory Tokens counts the pool and those on permanents, not those lost; exactly half is no majority",
    ),
    Decision(
        "D-POINT-SUPERIORITY",
        ("4.2.3c",),
        "The CR's majority decides (D-MAJORITY); with two players it equals the rulebook's point superiority",
    ),
    Decision(
        "D-INITIATIVE",
        ("3.0.2c.I", "3.0.2c.II", "3.0.2c.III", "3.0.2c.IV", "8.0.2b", "8.0.2c", "8.0.2d"),
        "A main character without an acquisition cost has the highest initiative, as if it cost 0; ties broken by the seed",
    ),
    Decision(
        "D-POOL-TIMING",
        ("1.5.3", "1.5.4", "10.1.2", "4.2.2g", "2.2.7d", "8.0.3a", "2.3.1b"),
        "The pool grows at the next state-based check (4.2.2g), for each card with a Victory Token Field that entered or was played",
    ),
    Decision(
        "D-EXCEEDS",
        ("2.2.4f", "4.2.2a", "10.3.3", "3.0.7e"),
        "A permanent is discarded when its damage is equal to or greater than its DFV, as the CR says",
    ),
    Decision(
        "D-CONTINGENCY",
        ("9.2.4", "9.2.4a", "4.3.5e.II", "10.1.3", "10.1.7"),
        "Contingency: one Command Token, a pool token onto a permanent you own and control, once per turn, while behind",
    ),
    Decision(
        "D-MORNING-ORDER",
        ("9.1.1", "9.1.2", "9.1.3", "9.1.4", "9.1.4a"),
        "The morning runs in the CR's order: counters, turning face-up, command tokens, check, then morning abilities",
    ),
    Decision(
        "D-NO-DFV",
        ("4.2.2a", "2.2.4c", "2.2.4e", "10.3.2", "9.3.6b"),
        "4.2.2a applies only to permanents that have a Defensive Value",
    ),
    Decision(
        "D-MAIN-LETHAL",
        ("3.0.7e", "3.0.7e.I", "3.0.7e.II", "3.0.7e.III", "6.2.2", "6.2.9a", "10.3.3"),
        "3.0.7e applies to a face-up main character only, like 4.2.2a",
    ),
    Decision(
        "D-FACE-DOWN-KEEPS",
        ("6.1.2", "6.1.5", "6.2.4", "6.3.2", "2.2.7f"),
        "A face-down permanent keeps its name, extra rules, slots, Victory Token Field and markers; it loses the rest",
    ),
    Decision(
        "D-PRIORITY-RETAIN",
        ("4.1.6", "4.1.7", "9.2.0"),
        "The player who added the effect keeps priority and may add more",
    ),
    Decision(
        "D-WHOLE-STACK",
        ("4.1.7", "4.1.9", "4.2.3d.I"),
        "No priority between a stack's effects: once all pass, the whole stack resolves, closes, and a check follows",
    ),
    Decision(
        "D-END-OF-DAY",
        ("9.2.12", "9.2.13"),
        "Ending the day opens an empty stack and counts as the active player's pass",
    ),
    Decision(
        "D-SORCERY",
        (
            "9.2.0",
            "4.1.1",
            "4.1.2",
            "4.1.6",
            "4.3.5f.I",
            "9.1.4a",
            "9.4.1a",
            "9.5.4",
            "2.1.2d",
            "2.1.2g",
            "5.0.1d",
        ),
        "Sorcery-speed actions (cards, global commands, attacks) need the active player's turn, priority and an empty stack",
    ),
    Decision(
        "D-COMBAT-PHASE",
        ("9.3.1", "9.3.2", "9.3.3", "5.0.4a"),
        "Entering and leaving combat are phase boundaries: a check, the pools empty, and the next segment's abilities",
    ),
    Decision(
        "D-ATTACK-OPPONENT",
        ("9.3.6", "9.3.7"),
        "An attack targets a permanent of an opponent (with three or more players, any opponent), never one's own",
    ),
    Decision(
        "D-VT-LEAVING",
        ("10.0.5", "10.1.5", "10.1.6"),
        "Victory Tokens on a permanent that leaves the board return to the global pool",
    ),
    Decision(
        "D-MAIN-LOCATION",
        ("4.2.2c", "2.4.4", "3.0.5", "3.0.7b"),
        "A location main character stays; another location played is discarded at the next check",
    ),
    Decision(
        "D-VALUE-ORDER",
        ("2.2.5", "4.4.1a", "4.4.2", "4.4.3a", "2.2.3f", "2.2.4g"),
        "4.4.2's order, by kind: the most recent 'set' (4.4.1a), then all additions, then all multiplications",
    ),
    Decision(
        "D-COMMAND-START",
        ("10.2.2", "9.1.3", "10.2.5"),
        "Players start with two Command Tokens, the default maximum",
    ),
    Decision(
        "D-TURN-LIMIT",
        ("11.1.3", "11.1.4", "11.1.5", "11.1.6", "11.1.7"),
        "A game has a turn limit (200 by default), then plays on as at a tournament time limit",
    ),
    Decision(
        "D-STATICS-AGAIN",
        ("4.1.4", "4.3.5a.I", "4.3.5a.II", "9.1.2", "2.4.4c"),
        "When a card is played or an attachment is turned face-up, its static effects go on the stack at once (4.1.4)",
    ),
    Decision(
        "D-LOCATION-REPLACE",
        ("2.4.4a", "2.4.4b", "4.2.2c"),
        "The CR: the new location is placed, its static effects go on the stack",
    ),
    Decision(
        "D-SOLVENCY",
        ("5.0.2a", "5.0.2c", "9.2.3", "3.0.6d"),
        "Solvency, once per turn for one Command Token, creates a face-up resource token of the main character's faction",
    ),
    Decision(
        "D-CONTINUOUS",
        ("4.1.4b", "4.1.4c", "4.1.4c.I", "4.3.5a.II", "2.3.1b"),
        "Value and type changes and prevention effects are continuous static effects (4.1.4c); the others are immediate",
    ),
    Decision(
        "D-EVENTS-NO-STACK",
        ("4.2.3d", "4.3.5b.I", "2.1.2g"),
        "Abilities triggered by actions without the stack go on a new stack after the next state-based check (4.2.3d)",
    ),
    Decision(
        "D-TRIGGER-TIME",
        ("4.2.3d", "4.2.3d.I", "4.2.3d.II", "4.2.3d.III"),
        "A trigger's condition is judged when the event happens; the ability goes on a new stack after the check",
    ),
    Decision(
        "D-TRIGGER-ORDER",
        ("9.2.1", "4.2.3d.I"),
        "Simultaneous triggers: the active player's first, then each other player's in turn order, each ordered by its player",
    ),
    Decision(
        "D-TARGETS",
        ("4.3.5b.III", "4.3.5c.V", "4.3.5c.I"),
        "An activated or support ability is activated only if every target group can be filled",
    ),
    Decision(
        "D-ATTACHMENTS-AT-ONCE",
        ("7.3.4", "2.2.6", "2.1.2e", "4.2.2e"),
        "Attachments leave with their host at once, as part of the same event",
    ),
    Decision(
        "D-SIMULTANEOUS-RESULTS",
        ("4.2.2h", "4.2.3a", "4.2.3b", "4.2.4a"),
        "Within a state-based check, the first step that decides the game ends it",
    ),
    Decision(
        "D-EXHAUSTION-EARLY",
        ("6.2.7", "6.2.8a", "10.4.3", "10.4.5", "9.1.1"),
        "An effect that removes the last exhaustion counter of an exhausted permanent ends its exhaustion and turns it face-up",
    ),
    Decision(
        "D-SLOTS",
        ("7.1.2a", "7.1.2c", "7.5.7b"),
        "A character goes into the lowest free character slot; positions have no rules meaning",
    ),
    Decision(
        "D-SEMI-UNIQUE-KEEP",
        ("2.2.7c", "3.0.7c", "4.2.2b"),
        "The controlling player chooses, except that the main character is always the copy that stays (3.0.7c)",
    ),
    Decision(
        "D-SUPPORT-FEE",
        ("4.3.5f.II", "4.3.5c.IIa"),
        "An Activation Fee may be paid with resources of any faction, unless it names a faction",
    ),
    Decision(
        "D-COST-ZERO-FACTION",
        ("2.2.1c",),
        "A cost of 0 needs no resource of the card's faction",
    ),
    Decision(
        "D-EXTRA-DECK",
        ("11.0.2c", "11.0.2d", "7.4.2c"),
        "Any card may be in the extra deck (at most 20, 11.0.2c; copies count with the main deck, 11.0.2d)",
    ),
    Decision(
        "D-ITEM-MAIN",
        ("3.0.1c", "8.0.1e"),
        "An item cannot be a main character: no rule lets it enter the board as a permanent (3.0.1c)",
    ),
    Decision(
        "D-FIRST-TURN",
        ("9.2.11", "3.0.4", "9.1.2"),
        "Only the starting player's turn 1 forbids entering combat; every other player may in their own first turn",
    ),
    Decision(
        "D-EXHAUSTED-DAMAGE",
        ("9.3.6a", "10.3.2a", "4.2.2a"),
        "A face-down permanent with lethal damage is not discarded until it turns face-up (4.2.2a discards face-up ones)",
    ),
    Decision(
        "D-SEARCH-SHUFFLE",
        ("7.2.3b",),
        "A deck is shuffled after every search of it",
    ),
    Decision(
        "D-NIGHT",
        ("9.5.1", "9.5.3"),
        "During the night nobody is active and nobody receives priority (9.5.3)",
    ),
    Decision(
        "D-EXHAUST-AGAIN",
        ("6.2.9", "6.2.9a", "6.2.2", "6.2.6", "9.3.11", "9.3.12"),
        "An effect exhausts it again: it stays face-down and exhausted and receives one more exhaustion counter",
    ),
    Decision(
        "D-FIELD-ATTACHMENTS",
        ("1.5.5", "1.5.6", "1.5.7", "2.2.7e", "2.2.7f"),
        "Attachments count for 1.5.5: no second copy of a card with a Victory Token Field may be played, attached or gained",
    ),
    Decision(
        "D-TOKEN-STATICS",
        ("2.5.2", "4.3.5a.I", "4.3.5g.III", "4.1.7", "4.1.9"),
        "At once, on the stack being resolved, like the statics of a permanent turned face-up by an effect (D-STATICS-AGAIN)",
    ),
    Decision(
        "D-HIDDEN-INFO",
        ("6.1.4", "6.2.5", "6.3.2", "7.2.3a", "7.2.3c", "7.4.1a", "7.4.2b", "2.1.2c", "10.0.7", "3.0.2a"),
        "A player's view hides other players' hands, decks, face-down permanents and attachments they may not see",
    ),
    Decision(
        "D-NAMING",
        ("1.1.5", "1.1.3", "1.1.7", "2.1.3g"),
        "A named card must be a card of the game's card library, not a token or an invented name",
    ),
    Decision(
        "D-REASSIGN",
        ("2.1.2e", "2.3.2g", "4.2.1b", "2.2.2b", "7.3.2"),
        "An attachment moved to another permanent is reassigned at once, without a zone change, keeping its state",
    ),
    Decision(
        "D-GRANTED",
        ("4.3.1", "4.3.2b", "6.2.9a"),
        "Effects grant triggered and activated abilities for their duration (end of turn by default)",
    ),
    Decision(
        "D-VOID-RETURN",
        ("7.5.5", "7.5.6", "7.5.3", "10.0.5", "7.5.2b", "3.0.7a", "4.2.2g"),
        "'Move to the void, then return it' puts the card back into the zone it last occupied, under its owner's control",
    ),
    Decision(
        "D-MARKER-ZONES",
        ("10.0.6", "7.5.7b", "10.0.4"),
        "Counters move only between permanents of the same zone; any other move fails",
    ),
    Decision(
        "D-RESOURCE-RESTRICTIONS",
        ("5.0.3h", "5.0.1c", "5.0.3b", "5.0.3d", "5.0.2a"),
        "Generating resources is adding them to a pool: exhausting a resource token or an effect that adds resources",
    ),
    Decision(
        "D-DECK-TOP",
        ("4.3.2d", "7.2.3c", "7.2.3b"),
        "A card an effect turns face-up on top of a deck stays face-up, seen by all, until it leaves the deck or it is shuffled",
    ),
    Decision(
        "D-EXTRA-RULE-ZONES",
        ("7.4.2c", "7.4.2d", "1.6.4", "1.5.6"),
        "A card whose extra rule acts from the extra deck carries a triggered ability that puts it onto the board",
    ),
    Decision(
        "D-TOKEN-STATUS",
        ("6.1.8a", "6.1.8b", "2.5.4", "7.5.2b"),
        "A face-down or exhausted token that would change zones ceases to exist, its status with it",
    ),
    Decision(
        "D-TOKEN-NOT-DISCARDED",
        ("2.5.4", "7.5.2b", "2.1.3e"),
        "A token is removed from the game instead of discarded: discard triggers do not trigger, leave-the-board ones do",
    ),
    Decision(
        "D-PLAYERS",
        ("cr/language-conventions/p2", "8.0.2a", "4.2.4a"),
        "A game has two to four players",
    ),
    Decision(
        "D-TURN-ORDER",
        ("8.0.2a", "8.0.2d", "8.0.6a", "8.0.6b", "4.1.6", "4.1.7"),
        "Turns go in initiative order for the whole game, the starting player first",
    ),
    Decision(
        "D-OPPONENT",
        ("cr/language-conventions/p2", "9.2.4a", "9.3.6", "4.1.6"),
        "'An opponent' matches any other player's permanents, cards or effects, each opponent counted on their own",
    ),
    Decision(
        "D-LEFT-GAME",
        ("4.2.4a", "4.2.3a", "4.2.4b", "4.2.3c", "10.1.5", "1.5.4", "7.5.7b", "7.3.4", "5.0.4a", "9.5.1"),
        "A player who loses leaves the game with their cards; their tokens return to the pool and the others play on",
    ),
)
