"""Load the knowledge base from ``rules/``: parse every source, read curated data, build the graph.

The result is cached in ``.rulekb/`` keyed by the sources' contents, so that
commands a judge runs many times (``rulekb rule``) do not re-parse unchanged sources.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from kb.core.curated import LINKS_FILE, TERMS_FILE
from kb.core.errors import Problem, Severity, SourceError
from kb.core.graph_view import GraphView
from kb.core.memo import Recall, cached, file_stamp
from kb.core.paths import Paths

if TYPE_CHECKING:  # reading the knowledge base from its memo needs none of what builds it
    from kb.core.curated import Curated
    from kb.core.graph import Graph
    from kb.core.lookup import LookupIndex
    from kb.core.nodes import Node, SourceDocument
    from kb.core.repairs import Repair

CACHE_FORMAT = 1
#: What each rule text gave when the graph was last built (the terms it uses, its stems), so that building the graph
#: after an edit reads only the edited texts again.
TEXTS_MEMO = "texts.pickle"
#: The curated terms and links as read (with where each is written), while their files and the code are unchanged:
#: reading the YAML with positions took a third of building the knowledge base after a rule edit.
CURATED_MEMO = "curated.pickle"
NOT_SOURCES = {"README.md"}


@dataclass
class KnowledgeBase:
    """Everything kb knows after reading ``rules/``: documents, graph, lookup index, problems, repairs."""

    paths: Paths
    documents: list[SourceDocument]
    graph: Graph
    lookup: LookupIndex
    curated: Curated
    problems: list[Problem] = field(default_factory=list)
    repairs: dict[str, list[Repair]] = field(default_factory=dict)  # source path → repairs

    @property
    def errors(self) -> list[Problem]:
        return [p for p in self.problems if p.severity == Severity.ERROR]

    def node(self, node_id: str) -> Node:
        """The node ``node_id`` names (KeyError when the knowledge base has none)."""
        return self.graph.node(node_id)

    def raise_for_errors(self) -> None:
        """Stop a build when a rule source is invalid, with every error named."""
        if self.errors:
            raise SourceError(self.problems)


def source_files(rules_dir: Path) -> list[Path]:
    """Every current rule source: ``rules/<game>/*.md``, except READMEs and past releases (``cr@2025-06.md``)."""
    if not rules_dir.is_dir():
        return []
    return sorted(p for p in rules_dir.glob("*/*.md") if p.name not in NOT_SOURCES and "@" not in p.stem)


def _fingerprint(paths: Paths) -> str:
    """The sources' contents and places within the project, and the code reading them: not where the project
    is, so that a copy of a project with its memos reads them."""
    files = source_files(paths.rules)
    files += list(paths.rules.glob(f"*/{TERMS_FILE}")) + list(paths.rules.glob(f"*/{LINKS_FILE}"))
    files += list(paths.rules.glob("*/*.import.yaml"))
    digest = hashlib.sha256(str(CACHE_FORMAT).encode())
    for path in sorted(files):
        digest.update(f"{path.relative_to(paths.root)}:{file_stamp(path)}\n".encode())
    digest.update(_code_digest().encode())
    return digest.hexdigest()[:24]


def _code_digest() -> str:
    """The code reading the sources (kb/core), which decides what the memos derived from them hold."""
    digest = hashlib.sha256()
    for path in sorted(Path(__file__).parent.glob("*.py")):
        digest.update(f"{path.name}:{file_stamp(path)}\n".encode())
    return digest.hexdigest()


def build_kb(paths: Paths, *, memo: bool = True) -> KnowledgeBase:
    """Read and check every rule source and build the graph, never stopping at the first problem; with ``memo``,
    recalling what unchanged texts gave in the last build (:data:`TEXTS_MEMO`)."""
    from kb.core.curated import load_curated
    from kb.core.graph import build_graph
    from kb.core.lookup import LookupIndex
    from kb.core.parse import parse_file
    from kb.core.repairs import load_repairs

    documents: list[SourceDocument] = []
    problems: list[Problem] = []
    repairs: dict[str, list[Repair]] = {}
    if not paths.rules.is_dir():
        problems.append(
            Problem(
                str(paths.rules), 0, "", "no rules/ folder: import the source documents with `rulekb import`"
            )
        )
    for path in source_files(paths.rules):
        display = str(path.relative_to(paths.root))
        result = parse_file(path, display)
        problems.extend(result.problems)
        if result.document is not None:
            documents.append(result.document)
        found = load_repairs(path)
        if found:
            repairs[display] = found
    code = _code_digest()
    if memo:
        curated_files = sorted(paths.rules.glob(f"*/{TERMS_FILE}")) + sorted(
            paths.rules.glob(f"*/{LINKS_FILE}")
        )
        curated, curated_problems = cached(
            paths.memo / CURATED_MEMO,
            (str(paths.root), code, tuple((str(f), file_stamp(f)) for f in curated_files)),
            lambda: load_curated(paths.rules, paths.root),
        )
    else:
        curated, curated_problems = load_curated(paths.rules, paths.root)
    problems.extend(curated_problems)
    recall = Recall.load(paths.memo / TEXTS_MEMO, code) if memo else Recall()
    graph, graph_problems = build_graph(documents, curated, paths.root, recall)
    if memo:
        recall.store(paths.memo / TEXTS_MEMO, code)
    problems.extend(graph_problems)
    return KnowledgeBase(paths, documents, graph, LookupIndex.from_graph(graph), curated, problems, repairs)


def load_kb(paths: Paths | None = None, *, use_cache: bool = True) -> KnowledgeBase:
    """The knowledge base of a project, from the cache when the sources have not changed."""
    paths = paths or Paths.discover()
    if not use_cache:
        return build_kb(paths, memo=False)
    kb = cached(paths.memo / "kb.pickle", _fingerprint(paths), lambda: build_kb(paths))
    if kb.paths.root != paths.root:  # a memo copied with the project: the same sources, in this project
        for document in kb.documents:
            document.path = paths.root / document.path.relative_to(kb.paths.root)
    kb.paths = paths
    return kb


def load_graph(root: Path | None = None) -> Graph:
    """The rule graph of the project at ``root`` (found from the working folder by default)."""
    return load_kb(Paths(root) if root is not None else Paths.discover()).graph


def load_graph_view(
    paths: Paths, kb: KnowledgeBase | None = None
) -> tuple[GraphView, dict[str, dict[str, str]]]:
    """The graph as plain data and the curated terms' defining rules (per game, term → rule number): what
    ``rulekb ask`` reads of the knowledge base, kept in a memo of its own while the sources are unchanged,
    so that a question never unpickles the whole knowledge base nor imports networkx. Indexing writes it (from
    ``kb``, the knowledge base just read) so that the first question after a build finds it."""

    def build() -> tuple[GraphView, dict[str, dict[str, str]]]:
        known = kb or load_kb(paths)
        return GraphView.of(known.graph), known.curated.defined_by

    return cached(paths.memo / "graph-view.pickle", _fingerprint(paths), build)
