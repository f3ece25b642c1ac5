"""Readings the engine chose where the Altered excerpt is silent, cut short, or refers to sections it
does not contain. The excerpt is followed wherever it speaks; each entry says which reading the engine
implements and why, in plain words (published as rulings R-ALT-… in ``rules/altered/rulings.yaml``)."""

from __future__ import annotations

from engine.common.decisions import Decision, find

DECISIONS: tuple[Decision, ...] = (
    Decision(
        "D-FIRST-MORNING",
        "4.1.j replaces the first Morning 'with the following setup:' and the excerpt stops there. What happens?",
        "Each player draws six cards, then each puts three cards from their Hand in their Mana zone, face-down and "
        "ready; the first player decides first (1.4.5.a) and the opponent knows a choice was made, not which "
        "cards. The first day then starts at Noon.",
        ("4.1.j", "1.3.2.b", "1.4.5.a"),
        "Without cards in hand and Mana Orbs nobody could play a card on the first Afternoon. The numbers are "
        "those of the publisher's full rules (1.3.1.d there), which the knowledge base does not hold.",
    ),
    Decision(
        "D-PROGRESS",
        "1.3.2.e stops at 'An expedition moves forward if one of its statistics is:'. Which statistics, compared "
        "with what?",
        "An expedition moves forward (one region, once) if, for at least one sub-type of the region it is in "
        "(Forest, Mountain, Water), the matching statistic of the expedition is greater than 0 and greater than "
        "the same statistic of the opponent's expedition of the same kind (hero against hero, companion against "
        "companion). A tie is not enough. All expeditions that qualify move forward simultaneously.",
        ("1.3.2.e", "2.2.9.b", "2.2.2.k", "2.2.2.l", "2.2.2.p", "6.1.f"),
        "Regions have the same three sub-types as the statistics (2.2.2.f, 2.2.9.b) and The Kraken's example "
        "(2.2.2.p) only matters if region types decide Progress. The comparison matches the publisher's full "
        "rules (4.2.4.b-f there).",
    ),
    Decision(
        "D-NIGHT",
        "4.2.c says daily effects resolve during Night, but the excerpt names none.",
        "Night: 'At Night' reactions are checked at its beginning (4.2.b) and no daily effect resolves. The day "
        "then ends: Ongoing Emblems lasting 'this Day' cease to exist (2.2.13.a) and a new day begins with "
        "Morning, where the counts of 1.4.6 start again.",
        ("4.2.c", "4.2.b", "2.2.13.a", "1.4.6.a"),
        "Inventing Night's daily effects would put rules in the engine that no text of the excerpt supports.",
    ),
    Decision(
        "D-NO-VICTORY",
        "How does the game end?",
        "The excerpt defines no way to win, so the engine never ends a game; an expedition already at the far "
        "end of the Adventure does not move further (D-ADVENTURE-END).",
        ("1.3.2.e",),
        "Nothing in the excerpt says when a player wins.",
    ),
    Decision(
        "D-ADVENTURE-END",
        "What happens when an expedition at the last region would move forward?",
        "Nothing: it stays where it is.",
        ("1.3.2.e",),
        "There is no region beyond the ends of the Adventure (4.1.b).",
    ),
    Decision(
        "D-REACTION-ORDER",
        "4.2.d's remark says Reactions in Limbo 'can be played in any order, as described in Section 4.4', which "
        "the excerpt does not contain. Who plays which Reaction when?",
        "While Reactions are in Limbo, the first player in initiative order (1.4.5.a) who controls one chooses "
        "one of theirs and plays it; its effect resolves, it ceases to exist (2.2.2.m) and Reactions are checked "
        "again. New Reactions join those waiting. Playing a Reaction is an action of its controller; the engine "
        "never plays one by itself.",
        ("4.2.d", "4.2.e", "1.4.5.a", "2.2.2.m"),
        "It applies the excerpt's own rule for simultaneous decisions (1.4.5.a) to the choice of the next "
        "Reaction, and matches the publisher's full rules (4.4.b-c there).",
    ),
    Decision(
        "D-TARGETS",
        "When are targets ('target Expedition', 'target card in a Reserve') chosen?",
        "When the card, the quick action or the Reaction is played; they are checked again when the effect acts: "
        "a target that has changed zones is a new object and the effect does not follow it (1.4.4.a).",
        ("1.4.4.a", "6.1.a"),
        "The excerpt does not say; declaring on play lets the opponent see the targets before anything resolves.",
    ),
    Decision(
        "D-KEYWORDS",
        "The excerpt uses Resupply, Sabotage, sacrifice, boost and 'costs less' without defining them.",
        "Resupply: put the top card of your Deck in your Reserve. Sabotage: discard up to one target card in a "
        "Reserve. Sacrifice a Character: put a Character you control in its owner's Discard pile. A boost adds 1 "
        "to each statistic of the Character while it stays in its expedition. 'Costs less' on a card is written "
        "with its amount (Twinkle Twinkle: 1).",
        ("1.4.5.a", "6.1.c", "2.2.9.b"),
        "These are the publisher's definitions (7.3.16, 7.3.18 of the full rules); the Kitsune example "
        "(the top card reaches a visible zone) agrees with them.",
    ),
    Decision(
        "D-EMPTY-DECK",
        "What if a player must draw or Resupply with an empty Deck?",
        "Nothing happens for the missing cards; the rest of the effect resolves (1.4.1.c).",
        ("1.4.1.c",),
        "The excerpt has no rule for it; doing what can be done follows 1.4.1.c's spirit.",
    ),
    Decision(
        "D-CARD-COSTS",
        "How are cards and costs paid? The excerpt names Mana Orbs and 'pay [1]' but no payment rule.",
        "A card costs its Hand cost from the Hand and its Reserve cost from the Reserve (the Hand cost if none "
        "is given). Paying N exhausts N ready Mana Orbs. A card put in the Mana zone (Expand) is a face-down, "
        "ready Mana Orb. Costs, including mana, are paid in a single step (6.1.d).",
        ("6.1.d", "1.3.2.b", "4.2.3.c"),
        "Prepare readies Mana Orbs (1.3.2.b), so Mana Orbs are exhausted to pay; Subhash & Marmo's example "
        "pays 1 in the same step as another cost.",
    ),
    Decision(
        "D-SPELL-AFTER",
        "Where does a Spell go once it has resolved?",
        "To its owner's Reserve if it was played from the Hand, to their Discard pile otherwise.",
        ("4.2.3.c",),
        "Twinkle Twinkle and Alice use support abilities from the Reserve, so played Spells reach it; the "
        "publisher's full rules agree.",
    ),
    Decision(
        "D-SUPPORT",
        "What is a 'support ability' (Twinkle Twinkle, Alice)?",
        "A quick action of a card in its owner's Reserve, played during its owner's turn like any quick action "
        "(4.2.3.c) and counted by 1.4.6.b; its cost is usually 'discard me from Reserve'.",
        ("4.2.3.c", "1.4.6.b", "7.3.2.b"),
        "Alice's example says 'If a player plays this action' during the Afternoon, and the turn structure knows "
        "only quick actions besides cards and passing.",
    ),
    Decision(
        "D-TOKEN-LEAVES",
        "What happens to a token that leaves its expedition?",
        "It ceases to exist: no item represents it elsewhere (1.4.4.a).",
        ("1.4.4.a",),
        "A token has no card to move; 1.4.4.a says the item moves, not the object.",
    ),
    Decision(
        "D-TOKEN-ZONE",
        "Foundry Armorer creates a token 'in target Expedition'. What if the target is the opponent's?",
        "A token belongs to the player whose effect creates it; one that would be created in another player's "
        "expedition is created in its owner's corresponding expedition instead (1.4.3.a). Tokens these effects "
        "create are Characters: they have statistics (2.2.9.c).",
        ("1.4.3.a", "2.2.9.c", "2.2.2.j"),
        "Applying 'my cards, my zones' to creation keeps every object on its owner's side.",
    ),
    Decision(
        "D-TURN-OUTSIDE-AFTERNOON",
        "An Ongoing Emblem lasting 'this Turn' created outside the Afternoon (at Noon, say): when does it end?",
        "At the end of the phase in which it was created.",
        ("2.2.13.a", "2.2.13.c"),
        "There is no turn outside the Afternoon (4.2.3.a); the phase is the shortest span that contains it.",
    ),
    Decision(
        "D-TUMULT-REVEAL",
        "When does a face-down Tumult card turn face-up, and what does its orientation change?",
        "It turns face-up when an expedition moves forward into it. A Tumult card lists the region sub-types for "
        "each of its two orientations; the orientation drawn at setup (4.1.c) chooses the list (2.2.2.l).",
        ("2.2.2.l", "2.2.2.k", "4.1.c"),
        "4.1.c shuffles 'position and orientation', so the orientation must matter, and face-up Tumult regions "
        "exist (2.2.2.l) while all start face-down.",
    ),
    Decision(
        "D-ARENA",
        "Where is the arena of 2.2.2.k?",
        "The engine keeps it as a region outside the Adventure with its three sub-types; nothing in the excerpt "
        "brings it into play.",
        ("2.2.2.k",),
        "The excerpt names the arena only for its sub-types.",
    ),
    Decision(
        "D-LIMIT-COUNT",
        "What is 'a given' quick action or reaction in 1.4.6.b-c, and what counts as an activation?",
        "An ability of one object: a new object (1.4.4.a) counts afresh. A reaction activates when it triggers; "
        "the hundred-and-first time in a day it creates no Emblem-Reaction. The hundred-and-first quick action "
        "is refused.",
        ("1.4.6.b", "1.4.6.c", "1.4.4.a"),
        "Counting triggers, not plays, is what stops a loop of reactions triggering each other.",
    ),
    Decision(
        "D-REPLACEMENT",
        "How does an 'instead' ability relate to 1.4.1.d and 1.4.2.a?",
        "An 'instead' passive (a card in your Reserve that would be discarded goes to your Hand instead) modifies "
        "the event: the card's text takes priority over the usual outcome (1.4.2.a). If the event itself is "
        "impossible, it is not modified either (1.4.1.d).",
        ("1.4.1.d", "1.4.2.a"),
        "1.4.1.d speaks of modifying events; the excerpt has no other rule for modifications.",
    ),
)


def by_id(decision_id: str) -> Decision:
    """The decision with this id (KeyError if none)."""
    return find(DECISIONS, decision_id)
