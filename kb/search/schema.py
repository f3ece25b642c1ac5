"""The index's fields: what is searched (with boosts), what is filtered on, and what a result shows.

Searched text lives in per-language fields (``title_en``/``body_en`` stemmed with porter2, ``title_de``/
``body_de`` with the German snowball stemmer) so that each text is analysed in its own language. Everything
a result displays is stored, so a search needs nothing but the index.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from whoosh.fields import Schema

#: Query-time field boosts: glossary term names and titles rank above body text (applied per field query,
#: so they scale scores linearly rather than being flattened by BM25's term-frequency saturation).
BOOSTS = {
    "terms": 4.0,
    "title_en": 2.0,
    "title_de": 2.0,
    "body_en": 1.0,
    "body_de": 1.0,
    "context_en": 0.4,
    "context_de": 0.4,
}

#: The fields a free-text query searches, by language of analysis. ``context`` holds the words a rule
#: inherits from where it sits: its parent's title and text, and a lead-in paragraph ending in a colon
#: ("If the time limit is reached before a winner is determined:" before 11.1.4–11.1.7).
TEXT_FIELDS = {
    "en": ("terms", "title_en", "body_en", "context_en"),
    "de": ("title_de", "body_de", "context_de"),
}
ALL_TEXT_FIELDS = TEXT_FIELDS["en"] + TEXT_FIELDS["de"]

#: Node kinds grouped into what ``--kind`` offers a judge.
CATEGORIES = {
    "rule": ("rule", "section", "chapter", "paragraph", "document"),
    "term": ("term",),
    "ruling": ("ruling",),
    "example": ("example", "remark", "scenario"),
}
KIND_TO_CATEGORY = {kind: category for category, kinds in CATEGORIES.items() for kind in kinds}

#: How much an entry of a kind weighs in the ranking, beside its text score. Rulings and verified scenarios
#: are secondary material: written as questions and plain-words statements they match a judge's question
#: readily, but the answer is the rule itself, so they count half, and the rules they cite join the
#: results at 0.6 of their text score (see ``RELATED_FACTOR`` in ``engine.py``). A glossary entry restates
#: a term in a short text its name matches strongly: it leads a question about what a term means (see
#: ``_definitions_first``), but for any other question the rule using the term answers, so it counts 0.8.
KIND_PRIOR = {"scenario": 0.5, "ruling": 0.5, "term": 0.8}


#: What each entry keeps for display (everything a hit shows), beside its postings.
STORED_FIELDS = (
    "id",
    "number",
    "game",
    "document",
    "kind",
    "category",
    "lang",
    "order",
    "title",
    "text",
    "label",
    "breadcrumb",
    "url",
    "related",
    "primary",
    "subrules",
    "parent",
    "source",
    "extra",
)


def build_schema() -> Schema:
    """The fields as Whoosh knows them: what its query parser reads a query against (which analyzer each
    field has). Bump ``INDEX_FORMAT`` in ``store.py`` when they change."""
    from whoosh.fields import ID, KEYWORD, NUMERIC, STORED, TEXT, Schema

    from kb.search.analyzers import english_analyzer, german_analyzer

    en, de = english_analyzer(), german_analyzer()
    return Schema(
        id=ID(stored=True, unique=True),
        keys=KEYWORD(commas=True, lowercase=False),  # every spelling that names this node, casefolded
        number=ID(stored=True),
        game=ID(stored=True),
        document=ID(stored=True),
        docid=ID(),  # game:document
        kind=ID(stored=True),
        category=ID(stored=True),
        lang=ID(stored=True),
        terms=TEXT(analyzer=en),  # glossary term names and aliases
        title_en=TEXT(analyzer=en),
        body_en=TEXT(analyzer=en),
        title_de=TEXT(analyzer=de),
        body_de=TEXT(analyzer=de),
        context_en=TEXT(analyzer=en),
        context_de=TEXT(analyzer=de),
        order=NUMERIC(stored=True, sortable=True),
        title=STORED(),
        text=STORED(),
        label=STORED(),
        breadcrumb=STORED(),
        url=STORED(),
        related=STORED(),
        primary=STORED(),
        subrules=STORED(),
        parent=STORED(),
        source=STORED(),
        extra=STORED(),
    )
