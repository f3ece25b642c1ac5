"""Readings the engine chose where the Atnia rules document leaves a question open, says "Maybe", ends a rule with
a question mark, or is silent on something a game must settle. Each entry says which reading the engine implements
and why, in plain words; ``rules/atnia/rulings.yaml`` publishes them as rulings (``ruling``).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.common import decisions as common


@dataclass(frozen=True, slots=True)
class Decision(common.Decision):
    """One ruling, as :class:`engine.common.decisions.Decision`, published under the id ``ruling`` (R-ATN-…)."""

    ruling: str = field(kw_only=True)


DECISIONS: tuple[Decision, ...] = (
    Decision(
        "D-FULL-BOARD",
        "A card would enter a battlefield that already holds 16 cards. Does it enter and then get discarded, or "
        "never enter? And when it replaces a card, in which order do things happen? (the document: 'There is not a "
        "clear answer')",
        "The card's controller chooses a card occupying one of their board spaces, or none. With none, the new card "
        "goes straight to the discard pile: it never enters, so it does not arrive and its arrive ability does not "
        "trigger. Otherwise the chosen card and any weapon in its board space are discarded first (discarded, not "
        "destroyed), then the new card arrives in that board space.",
        ("rules/extra-notes/p3", "rules/extra-notes/p3.3", "rules/extra-notes/p3.3.1"),
        "The limit exists so that the board never holds more than 16 cards (p3.1): a card that entered and left "
        "would break it for a moment and would trigger arrive abilities of a card the player chose not to keep. The "
        "text says the old card is 'discarded as the new card arrives'; discarding it first keeps the limit and "
        "lets the new card take the freed space.",
        ruling="R-ATN-001",
    ),
    Decision(
        "D-DO-X-TO-DO-Y",
        "A card says 'do x to do y' and y cannot happen (for instance its target is gone). Is x still done? (the "
        "document: 'If y cannot or won't happen, x also won't happen?')",
        "No: x is not done when none of y can happen. When x cannot happen, y does not happen either (the rule "
        "itself). When both can happen, x happens, then y.",
        ("rules/extra-notes/p6", "rules/extra-notes/p6.1", "rules/extra-notes/p4"),
        "'Do x to do y' makes x the price of y. Paying a price for nothing would punish a player for a target "
        "disappearing, which rules/extra-notes/p4 otherwise treats as simply skipping the effects on that target.",
        ruling="R-ATN-002",
    ),
    Decision(
        "D-INFINITE-SOURCE",
        "A fast or slow effect is put onto the horizon by an infinite-speed effect (a trigger of channelling, of "
        "exploring, of an infinite-speed card) while a player is active. Does that player's pass, after only "
        "infinite-speed actions, resolve it? (the document: 'Maybe also: ... it does not cause them to resolve & "
        "instead the other player becomes active')",
        "Adopted. The active player stays active. If one of the new fast or slow entries is theirs, their next pass "
        "does not resolve the horizon: the other player becomes active instead, and may respond or pass (which "
        "resolves it). If the new entries are all the opponent's, the active player is the one who responds, and "
        "their pass after doing nothing resolves the horizon as usual. During resolution the rule of "
        "rules/advanced-notes-on-timing-rules-and-the-horizon/p1 applies instead: resolution stops and the player "
        "not controlling the new top entry becomes active.",
        (
            "rules/advanced-notes-on-timing-rules-and-the-horizon/p1.1",
            "rules/advanced-notes-on-timing-rules-and-the-horizon/p1",
            "rules/playing-cards-and-the-horizon/p3",
        ),
        "The horizon exists so that each player sees what the other does and can react (rules/playing-cards-and-"
        "the-horizon/p1). Without this rule a player could channel a card, let their own fast trigger join the "
        "horizon, and pass it straight into resolution without the opponent ever being active.",
        ruling="R-ATN-003",
    ),
    Decision(
        "D-FIRST-ROUND",
        "Does the pre round of the first round give each player an energy counter (step 2 has no 'if it is not the "
        "first round'), so that players start with 3?",
        "No. Players begin the game with 2 energy counters and get 2 energy in round 1; from round 2 on, the pre "
        "round adds one counter (to at most 10).",
        ("rules/energy-system/p1", "rules/round-phases/p1.2", "rules/round-phases/p1.3"),
        "The Energy System says players begin with 2 counters and gain one 'after each round': the first counter is "
        "gained after round 1. Step 2 of the pre round is where that happens.",
        ruling="R-ATN-004",
    ),
    Decision(
        "D-CARRY-OVER",
        "What happens to energy left unspent at the end of a round?",
        "It is lost: in the next pre round the pool is set to 1 energy per counter, plus exactly 1 if any energy "
        "was left unspent, however much. The bonus can take a player above 10 energy (10 counters + 1).",
        ("rules/energy-system/p1", "rules/round-phases/p1.3"),
        "'If a player had any unspent energy, they receive +1 energy in the following round' only makes sense if the "
        "unspent energy itself does not stay; the maximum of 10 is stated for counters, not for energy.",
        ruling="R-ATN-005",
    ),
    Decision(
        "D-FIRST-PLAYER",
        "Who is the first player of the next round? (the document: 'the player who did not ebd the previous round')",
        "'ebd' is read as 'end'. The player who did not make the last pass of the double pass that ended the main "
        "phase, that is the one who passed first in it, is the first player of the next round. The first player of "
        "round 1 is determined at random.",
        ("rules/round-phases/p1.1", "rules/round-phases/p3.2", "rules/starting-the-game/p1"),
        "The parenthesis of p1.1 explains it that way; with no other action in between, the player who passed "
        "first is also the one who did not take the last non-infinite action.",
        ruling="R-ATN-006",
    ),
    Decision(
        "D-CHALLENGER",
        "A unit with challenger attacks an opposing unit and is not blocked. Does the attacked unit strike back? "
        "Can it be blocked?",
        "The attacked unit is in the fight: both strike each other simultaneously, as a blocked attacker and its "
        "blocker do. The defending player may block the challenger with another unit (or with the attacked unit "
        "itself, if unflipped); the blocker then fights instead. Being attacked does not flip a unit.",
        ("rules/combat/p1", "rules/combat-phase-outline/p3", "rules/combat-phase-outline/p2"),
        "Combat between units in these rules is always mutual (step 3: units strike the unit blocking or being "
        "blocked by them). An attacked unit that could not strike back would make challenger a free removal "
        "spell, which nothing in the text suggests.",
        ruling="R-ATN-007",
    ),
    Decision(
        "D-GUARDIAN",
        "How and when does a unit with guardian that is put into play after blockers were declared block?",
        "As it is put into play: when a unit with guardian arrives on the defending player's battlefield after "
        "blockers were declared and before units strike, its controller may at once declare it as the blocker of "
        "one attacking unit that has no blocker, or decline. It flips like any blocker. A unit without guardian, or "
        "a guardian unit that was already in play when blockers were declared, cannot block after step 2.",
        ("rules/combat-phase-outline/p8", "rules/combat-phase-outline/p6", "rules/combat-phase-outline/p2"),
        "In step 3 the horizon resolves right before units strike, so a unit put into play by resolving has no later "
        "moment to block in; blocking as it arrives is the only way the exception can ever apply to a fast unit.",
        ruling="R-ATN-008",
    ),
    Decision(
        "D-HAND-SIZE",
        "What does the maximum hand size do to a player who already holds more cards (possible only at 10 or more)?",
        "It only limits drawing: players draw up to it and never discard down to it.",
        ("rules/round-phases/p5.1", "rules/round-phases/p5.3"),
        "The draw phase uses it in one step only, 'draw up to their maximum hand size'; no step discards.",
        ruling="R-ATN-009",
    ),
    Decision(
        "D-EMPTY-DECK",
        "A player must draw from an empty deck.",
        "Nothing happens: the draw draws nothing and the player does not lose.",
        ("rules/round-phases/p5.3", "rules/p2"),
        "The only way to win the document gives is reducing the opponent's life total to 0.",
        ruling="R-ATN-010",
    ),
    Decision(
        "D-BOTH-ZERO",
        "Both players' life totals reach 0 at the same time (for instance through an effect that damages each player).",
        "The game is a draw.",
        ("rules/p2",),
        "Each player would win by reducing the other's life total to 0; neither did so first.",
        ruling="R-ATN-011",
    ),
    Decision(
        "D-HORIZON-DAMAGE",
        "A unit card on the horizon takes damage, then resolves. Does the damage stay?",
        "Yes: damage lasts until the card leaves the horizon and battlefield, and resolving moves it from one to "
        "the other. It also stays the same card for targets chosen before it resolved. A unit on the horizon whose "
        "health reaches 0 is destroyed there and goes to the discard pile.",
        ("rules/extra-notes/p1", "rules/playing-cards-and-the-horizon/p4"),
        "'Damage dealt to cards in horizon/battlefield is permanent (until they leave)' names both zones together.",
        ruling="R-ATN-012",
    ),
    Decision(
        "D-UNTIL-ROUND-END",
        "When does an effect that lasts 'until round end' stop?",
        "At the beginning of the round end phase, before the effects that refer to round end happen. A health buff "
        "that stops then takes its health away (rules/extra-notes/p1.1), which can destroy the unit.",
        ("rules/round-phases/p4.1", "rules/extra-notes/p1.1"),
        "'If an effect refers to round end, it happens here.'",
        ruling="R-ATN-013",
    ),
    Decision(
        "D-TRIGGER-ZONES",
        "The order of simultaneous triggers lists the horizon, the battlefield and the discard pile. Where do "
        "triggers of cards in the location zone (whose text is active there) and the channel zone go?",
        "Between the battlefield and the discard pile: horizon, battlefield, location zone, channel zone, discard "
        "pile; within the location and channel zones in the order the cards arrived there.",
        ("rules/advanced-notes-on-timing-rules-and-the-horizon/p2.2", "rules/locations/p2"),
        "The order goes from the cards most in play to the least; locations are in play like battlefield cards, "
        "channelled cards are only set aside for the round, discarded cards are gone.",
        ruling="R-ATN-014",
    ),
    Decision(
        "D-IDEAL-NAMES",
        "The short list of ideals at the end of the document names Ancestra and Ecclesia instead of Epoca and "
        "Deitas. Are they different ideals?",
        "No: Ancestra is Epoca and Ecclesia is Deitas (same descriptions). There are seven ideals; card data may "
        "use either name.",
        ("rules/the-7-ideals/p2", "rules/ancestra", "rules/ecclesia"),
        "Their descriptions are word for word those of Epoca and Deitas, and the document says there are 7 ideals.",
        ruling="R-ATN-015",
    ),
    Decision(
        "D-SPEEDS-TIMING",
        "When can burst and infinite-speed cards be played? The document restricts only slow cards.",
        "Whenever their player is active, including during combat and while the horizon holds cards. Only in a "
        "declaration of attackers or blockers are they not allowed (those commit cards to the horizon, and burst "
        "cards cannot be committed with others).",
        ("rules/speed/p4", "rules/speed/p5", "rules/speed/p2", "rules/speed/p4.1"),
        "Burst cards are 'placed above and resolved before any fast or slow speed effects', which presumes fast or "
        "slow effects on the horizon; infinite speed is 'the same as burst speed'.",
        ruling="R-ATN-016",
    ),
    Decision(
        "D-STEP-3-PASS",
        "Step 3 of combat says that after a player passes, the horizon resolves and then units strike. Does any "
        "pass do this, even after a burst card?",
        "Only a pass after doing nothing (or only infinite-speed actions), as everywhere else. A pass after a burst "
        "action makes the other player active.",
        ("rules/combat-phase-outline/p3", "rules/speed/p4", "rules/speed/p5"),
        "Infinite speed is defined by not counting 'for the purposes of ... resolving the cards on the horizon', "
        "so burst actions do count there; the general pass rule is the one step 3 refers to.",
        ruling="R-ATN-017",
    ),
    Decision(
        "D-ARRIVE-TARGETS",
        "The targets of an arrive ability are chosen as the card is played 'if possible'. And if it is not possible?",
        "When the card is played with no legal target for its arrive ability, the targets are chosen when the "
        "ability triggers, as for any triggered ability; if there is still none, the effects on the target do not "
        "happen. When there are legal targets at play, they must be chosen then.",
        ("rules/extra-notes/p2", "rules/extra-notes/p4"),
        "'If possible' implies another time to choose; the only other one is when the ability is put onto the "
        "horizon, the rule for all abilities.",
        ruling="R-ATN-018",
    ),
    Decision(
        "D-BOARD-SPACES",
        "Does the 16-card limit count each player's battlefield separately, and does a weapon count apart from its "
        "wielder?",
        "Each player's battlefield holds up to 16 board spaces; a weapon equipped to a unit shares its board space "
        "and does not count separately.",
        (
            "rules/extra-notes/p3",
            "rules/extra-notes/p3.3",
            "rules/advanced-notes-on-timing-rules-and-the-horizon/p5",
        ),
        "The full-board rule speaks of 'a board slot' holding a card 'and any weapons on the board space'; the "
        "ordering rules speak of 'a player's battlefield zone'.",
        ruling="R-ATN-019",
    ),
    Decision(
        "D-TIES-ONLINE",
        "Two cards tie on offense, health and base energy cost when their order matters (simultaneous triggers from "
        "the discard pile, cards entering at once). In paper the players decide. What does the engine do?",
        "It follows the online rule: alphabetical order of card name, earlier in the alphabet on top (for "
        "triggers) and on the left (for entering cards).",
        (
            "rules/advanced-notes-on-timing-rules-and-the-horizon/p2.2.3",
            "rules/advanced-notes-on-timing-rules-and-the-horizon/p3.1",
        ),
        "The engine is a program, so the online rule applies; it needs no extra choice.",
        ruling="R-ATN-020",
    ),
    Decision(
        "D-LOOK-BACK",
        "A unit dies as it arrives: an aura of its controller's brings its health to 0, and the state check destroys it "
        "before its abilities are collected. Does its 'when this arrives' ability still trigger?",
        "Yes. It did arrive, and its arrive ability triggers as it would have on the battlefield, with the targets "
        "chosen when the card was played. The ability resolves as usual although its card is in the discard pile by "
        "then. The same holds for any ability of a card that waits for an event of its own and is met by the state "
        "check first.",
        ("rules/kinds-of-game-objects/p2.1", "rules/extra-notes/p2", "rules/extra-notes/p7"),
        "A triggered ability 'occurs automatically when indicated by the card' (rules/kinds-of-game-objects/p2.1), and "
        "the card indicated it when it arrived. The document does not say when abilities are collected; the state check "
        "destroying the unit a moment later cannot undo that it arrived, nor should the order in which a program looks "
        "at the two decide the game.",
        ruling="R-ATN-021",
    ),
)
