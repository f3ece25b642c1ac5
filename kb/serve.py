"""``rulekb serve``: build, serve ``site/`` on localhost, and rebuild whenever a rule source, scenario, page or
template changes; a served page reloads itself once the rebuild is in place.

Rebuilds are ``rulekb build --draft`` builds (failing examples and broken references marked on the pages, so an
author sees them) and incremental: unchanged scenarios keep their results and an unchanged index is kept. A
rebuild that fails (a rule source that does not parse) is reported and the previous site stays served.
"""

from __future__ import annotations

import gc
import json
import threading
import time
from dataclasses import dataclass, field
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import parse_qs

from rich.console import Console
from rich.text import Text
from watchdog.events import FileSystemEvent, FileSystemEventHandler
from watchdog.observers import Observer

from kb.build import run_build
from kb.core.collector import collector_paused
from kb.core.errors import RulekbError, Severity, SourceError
from kb.core.paths import Paths
from kb.site.plugin import THEME_DIR

#: The scripts the server adds: the page's live reload, and the service worker that stands in for the offline app.
SCRIPTS = Path(__file__).resolve().parent / "templates" / "serve"
#: Where a page asks for the number of the last rebuild.
STATUS_PATH = "/__rulekb__/build"
RELOAD_PATH = "/__rulekb__/live-reload.js"
RELOAD_TAG = f'<script src="{RELOAD_PATH}" defer></script>'.encode()
#: Edits arriving within this many seconds of each other make one rebuild (an editor saves in several writes).
SETTLE_SECONDS = 0.1


#: Once no edit has come for this many seconds after a rebuild (its page has reloaded), its garbage is collected.
IDLE_SECONDS = 2.0

#: How long a page's request for the rebuild after the one it has seen is held open, waiting for it, before the
#: server answers that nothing changed (the page then asks again).
WAIT_SECONDS = 20.0


@dataclass
class ServeState:
    """The last rebuild as the pages see it: its number, and why it failed (empty when it succeeded)."""

    build: int = 0
    error: str = ""
    lock: threading.Condition = field(default_factory=threading.Condition)

    def finished(self, error: str = "") -> None:
        with self.lock:
            self.build += 1
            self.error = error
            self.lock.notify_all()

    def to_json(self, after: int | None = None, timeout: float = WAIT_SECONDS) -> bytes:
        """The last rebuild; with ``after``, once there is a later one than that (or ``timeout`` has passed), so
        that a page reloads the moment a rebuild is in place instead of at its next poll."""
        with self.lock:
            if after is not None:
                self.lock.wait_for(lambda: self.build != after, timeout)
            return json.dumps({"build": self.build, "error": self.error}).encode()


@dataclass
class Garbage:
    """When ``serve`` collects a rebuild's garbage (the collector stays off otherwise, kb/core/collector.py): once no
    edit has come for ``idle`` seconds, off the way from an edit to its page (a full collection holds every thread,
    the server's too, for about 0.5 s); an edit coming sooner has it collected before its rebuild, so that no more
    than one rebuild's garbage (about 130 MB) is ever kept."""

    idle: float = IDLE_SECONDS
    #: Whether a rebuild's garbage waits to be collected.
    pending: bool = False

    def rebuilt(self) -> None:
        self.pending = True

    def wait(self, changed: threading.Event) -> None:
        """Wait for an edit, collecting the garbage while none comes (or, at the latest, once one has come)."""
        if self.pending:
            changed.wait(self.idle)
            self.collect()
        changed.wait()

    def collect(self) -> None:
        gc.collect()
        self.pending = False


