"""What a page's rule and term links preview in their popover: each linked node's name and text, once per page.

The texts travel as one small JSON object in the page (only the nodes that page links with a preview), keyed
by the links' href, so that a tap on a term or a rule number shows its text in place without another request.
"""

from __future__ import annotations

import json

from markupsafe import Markup

from kb.core.nodes import NodeKind
from kb.site.model import SiteModel
from kb.site.render import tooltip

PREVIEW_LIMIT = 600  # characters of a rule's text: whole rules, cut only where one runs on for paragraphs


def preview_label(model: SiteModel, node_id: str) -> str:
    """How the popover names a node: ``Rule 4.2.2a``, ``Term: Permanent``, ``9.3 Combat``."""
    data = model.graph.node(node_id)
    if data.kind == NodeKind.TERM:
        return data.title
    number, title = data.number or "", data.title or ""
    if data.kind == NodeKind.RULE and number:
        return f"{number} {title}".strip()
    return f"{number} {title}".strip() or model.document_name(f"{data.game}:{data.document}")


def preview_entry(model: SiteModel, node_id: str) -> dict[str, str]:
    data = model.graph.node(node_id)
    return {"l": preview_label(model, node_id), "t": tooltip(data.text or data.title or "", PREVIEW_LIMIT)}


def previews_json(
    model: SiteModel, nodes: dict[str, str], extra: dict[str, dict[str, str]] | None = None
) -> Markup:
    """The previews of ``nodes`` (each under the href its links have, so that links need no attribute naming
    the node) and any ``extra`` entries (German terms, under their node id) as JSON safe inside a ``<script>``."""
    entries = {href: preview_entry(model, n) for href, n in nodes.items() if n in model.graph}
    entries.update(extra or {})
    return script_json(entries)


def script_json(value: object) -> Markup:
    """``value`` as compact JSON that is safe inside a ``<script>`` element."""
    text = json.dumps(value, ensure_ascii=False, separators=(",", ":"), sort_keys=True)
    return Markup(text.replace("&", "\\u0026").replace("<", "\\u003c").replace(">", "\\u003e"))
