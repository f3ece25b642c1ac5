"""Index entries for the small indexes a ranking test builds in a temporary folder."""

from __future__ import annotations

from pathlib import Path

from kb.search.documents import IndexDoc


def rule_entry(number: str, text: str, order: int) -> IndexDoc:
    """A CR rule ``g:<number>`` of game ``g`` with ``text``, ``order``-th in the index."""
    return IndexDoc(
        id=f"g:{number}",
        game="g",
        document="cr",
        kind="rule",
        title="",
        url=f"/{number}",
        text=text,
        number=number,
        keys=[f"g:{number}"],
        order=order,
    )


def small_engine(folder: Path, docs: list[IndexDoc]):
    """A search engine over an index of just ``docs``, written under ``folder`` (no synonyms)."""
    from kb.core.paths import Paths
    from kb.search.indexer import write_index
    from kb.search.searcher import SearchEngine
    from kb.search.synonyms import Synonyms

    (folder / "rules").mkdir()
    write_index(Paths(folder), docs, Synonyms())
    return SearchEngine(Paths(folder))
