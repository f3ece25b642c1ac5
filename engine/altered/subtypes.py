"""The sub-type lists of the excerpt (2.2.2.d-h) and which card types may have sub-types (2.2.2.a-b)."""

from __future__ import annotations

CHARACTER = (
    "Adventurer",
    "Animal",
    "Apprentice",
    "Artist",
    "Bureaucrat",
    "Citizen",
    "Companion",
    "Deity",
    "Dragon",
    "Druid",
    "Elemental",
    "Engineer",
    "Fairy",
    "Leviathan",
    "Mage",
    "Messenger",
    "Noble",
    "Plant",
    "Robot",
    "Soldier",
    "Scholar",
    "Spirit",
    "Titan",
    "Trainer",
)  # 2.2.2.d
PERMANENT = ("Landmark",)  # 2.2.2.e
REGION = ("Forest", "Mountain", "Water")  # 2.2.2.f
SPELL = ("Boon", "Conjuration", "Disruption", "Maneuver", "Song")  # 2.2.2.g
EMBLEM = ("Reaction", "Ongoing")  # 2.2.2.h

#: card type -> (its allowed sub-types, the rule listing them); Heroes have none (2.2.2.b).
ALLOWED: dict[str, tuple[tuple[str, ...], str]] = {
    "character": (CHARACTER, "2.2.2.d"),
    "permanent": (PERMANENT, "2.2.2.e"),
    "region": (REGION, "2.2.2.f"),
    "spell": (SPELL, "2.2.2.g"),
    "emblem": (EMBLEM, "2.2.2.h"),
}

#: The hero region, the companion region and the arena have all three region sub-types (2.2.2.k).
FULL_REGION = REGION


def problem(card_type: str, subtypes: tuple[str, ...]) -> tuple[str, str] | None:
    """Why ``subtypes`` cannot belong to a card of ``card_type`` (message, rule id), or None."""
    if not subtypes:
        return None  # 2.2.2.c: any number, including none
    if card_type == "hero":
        return "Heroes have no sub-types", "2.2.2.b"
    if card_type not in ALLOWED:
        return f"a {card_type} cannot have sub-types", "2.2.2.a"
    allowed, rule = ALLOWED[card_type]
    unknown = [s for s in subtypes if s not in allowed]
    if unknown:
        return f"{', '.join(unknown)} is not a {card_type} sub-type (the list is: {', '.join(allowed)})", rule
    return None
