"""`type-equiv lsp`: the language server over stdio (pygls), wiring editor events to `LiveProject`.

Why one worker thread: a check can take tens of milliseconds (more while the resident mypy build is
still being made in its child process, judges/resident.py), and the event loop must keep reading
messages meanwhile (a newer `didChange` supersedes the check that is waiting). Every touch of
the project runs in that one thread, in order, so the project needs no locks; the loop only
debounces, and sends what the worker computed.

An internal error (a bug) must not take the editor's diagnostics down with it: it is shown to the
user as a `window/showMessage`, logged with its traceback on stderr, and the server keeps serving.
"""

from __future__ import annotations

import asyncio
import functools
import sys
import traceback
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar
from urllib.parse import unquote, urlparse

from lsprotocol import types
from pygls.lsp.server import LanguageServer

from type_equiv import __version__
from type_equiv.lsp import actions, navigation
from type_equiv.lsp.checker import LiveProject
from type_equiv.lsp.diagnostics import diagnostics
from type_equiv.lsp.rules import RuleLinks
from type_equiv.model.findings import Finding
from type_equiv.read.config import choose

DEBOUNCE_S = 0.05  # typing faster than this is one change; the check itself is the rest of 300 ms
T = TypeVar("T")


@dataclass(frozen=True)
class Settings:
    """What the command line says; the client's workspace root fills in a missing `root`."""

    root: Path | None = None
    manifest: Path | None = None
    cache_dir: Path | None = None
    no_cache: bool = False


def uri_path(uri: str) -> Path | None:
    parsed = urlparse(uri)
    return Path(unquote(parsed.path)) if parsed.scheme == "file" else None


