"""Every rule id of the Atnia rules document the engine cites, with a one-line summary.

The document is unnumbered: its ids come from section and position (``rules/round-phases/p1.2``
is step 2 of "Pre round"). The engine never cites an id that is not registered here: log entries
and :class:`~engine.atnia.errors.IllegalAction` check it, and
``tests/engine_common/test_rule_ids.py`` checks that each id is a node ``atnia:<id>`` of the graph.
Code cites an id as the string the rule graph knows, as the other engines do.
"""

from __future__ import annotations

from engine.common.rules import RuleRegistry

RULES: RuleRegistry = RuleRegistry(
    "engine.atnia.rules.RULES",
    {
        "rules/p2": "Players begin at 20 life; reducing the opponent's life total to 0 wins the game.",
        "rules/shared-round/p1": "Only one player is active at a time, and only the active player can take actions.",
        "rules/shared-round/p2": "Actions include playing a card or an ability of a card.",
        "rules/shared-round/p3": "Actions include universal actions: passing, channelling cards, attacking.",
        "rules/shared-round/p3.1": "By passing, the other player becomes the active player.",
        "rules/zones/p1": "Deck: your deck of cards.",
        "rules/zones/p2": "Hand: your hand.",
        "rules/zones/p3": "Battlefield: all unit and item cards in play live here.",
        "rules/zones/p4": "Discard pile: destroyed or discarded cards go here.",
        "rules/zones/p5": "Horizon: cards and effects being played and not resolved yet.",
        "rules/zones/p6": "Void: a zone used for some things.",
        "rules/zones/p7": "Channel zone: cards go here after being channelled.",
        "rules/zones/p8": "Location zone: locations go here after being played.",
        "rules/parts-of-a-card/p1": "A card has a name.",
        "rules/parts-of-a-card/p2": "To play a card you must pay energy equal to its energy cost.",
        "rules/parts-of-a-card/p3": "A card has ideal devotion requirement(s).",
        "rules/parts-of-a-card/p4": "A card has a type.",
        "rules/parts-of-a-card/p5": "A card may have a subtype.",
        "rules/parts-of-a-card/p6": "A card has a speed.",
        "rules/parts-of-a-card/p7": "A card may have offense/health stats.",
        "rules/parts-of-a-card/p8": "The rules text explains what a card does.",
        "rules/energy-system/p1": "One energy pool each; 2 counters to begin, +1 after each round (max 10); 1 energy per counter; "
        "+1 energy next round if energy was left unspent.",
        "rules/card-types/p1": "Units have offense and health and can attack and block; other types have no offense.",
        "rules/card-types/p2": "Items can have subtypes that give them unique effects; they resolve to the battlefield.",
        "rules/card-types/p3": "Spells do what they say on resolution, then are discarded.",
        "rules/card-types/p4": "Locations go to the location zone and add devotion to each of their ideals there.",
        "rules/card-types/p4.1": "A deck can have up to three starting locations, copies allowed.",
        "rules/card-types/p5": "Subtypes have no universal rules significance unless otherwise noted.",
        "rules/the-7-ideals/p1": "A non-location card requires a certain devotion to its ideal(s) to be played.",
        "rules/the-7-ideals/p2": "There are seven ideals.",
        "rules/deitas/p5": "A deck may include cards of all 7 ideals; there is no hard gate.",
        "rules/deitas/p6": "Devotion comes from channelling cards, playing locations and exploring.",
        "rules/channel-system/p1": "Any card in hand can be channelled face up into the channel zone at infinite speed.",
        "rules/channel-system/p2": "Each channelled card adds 1 to your devotion to each of its ideals.",
        "rules/channel-system/p3": "In the draw phase channelled cards are recycled into the deck.",
        "rules/channel-system/p4": "You choose which channelled cards go on top and which on the bottom, then draw one per "
        "channelled card +1.",
        "rules/locations/p1": "Locations add devotion from the location zone; their ideal icons are what they provide, "
        "not a requirement.",
        "rules/locations/p2": "Location text is active in the location zone; locations do not unflip at round start.",
        "rules/exploration/p1": "At infinite speed, put a card from hand or channel zone on top or bottom of your deck to create "
        "a Wilderness location of an ideal of your choice.",
        "rules/playing-cards-and-the-horizon/p1": "The horizon lets the opponent see what you do and react.",
        "rules/playing-cards-and-the-horizon/p2": "To play a card you must meet its devotion requirement and pay its costs.",
        "rules/playing-cards-and-the-horizon/p3": "A played card or ability goes to the horizon and the other player becomes active; new entries go "
        "above; a pass after nothing (or only infinite actions) resolves the horizon top to bottom.",
        "rules/playing-cards-and-the-horizon/p4": "On resolution units and items go to the battlefield, spells to the discard pile, locations to "
        "the location zone; destroyed cards go to the discard pile; damage only occurs on the "
        "battlefield and horizon.",
        "rules/playing-cards-and-the-horizon/p5": "Costs are paid on play; the effect happens only on resolution.",
        "rules/playing-cards-and-the-horizon/p6": "In the main phase, after everything resolves, the player who did not control the bottom card "
        "becomes active.",
        "rules/playing-cards-and-the-horizon/p7": "Abilities go on the horizon just as cards do.",
        "rules/playing-cards-and-the-horizon/p8": "The most recently added entries resolve first.",
        "rules/speed/p2": "Slow cards cannot be played during combat or while the horizon holds anything.",
        "rules/speed/p3": "Fast cards can be played during combat and onto a non-empty horizon.",
        "rules/speed/p4": "Burst cards resolve immediately and their player stays active.",
        "rules/speed/p4.1": "Burst cards cannot be committed along with other cards.",
        "rules/speed/p5": "Infinite speed is burst that does not count as an action for ending the phase or resolving.",
        "rules/speed/p5.1": "Channelling, exploring and triggered abilities are at infinite speed unless stated.",
        "rules/more-info/p1": "Several fast/slow cards may be committed at once, in an order the player chooses.",
        "rules/more-info/p1.1": "With an empty horizon a slow card can be committed at the bottom with fast cards above it.",
        "rules/more-info/p1.2": "Cards committed lower are legal targets for cards committed higher.",
        "rules/more-info/p1.3": "Committing cards at once guarantees they all reach the horizon.",
        "rules/round-phases/p1": "Pre round.",
        "rules/round-phases/p1.1": "After the first round, the player who did not end the previous round becomes first player.",
        "rules/round-phases/p1.2": "Each player gets 1 additional energy counter.",
        "rules/round-phases/p1.3": "Each player gets 1 energy for each energy counter.",
        "rules/round-phases/p1.4": "Each player unflips the flipped cards on their battlefield (not locations).",
        "rules/round-phases/p1.5": "Move to the next phase.",
        "rules/round-phases/p2": "Round start.",
        "rules/round-phases/p2.1": "Effects referring to round start happen here.",
        "rules/round-phases/p2.2": "Once no effects are unresolved, move to the next phase.",
        "rules/round-phases/p3": "Main phase.",
        "rules/round-phases/p3.1": "The first player becomes the active player.",
        "rules/round-phases/p3.2": "When both players pass in a row after doing nothing or only infinite actions, move on.",
        "rules/round-phases/p3.3": "Players play in the main phase and enter combat from it.",
        "rules/round-phases/p4": "Round end.",
        "rules/round-phases/p4.1": "Effects referring to round end happen here.",
        "rules/round-phases/p4.2": "Once no effects are unresolved, move to the next phase.",
        "rules/round-phases/p5": "Draw phase.",
        "rules/round-phases/p5.1": "Hand + face-up channelled cards + 1 (up to 10) is the maximum hand size for the round.",
        "rules/round-phases/p5.2": "Channelled cards go on top and/or bottom of the deck; only the quantities are revealed.",
        "rules/round-phases/p5.3": "Players draw up to their maximum hand size.",
        "rules/round-phases/p5.4": "Begin the next round.",
        "rules/round-phases/p6": "Combat phase.",
        "rules/round-phases/p6.1": "See Combat.",
        "rules/round-phases/p7": "Unless a step makes a player active, nobody may act; a fast or slow entry put on the horizon "
        "makes the player who does not control it active.",
        "rules/combat/p1": "In the main phase, the active player with an empty horizon may attack; you attack players, and "
        "units only with challenger.",
        "rules/combat-phase-outline/p1": "Step 1: the attacking player declares attackers and commits cards.",
        "rules/combat-phase-outline/p1.1": "Triggers of the declaration go to the horizon; only infinite and burst ones resolve now.",
        "rules/combat-phase-outline/p2": "Step 2: the defending player becomes active, declares up to one blocker per attacker, commits cards.",
        "rules/combat-phase-outline/p2.1": "Triggers of the blocks go to the horizon; only infinite and burst ones resolve now.",
        "rules/combat-phase-outline/p3": "Step 3: the attacker becomes active; after a pass the horizon resolves, then all combatants strike.",
        "rules/combat-phase-outline/p4": "Step 4: combat ends; the attacking player becomes active in the main phase.",
        "rules/combat-phase-outline/p5": "You may attack up to three times per round.",
        "rules/combat-phase-outline/p6": "Attacking and blocking flip units.",
        "rules/combat-phase-outline/p7": "Flipped units cannot attack or block.",
        "rules/combat-phase-outline/p8": "Blocking happens in step 2; later only a unit with guardian that arrived after blocks may block.",
        "rules/combat-phase-outline/p9": "A pass after attacking does not count towards ending the round.",
        "rules/starting-the-game/p1": "Random first player, shuffle, starting locations to the location zone, draw 5, begin round 1.",
        "rules/kinds-of-game-objects/p1": "Cards are game objects.",
        "rules/kinds-of-game-objects/p2": "Abilities are effects created by cards.",
        "rules/kinds-of-game-objects/p2.1": "Triggered abilities happen automatically; infinite speed unless noted.",
        "rules/kinds-of-game-objects/p2.2": "Skills are abilities a player activates, similar to playing a card.",
        "rules/kinds-of-game-objects/p3": "Universal actions (pass, channel, enter combat) are granted by the rules, not by cards.",
        "rules/kinds-of-game-objects/p4": "Players have health (a life total).",
        "rules/extra-notes/p1": "Damage to cards on the horizon or battlefield is permanent until they leave.",
        "rules/extra-notes/p1.1": "When a health buff goes away, the unit effectively takes that much damage.",
        "rules/extra-notes/p2": "Targets are chosen as the card or ability is played, not on resolution (also for arrive).",
        "rules/extra-notes/p3": "The battlefield holds at most 16 cards; locations do not count.",
        "rules/extra-notes/p3.3": "A card entering a full board replaces a chosen card (discarded with its weapons) or is discarded.",
        "rules/extra-notes/p3.3.1": "Open: whether the new card enters and is discarded, or never enters.",
        "rules/extra-notes/p4": "Effects on targets that no longer exist (or became illegal) do not happen; the rest does.",
        "rules/extra-notes/p5": "Unless an ability says 'you may', you must do it.",
        "rules/extra-notes/p6": "'Do x to do y': if x does not happen, y (to the next line break) does not happen.",
        "rules/extra-notes/p6.1": "Open: if y cannot happen, does x not happen either?",
        "rules/extra-notes/p7": "A buff leaving takes its health away; a debuff leaving grants it back; also for changing "
        "buffs and weapons.",
        "rules/advanced-notes-on-timing-rules-and-the-horizon/p1": "New non-infinite entries during resolution stop it; the player not controlling the new top one "
        "becomes active.",
        "rules/advanced-notes-on-timing-rules-and-the-horizon/p1.1": "Open: non-infinite entries put there by an infinite effect do not resolve on the active "
        "player's pass; the other player becomes active.",
        "rules/advanced-notes-on-timing-rules-and-the-horizon/p2": "Simultaneous triggers go into the horizon all at once in a fixed order.",
        "rules/advanced-notes-on-timing-rules-and-the-horizon/p2.1": "The first player's effects go above the other player's.",
        "rules/advanced-notes-on-timing-rules-and-the-horizon/p2.2": "Then by zone, top to bottom: horizon, battlefield, discard pile.",
        "rules/advanced-notes-on-timing-rules-and-the-horizon/p2.2.1": "Horizon cards: higher ones above lower ones.",
        "rules/advanced-notes-on-timing-rules-and-the-horizon/p2.2.2": "Battlefield cards: left above right; combatants count as leftmost.",
        "rules/advanced-notes-on-timing-rules-and-the-horizon/p2.2.3": "Discard pile: smaller cards on top (offense, health, base cost, then name online).",
        "rules/advanced-notes-on-timing-rules-and-the-horizon/p2.2.4": "One card's triggers: higher in the text box above lower.",
        "rules/advanced-notes-on-timing-rules-and-the-horizon/p3": "New cards arrive on the right; attackers in chosen order, blockers matching them; after "
        "combat they return to the left in that order.",
        "rules/advanced-notes-on-timing-rules-and-the-horizon/p3.1": "Cards entering at once: largest on the left (offense, health, base cost, then name online).",
        "rules/advanced-notes-on-timing-rules-and-the-horizon/p4": "Targets of simultaneous effects are chosen for the bottom-most first.",
        "rules/advanced-notes-on-timing-rules-and-the-horizon/p5": "In one board space the bottom card (the weapon) counts as to the right of the top card.",
    },
)

#: ``summary(id)``: a cited rule's one-line summary; ``check(ids)``: the ids as a tuple, each checked as registered.
summary, check = RULES.summary, RULES.check
