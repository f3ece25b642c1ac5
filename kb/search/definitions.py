"""Definition questions: "what does X mean", "what is X", "difference between X and Y", "was bedeutet X",
"X Erklärung".

A judge asking what a word means wants its definition first: the glossary entry (and the rule that
defines it), not the rules that merely use the word. This module only reads the question's shape; the
engine looks the subjects up among the glossary entries.
"""

from __future__ import annotations

import re

from kb.search.pattern_parts import FLAGS, compiled

#: Question shapes that ask for one definition (group ``x``) or for the difference of two (``x``, ``y``).
PATTERNS = compiled(
    r"\bdifference\s+between\s+(?P<x>.+?)\s+and\s+(?P<y>.+)$",
    # "support ability, what's that": the subject comes first, a pronoun stands for it
    r"^(?P<x>.+?)[\s,;:-]+(?:what(?:'s|s|\s+is|\s+are)|whats)\s+(?:that|this|it|those|these)$",
    # "what does it mean to search my deck": the verb (or the state after "be") is the subject
    r"\bwhat\s+(?:does|do)\s+it\s+mean\s+to\s+(?:be\s+)?(?P<x>.+?)"
    r"(?:\s+(?:my|your|his|her|its|their|our|a|an|the|this|that|one|some)\b.*)?$",
    r"\bwhat\s+counts\s+as\s+(?P<x>.+)$",
    r"\bunterschied\s+zwischen\s+(?P<x>.+?)\s+und\s+(?P<y>.+)$",
    r"\bwhat\s+(?:does|do)\s+(?:the\s+(?:term|word|keyword)\s+)?(?P<x>.+?)\s+(?:mean|stand\s+for)\b",
    r"^(?P<x>.+?)\s+(?:vs\.?|versus)\s+(?P<y>.+)$",
    r"\b(?:what|wat)(?:\s+exactly|\s+actually|\s+really)?(?:'s|s|\s+is|\s+are)\s+(?P<x>.+?)"
    r"(?:\s+(?:exactly|actually|really|precisely))?$",
    r"\b(?:meaning|definition)\s+of\s+(?P<x>.+)$",
    r"\bdefine\s+(?P<x>.+)$",
    # "was genau ist ein Ziel", "was macht Solvency eigentlich": a particle asks nothing of its own
    r"\bwas(?:\s+(?:genau|eigentlich|überhaupt))?\s+(?:bedeutet|bedeuten|heißt|heisst|meint)\s+(?P<x>.+?)"
    r"(?:\s+(?:genau|eigentlich|überhaupt))?$",
    r"\bwas(?:\s+(?:genau|eigentlich|überhaupt))?\s+(?:ist|sind)\s+(?P<x>.+?)(?:\s+(?:genau|eigentlich|überhaupt))?$",
    r"\bwas(?:\s+(?:genau|eigentlich|überhaupt))?\s+(?:macht|machen|bewirkt|bewirken)\s+(?P<x>.+?)"
    r"(?:\s+(?:genau|eigentlich|überhaupt))?$",
    r"\bwhat\s+(?:does|do)\s+(?P<x>.+?)\s+do$",
    r"\bwhat\s+happens\s+(?:in|during)\s+(?P<x>.+)$",
    r"\bwas\s+(?:zählt|gilt)\s+als\s+(?P<x>.+)$",
    r"\bwas\s+(?:passiert|geschieht)\s+(?:in|im|während)\s+(?P<x>.+)$",
    r"\bbedeutung\s+von\s+(?P<x>.+)$",
    r"\bwas\s+versteht\s+man\s+unter\s+(?P<x>.+)$",
    r"\b(?:explain|erklär|erkläre|erklären)\s+(?:mir\s+|me\s+)?(?P<x>.+)$",
    r"^(?P<x>.+?)\s+(?:explained|meaning|definition|erklärung|erklärt|bedeutung)$",
)


#: A subject that starts with a possessive asks for a value ("what is its DFV"), not a definition; a lone
#: pronoun ("what does it mean") names nothing to look up.
POSSESSIVE = re.compile(
    r"^(?:its|my|your|his|her|their|our|sein|seine|ihr|ihre|mein|meine|dein|deine)\b"
    r"|^(?:it|that|this|these|those|they|them|es|das|dies)$",
    FLAGS,
)


#: Words that give one thing a second name: "Ausrüstung bzw. Attachment" asks for both names' definitions.
ALTERNATIVES = re.compile(r"\s+(?:bzw\.?|beziehungsweise|aka|a\.k\.a\.)\s+", FLAGS)
#: A German article before the subject ("ein Attachment"): the subject is the word, looked up in English too.
ARTICLE = re.compile(r"^(?:der|die|das|den|dem|des|ein|eine|einen|einem|einer|eines)\s+", FLAGS)
_TRIM = " ,;:'\""
#: A German subject qualified by what it applies to ("die Aktivierungsgebühr bei Unterstützern", "die Kosten
#: für Orte"): when no glossary entry names it all, its head (the words before) is looked up. (Not English:
#: "what is the initiative of a card without cost" asks for a value, not what initiative is.)
QUALIFIER = re.compile(r"\s+(?:bei|beim|für)\s+", FLAGS)


#: A subject that ends in the word "card(s)" names a kind of card ("what do see beyond cards do"): the glossary
#: names the thing itself ("See Beyond"), so it is looked up without that word too; not after an article or
#: "one" ("channeling a card" is about a card).
CARD_NOUN = re.compile(r"(?<!\ba)(?<!\ban)(?<!\bthe)(?<!\bone)\s+(?:cards?|karten?)$", FLAGS)


def subject_heads(subject: str, lang: str = "de") -> list[str]:
    """A definition subject, then the shorter readings looked up when no glossary entry names it all: a German
    subject's head before a qualifying phrase, and the subject without a last word "card(s)"."""
    heads = [subject]
    head = QUALIFIER.split(subject, maxsplit=1)[0].strip(_TRIM) if lang == "de" else subject
    if head and head != subject:
        heads.append(head)
    bare = CARD_NOUN.sub("", subject).strip(_TRIM)
    if bare and bare not in heads:
        heads.append(bare)
    return heads


def definition_subjects(text: str) -> list[str]:
    """The words a definition question asks about, in the order asked (none for other questions)."""
    cleaned = re.sub(r"[?!.]+\s*$", "", text.strip())
    for pattern in PATTERNS:
        found = pattern.search(cleaned)
        if found:
            named = [s for s in found.groupdict().values() if s]
            subjects = [
                ARTICLE.sub("", p.strip(_TRIM))
                for s in named
                for p in ALTERNATIVES.split(s)
                if p.strip(_TRIM)
            ]
            return [s for s in subjects if not POSSESSIVE.match(s)]
    return []