class TypeEquivServer(LanguageServer):
    """The server's state: the live project (worker thread only), what was published, the timer."""

    def __init__(self, settings: Settings) -> None:
        super().__init__("type-equiv", __version__)
        self.settings = settings
        self.worker = ThreadPoolExecutor(max_workers=1, thread_name_prefix="type-equiv-check")
        self.live: LiveProject | None = None
        self.published: dict[str, list[types.Diagnostic]] = {}
        self.pending: asyncio.Task[None] | None = None
        self.pending_always: frozenset[str] = frozenset()
        self.told_failure: str | None = None
        self.links = RuleLinks(None)  # until `start` reads the distribution's metadata

    async def run(self, job: Callable[[], T], what: str) -> T | None:
        """`job` in the worker thread; an exception becomes a message and None."""
        try:
            return await asyncio.get_running_loop().run_in_executor(self.worker, job)
        except Exception as exc:  # a bug: shown, logged, and the server goes on
            self.internal_error(exc, what)
            return None

    def update(self, job: Callable[[LiveProject], object], what: str) -> None:
        """Queue a change of the live project for the worker, behind every earlier job."""
        self.queue(lambda: job(self.live) if self.live is not None else None, what)

    def queue(self, job: Callable[[], object], what: str) -> None:
        """`job` in the worker, not waited for; an exception is reported as `run` reports it."""
        loop = asyncio.get_running_loop()

        def done(future: Future[object]) -> None:
            error = future.exception()
            if error is not None:
                loop.call_soon_threadsafe(self.internal_error, error, what)

        self.worker.submit(job).add_done_callback(done)

    def internal_error(self, exc: BaseException, what: str) -> None:
        traceback.print_exception(exc, file=sys.stderr)
        text = " ".join(f"{type(exc).__name__}: {exc}".split())[:300]
        self.window_show_message(types.ShowMessageParams(
            types.MessageType.Error,
            f"type-equiv: internal error while {what} ({text}). This is a bug in type-equiv; the"
            " server keeps running. Please report it with the traceback from the server's log."))

    def start(self, root: Path) -> None:
        """Open the project (worker thread): the root, the manifest, the cache."""
        settings = self.settings
        manifest = settings.manifest or choose(root).path  # the JSON manifest, else pyproject's table
        cache = None if settings.no_cache else (settings.cache_dir or root / ".type-equiv-cache")
        self.live = LiveProject(root, manifest, cache)
        self.links = RuleLinks.installed()  # the distribution's metadata, read once per server

    def versions(self) -> dict[str, int]:
        return {uri: doc.version for uri, doc in self.workspace.text_documents.items()
                if doc.version is not None}

    async def doc_request(self, uri: str, what: str,
                          answer: Callable[[LiveProject, str], T]) -> T | None:
        """A request about a listed doc, answered in the worker (None for any other file)."""
        path, live = uri_path(uri), self.live
        if path is None or live is None:
            return None

        def job() -> T | None:
            doc = live.doc_of(path)
            return answer(live, doc) if doc is not None else None

        return await self.run(job, what)

    # -- diagnostics ---------------------------------------------------------------------------------

    def schedule(self, delay: float = DEBOUNCE_S, always: frozenset[str] = frozenset()) -> None:
        """Check and publish after `delay`; a newer change restarts the wait (the debounce)."""
        if self.pending is not None and not self.pending.done():
            self.pending.cancel()
            always = always | self.pending_always  # the cancelled check's client still waits
        self.pending_always = always
        self.pending = asyncio.get_running_loop().create_task(self._publish_later(delay, always))

    async def _publish_later(self, delay: float, always: frozenset[str]) -> None:
        await asyncio.sleep(delay)
        # one publication per change, every drift in it judged: a new annotation pair waits for
        # mypy's verdict (the resident build answers in milliseconds), so no drift is a guess
        result = await self.run(self._compute, "checking")
        if result is not None:
            self._send(*result, always=always)

    def _compute(self) -> tuple[dict[str, list[types.Diagnostic]], str | None]:
        live = self.live
        if live is None:
            return {}, None
        if live.failure is not None:
            live.reload()  # the manifest may be fixed on disk by now
        if live.failure is not None:
            return {}, live.failure

        def lines(rel: str) -> list[str] | None:
            text = live.text(rel)
            return text.splitlines() if text is not None else None

        found = diagnostics(live.root, live.findings(), lines, self.links)
        live.prepare_mypy()  # after the first check, so the child's build does not slow it down
        return found, None

    def _send(self, found: dict[str, list[types.Diagnostic]], failure: str | None,
              always: frozenset[str]) -> None:
        """Publish what changed since the last publish (a file whose findings are gone: an empty
        list), and always the files in `always` (the edited buffer: its client waits for them)."""
        if failure is not None and failure != self.told_failure:
            self.window_show_message(
                types.ShowMessageParams(types.MessageType.Error, f"type-equiv: {failure}"))
        self.told_failure = failure
        versions = self.versions()
        for uri in sorted(set(found) | set(self.published) | always):
            now = found.get(uri, [])
            if uri in always or now != self.published.get(uri, []):
                self.text_document_publish_diagnostics(
                    types.PublishDiagnosticsParams(uri, now, version=versions.get(uri)))
        self.published = {uri: diags for uri, diags in found.items() if diags}


def findings_of(params: types.CodeActionParams) -> list[tuple[types.Diagnostic, Finding]]:
    """The findings the client's diagnostics carry (their `data`); ones that are not ours are skipped."""
    from pydantic import TypeAdapter

    adapter: TypeAdapter[Finding] = TypeAdapter(Finding)
    out = []
    for diagnostic in params.context.diagnostics:
        data = diagnostic.data
        if diagnostic.source == "type-equiv" and isinstance(data, dict) and "finding" in data:
            out.append((diagnostic, adapter.validate_python(data["finding"])))
    return out


