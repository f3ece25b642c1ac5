"""Readings the engine chose where the Altered excerpt is silent, cut short, or refers to sections it does not
contain. The excerpt is followed wherever it speaks. Each entry is the decision's id, the rules involved and the
reading in one line; its question, answer and reasoning are published once, as the ruling R-ALT-… that names it
(``decision:``) in ``rules/altered/rulings.yaml``."""

from __future__ import annotations

from engine.common.decisions import Decision

DECISIONS: tuple[Decision, ...] = (
    Decision(
        "D-FIRST-MORNING",
        ("4.1.j", "1.3.2.b", "1.4.5.a"),
        "The first Morning: each player draws six cards and puts three in their Mana zone, the first player first",
    ),
    Decision(
        "D-PROGRESS",
        ("1.3.2.e", "2.2.9.b", "2.2.2.k", "2.2.2.l", "2.2.2.p", "6.1.f"),
        "An expedition moves forward if one of its region's statistics is greater than 0 and than the opponent's",
    ),
    Decision(
        "D-NIGHT",
        ("4.2.c", "4.2.b", "2.2.13.a", "1.4.6.a"),
        "Night: 'At Night' reactions are checked at its beginning (4.2.b) and no daily effect resolves",
    ),
    Decision(
        "D-NO-VICTORY",
        ("1.3.2.e",),
        "The excerpt defines no way to win, so the engine never ends a game",
    ),
    Decision(
        "D-ADVENTURE-END",
        ("1.3.2.e",),
        "An expedition at the far end of the Adventure stays where it is",
    ),
    Decision(
        "D-REACTION-ORDER",
        ("4.2.d", "4.2.e", "1.4.5.a", "2.2.2.m"),
        "Reactions in Limbo are played one at a time, the first player in initiative order first",
    ),
    Decision(
        "D-TARGETS",
        ("1.4.4.a", "6.1.a"),
        "Targets are declared when a card, quick action or Reaction is played and checked again when the effect acts",
    ),
    Decision(
        "D-KEYWORDS",
        ("1.4.5.a", "6.1.c", "2.2.9.b"),
        "Resupply, Sabotage, sacrifice, boost and 'costs less' mean what the publisher's full rules define",
    ),
    Decision(
        "D-EMPTY-DECK",
        ("1.4.1.c",),
        "Drawing or Resupplying from an empty Deck does nothing for the missing cards; the rest resolves (1.4.1.c)",
    ),
    Decision(
        "D-CARD-COSTS",
        ("6.1.d", "1.3.2.b", "4.2.3.c"),
        "A card costs its Hand cost from the Hand and its Reserve cost from the Reserve (the Hand cost if none is given)",
    ),
    Decision(
        "D-SPELL-AFTER",
        ("4.2.3.c",),
        "A resolved Spell goes to its owner's Reserve if played from the Hand, to their Discard pile otherwise",
    ),
    Decision(
        "D-SUPPORT",
        ("4.2.3.c", "1.4.6.b", "7.3.2.b"),
        "A support ability is a quick action of a card in its owner's Reserve",
    ),
    Decision(
        "D-TOKEN-LEAVES",
        ("1.4.4.a",),
        "A token that leaves its expedition ceases to exist",
    ),
    Decision(
        "D-TOKEN-ZONE",
        ("1.4.3.a", "2.2.9.c", "2.2.2.j"),
        "A token belongs to the player whose effect creates it and is created in that player's zones",
    ),
    Decision(
        "D-TURN-OUTSIDE-AFTERNOON",
        ("2.2.13.a", "2.2.13.c"),
        "An Ongoing Emblem lasting 'this Turn' created outside the Afternoon ends at the end of its phase",
    ),
    Decision(
        "D-TUMULT-REVEAL",
        ("2.2.2.l", "2.2.2.k", "4.1.c"),
        "A Tumult card turns face-up when an expedition moves forward into it",
    ),
    Decision(
        "D-ARENA",
        ("2.2.2.k",),
        "The Arena is a region outside the Adventure with its three sub-types",
    ),
    Decision(
        "D-LIMIT-COUNT",
        ("1.4.6.b", "1.4.6.c", "1.4.4.a"),
        "A limit counts an ability's triggers per object: a new object counts afresh",
    ),
    Decision(
        "D-REPLACEMENT",
        ("1.4.1.d", "1.4.2.a"),
        "An 'instead' passive modifies the event: the card's text takes priority over the usual outcome",
    ),
)
