"""Generated pages kept from the previous build while nothing they read changed: a one-rule edit makes again only
the pages that show that rule.

Each generated page is made while its reads of the site model are recorded (kb/site/watched.py); the memo keeps,
per page, what it read, a digest of the values it read, and what making it gave (its HTML or Markdown, table of
contents, previews, anchors and links). The next build looks the same reads up in its own model: when their
digest, and the digest of what every page depends on (the code and templates, the configuration, the pages and
their URLs, the glossary's term forms, the documents' settings, the German words and whether it is a draft), are
unchanged, the page's output is the one kept. So a kept page is exactly the page a build from scratch makes.
"""

from __future__ import annotations

import functools
import hashlib
import os
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from kb.core import memo
from kb.site.fingerprint import NOT_SHOWN, fingerprint
from kb.site.model import SiteModel
from kb.site.watched import Key, current_value, real_model

#: Raise to make every memo of an earlier rulekb version unusable.
MEMO_VERSION = 2

#: The digests of the scenario results the last build of this process read, by id, each with its result (which keeps
#: the id from being reused): ``rulekb serve`` builds again in one process, where the results kept as stored are the
#: very objects of the last build, and results are never changed once made (kb.verify.results.load_stored).
_CARRIED: dict[int, tuple[object, bytes]] = {}

#: The pages the last build of this process recorded, with the status of the memo file it wrote them to: ``rulekb
#: serve`` builds again in one process, where reading back the 12 MB it has just written cost about 0.1 s of each
#: rebuild. A memo file written since (another process's build) is read instead.
_RECORDED: dict[Path, tuple[tuple[int, int, int, int] | None, dict[str, _Entry]]] = {}


@dataclass
class Rendered:
    """What MkDocs' conversion of a generated Markdown page gave: its HTML, contents, title, anchors and the anchors
    it links to on other pages (by page)."""

    content: str
    toc: object
    title: str | None
    anchors: set[str]
    links: dict[str, dict[str, str]] | None


@dataclass
class PageOutput:
    """What making one generated page gave, as the plugin hands it to MkDocs."""

    markdown: str | None = None  # a Markdown page's source (graph views)
    html: str | None = None  # a rule page's HTML
    toc: list = field(default_factory=list)  # its table of contents: entries with level, anchor and title
    meta: dict[str, object] = field(
        default_factory=dict
    )  # front matter it sets (tab title, previews, examples)
    anchors: set[str] = field(default_factory=set)  # the ids its HTML defines
    targets: dict[tuple[str, str], str] = field(default_factory=dict)  # (page, anchor) → href, to validate
    rendered: Rendered | None = None  # a Markdown page as MkDocs converted it
    previews: dict[str, str] = field(default_factory=dict)  # href → node, whose text its links' popovers show
    extra_previews: dict[str, dict[str, str]] = field(default_factory=dict)  # German terms' popovers, by key


@dataclass
class _Entry:
    """A page as the memo keeps it: what it read, the digest of those values with the page's own settings, and
    its output; apart, what its previews read (the linked rules' texts) and the digest of those values, so that an
    edit of a linked rule's text makes only the previews again."""

    reads: tuple[Key, ...]
    digest: str
    output: PageOutput
    preview_reads: tuple[Key, ...] = ()
    preview_digest: str = ""


def _plain(value: object) -> object:
    """A captured value of a page's view as a fingerprint sees it: the model stands for itself (every page depends
    on what it reads of the model), the plan for its pages and their titles (every page depends on the pages'
    addresses and settings; a page whose view holds the plan, on their titles too)."""
    from kb.site.pages import SitePlan

    if isinstance(value, SitePlan):
        return ("<plan>", [(spec.src_uri, spec.title) for spec in value.pages.values()])
    if isinstance(value, SiteModel) or real_model(value) is not value:  # type: ignore[arg-type]
        return "<model>"
    return value


def view_state(view: object) -> object:
    """What a page's view function is, as data: its name and the arguments it was given or captured."""
    if isinstance(view, functools.partial):
        return (
            "partial",
            *_function_name(view.func),
            [_plain(a) for a in view.args],
            {k: _plain(v) for k, v in sorted(view.keywords.items())},
        )
    cells = getattr(view, "__closure__", None) or ()
    return ("function", *_function_name(view), [_plain(c.cell_contents) for c in cells])


def _function_name(function: object) -> tuple[str, str]:
    return getattr(function, "__module__", ""), getattr(function, "__qualname__", repr(function))


