"""A small built-in card pool, as plain data, that exercises every ability type and effect kind.

These cards are invented for testing the engine (random play, benchmarks, examples); they are
not official Athernum cards. Factions: ``ember``, ``tide``, ``grove``, and factionless cards.
"""

from __future__ import annotations

import random

from .abilities import load_library
from .cards import CardDef, DeckList
from .deck import eligible_main
from .parameters import CR_PARAMETERS, RuleParameters

OPP_CHAR = {"kind": "permanent", "filter": {"types": ["character"], "controller": "opponent"}}
OWN_CHAR = {"kind": "permanent", "filter": {"types": ["character"], "controller": "you"}}
ANY_CHAR = {"kind": "permanent", "filter": {"types": ["character"]}}

CARDS: list[dict] = [
    # -- cards with a Victory Token Field (possible main characters) ----------------------
    {
        "name": "Ember Queen",
        "type": "character",
        "faction": "ember",
        "subtypes": ["Noble"],
        "cost": 3,
        "ofv": 2,
        "dfv": 4,
        "item_slots": 1,
        "victory_token_field": 3,
        "abilities": [
            {"type": "triggered", "keyword": "objective", "trigger": {"when": "attacks"}, "effect": {"kind": "place_victory_tokens", "what": "this"}},
            {
                "type": "activated",
                "name": "Rally",
                "cost": {"resources": 1},
                "targets": [OWN_CHAR],
                "effect": {"kind": "modify_value", "what": "target 0", "property": "ofv", "add": 1, "duration": "end_of_turn"},
            },
        ],
    },
    {
        "name": "Tide Oracle",
        "type": "character",
        "faction": "tide",
        "subtypes": ["Seer"],
        "cost": 2,
        "ofv": 1,
        "dfv": 3,
        "item_slots": 1,
        "victory_token_field": 3,
        "abilities": [
            {
                "type": "activated",
                "name": "Foresee",
                "keyword": "objective",
                "cost": {"resources": {"tide": 1, "any": 1}, "exhaust_self": True},
                "effect": {"kind": "place_victory_tokens", "what": "this"},
            },
            {"type": "triggered", "trigger": {"at": "morning"}, "effect": {"kind": "reveal", "zone": "deck_top", "count": 1}},
        ],
    },
    {
        "name": "Grove Warden",
        "type": "character",
        "faction": "grove",
        "subtypes": ["Treant"],
        "cost": 4,
        "ofv": 2,
        "dfv": 5,
        "item_slots": 2,
        "victory_token_field": 4,
        "abilities": [
            {"type": "static", "effect": {"kind": "modify_value", "what": {"all": {"types": ["character"], "controller": "you"}}, "property": "dfv", "add": 1}},
            {"type": "triggered", "keyword": "objective", "trigger": {"when": "damaged"}, "effect": {"kind": "place_victory_tokens", "what": "this"}},
        ],
    },
    {
        "name": "Old Lighthouse",
        "type": "location",
        "item_slots": 1,
        "victory_token_field": 3,
        "abilities": [
            {"type": "triggered", "keyword": "objective", "trigger": {"at": "evening"}, "effect": {"kind": "place_victory_tokens", "what": "this"}},
        ],
    },
    {
        "name": "Ash Sentinel",
        "type": "character",
        "faction": "ember",
        "subtypes": ["Soldier"],
        "cost": 2,
        "ofv": 2,
        "dfv": 2,
        "victory_token_field": 2,
        "abilities": [
            {"type": "triggered", "trigger": {"when": "enters"}, "targets": [OPP_CHAR], "effect": {"kind": "deal_damage", "what": "target 0", "amount": 1}},
        ],
    },
    {
        "name": "Harbor Regent",
        "type": "character",
        "faction": "tide",
        "subtypes": ["Noble"],
        "cost": 3,
        "ofv": 1,
        "dfv": 3,
        "victory_token_field": 2,
        "extra_rules": ["Unique"],
        "abilities": [
            {
                "type": "activated",
                "name": "Decree",
                "keyword": "command",
                "cost": {"resources": 2},
                "targets": [{"kind": "permanent", "filter": {"types": ["character"], "controller": "opponent", "max_cost": 2, "main": False}}],
                "effect": {"kind": "gain_control", "what": "target 0"},
            },
        ],
    },
    {
        "name": "Doom Herald",
        "type": "character",
        "subtypes": ["Herald"],
        "cost": 5,
        "ofv": 1,
        "dfv": 4,
        "victory_token_field": 2,
        "abilities": [
            {"type": "triggered", "trigger": {"at": "evening"}, "effect": {"kind": "place_victory_tokens", "what": "this"}},
            {
                "type": "activated",
                "name": "Reckoning",
                "cost": {"resources": 2, "remove_victory_tokens": 2},
                "effect": {"kind": "win", "player": "you", "if": {"hand_size_at_least": 5}},
            },
        ],
    },
    # -- characters -------------------------------------------------------------------------
    {
        "name": "Ember Knight",
        "type": "character",
        "faction": "ember",
        "subtypes": ["Knight"],
        "cost": 2,
        "ofv": 2,
        "dfv": 2,
        "item_slots": 1,
        "abilities": [
            {"type": "activated", "name": "Charge", "cost": {"exhaust_self": True}, "targets": [OPP_CHAR], "effect": {"kind": "deal_damage", "what": "target 0", "amount": 1}},
        ],
    },
    {
        "name": "Spark Runner",
        "type": "character",
        "faction": "ember",
        "cost": 1,
        "ofv": 1,
        "dfv": 1,
        "abilities": [
            {"type": "support", "fee": {"resources": 1}, "targets": [ANY_CHAR], "effect": {"kind": "deal_damage", "what": "target 0", "amount": 1}},
        ],
    },
    {
        "name": "Ember Mage",
        "type": "character",
        "faction": "ember",
        "subtypes": ["Mage"],
        "cost": 3,
        "ofv": 1,
        "dfv": 2,
        "abilities": [
            {
                "type": "activated",
                "name": "Fireball",
                "cost": {"resources": 1, "discard": 1},
                "targets": [{"kind": "permanent", "filter": {"controller": "opponent"}}],
                "effect": {"kind": "deal_damage", "what": "target 0", "amount": 2},
            },
        ],
    },
    {
        "name": "Tide Scholar",
        "type": "character",
        "faction": "tide",
        "cost": 1,
        "ofv": 0,
        "dfv": 2,
        "abilities": [
            {"type": "support", "fee": {"resources": 1}, "effect": {"kind": "draw", "count": 1}},
            {"type": "triggered", "trigger": {"when": "enters"}, "effect": {"kind": "search", "zone": "deck", "filter": {"types": ["item"]}, "count": 1}},
        ],
    },
    {
        "name": "Mist Weaver",
        "type": "character",
        "faction": "tide",
        "cost": 2,
        "ofv": 1,
        "dfv": 2,
        "abilities": [
            {
                "type": "activated",
                "name": "Unravel",
                "cost": {"resources": {"tide": 1}, "exhaust_self": True},
                "targets": [{"kind": "effect", "filter": {"controller": "opponent"}}],
                "effect": {"kind": "neutralise", "what": "target 0"},
            },
        ],
    },
    {
        "name": "Echo Adept",
        "type": "character",
        "faction": "tide",
        "cost": 2,
        "ofv": 1,
        "dfv": 1,
        "abilities": [
            {"type": "activated", "name": "Amplify", "cost": {"resources": 1}, "targets": [{"kind": "effect", "filter": {"controller": "you"}}], "effect": {"kind": "modify_effect", "what": "target 0", "add": 1}},
        ],
    },
    {
        "name": "Grove Tender",
        "type": "character",
        "faction": "grove",
        "cost": 2,
        "ofv": 1,
        "dfv": 3,
        "abilities": [
            {"type": "activated", "name": "Mend", "cost": {"resources": 1}, "targets": [OWN_CHAR], "effect": {"kind": "heal", "what": "target 0", "amount": "all"}},
            {
                "type": "triggered",
                "trigger": {"at": "morning"},
                "targets": [{"kind": "permanent", "filter": {"controller": "you", "exhausted": True}}],
                "effect": {"kind": "remove_counters", "what": "target 0", "counter": "exhaustion", "amount": 1},
            },
        ],
    },
    {
        "name": "Thorn Guard",
        "type": "character",
        "faction": "grove",
        "cost": 3,
        "ofv": 1,
        "dfv": 4,
        "abilities": [
            {"type": "static", "effect": {"kind": "modify_value", "what": "this", "property": "ofv", "add": 2, "condition": {"it_is_damaged": True}}},
        ],
    },
    {
        "name": "Root Colossus",
        "type": "character",
        "faction": "grove",
        "cost": 5,
        "ofv": 3,
        "dfv": 6,
        "abilities": [
            {"type": "activated", "name": "Overgrow", "cost": {"resources": 2}, "effect": {"kind": "modify_value", "what": "this", "property": "ofv", "multiply": 2, "duration": "end_of_turn"}},
        ],
    },
    {
        "name": "Spirit Caller",
        "type": "character",
        "faction": "grove",
        "cost": 3,
        "ofv": 1,
        "dfv": 2,
        "abilities": [
            {
                "type": "activated",
                "name": "Summon",
                "cost": {"resources": 1, "exhaust_self": True},
                "effect": {"kind": "create_token", "token": {"type": "character", "subtypes": ["Spirit"], "ofv": 1, "dfv": 1}},
            },
        ],
    },
    {
        "name": "Shadow Broker",
        "type": "character",
        "cost": 2,
        "ofv": 1,
        "dfv": 2,
        "abilities": [
            {"type": "activated", "name": "Blackmail", "keyword": "command", "targets": [{"kind": "player", "filter": {"controller": "opponent"}}], "effect": {"kind": "discard_from_hand", "player": "target 0", "count": 1}},
        ],
    },
    {
        "name": "Void Hermit",
        "type": "character",
        "cost": 2,
        "ofv": 2,
        "dfv": 2,
        "abilities": [
            {"type": "triggered", "trigger": {"when": "enters"}, "targets": [{"kind": "card", "zone": "discard", "up_to": True}], "effect": {"kind": "move_to_void", "what": "target 0"}},
        ],
    },
    {
        "name": "Gate Keeper",
        "type": "character",
        "cost": 2,
        "ofv": 0,
        "dfv": 4,
        "item_slots": 1,
        "abilities": [
            {"type": "triggered", "trigger": {"when": "enters"}, "targets": [OWN_CHAR], "effect": {"kind": "prevent", "what": "target 0", "amount": 2, "duration": "your_next_turn"}},
        ],
    },
    {
        "name": "Doppel Mimic",
        "type": "character",
        "cost": 3,
        "ofv": 0,
        "dfv": 1,
        "abilities": [
            {"type": "triggered", "trigger": {"when": "enters"}, "targets": [{"kind": "permanent", "filter": {"types": ["character"], "other": True}, "up_to": True}], "effect": {"kind": "copy", "what": "target 0"}},
        ],
    },
    {
        "name": "Bell Ringer",
        "type": "character",
        "cost": 1,
        "ofv": 1,
        "dfv": 1,
        "abilities": [
            {"type": "triggered", "trigger": {"at": "evening"}, "targets": [OPP_CHAR], "effect": {"kind": "exhaust", "what": "target 0"}},
        ],
    },
    {
        "name": "Oath Breaker",
        "type": "character",
        "faction": "ember",
        "cost": 4,
        "ofv": 3,
        "dfv": 3,
        "abilities": [
            {"type": "triggered", "trigger": {"whenever": "discarded", "filter": {"types": ["character"], "controller": "opponent"}}, "effect": {"kind": "draw", "count": 1}},
        ],
    },
    {
        "name": "Plague Rat",
        "type": "character",
        "cost": 1,
        "ofv": 1,
        "dfv": 1,
        "abilities": [
            {"type": "triggered", "trigger": {"when": "attacks"}, "targets": [OPP_CHAR], "effect": {"kind": "place_counters", "what": "target 0", "counter": "poison", "amount": 1}},
        ],
    },
    {
        "name": "Vigil Monk",
        "type": "character",
        "cost": 2,
        "ofv": 1,
        "dfv": 2,
        "abilities": [
            {"type": "triggered", "trigger": {"when": "leaves"}, "effect": {"kind": "draw", "count": 1}},
            {"type": "triggered", "trigger": {"at": "night"}, "effect": {"kind": "shuffle", "player": "you"}},
        ],
    },
    {
        "name": "Assassin",
        "type": "character",
        "cost": 3,
        "ofv": 2,
        "dfv": 1,
        "abilities": [
            {
                "type": "support",
                "fee": {"resources": 2},
                "targets": [{"kind": "permanent", "filter": {"types": ["character"], "controller": "opponent", "max_cost": 2}}],
                "effect": {"kind": "discard", "what": "target 0"},
            },
        ],
    },
    # -- items --------------------------------------------------------------------------
    {
        "name": "Iron Blade",
        "type": "item",
        "abilities": [{"type": "static", "keyword": "equip", "effect": {"kind": "modify_value", "what": "linked", "property": "ofv", "add": 2}}],
    },
    {
        "name": "Aegis Charm",
        "type": "item",
        "abilities": [
            {"type": "static", "keyword": "equip", "effect": {"kind": "modify_value", "what": "linked", "property": "dfv", "add": 2}},
            {"type": "activated", "keyword": "equip", "name": "Shroud", "cost": {"resources": 1}, "effect": {"kind": "prevent", "what": "linked", "amount": 2}},
        ],
    },
    {
        "name": "Crown of Ages",
        "type": "item",
        "extra_rules": ["Unique"],
        "abilities": [
            {"type": "static", "keyword": "equip", "effect": {"kind": "modify_value", "what": "linked", "property": "ofv", "add": 1}},
            {"type": "static", "keyword": "equip", "effect": {"kind": "modify_value", "what": "linked", "property": "dfv", "add": 1}},
        ],
    },
    {
        "name": "Banner of Ash",
        "type": "item",
        "abilities": [{"type": "static", "keyword": "equip", "effect": {"kind": "add_types", "what": "linked", "types": ["Knight"]}}],
    },
    {
        "name": "Healing Draught",
        "type": "item",
        "abilities": [{"type": "static", "targets": [OWN_CHAR], "effect": {"kind": "heal", "what": "target 0", "amount": 2}}],
    },
    {
        "name": "Polymorph Draught",
        "type": "item",
        "abilities": [
            {
                "type": "static",
                "targets": [OPP_CHAR],
                "effects": [
                    {"kind": "set_types", "what": "target 0", "types": ["character", "Frog"], "duration": "end_of_turn"},
                    {"kind": "modify_value", "what": "target 0", "property": "ofv", "set": 0, "duration": "end_of_turn"},
                ],
            }
        ],
    },
    {
        "name": "Lantern of Truth",
        "type": "item",
        "abilities": [
            {"type": "static", "targets": [{"kind": "permanent", "filter": {"controller": "you", "face_up": False}, "up_to": True}], "effect": {"kind": "turn_face_up", "what": "target 0"}},
        ],
    },
    {
        "name": "Smoke Bomb",
        "type": "item",
        "abilities": [
            {"type": "static", "targets": [{"kind": "attachment", "filter": {"controller": "opponent", "face_up": True}, "up_to": True}], "effect": {"kind": "turn_face_down", "what": "target 0"}},
        ],
    },
    {
        "name": "Hourglass",
        "type": "item",
        "abilities": [
            {"type": "static", "targets": [OPP_CHAR], "effect": {"kind": "place_counters", "what": "target 0", "counter": "exhaustion", "amount": 1}},
        ],
    },
    {
        "name": "Recall Scroll",
        "type": "item",
        "abilities": [
            {"type": "static", "targets": [{"kind": "permanent", "filter": {"types": ["character"], "main": False}}], "effect": {"kind": "return_to_hand", "what": "target 0"}},
        ],
    },
    {
        "name": "Treasure Map",
        "type": "item",
        "abilities": [{"type": "static", "effect": {"kind": "search", "zone": "deck", "filter": {"types": ["location"]}, "count": 1}}],
    },
    {
        "name": "Mirror Shard",
        "type": "item",
        "abilities": [
            {"type": "static", "effects": [{"kind": "reveal", "player": "opponent", "zone": "hand"}, {"kind": "shuffle", "player": "you"}]},
        ],
    },
    {
        "name": "Cursed Idol",
        "type": "item",
        "abilities": [
            {
                "type": "activated",
                "keyword": "equip",
                "name": "Hex",
                "cost": {"resources": 3},
                "targets": [{"kind": "player", "filter": {"controller": "opponent"}}],
                "effect": {"kind": "lose", "player": "target 0", "if": {"hand_size_at_least": 7}},
            },
        ],
    },
    {
        "name": "Summoning Circle",
        "type": "item",
        "abilities": [
            {"type": "static", "keyword": "equip", "effect": {"kind": "modify_value", "what": "linked", "property": "item_slots", "add": 1}},
            {"type": "activated", "keyword": "equip", "name": "Conjure", "cost": {"resources": 1}, "effect": {"kind": "create_token", "token": {"name": "Spectral Dagger", "type": "item", "abilities": [{"type": "static", "keyword": "equip", "effect": {"kind": "modify_value", "what": "linked", "property": "ofv", "add": 1}}]}, "attach_to": "linked"}},
        ],
    },
    # -- locations ---------------------------------------------------------------------
    {
        "name": "Ember Brazier",
        "type": "location",
        "abilities": [
            {"type": "activated", "name": "Stoke", "cost": {"exhaust_self": True}, "effect": {"kind": "add_resources", "faction": "yours", "amount": 1}},
        ],
    },
    {
        "name": "Cursed Crypt",
        "type": "location",
        "abilities": [
            {
                "type": "activated",
                "name": "Desecrate",
                "cost": {"resources": 2, "exhaust_self": True},
                "targets": [{"kind": "permanent", "filter": {"controller": "opponent", "has_victory_token_field": True}}],
                "effect": {"kind": "lose_victory_tokens", "what": "target 0", "amount": 1},
            },
        ],
    },
    {
        "name": "Tax Office",
        "type": "location",
        "abilities": [
            {
                "type": "activated",
                "name": "Levy",
                "cost": {"resources": 3},
                "timing": "day",
                "once_per_turn": True,
                "targets": [{"kind": "permanent", "filter": {"controller": "opponent", "has_victory_token_field": True}}],
                "effect": {"kind": "remove_victory_tokens", "what": "target 0", "amount": 1},
            },
        ],
    },
    # -- naming, reassigning, granting, restricting, deck tops and extra rules --------------------
    {
        "name": "Name Seer",
        "type": "character",
        "faction": "tide",
        "cost": 2,
        "ofv": 1,
        "dfv": 2,
        "abilities": [
            {
                "type": "activated",
                "name": "Divine",
                "cost": {"resources": 1, "exhaust_self": True},
                "effects": [{"kind": "name_card"}, {"kind": "search", "filter": {"named": True}, "count": 1}],
            },
            {"type": "activated", "name": "Omen", "cost": {"resources": 1}, "effect": {"kind": "turn_top_face_up"}},
        ],
    },
    {
        "name": "Gear Smith",
        "type": "character",
        "cost": 1,
        "ofv": 1,
        "dfv": 2,
        "item_slots": 1,
        "abilities": [
            {
                "type": "activated",
                "name": "Refit",
                "cost": {"resources": 1},
                "targets": [{"kind": "attachment", "filter": {"controller": "you"}}, OWN_CHAR],
                "effect": {"kind": "reattach", "what": "target 0", "onto": "target 1"},
            },
            {
                "type": "activated",
                "name": "Siphon",
                "cost": {"resources": 1},
                "targets": [{"kind": "permanent", "filter": {"damaged": True}}, {"kind": "permanent"}],
                "effect": {"kind": "move_counters", "what": "target 0", "onto": "target 1", "counter": "damage", "amount": 1},
            },
        ],
    },
    {
        "name": "War Chanter",
        "type": "character",
        "faction": "ember",
        "cost": 2,
        "ofv": 1,
        "dfv": 2,
        "abilities": [
            {
                "type": "activated",
                "name": "Inspire",
                "cost": {"resources": 1},
                "targets": [OWN_CHAR],
                "effect": {"kind": "grant_ability", "what": "target 0",
                           "ability": {"type": "activated", "name": "Second Wind", "cost": {"resources": 1}, "effect": {"kind": "draw"}}},
            },
            {
                "type": "activated",
                "name": "Embargo",
                "keyword": "command",
                "effect": {"kind": "restrict_resources", "restrict": "generation", "player": "opponent", "duration": "end_of_phase"},
            },
        ],
    },
    {
        "name": "Tide Binder",
        "type": "character",
        "faction": "tide",
        "cost": 2,
        "ofv": 1,
        "dfv": 2,
        "abilities": [
            {"type": "activated", "name": "Undertow", "cost": {"resources": 2}, "targets": [{"kind": "permanent", "filter": {"main": False}}],
             "effect": {"kind": "shuffle_into_deck", "what": "target 0"}},
            {"type": "activated", "name": "Ebb", "cost": {"resources": 2}, "targets": [{"kind": "permanent", "filter": {"main": False, "controller": "you"}}],
             "effect": {"kind": "move_to_void", "what": "target 0", "then_return": True}},
            {"type": "activated", "name": "Freeze Trade", "keyword": "command",
             "effect": {"kind": "restrict_resources", "restrict": "usage", "player": "opponent", "duration": "end_of_phase"}},
        ],
    },
    {
        "name": "Dormant Titan",
        "type": "character",
        "faction": "grove",
        "cost": 4,
        "ofv": 4,
        "dfv": 4,
        "extra_rules": ["Awaken"],
        "abilities": [
            {"type": "triggered", "zone": "extra_deck", "trigger": {"whenever": "discarded", "filter": {"types": ["character"], "controller": "you"}},
             "effect": {"kind": "put_onto_board", "what": "this"}},
        ],
    },
    {
        "name": "Omen Bird",
        "type": "character",
        "cost": 1,
        "ofv": 1,
        "dfv": 1,
        "abilities": [{"type": "triggered", "zone": "deck_top", "trigger": {"at": "morning"}, "effect": {"kind": "draw"}}],
    },
    {
        "name": "Watchtower",
        "type": "location",
        "dfv": 3,
        "item_slots": 1,
        "abilities": [
            {"type": "triggered", "trigger": {"whenever": "enters", "filter": {"types": ["character"], "controller": "opponent"}}, "effect": {"kind": "draw", "count": 1, "player": "you"}},
        ],
    },
]


