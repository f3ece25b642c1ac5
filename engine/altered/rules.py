"""Every Altered rule id the engine cites (from ``rules/altered/cr.md``), with a one-line summary.

The engine never cites an id that is not registered here: log entries and rejections check it
when they are built, and ``tests/engine_common/test_rule_ids.py`` checks that each id is
a node ``altered:<id>`` of the rule graph.
"""

from __future__ import annotations

from engine.common.rules import RuleRegistry

RULES: RuleRegistry = RuleRegistry(
    "engine.altered.rules.RULES",
    {
        # 1.3.2 The day
        "1.3.2.a": "Each day is divided in five phases.",
        "1.3.2.b": "Morning: Succeed, Prepare, Draw, and Expand.",
        "1.3.2.c": "Noon: nothing happens unless reactions trigger 'At Noon'.",
        "1.3.2.d": "Afternoon: alternate turns from the first player; quick actions then a card or a pass; a passed player takes no more turns.",
        "1.3.2.e": "Dusk: sum the statistics of each expedition; an expedition may move forward.",
        # 1.4 Golden rules
        "1.4.1.a": "If a rule or passive ability makes something impossible, a cost or effect cannot do it.",
        "1.4.1.b": "An impossible cost cannot be paid.",
        "1.4.1.c": "An impossible effect is not performed; the rest of the effect resolves normally.",
        "1.4.1.d": "An impossible event cannot be modified, even into a possible one.",
        "1.4.2.a": "A card that allows something not normally allowed, or a different way, takes priority.",
        "1.4.3.a": "A card that would move to another player's zone goes to its owner's corresponding zone instead.",
        "1.4.4.a": "An object that changes zones is a new object; effects do not follow it, except the event that moved it.",
        "1.4.5.a": "Simultaneous decisions are made in initiative order; visible choices are known, hidden ones explicit only.",
        "1.4.6.a": "Limits apply to how often things can happen in a single day.",
        "1.4.6.b": "A given quick action may only be played a hundred times per day.",
        "1.4.6.c": "A given reaction may only activate a hundred times per day.",
        # 2.2.2 Sub-types
        "2.2.2.a": "Characters, Spells, Permanents, Regions and Emblems may have sub-types.",
        "2.2.2.b": "Heroes have no sub-types.",
        "2.2.2.c": "An object may have any number of sub-types.",
        "2.2.2.d": "The character sub-types are listed.",
        "2.2.2.e": "The permanent sub-type is Landmark.",
        "2.2.2.f": "The region sub-types are Forest, Mountain and Water.",
        "2.2.2.g": "The spell sub-types are Boon, Conjuration, Disruption, Maneuver and Song.",
        "2.2.2.h": "The emblem sub-types are Reaction and Ongoing.",
        "2.2.2.j": "A token's sub-types are defined by the effect that creates it.",
        "2.2.2.k": "The hero region, companion region and arena are Forest, Mountain and Water.",
        "2.2.2.l": "A face-up Tumult region's sub-types are the symbols on its side.",
        "2.2.2.m": "An emblem created as a reaction triggers is a Reaction; one created by a lasting effect is Ongoing.",
        "2.2.2.n": "'A [sub-type]' in a cost or effect means an object in play with that sub-type.",
        "2.2.2.o": "Whether a specific card 'is a [sub-type]' is checked wherever it is.",
        "2.2.2.p": "Gaining or losing types means gaining or losing sub-types.",
        # 2.2.9 Statistics
        "2.2.9.a": "Statistics are numbers.",
        "2.2.9.b": "There are three statistics: Forest, Mountain and Water.",
        "2.2.9.c": "Only Characters have statistics.",
        "2.2.9.e": "A token's statistics are defined by the effect that creates it.",
        # 2.2.13 Durations
        "2.2.13.a": "A duration is 'this Turn', 'this Afternoon' or 'this Day'.",
        "2.2.13.b": "Only Ongoing Emblems have a duration.",
        "2.2.13.c": "An Ongoing Emblem's duration is defined by the event that created it.",
        # 4.1 Setup
        "4.1.a": "As the game starts, all zones are empty.",
        "4.1.b": "The Hero Region and the Companion Region are placed at either end of the Adventure.",
        "4.1.c": "Three different Tumult cards are shuffled and placed face-down between them.",
        "4.1.d": "Each player's expedition counters go to the hero region and the companion region.",
        "4.1.e": "Each player presents their deck and their Hero, face-down.",
        "4.1.f": "A player without a Hero may present a face-down card from outside the game.",
        "4.1.g": "The first player is determined at random.",
        "4.1.h": "Heroes are revealed and placed in the Hero zone; a non-Hero card is removed from the game.",
        "4.1.i": "Each player shuffles their deck into their Deck zone.",
        "4.1.j": "The first day starts at Noon; a setup replaces the first Morning.",
        # 4.2 The day
        "4.2.a": "A day contains five phases: Morning, Noon, Afternoon, Dusk and Night.",
        "4.2.b": "At the beginning of each phase, Reactions are checked.",
        "4.2.c": "During Morning, Dusk and Night, daily effects resolve.",
        "4.2.d": "After each daily effect, Reactions are checked.",
        "4.2.e": "With no Reactions left in Limbo, the next daily effect or the next phase follows.",
        "4.2.f": "During Afternoon, the players take turns until all have passed.",
        "4.2.2.a": "There is no daily effect during Noon.",
        "4.2.3.a": "During Afternoon, players alternate taking turns until all have passed.",
        "4.2.3.b": "The first player takes the first turn.",
        "4.2.3.c": "A turn: a quick action, a card from Hand or Reserve, or a pass; check Reactions; a quick action continues the turn.",
        # 6.1 Costs and effects
        "6.1.a": "Paying a cost or resolving an effect consists in following its instructions.",
        "6.1.b": "An effect may involve multiple steps.",
        "6.1.c": "There is a separate step for each verb, unless they happen simultaneously.",
        "6.1.d": "Costs always have a single step.",
        "6.1.e": "A step affecting several objects has one atomic action per object.",
        "6.1.f": "Atomic actions in a single step happen simultaneously.",
        "6.1.g": "Decisions by several players in one step are made in initiative order.",
        # 7.3.2 After you
        "7.3.2.a": "'After you' ends the turn once there are no Reactions in Limbo.",
        "7.3.2.b": "'After you' is not passing.",
    },
)

#: ``summary(id)``: a cited rule's one-line summary; ``check(ids)``: the ids as a tuple, each checked as registered.
summary, check = RULES.summary, RULES.check
