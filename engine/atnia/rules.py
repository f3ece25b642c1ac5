"""Every rule id of the Atnia rules document the engine cites, with a one-line summary.

The document is unnumbered: its ids come from section and position (``rules/round-phases/p1.2``
is step 2 of "Pre round"). The engine never cites an id that is not registered here: log entries
and :class:`~engine.atnia.errors.IllegalAction` check it, and
``tests/engine_atnia/test_rule_ids.py`` checks that each id is a node ``atnia:<id>`` of the graph.
Code refers to the ids through the constants below.
"""

from __future__ import annotations

from engine.common.rules import RuleRegistry

# -- introduction -----------------------------------------------------------------------------
WIN = "rules/p2"
# -- Shared Round -----------------------------------------------------------------------------
SR_ACTIVE = "rules/shared-round/p1"
SR_PLAY = "rules/shared-round/p2"
SR_UNIVERSAL = "rules/shared-round/p3"
SR_PASS = "rules/shared-round/p3.1"
# -- Zones --------------------------------------------------------------------------------------
Z_DECK = "rules/zones/p1"
Z_HAND = "rules/zones/p2"
Z_BATTLEFIELD = "rules/zones/p3"
Z_DISCARD = "rules/zones/p4"
Z_HORIZON = "rules/zones/p5"
Z_VOID = "rules/zones/p6"
Z_CHANNEL = "rules/zones/p7"
Z_LOCATION = "rules/zones/p8"
# -- Parts of a Card ----------------------------------------------------------------------------
PC_NAME = "rules/parts-of-a-card/p1"
PC_COST = "rules/parts-of-a-card/p2"
PC_DEVOTION = "rules/parts-of-a-card/p3"
PC_TYPE = "rules/parts-of-a-card/p4"
PC_SUBTYPE = "rules/parts-of-a-card/p5"
PC_SPEED = "rules/parts-of-a-card/p6"
PC_STATS = "rules/parts-of-a-card/p7"
PC_TEXT = "rules/parts-of-a-card/p8"
# -- Energy System ------------------------------------------------------------------------------
ENERGY = "rules/energy-system/p1"
# -- Card Types ---------------------------------------------------------------------------------
CT_UNIT = "rules/card-types/p1"
CT_ITEM = "rules/card-types/p2"
CT_SPELL = "rules/card-types/p3"
CT_LOCATION = "rules/card-types/p4"
CT_STARTING = "rules/card-types/p4.1"
CT_SUBTYPES = "rules/card-types/p5"
# -- The 7 Ideals (the devotion mechanics) ------------------------------------------------------
ID_REQUIREMENT = "rules/the-7-ideals/p1"
ID_LIST = "rules/the-7-ideals/p2"
ID_NO_GATE = "rules/deitas/p5"
ID_THREE_WAYS = "rules/deitas/p6"
# -- Channel System -----------------------------------------------------------------------------
CH_CHANNEL = "rules/channel-system/p1"
CH_DEVOTION = "rules/channel-system/p2"
CH_RECYCLE = "rules/channel-system/p3"
CH_DRAW = "rules/channel-system/p4"
# -- Locations and Exploration ------------------------------------------------------------------
LOC_ZONE = "rules/locations/p1"
LOC_TEXT = "rules/locations/p2"
EXPLORE = "rules/exploration/p1"
# -- Playing Cards & the horizon ------------------------------------------------------------------
HZ_REACT = "rules/playing-cards-and-the-horizon/p1"
HZ_REQUIREMENTS = "rules/playing-cards-and-the-horizon/p2"
HZ_PLAY = "rules/playing-cards-and-the-horizon/p3"
HZ_DESTINATION = "rules/playing-cards-and-the-horizon/p4"
HZ_PAY_FIRST = "rules/playing-cards-and-the-horizon/p5"
HZ_AFTER = "rules/playing-cards-and-the-horizon/p6"
HZ_ABILITIES = "rules/playing-cards-and-the-horizon/p7"
HZ_NEWEST_FIRST = "rules/playing-cards-and-the-horizon/p8"
# -- Speed --------------------------------------------------------------------------------------
SP_SLOW = "rules/speed/p2"
SP_FAST = "rules/speed/p3"
SP_BURST = "rules/speed/p4"
SP_BURST_ALONE = "rules/speed/p4.1"
SP_INFINITE = "rules/speed/p5"
SP_INFINITE_USES = "rules/speed/p5.1"
# -- More info ----------------------------------------------------------------------------------
MI_COMMIT = "rules/more-info/p1"
MI_SLOW_BOTTOM = "rules/more-info/p1.1"
MI_LOWER_TARGETS = "rules/more-info/p1.2"
MI_GUARANTEE = "rules/more-info/p1.3"
# -- Round Phases -------------------------------------------------------------------------------
RP_PRE = "rules/round-phases/p1"
RP_FIRST_PLAYER = "rules/round-phases/p1.1"
RP_COUNTER = "rules/round-phases/p1.2"
RP_ENERGY = "rules/round-phases/p1.3"
RP_UNFLIP = "rules/round-phases/p1.4"
RP_PRE_NEXT = "rules/round-phases/p1.5"
RP_START = "rules/round-phases/p2"
RP_START_EFFECTS = "rules/round-phases/p2.1"
RP_START_NEXT = "rules/round-phases/p2.2"
RP_MAIN = "rules/round-phases/p3"
RP_MAIN_ACTIVE = "rules/round-phases/p3.1"
RP_MAIN_END = "rules/round-phases/p3.2"
RP_MAIN_COMBAT = "rules/round-phases/p3.3"
RP_END = "rules/round-phases/p4"
RP_END_EFFECTS = "rules/round-phases/p4.1"
RP_END_NEXT = "rules/round-phases/p4.2"
RP_DRAW = "rules/round-phases/p5"
RP_MAX_HAND = "rules/round-phases/p5.1"
RP_RECYCLE = "rules/round-phases/p5.2"
RP_DRAW_UP = "rules/round-phases/p5.3"
RP_NEXT_ROUND = "rules/round-phases/p5.4"
RP_COMBAT = "rules/round-phases/p6"
RP_COMBAT_SEE = "rules/round-phases/p6.1"
RP_NO_ACTIVE = "rules/round-phases/p7"
# -- Combat ---------------------------------------------------------------------------------------
CB_ATTACK = "rules/combat/p1"
CO_DECLARE = "rules/combat-phase-outline/p1"
CO_ATTACK_TRIGGERS = "rules/combat-phase-outline/p1.1"
CO_BLOCK = "rules/combat-phase-outline/p2"
CO_BLOCK_TRIGGERS = "rules/combat-phase-outline/p2.1"
CO_FIGHT = "rules/combat-phase-outline/p3"
CO_END = "rules/combat-phase-outline/p4"
CO_THREE = "rules/combat-phase-outline/p5"
CO_FLIP = "rules/combat-phase-outline/p6"
CO_FLIPPED = "rules/combat-phase-outline/p7"
CO_GUARDIAN = "rules/combat-phase-outline/p8"
CO_PASS = "rules/combat-phase-outline/p9"
# -- Starting the game ----------------------------------------------------------------------------
START = "rules/starting-the-game/p1"
# -- Kinds of game objects ------------------------------------------------------------------------
KO_CARD = "rules/kinds-of-game-objects/p1"
KO_ABILITY = "rules/kinds-of-game-objects/p2"
KO_TRIGGERED = "rules/kinds-of-game-objects/p2.1"
KO_SKILL = "rules/kinds-of-game-objects/p2.2"
KO_UNIVERSAL = "rules/kinds-of-game-objects/p3"
KO_LIFE = "rules/kinds-of-game-objects/p4"
# -- Extra Notes ----------------------------------------------------------------------------------
EN_DAMAGE = "rules/extra-notes/p1"
EN_BUFF_DAMAGE = "rules/extra-notes/p1.1"
EN_TARGETS = "rules/extra-notes/p2"
EN_LIMIT = "rules/extra-notes/p3"
EN_FULL = "rules/extra-notes/p3.3"
EN_FULL_TIMING = "rules/extra-notes/p3.3.1"
EN_LOST_TARGET = "rules/extra-notes/p4"
EN_MUST = "rules/extra-notes/p5"
EN_DO_X = "rules/extra-notes/p6"
EN_DO_X_BACK = "rules/extra-notes/p6.1"
EN_BUFF_LEAVES = "rules/extra-notes/p7"
# -- Advanced notes on timing rules and the horizon ---------------------------------------------------
AD_STOP = "rules/advanced-notes-on-timing-rules-and-the-horizon/p1"
AD_INFINITE_SOURCE = "rules/advanced-notes-on-timing-rules-and-the-horizon/p1.1"
AD_SIMULTANEOUS = "rules/advanced-notes-on-timing-rules-and-the-horizon/p2"
AD_FIRST_PLAYER = "rules/advanced-notes-on-timing-rules-and-the-horizon/p2.1"
AD_ZONES = "rules/advanced-notes-on-timing-rules-and-the-horizon/p2.2"
AD_HORIZON_ORDER = "rules/advanced-notes-on-timing-rules-and-the-horizon/p2.2.1"
AD_BATTLEFIELD_ORDER = "rules/advanced-notes-on-timing-rules-and-the-horizon/p2.2.2"
AD_DISCARD_ORDER = "rules/advanced-notes-on-timing-rules-and-the-horizon/p2.2.3"
AD_TEXT_ORDER = "rules/advanced-notes-on-timing-rules-and-the-horizon/p2.2.4"
AD_ARRIVE_RIGHT = "rules/advanced-notes-on-timing-rules-and-the-horizon/p3"
AD_ENTER_ORDER = "rules/advanced-notes-on-timing-rules-and-the-horizon/p3.1"
AD_TARGETS_BOTTOM_FIRST = "rules/advanced-notes-on-timing-rules-and-the-horizon/p4"
AD_SPACE = "rules/advanced-notes-on-timing-rules-and-the-horizon/p5"

