"""Readings the engine chose where the Comprehensive Rules are ambiguous, contradict themselves,
or disagree with the rulebook for new players. The CR is followed wherever it speaks; each
entry says which reading the engine implements and why, in plain words (future published rulings).
"""

from __future__ import annotations

from engine.common.decisions import Decision, find

DECISIONS: tuple[Decision, ...] = (
    Decision(
        "D-COMBAT-DEFENDER",
        "Once a defender is declared (9.3.7), who deals and takes combat damage? 9.3.9 only speaks of "
        "the attacker and the target.",
        "The defender takes the target's place in the exchange: the attacker deals damage equal to its OFV "
        "to the defender, and the defender deals damage equal to its own OFV back to the attacker. The "
        "target takes no combat damage. Afterwards the attacker and the defender are exhausted "
        "(9.3.11-9.3.12). If the target or the defender has left play before damage, the attack has no "
        "effect but the attacker is still exhausted (9.3.9a.I). A player may choose the target itself as "
        "defender; it then fights as it would have, and is exhausted afterwards.",
        ("9.3.7", "9.3.9", "9.3.9a", "9.3.9b", "9.3.9a.I", "9.3.12", "2.2.4d"),
        "If the defender took no part in the damage, declaring one would only get that permanent "
        "exhausted and nobody would ever do it. The CR calls a permanent with a defensive value a "
        "'blocker' (2.2.4d), treats the defender leaving play as cancelling the attack (9.3.9a.I), and "
        "the rulebook says 'defenders fight back'. Letting the defender stand in for the target is the "
        "only reading under which declaring a defender does anything.",
    ),
    Decision(
        "D-MAJORITY",
        "What does 'the majority of all Victory Tokens' (4.2.3c) count, when placing a token removes it "
        "from the pool (10.1.4) and lost tokens leave the game (10.1.6)?",
        "All Victory Tokens still in the game: those in the global pool plus those on permanents. A "
        "player wins when the tokens on the permanents they control are more than half of that total. "
        "Exactly half is not a majority. Lost tokens are not counted.",
        ("4.2.3c", "10.1.4", "10.1.5", "10.1.6"),
        "Tokens on permanents have left the pool, so 'all' tokens cannot mean just the pool. Lost tokens "
        "are 'removed from the game', so they are no longer among all tokens. A majority means more than "
        "half. With two players this is the same as the rulebook's 'point superiority' (D-POINT-SUPERIORITY).",
    ),
    Decision(
        "D-POINT-SUPERIORITY",
        "The rulebook lets a player win by 'point superiority' (more tokens than the opponents could "
        "still reach); the CR has the majority of all Victory Tokens (4.2.3c).",
        "The engine implements the CR's majority (D-MAJORITY). In a two-player game the two coincide: "
        "your tokens exceed the opponent's tokens plus everything left in the pool exactly when you hold "
        "more than half of all tokens in the game. With three or more players they differ, and the CR's "
        "majority applies: in the rulebook's own example (5 of 11 tokens against 4 and 2) nobody has won yet.",
        ("4.2.3c",),
        "The CR is definitive. The rulebook's example is not a majority: 5 is not more than half of 11.",
    ),
    Decision(
        "D-INITIATIVE",
        "A main character without an acquisition cost has initiative 0 (3.0.2c.II, 8.0.2c), while a "
        "lower cost means a higher initiative (3.0.2c.III). Is initiative 0 the best or the worst?",
        "A card without an acquisition cost is compared as if its cost were 0: it has the highest "
        "possible initiative, tied with cost-0 cards. Ties are broken at random with the game's seed "
        "(3.0.2c.IV, 8.0.2d).",
        ("3.0.2c.I", "3.0.2c.II", "3.0.2c.III", "3.0.2c.IV", "8.0.2b", "8.0.2c", "8.0.2d"),
        "3.0.2c.I says initiative is determined by the acquisition cost, and the rulebook says a starting "
        "card's initiative 'corresponds to its play cost'. So '0' is a value on the cost scale: a card that "
        "costs nothing to play is as quick as a card can be. Reading it as the lowest initiative would "
        "make every location main character (locations never have a cost) always go second, which "
        "nothing in either text suggests.",
    ),
    Decision(
        "D-POOL-TIMING",
        "When does the global Victory Token pool grow: when a card with a Victory Token Field is played "
        "(1.5.3, 10.1.2), or during the next state-based check (4.2.2g)? And does an item card with a "
        "Victory Token Field, which never becomes a permanent, grow it?",
        "During the next state-based check (4.2.2g), for each permanent with a Victory Token Field that "
        "entered the board since the last check (played or put there by an effect), even if it has left "
        "again (1.5.4), but not for permanents discarded for breaking semi-uniqueness (2.2.7d). The main "
        "characters placed at setup are not counted again: 8.0.3a already put their tokens in the pool. "
        "An item card with a Victory Token Field that is played - directly (it is discarded at once, "
        "2.3.1b) or attached to a permanent - grows the pool by its printed number at the same check (1.5.3).",
        ("1.5.3", "1.5.4", "10.1.2", "4.2.2g", "2.2.7d", "8.0.3a", "2.3.1b"),
        "1.5.3 and 10.1.2 say that the pool grows; 4.2.2g says when, inside the ordered check, so the "
        "engine follows 4.2.2g. The difference is visible only to an effect of the played card itself "
        "that places Victory Tokens before the check: it can only use tokens already in the pool (10.1.7). "
        "10.1.2 and 4.2.2g speak of permanents, but 1.5.3 speaks of any card 'played', and an item is played "
        "whether it is played directly or attached (9.2.7; its static effects go on the stack either way, "
        "4.1.4, 2.3.2d), so the item's printed number is added too.",
    ),
    Decision(
        "D-EXCEEDS",
        "The rulebook discards a card when its damage counters 'exceed' its Defensive Value; the CR says "
        "'equal to or greater than' (2.2.4f, 4.2.2a, 10.3.3).",
        "Equal to or greater than, as in the CR. The same threshold applies to a main character (3.0.7e).",
        ("2.2.4f", "4.2.2a", "10.3.3", "3.0.7e"),
        "The CR is definitive and says it three times in the same words.",
    ),
    Decision(
        "D-CONTINGENCY",
        "The rulebook's Contingency costs two Command Tokens and puts the token on the main character; "
        "the CR's Contingency (9.2.4) places it on 'a permanent the active player owns and controls' and "
        "a command ability costs one Command Token in addition to its regular cost (4.3.5e.II).",
        "One Command Token; a Victory Token from the pool onto any permanent you own and control that has "
        "a Victory Token Field (10.1.3); once per turn; only while you have fewer Victory Tokens than each "
        "other player (9.2.4a); not while the pool is empty (10.1.7). The target is chosen on activation.",
        ("9.2.4", "9.2.4a", "4.3.5e.II", "10.1.3", "10.1.7"),
        "The CR is definitive. A permanent without a Victory Token Field cannot hold one (10.1.3), so it "
        "is not a legal target; with an empty pool nothing could be placed (10.1.7), so the command "
        "cannot be used.",
    ),
    Decision(
        "D-MORNING-ORDER",
        "The rulebook's morning resolves 'In the Morning' effects first, then removes exhaustion "
        "counters, then refills command tokens; the CR's order is 9.1.1-9.1.4.",
        "The CR's order: remove one exhaustion counter from each exhausted permanent of the active player "
        "(9.1.1); turn those without counters face-up (9.1.2); refill command tokens to the maximum "
        "(9.1.3); a state-based check (9.1.4); then 'At the Morning Phase' abilities go on the stack "
        "(9.1.4a). This check is also the one that begins the phase.",
        ("9.1.1", "9.1.2", "9.1.3", "9.1.4", "9.1.4a"),
        "The CR is definitive and numbers the steps. Morning abilities therefore see the permanents that "
        "have just recovered.",
    ),
    Decision(
        "D-NO-DFV",
        "4.2.2a discards a face-up permanent with damage counters equal to or greater than its DFV, and "
        "2.2.4c treats a character without a DFV as having 0. Are locations, items and resource tokens "
        "(0 damage, no DFV) discarded at every check?",
        "4.2.2a applies only to permanents that have a Defensive Value. Every character has one (0 if "
        "none is printed, 2.2.4c), so a face-up character whose DFV is 0 is discarded at the next check "
        "even without damage. Other permanents have a DFV only if it is printed or given by the effect "
        "that created them; without one they are never discarded by 4.2.2a.",
        ("4.2.2a", "2.2.4c", "2.2.4e", "10.3.2", "9.3.6b"),
        "Damage counters can only be placed on permanents with a DFV (2.2.4e, 10.3.2), and 9.3.6b speaks "
        "of permanents that never possess one; a rule about damage cannot be meant to discard every "
        "location. For characters the CR's own words are followed literally.",
    ),
    Decision(
        "D-MAIN-LETHAL",
        "3.0.7e protects a main character with damage counters equal to or greater than its DFV, but an "
        "exhausted main character has no DFV (6.2.3b). Does the rule keep applying to it at every check?",
        "3.0.7e applies to a face-up main character only, like 4.2.2a. It is then exhausted - turned "
        "face-down with an exhaustion counter (6.2.2), unlike at setup (3.0.4) - and all damage counters "
        "are removed; everything else stays. An exhausted main character keeps any damage it takes "
        "while exhausted; if that damage is lethal when it turns face-up, the next check exhausts it again.",
        ("3.0.7e", "3.0.7e.I", "3.0.7e.II", "3.0.7e.III", "6.2.2", "6.2.9a", "10.3.3"),
        "Otherwise an exhausted main character (no DFV) would be exhausted again and cleared at every "
        "check, which 6.2.9a forbids; 10.3.3 speaks of face-up permanents.",
    ),
    Decision(
        "D-FACE-DOWN-KEEPS",
        "A face-down permanent keeps only its supertype (6.1.2, 6.1.5), yet an exhausted (face-down) one "
        "keeps its name, extra rules, item slots and Victory Token Field (6.2.4), and 6.3.2 lists the "
        "same as the visible information of any face-down permanent.",
        "Every face-down permanent or attachment on the board keeps its name, extra rules, item slots, "
        "Victory Token Field and markers; it loses its abilities, OFV, DFV, subtypes and faction. Its "
        "supertype is read from its zone (6.1.3).",
        ("6.1.2", "6.1.5", "6.2.4", "6.3.2", "2.2.7f"),
        "Semi-uniqueness applies to face-down cards (2.2.7f), which needs their name and Victory Token "
        "Field; 6.3.2 and 6.2.4 agree on the list. Reading 6.1.2 strictly would contradict both.",
    ),
    Decision(
        "D-PRIORITY-RETAIN",
        "After a player puts an effect on the stack, who receives priority?",
        "The player who added the effect keeps priority and may add more. Passing gives priority to the "
        "next player in turn order (D-TURN-ORDER). The stack resolves once all players still in the game "
        "have passed in succession without adding anything; any addition starts the count again.",
        ("4.1.6", "4.1.7", "9.2.0"),
        "9.2.0: 'The player retains priority ... Priority only changes when the player passes'; 4.1.7: "
        "the stack resolves 'once all players pass priority without adding further effects'.",
    ),
    Decision(
        "D-WHOLE-STACK",
        "Is there priority between the effects of a stack as it resolves?",
        "No. Once all players have passed, the whole stack resolves top to bottom (4.1.7), it closes, and "
        "a state-based check follows (4.1.9). Abilities triggered while it resolved go on a new stack "
        "after that check (4.2.3d.I), where players may respond again.",
        ("4.1.7", "4.1.9", "4.2.3d.I"),
        "This is what the CR says; it is recorded because players used to other card games expect "
        "priority after each resolved effect.",
    ),
    Decision(
        "D-END-OF-DAY",
        "9.2.12-9.2.13: before the evening a new empty stack is created and all players may respond; "
        "'once the stack is empty and all players pass in succession, the game continues'. If someone "
        "responds, does the active player get their day phase back afterwards?",
        "Ending the day opens an empty stack; the active player's decision to end counts as their pass, "
        "and the next player in turn order receives priority, then each other player in turn. Once that "
        "stack, with any responses, has resolved (and its check and triggered abilities), the game continues "
        "to the evening. The active player does not get another free day-phase window.",
        ("9.2.12", "9.2.13"),
        "'The game continues' names the next step of the turn. The active player can still respond to "
        "each response, because priority returns to them before the stack resolves.",
    ),
    Decision(
        "D-SORCERY",
        "The CR lists playing cards, attaching items, the global command abilities and entering combat "
        "as day-phase actions (9.2.2-9.2.11) but never says they need an empty stack; when may abilities "
        "of permanents be activated?",
        "Playing or attaching cards, the global commands (Acquisition, Solvency, Contingency) and entering "
        "combat are done by the active player in their day phase while no stack exists. Support abilities "
        "need the active player's priority and no stack (4.3.5f.I), in the day or combat phase. Activated "
        "abilities of permanents and attachments (named, command, objective, equipment) may be activated "
        "by their controller whenever they hold priority, in response and in the opponent's turn too, "
        "except in the morning, evening and night (9.1.4a, 9.4.1a, 9.5.4) and unless the card says "
        "'day' timing. Turning an attachment face-up, discarding a face-up attachment and exhausting "
        "resource tokens are possible whenever the player holds priority (2.1.2d, 2.1.2g, 5.0.1d).",
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
        "The rulebook says day actions are taken 'as long as the effect stack is empty and you hold "
        "priority', and 4.1.6 lets players respond to a stack only 'with additional effects'. 4.1.2 "
        "gives any player with priority the right to activate abilities. The evening's restriction "
        "(9.4.0) names only the active player, but the rulebook says 'no other actions may be taken' "
        "in the evening; the engine forbids activating abilities there for both players.",
    ),
    Decision(
        "D-COMBAT-PHASE",
        "Combat is entered from the day phase and returns to it (9.3.1-9.3.2). Do the day phase's pool "
        "emptying (5.0.4a) and the phase-boundary checks happen then?",
        "Yes. Entering combat ends the day-phase segment: a state-based check, the resource pools empty, "
        "and the combat phase begins with its own check and 'At the Combat Phase' abilities (9.3.3). "
        "Leaving combat: a check, the pools empty, and the day phase continues without beginning again "
        "('At the Day Phase' abilities do not trigger a second time).",
        ("9.3.1", "9.3.2", "9.3.3", "5.0.4a"),
        "The CR counts combat as one of the turn's phases and empties pools 'at the end of each phase'.",
    ),
    Decision(
        "D-ATTACK-OPPONENT",
        "9.3.6 says the active player selects 'a target permanent with a defensive value' without saying "
        "whose. May a player attack their own permanents?",
        "No: the target must be a permanent controlled by an opponent - with three or more players, any "
        "opponent. The controller of the attacked permanent, not some other player, may declare a defender "
        "among their own permanents (9.3.7); all players may then respond on the combat's stack, in turn "
        "order from the active player (9.3.8).",
        ("9.3.6", "9.3.7"),
        "9.3.7 has 'the controller of the target' choose a defender among permanents 'under their "
        "control', which presumes another player; the rulebook says the target is usually an opponent's "
        "character. Attacking one's own permanents would only serve to trigger one's own abilities.",
    ),
    Decision(
        "D-VT-LEAVING",
        "Markers are removed when their permanent changes zones (10.0.5). Do Victory Tokens on it return "
        "to the pool (10.1.5) or are they lost (10.1.6)?",
        "They return to the global pool.",
        ("10.0.5", "10.1.5", "10.1.6"),
        "10.1.5 covers any removal from a permanent; 10.1.6 applies only 'if an effect causes a Victory "
        "Token to be lost'. Leaving the board is not such an effect.",
    ),
    Decision(
        "D-MAIN-LOCATION",
        "A player whose main character is a location plays another location. 4.2.2c discards all but the "
        "most recent one, but the main character cannot be discarded (3.0.7b).",
        "The main character stays and the other location is discarded at the next check (after its "
        "static effects have resolved). Playing it remains legal (2.4.1).",
        ("4.2.2c", "2.4.4", "3.0.5", "3.0.7b"),
        "3.0.5 says the main character's special rules override general rules, and 2.4.4 still allows "
        "only one location.",
    ),
    Decision(
        "D-VALUE-ORDER",
        "2.2.5 orders OFV/DFV modifiers as base, continuous, temporary, 'all additive unless specified'; "
        "4.4.2 orders them as set, add/subtract, multiply, conditional.",
        "4.4.2's order, by kind: the most recent 'set' (4.4.1a), then all additions, then all "
        "multiplications, then conditional modifiers in timestamp order. The result is made 0 if it is "
        "below 0 once, at the end (2.2.3f, 4.4.3a), not after each step. Values are recomputed whenever "
        "they are needed.",
        ("2.2.5", "4.4.1a", "4.4.2", "4.4.3a", "2.2.3f", "2.2.4g"),
        "Chapter 4.4 is the specific treatment of modifiers; 2.2.5a's 'unless specified otherwise' leaves "
        "room for sets and multiplications. 4.4.3a evaluates 'the cumulative result after all modifiers'.",
    ),
    Decision(
        "D-COMMAND-START",
        "How many Command Tokens does a player have before their first morning?",
        "Two, the default maximum. The morning then replenishes up to two (9.1.3) and unspent tokens are "
        "kept between turns (10.2.5).",
        ("10.2.2", "9.1.3", "10.2.5"),
        "The CR is silent; the rulebook says 'You start with two'.",
    ),
    Decision(
        "D-TURN-LIMIT",
        "Random games could in principle go on forever; the CR has no turn limit.",
        "The engine has a turn limit (200 by default). When it is reached, play continues as at a "
        "tournament time limit: each player still in the game gets one more turn (11.1.5; one who leaves "
        "the game before theirs gives it up, D-LEFT-GAME), then the player with the most Victory Tokens wins "
        "(11.1.6), or, if two or more share the most, the game is a draw (11.1.7).",
        ("11.1.3", "11.1.4", "11.1.5", "11.1.6", "11.1.7"),
        "An engine limit, not a rule; it borrows the CR's own procedure for a game that must end.",
    ),
    Decision(
        "D-STATICS-AGAIN",
        "When are static abilities put on the stack, and in which order?",
        "When a card is played or an attachment is turned face-up, its static effects go on the stack "
        "at once (4.1.4), in printed order so that the first printed resolves first. A permanent that is "
        "turned face-up again - recovering in the morning (9.1.2) or by an effect - puts its static "
        "abilities on the stack again (4.3.5a.I), because they stopped applying when it turned face-down "
        "(4.3.5a.II); these wait for the next check and are ordered with the triggered abilities. Static "
        "abilities of a permanent that enters exhausted (the main characters at setup) are not put on the "
        "stack (2.4.4c).",
        ("4.1.4", "4.3.5a.I", "4.3.5a.II", "9.1.2", "2.4.4c"),
        "4.3.5a.I names both moments (entering the board and being turned face-up). The CR does not order "
        "the statics of one card; printed order is the natural reading of the card. A permanent turned "
        "face-up by an effect while a stack resolves puts its statics on that stack, so they resolve "
        "before the stack closes and before the state-based check, as the rulebook says ('a character "
        "with too many damage counters ... might save itself through an ability'). In the morning, "
        "however, the CR orders the check (9.1.4) before morning effects (9.1.4a): a permanent "
        "recovering with lethal damage meets the check before its statics resolve.",
    ),
    Decision(
        "D-LOCATION-REPLACE",
        "The rulebook says a player must first discard their location before playing another; the CR "
        "places the new location and discards the others at the next state-based check (2.4.4a-b, 4.2.2c).",
        "The CR: the new location is placed, its static effects go on the stack, and the older location is "
        "discarded at the check after that stack resolves. Until then both are on the board.",
        ("2.4.4a", "2.4.4b", "4.2.2c"),
        "The CR is definitive; the difference shows only when the old location reacts to the new one.",
    ),
    Decision(
        "D-SOLVENCY",
        "The rulebook's Solvency 'generates one resource' of your faction; the CR's creates a resource token "
        "(5.0.2a, 5.0.2c, 9.2.3).",
        "The CR: Solvency, once per turn for one Command Token, goes on the stack and, when it resolves, "
        "creates a face-up resource token of your main character's faction (3.0.6d) in your resource zone. "
        "The token stays and can be exhausted for a resource each turn. A factionless main character "
        "makes factionless tokens.",
        ("5.0.2a", "5.0.2c", "9.2.3", "3.0.6d"),
        "The CR is definitive, and the rulebook also speaks of resources as tokens kept in the resource zone.",
    ),
    Decision(
        "D-CONTINUOUS",
        "Which static effects are immediate (4.1.4b) and which continuous (4.1.4c)?",
        "Value and type changes and prevention effects are continuous: once resolved they apply while "
        "their source stays face-up in its zone (4.3.5a.II), or for the duration they state. All other "
        "effects (draw, damage, tokens...) are immediate. An item played directly is discarded at once "
        "(2.3.1b), so its continuous effects need an explicit duration to matter. A static or equipment "
        "effect on 'all' matching permanents applies to whatever matches while it lasts; the same effect "
        "from a triggered or activated ability affects the permanents that match when it resolves.",
        ("4.1.4b", "4.1.4c", "4.1.4c.I", "4.3.5a.II", "2.3.1b"),
        "4.1.4c's own example ('Characters get +1 OFV') is a continuous change to the game state.",
    ),
    Decision(
        "D-EVENTS-NO-STACK",
        "Some actions change the board without using the stack (discarding a face-up attachment, "
        "2.1.2g). When do abilities they trigger go on the stack?",
        "They trigger at once and go on a new stack after the next state-based check (4.2.3d), like all "
        "triggered abilities. The engine does not add a check that the CR does not call for.",
        ("4.2.3d", "4.3.5b.I", "2.1.2g"),
        "The CR puts triggered abilities on the stack only after a check, and checks happen after a "
        "stack closes and at phase boundaries.",
    ),
    Decision(
        "D-TRIGGER-TIME",
        "4.2.3d says abilities trigger after the state-based check. Is the trigger condition judged then, "
        "or when the event happened?",
        "The condition is judged when the event happens, with the game as it is at that moment (so 'when "
        "this leaves the board' works, and cards leaving at the same time see each other leave); the "
        "ability is put on a new stack after the check, carrying the last known information of the "
        "objects involved (4.2.3d.II-III).",
        ("4.2.3d", "4.2.3d.I", "4.2.3d.II", "4.2.3d.III"),
        "4.2.3d.II-III only make sense if an ability can trigger on an object that has already changed "
        "zones by the time the check ends.",
    ),
    Decision(
        "D-TRIGGER-ORDER",
        "In which order do simultaneous abilities of several players go on the stack?",
        "The active player's first, in the order they choose, then each other player's in turn order from "
        "the active player, each in the order they choose (9.2.1), so the last player's resolve first. A "
        "player with several abilities is asked for the order; one with exactly one legal choice of targets "
        "gets it without being asked. At night the player whose turn has just ended counts as the active "
        "player (D-NIGHT).",
        ("9.2.1", "4.2.3d.I"),
        "9.2.1 lets the controller order their abilities; the rulebook says the active player orders "
        "theirs first and the other players follow.",
    ),
    Decision(
        "D-TARGETS",
        "Must targets exist when an ability is used?",
        "An activated or support ability can only be activated if every target group can be filled "
        "(the rulebook: 'target conditions must be met upon activation'). A triggered or static ability "
        "chooses as many targets as it can when it goes on the stack; with none it still goes on the "
        "stack and has no impact. On resolution, targets that are no longer legal are skipped and the "
        "rest are affected (4.3.5b.III, 4.3.5c.V).",
        ("4.3.5b.III", "4.3.5c.V", "4.3.5c.I"),
        "Triggered abilities cannot be delayed (4.3.5b.II), so they cannot wait for targets.",
    ),
    Decision(
        "D-ATTACHMENTS-AT-ONCE",
        "When the linked target leaves the board, are its attachments discarded at once (7.3.4, 2.2.6) "
        "or at the next check (4.2.2e)?",
        "At once, as part of the same event. The check (4.2.2e) discards any attachment left without a "
        "valid linked target in another way.",
        ("7.3.4", "2.2.6", "2.1.2e", "4.2.2e"),
        "7.3.4 says the item slots 'cease to exist' when the host leaves, and no card may exist outside a "
        "zone (7.5.4).",
    ),
    Decision(
        "D-SIMULTANEOUS-RESULTS",
        "What if two players win at the same step, or a player both wins and loses?",
        "Within a check, the first step that decides the game ends it. If two players complete an "
        "objective (4.2.2h) or are made to win by effects (4.2.3b) at the same step, the game is a draw. "
        "Losing (4.2.3a) is checked before winning (4.2.3b), so a player who is made to lose cannot win; "
        "if every player still in the game loses, the game is a draw. If exactly one is left, they win "
        "(4.2.4a); if two or more are left, those who lost leave the game and it goes on (D-LEFT-GAME).",
        ("4.2.2h", "4.2.3a", "4.2.3b", "4.2.4a"),
        "The CR orders the steps; the rulebook adds that 'a victory effect is overridden by a defeat effect'.",
    ),
    Decision(
        "D-EXHAUSTION-EARLY",
        "6.2.8a says a permanent turns face-up early only if an effect explicitly allows it; 10.4.5 says "
        "exhaustion ends when all exhaustion counters are removed, 'during the Morning Phase or by an effect'.",
        "An effect that removes the last exhaustion counter of an exhausted permanent ends its exhaustion "
        "and turns it face-up (6.2.7, 10.4.5). An effect that turns an exhausted permanent face-up ends "
        "its exhaustion, but any exhaustion counters stay on it (10.4.3) and are no longer removed in the "
        "morning, which only treats exhausted permanents (9.1.1).",
        ("6.2.7", "6.2.8a", "10.4.3", "10.4.5", "9.1.1"),
        "Both effects 'explicitly allow' the early recovery; 10.4.3 allows a card with an exhaustion "
        "counter that is not exhausted.",
    ),
    Decision(
        "D-SLOTS",
        "In which character slot does a character go, and what if a player gains control of a character "
        "with all five slots full (7.5.7b)?",
        "The lowest free slot; positions have no rules meaning. If the new controller has no free "
        "character slot, control does not change.",
        ("7.1.2a", "7.1.2c", "7.5.7b"),
        "7.5.7b moves the permanent to the new controller's corresponding slot; 7.1.2c forbids a sixth.",
    ),
    Decision(
        "D-SEMI-UNIQUE-KEEP",
        "2.2.7c: 'all but one must be discarded'. Which copy stays?",
        "The controlling player chooses, except that the main character is always the copy that stays "
        "(3.0.7c).",
        ("2.2.7c", "3.0.7c", "4.2.2b"),
        "The CR does not say who chooses; the engine never decides for a player.",
    ),
    Decision(
        "D-SUPPORT-FEE",
        "May an Activation Fee be paid with resources of any faction?",
        "Yes, unless the fee names a faction: it is a numerical cost (4.3.5c.IIa).",
        ("4.3.5f.II", "4.3.5c.IIa"),
        "The rulebook says the fee counts 'regardless of faction'.",
    ),
    Decision(
        "D-COST-ZERO-FACTION",
        "Must a faction character with acquisition cost 0 be paid with a resource of its faction (2.2.1c)?",
        "No: nothing is spent, so there is nothing to match.",
        ("2.2.1c",),
        "2.2.1c speaks of 'the resources spent'.",
    ),
    Decision(
        "D-EXTRA-DECK",
        "The definitions in chapter 0 describe extra-deck cards as cards 'each with an extra rule field'; "
        "11.0.2c only limits the extra deck to 20 cards.",
        "Any card may be in the extra deck (at most 20, 11.0.2c; copies count with the main deck, "
        "11.0.2d). Cards leave the extra deck only through effects such as a search (7.4.2c).",
        ("11.0.2c", "11.0.2d", "7.4.2c"),
        "The numbered rules do not make the description a requirement.",
    ),
    Decision(
        "D-ITEM-MAIN",
        "May an item with a Victory Token Field be chosen as main character?",
        "No. 3.0.1c needs a special rule letting it enter the board as a permanent, and the engine knows "
        "no such rule.",
        ("3.0.1c", "8.0.1e"),
        "The rulebook's 'in rare cases, an item' refers to such special rules.",
    ),
    Decision(
        "D-FIRST-TURN",
        "Combat may not be entered 'during the first turn of the game' (9.2.11): only turn 1, or each "
        "player's first turn?",
        "Only turn 1 of the game: every other player may enter combat in their own first turn. No other rule "
        "treats a player's first turn specially, except that each main character, which enters the game "
        "exhausted without an exhaustion counter (3.0.4), turns face-up in its player's first morning.",
        ("9.2.11", "3.0.4", "9.1.2"),
        "The rule speaks of the first turn of the game, not of a player.",
    ),
    Decision(
        "D-EXHAUSTED-DAMAGE",
        "Face-down and exhausted permanents can be attacked and receive damage (9.3.6a, 10.3.2a). Are "
        "they discarded when the damage is lethal?",
        "Not while they are face-down: 4.2.2a discards face-up permanents. The damage stays, and the "
        "check after they turn face-up discards them (or, for a main character, exhausts it again).",
        ("9.3.6a", "10.3.2a", "4.2.2a"),
        "4.2.2a and 10.3.3 both say 'face-up'; a face-down permanent has no DFV to compare with.",
    ),
    Decision(
        "D-SEARCH-SHUFFLE",
        "Is a deck shuffled after it has been searched?",
        "Yes, after every search of a deck; searching another zone does not shuffle it.",
        ("7.2.3b",),
        "The searching player has seen the deck's order; shuffling restores hidden information.",
    ),
    Decision(
        "D-NIGHT",
        "There is no active player during the night (9.5.1). Whose abilities go first, and what does "
        "'at the night phase of your turn' mean?",
        "During the night the engine reports no active player (game.active is None) and nobody receives "
        "priority (9.5.3); night abilities resolve without responses. For the order of simultaneous "
        "abilities, for the choices they need and for 'your' night, the night belongs to the player whose "
        "turn has just ended (game.turn_owner); the next turn goes to the player after them in turn order "
        "who is still in the game.",
        ("9.5.1", "9.5.3"),
        "The night is 'between turns'; tying it to the turn that just ended keeps the engine's ordering "
        "rules well defined without making anybody the active player.",
    ),
    Decision(
        "D-EXHAUST-AGAIN",
        "6.2.9 lets a permanent receive more than one exhaustion counter; 6.2.9a says an exhausted permanent "
        "'cannot be exhausted again for the purpose of paying a cost or fulfilling a rule-based requirement'. "
        "What does an effect that exhausts an already exhausted permanent do?",
        "An effect exhausts it again: it stays face-down and exhausted and receives one more exhaustion "
        "counter, so it needs one more morning to recover (6.2.6-6.2.7). It does not 'become exhausted' a "
        "second time, so abilities triggering when a permanent becomes exhausted do not trigger. A cost that "
        "exhausts (exhaust this, exhausting a resource token) and the rules' own exhaustion after combat "
        "(9.3.11-9.3.12) cannot use or affect an exhausted permanent.",
        ("6.2.9", "6.2.9a", "6.2.2", "6.2.6", "9.3.11", "9.3.12"),
        "6.2.9a limits exhausting again to exactly two purposes, costs and rule-based requirements; an "
        "effect is neither, and 6.2.9 says a permanent may carry several counters. Reading 6.2.9a as a "
        "general ban would leave 6.2.9 with only the exhaustion counters placed directly by effects (10.4.4).",
    ),
    Decision(
        "D-FIELD-ATTACHMENTS",
        "1.5.5 forbids controlling two copies of a card with a Victory Token Field, 'cards on the game board' "
        "included. Does an item with a Victory Token Field attached to a permanent count?",
        "Yes. An attachment is on the game board and is controlled by the controller of its linked target "
        "(2.1.2c-2.1.2d). A player who controls a copy - as a permanent or as an attachment, face-up or "
        "face-down - may not play, attach or gain control of another copy (1.5.6, 1.5.7), and an effect does "
        "not create a token copy for them (2.2.7e).",
        ("1.5.5", "1.5.6", "1.5.7", "2.2.7e", "2.2.7f"),
        "1.5.5 speaks of cards, not permanents, and names the game board as a whole; item slots are zones of "
        "the board (7.3).",
    ),
    Decision(
        "D-TOKEN-STATICS",
        "A token created by an effect enters the game board while that effect's stack resolves. When do its "
        "static abilities go on the stack (2.5.2, 4.3.5a.I, 4.3.5g.III)?",
        "At once, on the stack being resolved, like the statics of a permanent turned face-up by an effect "
        "(D-STATICS-AGAIN): they resolve before that stack closes and before the state-based check. A token "
        "created face-down puts nothing on the stack; a face-up copy of a permanent does, with the copied "
        "abilities (6.3).",
        ("2.5.2", "4.3.5a.I", "4.3.5g.III", "4.1.7", "4.1.9"),
        "4.3.5a.I places static effects on the stack 'when the card enters the game board'; a stack exists, "
        "so they go on it, and it resolves top to bottom (4.1.7) without a new priority window "
        "(D-WHOLE-STACK).",
    ),
    Decision(
        "D-HIDDEN-INFO",
        "What may each player see? 6.1.4 lets only the controller look at a face-down permanent, yet 6.3.2 "
        "counts a face-down permanent's name among its 'visible information'; 7.2.3c hides a deck from every player.",
        "A player's view (game.view) hides: every other player's hand (7.4.1a); every deck, the owner's included, "
        "except a card turned face-up on its top (7.2.3a, 7.2.3c, 4.3.2d); every other player's extra deck "
        "(7.4.2b); face-down permanents of other players unless exhausted (6.1.4, 6.2.5); face-down "
        "attachments unless the viewer controls the linked target (2.1.2c); a main character selected "
        "but not yet revealed (3.0.2a). A hidden object shows no name or values: only its zone, owner, "
        "controller, the supertype of its zone (6.1.3), whether it is face-down or exhausted, and its markers "
        "(10.0.7). Discard piles and voids are public (7.2.1c, 7.2.2b). While a player chooses from cards "
        "(a search, the selection of a main character) they see those cards. The rules themselves still know "
        "a face-down permanent's name, extra rules, item slots and Victory Token Field (D-FACE-DOWN-KEEPS).",
        ("6.1.4", "6.2.5", "6.3.2", "7.2.3a", "7.2.3c", "7.4.1a", "7.4.2b", "2.1.2c", "10.0.7", "3.0.2a"),
        "6.1.4 and 2.1.2c speak of who may look at the card; 6.3.2 describes what a copying effect keeps "
        "and what the rules know, which is needed for semi-uniqueness (2.2.7f). 7.2.3c says 'any player', "
        "so the owner does not know the order of their own deck either.",
    ),
    Decision(
        "D-NAMING",
        "1.1.5: 'only official card names from the game's card database may be used' when naming a card. "
        "What is the database in a game, and may a token's name be named?",
        "The card database is the game's card library (every card the game knows). A player asked to name a "
        "card chooses one of those names; anything else - an invented name, a token's name (a token is not a "
        "card, 2.1.3g) - is refused. The ability then refers to cards by that printed name (1.1.3, 1.1.7).",
        ("1.1.5", "1.1.3", "1.1.7", "2.1.3g"),
        "The engine has no other database; tokens' names come from the effects that create them (1.1.6).",
    ),
    Decision(
        "D-REASSIGN",
        "2.1.2e discards an attachment that becomes unattached 'and cannot immediately be reassigned', and "
        "4.2.1b lets an attachment's effect follow a new linked target. What does an effect moving an "
        "attachment to another permanent do?",
        "The attachment is unattached and at once reassigned to the new permanent, without a zone change: it "
        "keeps its face-up or face-down state, and its effects on its linked target apply to the new one "
        "(4.2.1b, logged at the next check). If the new permanent is gone or has no available item slot, the "
        "attachment cannot be reassigned and is discarded (2.1.2e, 2.3.2g).",
        ("2.1.2e", "2.3.2g", "4.2.1b", "2.2.2b", "7.3.2"),
        "The effect is what unattaches it, so 2.1.2e applies when the reassignment fails.",
    ),
    Decision(
        "D-GRANTED",
        "4.3.2b: an ability granted by an effect 'may trigger or activate independent of that permanent's or "
        "attachment's current state, unless it changes zones'. What can be granted and how long does it last?",
        "Effects grant triggered and activated abilities, for the effect's duration (end of turn by default; "
        "while its source stays face-up for a static ability). A granted ability works while its permanent is "
        "face-down or exhausted; costs still apply (an exhausted permanent cannot be exhausted again to pay, "
        "6.2.9a). When the permanent changes zones the granted ability is gone (it is a new object). In "
        "actions a granted ability is numbered after the printed ones.",
        ("4.3.1", "4.3.2b", "6.2.9a"),
        "'Trigger or activate' names triggered and activated abilities; a static ability has no such moment.",
    ),
    Decision(
        "D-VOID-RETURN",
        "7.5.6: a card moved to a zone and later returned 'returns to the zone it last occupied'. Whose zone, "
        "and in what state?",
        "An effect 'move ... to the void, then return it' (7.5.5) moves the card to its owner's void, then "
        "puts it back into the zone it last occupied under its owner's control: a character into a character "
        "slot, a location into the location slot, an attachment into an item slot of the permanent it was "
        "attached to if that one is still there with a free slot. It is a new object: face-up, no markers, no "
        "attachments (they were discarded), its static abilities go on the stack and its Victory Token Field "
        "grows the pool again (4.2.2g). A token ceases to exist in the void and does not return; a main "
        "character never leaves its zone (3.0.7a). If the zone has no room, the card stays in the void.",
        ("7.5.5", "7.5.6", "7.5.3", "10.0.5", "7.5.2b", "3.0.7a", "4.2.2g"),
        "Leaving the board resets control to the owner (7.5.3, 7.5.7 only covers changes without a zone "
        "change), so the zone it returns to is its owner's.",
    ),
    Decision(
        "D-MARKER-ZONES",
        "10.0.6: 'No marker, token or counter may move across zones. If an effect attempts to do so, it fails.' "
        "Between which permanents may an effect move counters?",
        "Between permanents of the same zone: two characters (in either player's character slots: one zone "
        "with player areas, 7.5.7b), two resource tokens, two locations. From a character to a location, or to "
        "anything not a permanent, the move fails: no counter is removed or placed.",
        ("10.0.6", "7.5.7b", "10.0.4"),
        "7.5.7b treats the character slots of the players as one zone with player areas.",
    ),
    Decision(
        "D-RESOURCE-RESTRICTIONS",
        "5.0.3h: 'Some effects may restrict or prevent the generation or usage of resources.' What is "
        "generating and what is using?",
        "Generating is adding resources to a pool: exhausting a resource token (5.0.1c) or an effect that adds "
        "resources (5.0.3b). Using is spending resources from the pool to pay a cost: acquisition costs, "
        "activated-ability costs and activation fees (5.0.3d). A restricted player cannot take such an action; "
        "an effect that would add resources to their pool adds none. Creating resource tokens (Solvency) is "
        "neither, and costs of 0 can still be paid.",
        ("5.0.3h", "5.0.1c", "5.0.3b", "5.0.3d", "5.0.2a"),
        "5.0.3 is about the resource pool; resource tokens are generated under 5.0.2.",
    ),
    Decision(
        "D-DECK-TOP",
        "4.3.2d: some abilities work 'when a card is face-up on the top of their owner's deck'. How does a card "
        "get there and how long does it stay face-up?",
        "An effect turns the top card of a deck face-up. It stays face-up while it is on top of that deck: "
        "once it leaves the deck, or the deck is shuffled (shuffling keeps cards hidden), it is a hidden card "
        "again. While it is face-up on top, every player may see it and its triggered abilities marked as "
        "working from the deck top function.",
        ("4.3.2d", "7.2.3c", "7.2.3b"),
        "Chapter 0 defines shuffling as reordering 'while keeping them hidden'.",
    ),
    Decision(
        "D-EXTRA-RULE-ZONES",
        "7.4.2c-d: cards leave the extra deck only through effects or 'the operation of extra rules', which "
        "'allow them to change zones directly if specific conditions are met'. How is this written?",
        "A card whose extra rule lets it act from the extra deck carries a triggered ability working from the "
        "extra deck (allowed only on cards with an extra rule) whose effect puts it onto the board directly, "
        "into the zone of its type, under its owner's control, if there is room and no copy with a Victory "
        "Token Field is controlled (1.5.6).",
        ("7.4.2c", "7.4.2d", "1.6.4", "1.5.6"),
        "The extra rule field is the card's own statement of that rule (1.6.3).",
    ),
    Decision(
        "D-TOKEN-STATUS",
        "6.1.8b: tokens follow 6.1.8a (a card changing zones is no longer face-down or exhausted) 'unless "
        "otherwise specified'. A token that would change zones ceases to exist instead (2.5.4, 7.5.2b). What "
        "remains?",
        "Nothing: a face-down or exhausted token that would change zones ceases to exist and its status ends "
        "with it; the log says so. No effect in the engine keeps a token's status across a zone change.",
        ("6.1.8a", "6.1.8b", "2.5.4", "7.5.2b"),
        "The two rules agree: the status only applied on the board, and the token is not anywhere else.",
    ),
    Decision(
        "D-TOKEN-NOT-DISCARDED",
        "A token on the board is discarded by an effect or for lethal damage. Do abilities that trigger when a "
        "card or character is discarded trigger?",
        "No. The token is removed from the game instead of being discarded (2.5.4, 7.5.2b), so no discard happens; "
        "it does leave the board, so 'leaves the board' abilities trigger.",
        ("2.5.4", "7.5.2b", "2.1.3e"),
        "2.5.4 and 7.5.2b replace the move ('instead'), and 2.1.3e says a token can never be part of a discard pile.",
    ),
    Decision(
        "D-PLAYERS",
        "How many players may play? The CR speaks of 'each player', 'all players' and 'opponents' throughout, and "
        "the rulebook's example of winning has three players, but no rule sets a number.",
        "Two to four players. A game of one player is refused: 'your opponent' is any other player in a match "
        "(chapter 0), and a lone player would have nobody to compare initiative with, to attack or to outnumber. "
        "More than four is refused as the engine's own limit, not a rule of the CR. Both a game from decks "
        "(new_game) and a position built directly (Setup) with another number of players raise SetupError.",
        ("cr/language-conventions/p2", "8.0.2a", "4.2.4a"),
        "The CR is written for any number of players (8.0.6b, 4.2.4a) and the rulebook's example has three; "
        "neither names a maximum, so the upper limit is the engine's, where the examples and the scenarios stop.",
    ),
    Decision(
        "D-TURN-ORDER",
        "In which order do three or more players take their turns? 8.0.6a-b name the starting player and say "
        "that 'the remaining players follow in initiative order'; chapter 9 only speaks of 'the next player'.",
        "In initiative order, for the whole game: the starting player (highest initiative, the lowest "
        "acquisition cost of their main character, 8.0.6a), then the others by decreasing initiative. Players "
        "with equal initiative are put in a random order with the game's seed (8.0.2d), including those tied "
        "with the starting player once the random choice of who begins is made (8.0.6b). After the last "
        "player's turn the first player's comes again; with two players turns simply alternate. A position "
        "built directly (Setup) has no initiative: its players take turns in the order given (p1, p2, p3, p4), "
        "starting from the active player. Priority passes in the same order (4.1.6), and a player who has left "
        "the game is skipped (D-LEFT-GAME).",
        ("8.0.2a", "8.0.2d", "8.0.6a", "8.0.6b", "4.1.6", "4.1.7"),
        "8.0.6b is the only text about the order of the players after the first, and 'initiative order' is the "
        "order setup determines (8.0.2a); the CR has no seating rule (no 'left' or 'clockwise'). Keeping it for "
        "every round gives one order for turns, priority and simultaneous abilities.",
    ),
    Decision(
        "D-OPPONENT",
        "Chapter 0 says 'your opponent' refers to any other player in a match. With three or more players, do "
        "card texts about an opponent mean each opponent, or one of them?",
        "A filter for permanents, cards or effects an opponent controls or owns matches those of any other "
        "player, so an ability may target, and an attack may be aimed at, any opponent's permanent. An effect "
        "acting on the opponent (player: opponent) acts on each opponent still in the game, one after the other "
        "in turn order from the player after you; an effect that needs one player's answer (naming a card) asks "
        "the first of them. To act on one opponent of your choice an ability targets a player (kind: player, "
        "controller: opponent), and any opponent may be chosen. The condition 'an opponent controls N ...' holds "
        "when at least one opponent controls N matching permanents on their own. 'Fewer Victory Tokens than each "
        "other player' (9.2.4a) compares with every opponent still in the game. With two players each of these "
        "names the one opponent.",
        ("cr/language-conventions/p2", "9.2.4a", "9.3.6", "4.1.6"),
        "'Any other player' makes every other player an opponent; an effect that offers no choice of opponent "
        "applies to all of them, as 'each player' applies to all players. Counting several opponents' "
        "permanents together would let 'an opponent controls two characters' hold when no opponent controls two.",
    ),
    Decision(
        "D-LEFT-GAME",
        "4.2.4a: 'If a player lost the game and there are no other opponents left, the remaining player wins the "
        "game.' With three or more players, what happens to a player who loses while two or more others remain?",
        "They are out of the game and the others play on. They leave with everything they own: their cards and "
        "tokens leave the game from every zone (board, hand, deck, discard pile, void, extra deck) without "
        "triggering anything; Victory Tokens on their permanents return to the global pool (10.1.5), and the "
        "pool keeps what their cards added (1.5.4), so the total of Victory Tokens in the game, and with it the "
        "majority (4.2.3c, D-MAJORITY), does not change. Permanents of other players they controlled return to "
        "their owners' control (7.5.7b), or go to their owners' discard piles if they cannot; other players' "
        "attachments on their permanents are discarded (7.3.4). The effects they control end, also on the stack, "
        "and so do restrictions on them. Their turns are skipped, they never receive priority and they are no "
        "longer opponents, targets or 'each player'. If it was their turn, the rest of it is skipped: the pools "
        "empty (5.0.4a) and the night phase follows (9.5.1), after which the next player still in the game "
        "begins their turn; abilities triggered at that moment go on the stack at night. When one player is "
        "left they win (4.2.4a); if all the remaining players lose at once, the game is a draw.",
        ("4.2.4a", "4.2.3a", "4.2.4b", "4.2.3c", "10.1.5", "1.5.4", "7.5.7b", "7.3.4", "5.0.4a", "9.5.1"),
        "4.2.4a presupposes that a player may lose while opponents remain, and says no more. Tokens on a "
        "permanent that leaves the board return to the pool everywhere else (D-VT-LEAVING); doing the same "
        "keeps 10.1.4-10.1.6's accounting: the tokens are neither handed to anyone nor removed from the game, "
        "so the others' majority is measured against the same total. Taking the player's cards out of the game "
        "leaves nothing on the board that nobody controls; ending their turn at once avoids a turn without an "
        "active player, and the night is the phase that belongs to no active player.",
    ),
)


def by_id(decision_id: str) -> Decision:
    """The decision with this id."""
    return find(DECISIONS, decision_id)