class ContentMemo:
    """The generated pages of the previous build, looked up by this build, and the pages this build made."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._stored: dict[str, _Entry] = self._recorded() or {}
        self._made: dict[str, _Entry] = {}
        self._values: dict[Key, bytes] = {}
        self._seen: dict[int, tuple[object, bytes]] = dict(_CARRIED)
        self._model: SiteModel | None = None
        self._shared = b""
        #: The pages this build took from the memo.
        self.kept: set[str] = set()

    def _recorded(self) -> dict[str, _Entry] | None:
        """The pages the last build recorded: this process's own while the file is the one it wrote, else the file's."""
        recorded = _RECORDED.get(self.path)
        if recorded is not None and recorded[0] is not None and recorded[0] == memo.file_status(self.path):
            return recorded[1]
        stored = memo.load(self.path)
        pages = (
            stored.get("pages")
            if isinstance(stored, dict) and stored.get("version") == MEMO_VERSION
            else None
        )
        return pages if isinstance(pages, dict) else None

    def start(self, model: SiteModel, shared: Iterable[object], reads: Iterable[Key]) -> None:
        """Look reads up in ``model``; every page also depends on the ``shared`` values and on the ``reads``."""
        self._model = real_model(model)
        h = hashlib.blake2b(digest_size=16)
        for part in shared:
            h.update(fingerprint(part))
        for key in sorted(reads, key=repr):
            h.update(self._value(key))
        self._shared = h.digest()

    def _value(self, key: Key) -> bytes:
        found = self._values.get(key)
        if found is None:
            if self._model is None:
                raise RuntimeError("the content memo was not started")
            try:
                value = current_value(self._model, key)
            except Exception:  # a read of a shape this build's model does not have: it differs
                found = os.urandom(16)
            else:
                found = fingerprint(value, self._seen)
            self._values[key] = found
        return found

    def _digest(self, page: object, reads: Iterable[Key]) -> str:
        """A page's digest: the build's shared settings, the page's own, and the values it read."""
        return self._reads_digest(reads, self._shared + fingerprint(page))

    def _reads_digest(self, reads: Iterable[Key], prefix: bytes = b"") -> str:
        h = hashlib.blake2b(prefix, digest_size=16)
        for key in reads:
            h.update(self._value(key))
        return h.hexdigest()

    def lookup(self, src_uri: str, page: object) -> PageOutput | None:
        """The previous build's output of a page described by ``page`` (its settings and view), when nothing it
        read has changed."""
        entry = self._stored.get(src_uri)
        if not isinstance(entry, _Entry) or self._digest(page, entry.reads) != entry.digest:
            return None
        self._made[src_uri] = entry
        self.kept.add(src_uri)
        return entry.output

    def keep(
        self,
        src_uri: str,
        page: object,
        reads: set[Key],
        output: PageOutput,
        preview_reads: Iterable[Key] = (),
    ) -> None:
        """Remember a page made in this build, with what it read (and what its previews read)."""
        ordered = tuple(sorted(reads, key=repr))
        previews = tuple(sorted(preview_reads, key=repr))
        self._made[src_uri] = _Entry(
            ordered, self._digest(page, ordered), output, previews, self._reads_digest(previews)
        )

    def previews_hold(self, src_uri: str) -> bool:
        """Whether what the previews of a page taken from the previous build read is unchanged."""
        entry = self._made.get(src_uri)
        return entry is not None and self._reads_digest(entry.preview_reads) == entry.preview_digest

    def keep_previews(self, src_uri: str, output: PageOutput, preview_reads: set[Key]) -> None:
        """Remember the output of a page taken from the previous build with its previews made again. A new entry:
        the previous build's entries stay as they were, should this build fail."""
        entry = self._made[src_uri]
        previews = tuple(sorted(preview_reads, key=repr))
        self._made[src_uri] = _Entry(
            entry.reads, entry.digest, output, previews, self._reads_digest(previews)
        )

    def output(self, src_uri: str) -> PageOutput | None:
        """The output of a page made or kept in this build."""
        entry = self._made.get(src_uri)
        return entry.output if entry is not None else None

    def record(self) -> None:
        """Keep this build's pages for the next build (once the build succeeded), and the digests of its scenario
        results for the next build of this process (only those of its results, so that no older one is kept)."""
        memo.store(self.path, {"version": MEMO_VERSION, "pages": self._made})
        _RECORDED.clear()
        _RECORDED[self.path] = (memo.file_status(self.path), self._made)
        if self._model is not None:
            results = {id(s): s for s in self._model.data.results.scenarios}
            _CARRIED.clear()
            _CARRIED.update(
                (key, known)
                for key, known in self._seen.items()
                if results.get(key) is known[0] and type(known[0]) in NOT_SHOWN
            )