RULES: RuleRegistry = RuleRegistry(
    "engine.atnia.rules.RULES",
    {
        WIN: "Players begin at 20 life; reducing the opponent's life total to 0 wins the game.",
        SR_ACTIVE: "Only one player is active at a time, and only the active player can take actions.",
        SR_PLAY: "Actions include playing a card or an ability of a card.",
        SR_UNIVERSAL: "Actions include universal actions: passing, channelling cards, attacking.",
        SR_PASS: "By passing, the other player becomes the active player.",
        Z_DECK: "Deck: your deck of cards.",
        Z_HAND: "Hand: your hand.",
        Z_BATTLEFIELD: "Battlefield: all unit and item cards in play live here.",
        Z_DISCARD: "Discard pile: destroyed or discarded cards go here.",
        Z_HORIZON: "Horizon: cards and effects being played and not resolved yet.",
        Z_VOID: "Void: a zone used for some things.",
        Z_CHANNEL: "Channel zone: cards go here after being channelled.",
        Z_LOCATION: "Location zone: locations go here after being played.",
        PC_NAME: "A card has a name.",
        PC_COST: "To play a card you must pay energy equal to its energy cost.",
        PC_DEVOTION: "A card has ideal devotion requirement(s).",
        PC_TYPE: "A card has a type.",
        PC_SUBTYPE: "A card may have a subtype.",
        PC_SPEED: "A card has a speed.",
        PC_STATS: "A card may have offense/health stats.",
        PC_TEXT: "The rules text explains what a card does.",
        ENERGY: "One energy pool each; 2 counters to begin, +1 after each round (max 10); 1 energy per counter; "
        "+1 energy next round if energy was left unspent.",
        CT_UNIT: "Units have offense and health and can attack and block; other types have no offense.",
        CT_ITEM: "Items can have subtypes that give them unique effects; they resolve to the battlefield.",
        CT_SPELL: "Spells do what they say on resolution, then are discarded.",
        CT_LOCATION: "Locations go to the location zone and add devotion to each of their ideals there.",
        CT_STARTING: "A deck can have up to three starting locations, copies allowed.",
        CT_SUBTYPES: "Subtypes have no universal rules significance unless otherwise noted.",
        ID_REQUIREMENT: "A non-location card requires a certain devotion to its ideal(s) to be played.",
        ID_LIST: "There are seven ideals.",
        ID_NO_GATE: "A deck may include cards of all 7 ideals; there is no hard gate.",
        ID_THREE_WAYS: "Devotion comes from channelling cards, playing locations and exploring.",
        CH_CHANNEL: "Any card in hand can be channelled face up into the channel zone at infinite speed.",
        CH_DEVOTION: "Each channelled card adds 1 to your devotion to each of its ideals.",
        CH_RECYCLE: "In the draw phase channelled cards are recycled into the deck.",
        CH_DRAW: "You choose which channelled cards go on top and which on the bottom, then draw one per "
        "channelled card +1.",
        LOC_ZONE: "Locations add devotion from the location zone; their ideal icons are what they provide, "
        "not a requirement.",
        LOC_TEXT: "Location text is active in the location zone; locations do not unflip at round start.",
        EXPLORE: "At infinite speed, put a card from hand or channel zone on top or bottom of your deck to create "
        "a Wilderness location of an ideal of your choice.",
        HZ_REACT: "The horizon lets the opponent see what you do and react.",
        HZ_REQUIREMENTS: "To play a card you must meet its devotion requirement and pay its costs.",
        HZ_PLAY: "A played card or ability goes to the horizon and the other player becomes active; new entries go "
        "above; a pass after nothing (or only infinite actions) resolves the horizon top to bottom.",
        HZ_DESTINATION: "On resolution units and items go to the battlefield, spells to the discard pile, locations to "
        "the location zone; destroyed cards go to the discard pile; damage only occurs on the "
        "battlefield and horizon.",
        HZ_PAY_FIRST: "Costs are paid on play; the effect happens only on resolution.",
        HZ_AFTER: "In the main phase, after everything resolves, the player who did not control the bottom card "
        "becomes active.",
        HZ_ABILITIES: "Abilities go on the horizon just as cards do.",
        HZ_NEWEST_FIRST: "The most recently added entries resolve first.",
        SP_SLOW: "Slow cards cannot be played during combat or while the horizon holds anything.",
        SP_FAST: "Fast cards can be played during combat and onto a non-empty horizon.",
        SP_BURST: "Burst cards resolve immediately and their player stays active.",
        SP_BURST_ALONE: "Burst cards cannot be committed along with other cards.",
        SP_INFINITE: "Infinite speed is burst that does not count as an action for ending the phase or resolving.",
        SP_INFINITE_USES: "Channelling, exploring and triggered abilities are at infinite speed unless stated.",
        MI_COMMIT: "Several fast/slow cards may be committed at once, in an order the player chooses.",
        MI_SLOW_BOTTOM: "With an empty horizon a slow card can be committed at the bottom with fast cards above it.",
        MI_LOWER_TARGETS: "Cards committed lower are legal targets for cards committed higher.",
        MI_GUARANTEE: "Committing cards at once guarantees they all reach the horizon.",
        RP_PRE: "Pre round.",
        RP_FIRST_PLAYER: "After the first round, the player who did not end the previous round becomes first player.",
        RP_COUNTER: "Each player gets 1 additional energy counter.",
        RP_ENERGY: "Each player gets 1 energy for each energy counter.",
        RP_UNFLIP: "Each player unflips the flipped cards on their battlefield (not locations).",
        RP_PRE_NEXT: "Move to the next phase.",
        RP_START: "Round start.",
        RP_START_EFFECTS: "Effects referring to round start happen here.",
        RP_START_NEXT: "Once no effects are unresolved, move to the next phase.",
        RP_MAIN: "Main phase.",
        RP_MAIN_ACTIVE: "The first player becomes the active player.",
        RP_MAIN_END: "When both players pass in a row after doing nothing or only infinite actions, move on.",
        RP_MAIN_COMBAT: "Players play in the main phase and enter combat from it.",
        RP_END: "Round end.",
        RP_END_EFFECTS: "Effects referring to round end happen here.",
        RP_END_NEXT: "Once no effects are unresolved, move to the next phase.",
        RP_DRAW: "Draw phase.",
        RP_MAX_HAND: "Hand + face-up channelled cards + 1 (up to 10) is the maximum hand size for the round.",
        RP_RECYCLE: "Channelled cards go on top and/or bottom of the deck; only the quantities are revealed.",
        RP_DRAW_UP: "Players draw up to their maximum hand size.",
        RP_NEXT_ROUND: "Begin the next round.",
        RP_COMBAT: "Combat phase.",
        RP_COMBAT_SEE: "See Combat.",
        RP_NO_ACTIVE: "Unless a step makes a player active, nobody may act; a fast or slow entry put on the horizon "
        "makes the player who does not control it active.",
        CB_ATTACK: "In the main phase, the active player with an empty horizon may attack; you attack players, and "
        "units only with challenger.",
        CO_DECLARE: "Step 1: the attacking player declares attackers and commits cards.",
        CO_ATTACK_TRIGGERS: "Triggers of the declaration go to the horizon; only infinite and burst ones resolve now.",
        CO_BLOCK: "Step 2: the defending player becomes active, declares up to one blocker per attacker, commits cards.",
        CO_BLOCK_TRIGGERS: "Triggers of the blocks go to the horizon; only infinite and burst ones resolve now.",
        CO_FIGHT: "Step 3: the attacker becomes active; after a pass the horizon resolves, then all combatants strike.",
        CO_END: "Step 4: combat ends; the attacking player becomes active in the main phase.",
        CO_THREE: "You may attack up to three times per round.",
        CO_FLIP: "Attacking and blocking flip units.",
        CO_FLIPPED: "Flipped units cannot attack or block.",
        CO_GUARDIAN: "Blocking happens in step 2; later only a unit with guardian that arrived after blocks may block.",
        CO_PASS: "A pass after attacking does not count towards ending the round.",
        START: "Random first player, shuffle, starting locations to the location zone, draw 5, begin round 1.",
        KO_CARD: "Cards are game objects.",
        KO_ABILITY: "Abilities are effects created by cards.",
        KO_TRIGGERED: "Triggered abilities happen automatically; infinite speed unless noted.",
        KO_SKILL: "Skills are abilities a player activates, similar to playing a card.",
        KO_UNIVERSAL: "Universal actions (pass, channel, enter combat) are granted by the rules, not by cards.",
        KO_LIFE: "Players have health (a life total).",
        EN_DAMAGE: "Damage to cards on the horizon or battlefield is permanent until they leave.",
        EN_BUFF_DAMAGE: "When a health buff goes away, the unit effectively takes that much damage.",
        EN_TARGETS: "Targets are chosen as the card or ability is played, not on resolution (also for arrive).",
        EN_LIMIT: "The battlefield holds at most 16 cards; locations do not count.",
        EN_FULL: "A card entering a full board replaces a chosen card (discarded with its weapons) or is discarded.",
        EN_FULL_TIMING: "Open: whether the new card enters and is discarded, or never enters.",
        EN_LOST_TARGET: "Effects on targets that no longer exist (or became illegal) do not happen; the rest does.",
        EN_MUST: "Unless an ability says 'you may', you must do it.",
        EN_DO_X: "'Do x to do y': if x does not happen, y (to the next line break) does not happen.",
        EN_DO_X_BACK: "Open: if y cannot happen, does x not happen either?",
        EN_BUFF_LEAVES: "A buff leaving takes its health away; a debuff leaving grants it back; also for changing "
        "buffs and weapons.",
        AD_STOP: "New non-infinite entries during resolution stop it; the player not controlling the new top one "
        "becomes active.",
        AD_INFINITE_SOURCE: "Open: non-infinite entries put there by an infinite effect do not resolve on the active "
        "player's pass; the other player becomes active.",
        AD_SIMULTANEOUS: "Simultaneous triggers go into the horizon all at once in a fixed order.",
        AD_FIRST_PLAYER: "The first player's effects go above the other player's.",
        AD_ZONES: "Then by zone, top to bottom: horizon, battlefield, discard pile.",
        AD_HORIZON_ORDER: "Horizon cards: higher ones above lower ones.",
        AD_BATTLEFIELD_ORDER: "Battlefield cards: left above right; combatants count as leftmost.",
        AD_DISCARD_ORDER: "Discard pile: smaller cards on top (offense, health, base cost, then name online).",
        AD_TEXT_ORDER: "One card's triggers: higher in the text box above lower.",
        AD_ARRIVE_RIGHT: "New cards arrive on the right; attackers in chosen order, blockers matching them; after "
        "combat they return to the left in that order.",
        AD_ENTER_ORDER: "Cards entering at once: largest on the left (offense, health, base cost, then name online).",
        AD_TARGETS_BOTTOM_FIRST: "Targets of simultaneous effects are chosen for the bottom-most first.",
        AD_SPACE: "In one board space the bottom card (the weapon) counts as to the right of the top card.",
    },
)

#: ``summary(id)``: a cited rule's one-line summary; ``check(ids)``: the ids as a tuple, each checked as registered.
summary, check = RULES.summary, RULES.check