def library() -> dict[str, CardDef]:
    """The built-in pool as a card library (name -> CardDef)."""
    return load_library(CARDS)


def random_deck(rng: random.Random, lib: dict[str, CardDef] | None = None, params: RuleParameters = CR_PARAMETERS) -> DeckList:
    """A random legal deck (11.0.2) from the pool: 60 cards, at most 4 copies, some extra deck
    (the numbers of ``params``)."""
    lib = lib or library()
    DECK_SIZE, MAX_COPIES = params.deck_size, params.max_copies  # noqa: N806
    names = sorted(lib)
    mains = [n for n in names if eligible_main(lib[n]) is None]
    counts: dict[str, int] = {}
    for n in rng.sample(mains, k=rng.randint(1, 3)):
        counts[n] = 1 if lib[n].unique else rng.randint(1, MAX_COPIES)
    pool = names[:]
    while sum(counts.values()) < DECK_SIZE:
        n = rng.choice(pool)
        cap = 1 if lib[n].unique else MAX_COPIES
        if counts.get(n, 0) < cap:
            counts[n] = counts.get(n, 0) + 1
    main: list[str] = []
    for n, c in counts.items():
        main.extend([n] * c)
    rng.shuffle(main)
    extra: list[str] = []
    for _ in range(rng.randint(0, 4)):
        n = rng.choice(names)
        cap = 1 if lib[n].unique else MAX_COPIES
        if counts.get(n, 0) < cap:
            counts[n] = counts.get(n, 0) + 1
            extra.append(n)
    return DeckList(tuple(main), tuple(extra))