def make_server(settings: Settings) -> TypeEquivServer:
    server = TypeEquivServer(settings)

    @server.feature(types.INITIALIZE)
    def initialize(ls: TypeEquivServer, params: types.InitializeParams) -> None:
        # queued before any buffer can arrive: the worker opens the project first
        root = ls.settings.root or (uri_path(params.root_uri) if params.root_uri else None)
        ls.queue(functools.partial(ls.start, (root or Path.cwd()).absolute()), "opening the project")

    @server.feature(types.INITIALIZED)
    async def initialized(ls: TypeEquivServer, params: types.InitializedParams) -> None:
        watching = ls.client_capabilities.workspace
        if watching and watching.did_change_watched_files and \
                watching.did_change_watched_files.dynamic_registration:
            watchers = [types.FileSystemWatcher(glob_pattern="**/*.py"),
                        types.FileSystemWatcher(glob_pattern="**/*.json")]
            registration = types.Registration(
                "type-equiv-watch", types.WORKSPACE_DID_CHANGE_WATCHED_FILES,
                types.DidChangeWatchedFilesRegistrationOptions(watchers))
            try:
                await ls.client_register_capability_async(types.RegistrationParams([registration]))
            except Exception as exc:  # the client said it could, then refused: saves still count
                print(f"type-equiv lsp: no file watching ({exc})", file=sys.stderr)
        ls.schedule(0)

    def buffer(ls: TypeEquivServer, uri: str) -> None:
        path, text = uri_path(uri), ls.workspace.get_text_document(uri).source
        if path is not None:
            ls.update(lambda live: live.opened(path, text), "reading a change")
            ls.schedule(always=frozenset([uri]))

    @server.feature(types.TEXT_DOCUMENT_DID_OPEN)
    def did_open(ls: TypeEquivServer, params: types.DidOpenTextDocumentParams) -> None:
        buffer(ls, params.text_document.uri)

    @server.feature(types.TEXT_DOCUMENT_DID_CHANGE)
    def did_change(ls: TypeEquivServer, params: types.DidChangeTextDocumentParams) -> None:
        buffer(ls, params.text_document.uri)

    @server.feature(types.TEXT_DOCUMENT_DID_CLOSE)
    def did_close(ls: TypeEquivServer, params: types.DidCloseTextDocumentParams) -> None:
        path = uri_path(params.text_document.uri)
        if path is not None:
            ls.update(lambda live: live.closed(path), "closing a buffer")
            ls.schedule()

    def on_disk(ls: TypeEquivServer, uris: list[str]) -> None:
        paths = [p for p in map(uri_path, uris) if p is not None]
        ls.update(lambda live: live.saved_all(paths), "reading a change on disk")
        ls.schedule()

    @server.feature(types.TEXT_DOCUMENT_DID_SAVE)
    def did_save(ls: TypeEquivServer, params: types.DidSaveTextDocumentParams) -> None:
        on_disk(ls, [params.text_document.uri])

    @server.feature(types.WORKSPACE_DID_CHANGE_WATCHED_FILES)
    def watched(ls: TypeEquivServer, params: types.DidChangeWatchedFilesParams) -> None:
        on_disk(ls, [change.uri for change in params.changes])

    @server.feature(types.TEXT_DOCUMENT_CODE_ACTION, types.CodeActionOptions(
        code_action_kinds=[types.CodeActionKind.QuickFix, types.CodeActionKind.SourceFixAll]))
    async def code_action(
        ls: TypeEquivServer, params: types.CodeActionParams
    ) -> list[types.CodeAction] | None:
        path, live = uri_path(params.text_document.uri), ls.live
        if path is None or live is None:
            return None
        versions = ls.versions()

        def job() -> list[types.CodeAction]:
            found = findings_of(params)
            return actions.code_actions(live, path, params.range.start.line + 1, found, versions)

        return await ls.run(job, "computing code actions")

    @server.feature(types.TEXT_DOCUMENT_DEFINITION)
    async def definition(ls: TypeEquivServer, params: types.DefinitionParams) -> types.Location | None:
        return await ls.doc_request(params.text_document.uri, "finding the definition",
                                    lambda live, doc: navigation.definition(live, doc, params.position))

    @server.feature(types.TEXT_DOCUMENT_HOVER)
    async def hover(ls: TypeEquivServer, params: types.HoverParams) -> types.Hover | None:
        return await ls.doc_request(params.text_document.uri, "hovering",
                                    lambda live, doc: navigation.hover(live, doc, params.position))

    @server.feature(types.TEXT_DOCUMENT_DOCUMENT_LINK, types.DocumentLinkOptions(resolve_provider=False))
    async def links(ls: TypeEquivServer, params: types.DocumentLinkParams) -> list[types.DocumentLink] | None:
        text = ls.client_capabilities.text_document
        tips = bool(text and text.document_link and text.document_link.tooltip_support)
        return await ls.doc_request(params.text_document.uri, "finding links",
                                    lambda live, doc: navigation.document_links(live, doc, tips))

    return server


def serve(settings: Settings) -> int:
    """Serve over stdin/stdout until the client says exit."""
    server: Any = make_server(settings)
    server.start_io()
    return 0
