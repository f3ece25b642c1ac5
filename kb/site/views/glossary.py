"""The glossary of a game: each term with its definition, where it is defined, and where it is used."""

from __future__ import annotations

from dataclasses import dataclass, field

from markupsafe import Markup

from kb.core.nodes import NodeKind
from kb.site.views.common import Ctx, Link


@dataclass
class Usage:
    """The places one document uses a term."""

    document: str
    links: list[Link] = field(default_factory=list)


@dataclass
class TermEntry:
    """One glossary term."""

    anchor: str
    name: str
    aliases: list[str]
    definition: Markup
    defined_in: Link | None
    defining_rule: Link | None
    used_in: list[Usage] = field(default_factory=list)


@dataclass
class GlossaryView:
    """A game's glossary page, with an A–Z index."""

    title: str
    game: str
    letters: list[tuple[str, str]] = field(default_factory=list)  # (letter, anchor of its first term)
    terms: list[TermEntry] = field(default_factory=list)
    toc: list = field(default_factory=list)


def _defining_rule(ctx: Ctx, term: str) -> str | None:
    data = ctx.graph.node(term)
    number = ctx.model.data.kb.curated.defined_by.get(data.game, {}).get(data.title)
    if number and f"{data.game}:{number}" in ctx.graph:
        return f"{data.game}:{number}"
    parent = data.parent
    if parent in ctx.graph and ctx.graph.node(parent).kind == NodeKind.RULE:
        return parent
    return None


def _usages(ctx: Ctx, term: str) -> list[Usage]:
    groups: dict[str, Usage] = {}
    for user in ctx.model.relations.get("used_by", term):
        data = ctx.graph.node(user)
        document = f"{data.game}:{data.document}"
        name = ctx.model.document_name(document) if document in ctx.model.documents else data.document
        groups.setdefault(name, Usage(name)).links.append(ctx.ref(user))
    return list(groups.values())


def glossary_view(ctx: Ctx, game: str) -> GlossaryView:
    """Every term of ``game``, alphabetically."""
    view = GlossaryView(title="Glossary", game=game)
    for term in ctx.model.terms_of(game):
        data = ctx.graph.node(term)
        anchor = ctx.model.relations.location[term][1]
        parent = data.parent
        rule = _defining_rule(ctx, term)
        entry = TermEntry(
            anchor=anchor,
            name=data.title,
            aliases=list(data.aliases or []),
            definition=ctx.text.node_text(term, ctx.link),
            defined_in=ctx.ref(parent) if parent in ctx.graph and parent != rule else None,
            defining_rule=ctx.ref(rule, tip=True) if rule else None,
            used_in=_usages(ctx, term),
        )
        view.terms.append(entry)
        letter = data.title[:1].upper()
        if not view.letters or view.letters[-1][0] != letter:
            view.letters.append((letter, anchor))
        ctx.add_toc(2, anchor, data.title)
    view.toc = ctx.toc
    return view