class _Handler(SimpleHTTPRequestHandler):
    """Serves site/ as it is at each request (a rebuild swaps it whole), with the live reload on every page."""

    def __init__(self, *args, state: ServeState, site: Path, **kwargs) -> None:
        self.state = state
        super().__init__(*args, directory=str(site), **kwargs)

    def do_GET(self) -> None:
        path, _, query = self.path.partition("?")
        if path == STATUS_PATH:
            after = parse_qs(query).get("after", [""])[0]
            self._send(self.state.to_json(int(after) if after.isdigit() else None), "application/json")
        elif path == RELOAD_PATH:
            self._send((SCRIPTS / "live-reload.js").read_bytes(), "text/javascript")
        elif path == "/sw.js":
            self._send((SCRIPTS / "sw.js").read_bytes(), "text/javascript")
        elif (page := self._page(path)) is not None:
            html = page.read_bytes()
            at = html.rfind(b"</body>")
            self._send(html[:at] + RELOAD_TAG + html[at:] if at >= 0 else html + RELOAD_TAG, "text/html")
        else:
            super().do_GET()

    def _page(self, path: str) -> Path | None:
        """The HTML file a request for ``path`` opens, if it is a page."""
        found = Path(self.translate_path(path))
        if found.is_dir():
            if not path.endswith("/"):
                return None  # the standard handler redirects to the folder's URL, so that relative links hold
            found = found / "index.html"
        return found if found.suffix == ".html" and found.is_file() else None

    def _send(self, body: bytes, kind: str) -> None:
        self.send_response(200)
        self.send_header("Content-Type", f"{kind}; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "no-store")  # every request sees the latest build
        super().end_headers()

    def log_message(self, format: str, *args: object) -> None:
        """Quiet: the console is for builds."""


class _Changes(FileSystemEventHandler):
    """Sets ``changed`` on an edit of what a build reads; leaves alone what a build writes and editors' temporary files."""

    def __init__(self, paths: Paths, changed: threading.Event) -> None:
        self.paths = paths
        self.changed = changed

    def on_any_event(self, event: FileSystemEvent) -> None:
        if event.event_type in ("opened", "closed_no_write"):
            return
        for raw in (event.src_path, getattr(event, "dest_path", "")):
            if raw and self._read_by_build(Path(str(raw))):
                self.changed.set()

    def _read_by_build(self, path: Path) -> bool:
        if path.name.startswith((".", "#")) or path.name.endswith(("~", ".swp", ".tmp")):
            return False
        if path == self.paths.root / "mkdocs.yml":
            return True
        return "__pycache__" not in path.parts and any(
            path.is_relative_to(folder) for folder, below in watched(self.paths) if below
        )


def watched(paths: Paths) -> list[tuple[Path, bool]]:
    """Each folder to watch and whether to watch below it: the sources, the pages, the templates, mkdocs.yml."""
    folders = [paths.rules, paths.scenarios, paths.docs, THEME_DIR.parents[1]]
    return [(f, True) for f in folders if f.is_dir()] + [(paths.root, False)]


def rebuild(paths: Paths, console: Console, state: ServeState) -> None:
    """One draft build, its pages reloaded as soon as the new site is in place; a failure is reported, and the site
    served stays as it was."""
    start = time.perf_counter()
    published = threading.Event()

    def reload() -> None:
        published.set()
        state.finished()

    try:
        # see Garbage; the offline app's gzipped size is not worth measuring for every edit
        ctx = run_build(paths, console, draft=True, collect=False, measure=False, published=reload)
    except RulekbError as exc:
        problems = exc.problems if isinstance(exc, SourceError) else []
        message = "\n".join(str(p) for p in problems if p.severity == Severity.ERROR) or str(exc)
        if published.is_set():  # what failed is what only later commands read (the search index)
            console.print(Text("the site is rebuilt, but:", style="red"))
            console.print(Text(message))
            return
        console.print(Text("the rebuild failed; the previous site is still served:", style="red"))
        console.print(Text(message))
        state.finished(message)
        return
    for note in ctx.notes:
        console.print(Text(f"  {note}"))
    if not published.is_set():  # nothing changed: the site in place is this build's
        state.finished()
    console.print(Text(f"rebuilt in {time.perf_counter() - start:.1f} s", style="green"))


def serve(paths: Paths, console: Console, host: str = "127.0.0.1", port: int = 8000) -> None:
    """Build, serve ``site/`` at ``http://host:port/`` and rebuild on every edit, until interrupted."""
    state = ServeState()
    try:
        server = ThreadingHTTPServer((host, port), partial(_Handler, state=state, site=paths.site))
    except OSError as exc:
        raise RulekbError(f"cannot serve on {host}:{port}: {exc.strerror or exc}") from None
    threading.Thread(target=server.serve_forever, daemon=True).start()
    changed = threading.Event()
    observer = Observer()
    for folder, recursive in watched(paths):
        observer.schedule(_Changes(paths, changed), str(folder), recursive=recursive)
    observer.start()
    garbage = Garbage()
    try:
        with collector_paused():
            rebuild(paths, console, state)
            garbage.rebuilt()
            console.print(Text(f"serving http://{host}:{server.server_port}/ (Ctrl-C stops)"))
            while True:
                garbage.wait(changed)
                while changed.wait(SETTLE_SECONDS):  # let an editor finish saving
                    changed.clear()
                rebuild(paths, console, state)
                garbage.rebuilt()
    finally:
        server.shutdown()
        server.server_close()
        observer.stop()
        observer.join()
