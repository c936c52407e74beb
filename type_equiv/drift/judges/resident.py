"""The language server's mypy: one build kept in memory between judgements, updated in place.

`judge_types` starts a build per call: warm, it still reloads the cached trees of everything the
generated module reaches (builtins, typing, pydantic, the project's modules) and stats every file,
50 to 300 ms for one new pair. A long-lived process can keep that state: this is mypy's fine-grained
incremental mode (`FineGrainedBuildManager`, what dmypy runs), built once in the background, after
which a judgement rewrites the generated module and re-checks that module alone (a few ms).

The verdicts are the one-off build's: the same generated text (`write_module`), the same options but
the mode, read by the same code (`read_verdicts`). Whenever the resident build cannot be trusted it
is dropped and the call judges with `judge_types` instead, then a new one is built in the background:

- a file of its graph changed on disk (size, mtime, ctime or inode moved): updated in place, as
  dmypy does; a file gone, a missing import's file appearing, or a package installed (a
  site-packages folder moved): dropped;
- a blocking error (a source module that no longer parses) or any exception inside mypy: dropped.

Every mypy call runs under one lock, so the background build and a judgement never run at once
(mypy is not written for threads); a judgement that arrives during the first build waits for it.

The language server runs it in a process of its own (`ResidentProcess`, as dmypy is one): mypy is
compiled (mypyc) and holds the interpreter's lock through long stretches of a build, so a build in a
thread of the server stalled its event loop for the whole build (2 s on an idle machine, 13 s on a
loaded one: no diagnostic, no hover meanwhile). In a process it runs beside the server, on another
core; until its build is made, the server judges with one-off builds as before.
"""

from __future__ import annotations

import contextlib
import io
import multiprocessing
import os
import sys
import tempfile
import threading
import time
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from type_equiv.drift.judges.mypy_facts import GENERATED
from type_equiv.drift.judges.types import (
    ModuleWriter,
    Pair,
    Verdict,
    build_options,
    judge_types,
    read_verdicts,
    write_module,
)

if TYPE_CHECKING:
    from mypy.build import Graph
    from mypy.options import Options
    from mypy.server.update import FineGrainedBuildManager

    from type_equiv.drift.judges.mypyfs import ContentStampedFiles
    from type_equiv.store.children import keep_project_off_child_paths
from type_equiv.model.run import RunStats
from type_equiv.store.children import keep_project_off_child_paths

Stamp = tuple[int, int, int, int] | None  # size, mtime, ctime, inode; None: compare again next time
RECENT_NS = 2_000_000_000  # a file changed this close to a build may have changed during it


@dataclass
class _Build:
    roots: tuple[Path, ...]
    manager: FineGrainedBuildManager
    options: Options
    files: ContentStampedFiles
    path: str  # the generated module's file
    stamps: dict[str, Stamp] = field(default_factory=dict)  # module → its file's stamp
    outside: tuple[tuple[str, Stamp], ...] = ()  # where a missing module would appear, site-packages


def _stamp(path: str, since_ns: int) -> Stamp:
    try:
        st = os.stat(path)
    except OSError:
        return (-1, -1, -1, -1)
    if st.st_ctime_ns >= since_ns - RECENT_NS:
        return None
    return (st.st_size, st.st_mtime_ns, st.st_ctime_ns, st.st_ino)


def _outside(graph: Graph, roots: Sequence[Path]) -> tuple[tuple[str, Stamp], ...]:
    """What would change the build without changing one of its files (as judges/inputs.py notes it)."""
    paths: set[str] = set()
    for state in graph.values():
        for module in state.suppressed:
            parts = module.split(".")
            for root in roots:
                base = root.joinpath(*parts)
                paths.update(str(p) for p in (base.with_suffix(".py"), base.with_suffix(".pyi"),
                                              base / "__init__.py", base / "__init__.pyi"))
    paths.update(e for e in sys.path if e.endswith(("site-packages", "dist-packages")))
    return tuple((p, _stamp(p, 0)) for p in sorted(paths))


@contextlib.contextmanager
def _quiet() -> Iterator[None]:
    said = io.StringIO()  # mypy reports its own crashes on stderr, as in types._build
    with contextlib.redirect_stderr(said), contextlib.redirect_stdout(said):
        yield


class ResidentJudge:
    """A `TypesJudge` (judges/__init__.py) that keeps mypy's build between calls."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._build: _Build | None = None
        self._wanted: tuple[tuple[Path, ...], tuple[str, ...]] | None = None
        self._thread: threading.Thread | None = None
        self._folder = tempfile.TemporaryDirectory(prefix="type-equiv-mypy-")
        self.builds = 0  # resident builds made (the bench and the tests read it)
        self.updates = 0  # judgements answered by the resident build
        self.fallbacks = 0  # judgements answered by a one-off build

    @property
    def ready(self) -> bool:
        return self._build is not None


    def prepare(self, roots: Sequence[Path], modules: Iterable[str]) -> None:
        """Build in a background thread for pairs of `roots` that name `modules` (a row's module:
        imported up front, so a judgement does not parse it then). Returns at once."""
        wanted = (tuple(roots), tuple(sorted(set(modules))))
        running = self._thread is not None and self._thread.is_alive()
        if wanted == self._wanted and (running or self.ready):
            return
        self._wanted = wanted
        if running:
            return  # the running build reads `_wanted` when it starts, or is dropped when judged
        self._thread = threading.Thread(target=self._prepare, name="type-equiv-mypy", daemon=True)
        self._thread.start()

    def wait(self, timeout: float | None = None) -> bool:
        """Until a background build is done (tests, the bench); whether one is ready."""
        thread = self._thread
        if thread is not None:
            thread.join(timeout)
        return self.ready

    def _prepare(self) -> None:
        with self._lock:
            wanted = self._wanted
            if wanted is None or (self._build is not None and self._build.roots == wanted[0]):
                return
            try:
                self._build = self._start(*wanted)
            except (Exception, SystemExit):  # a blocking error, a crash: judgements go one-off
                self._build = None

    def _start(self, roots: tuple[Path, ...], modules: tuple[str, ...]) -> _Build:
        from mypy import build
        from mypy.modulefinder import BuildSource
        from mypy.server.update import FineGrainedBuildManager

        from type_equiv.drift.judges.mypyfs import ContentStampedFiles

        options = build_options(roots)
        options.fine_grained_incremental = True  # keeps the dependency map an update needs
        options.incremental = False  # no cache: fine-grained mode would need its own kind
        options.cache_dir = os.devnull
        writer = ModuleWriter()
        for module in modules:
            writer.module_alias(module)
        text, _ = writer.text()
        path = os.path.join(self._folder.name, f"{GENERATED}.py")
        Path(path).write_text(text, encoding="utf-8")
        files = ContentStampedFiles(roots)
        since = time.time_ns()
        with _quiet():
            result = build.build([BuildSource(path, GENERATED, None)], options, fscache=files)
        manager = FineGrainedBuildManager(result)
        self.builds += 1
        made = _Build(roots, manager, options, files, path)
        self._restamp(made, since)
        return made

    def _restamp(self, made: _Build, since: int, changed: Iterable[str] = ()) -> None:
        for module in changed:
            made.stamps.pop(module, None)
        for module, state in made.manager.graph.items():
            if module != GENERATED and state.path and module not in made.stamps:
                made.stamps[module] = _stamp(state.path, since)
        made.outside = _outside(made.manager.graph, made.roots)

    def __call__(self, pairs: Sequence[Pair], roots: Sequence[Path], cache_dir: Path | None,
                 stats: RunStats) -> list[Verdict]:
        if not pairs:
            return []
        with self._lock:
            made = self._build
            if made is not None and made.roots == tuple(roots):
                started = time.perf_counter()
                try:
                    verdicts = self._update(made, pairs)
                except (Exception, SystemExit):  # mypy's internals: start again, judge one-off
                    verdicts = None
                if verdicts is not None:
                    stats.mypy_runs += 1
                    stats.mypy_seconds.append(time.perf_counter() - started)
                    self.updates += 1
                    return verdicts
            self._build = None
            self.fallbacks += 1
            verdicts = judge_types(pairs, roots, cache_dir, stats)
        if self._wanted is not None and not any(v.reason.startswith("mypy could not run") for v in verdicts):
            self.prepare(*self._wanted)  # a build that fails one-off would fail resident too
        return verdicts

    def _update(self, made: _Build, pairs: Sequence[Pair]) -> list[Verdict] | None:
        """The verdicts from an update of the resident build; None when it must be dropped."""
        since = time.time_ns()
        graph = made.manager.graph
        changed: list[tuple[str, str]] = []
        for module, stamp in made.stamps.items():
            state = graph.get(module)
            path = state.path if state is not None else None
            if path is None:
                continue
            now = _stamp(path, since)
            if now == (-1, -1, -1, -1):
                return None  # a file of the build is gone
            if stamp is None or now != stamp:
                changed.append((module, path))
        if _outside(graph, made.roots) != made.outside:
            return None
        writer, spans, text, offset = write_module(pairs)
        Path(made.path).write_text(text, encoding="utf-8")
        made.files.flush()
        made.manager.flush_cache()
        with _quiet():
            messages = made.manager.update([*changed, (GENERATED, made.path)], [])
        if made.manager.blocking_error is not None:
            return None
        self._restamp(made, since, (m for m, _ in changed))
        tree = made.manager.manager.modules.get(GENERATED)
        return read_verdicts(pairs, spans, offset, messages, tree, graph, made.options, writer)


# ---------------------------------------------------------------------------------------------------
# The resident build in a process of its own


def _serve(conn: Any, roots: tuple[Path, ...], modules: tuple[str, ...]) -> None:
    """The child: build, say so, then answer (pairs, roots, cache_dir) with (verdicts, runs, seconds)."""
    from type_equiv.model.run import RunStats

    os.dup2(2, 1)  # the parent's stdout is the editor's LSP channel: nothing of ours may reach it
    engine = ResidentJudge()
    engine._wanted = (roots, modules)
    engine._prepare()
    conn.send(("ready", engine.ready))
    while True:
        try:
            message = conn.recv()
        except (EOFError, OSError):
            return
        if message is None:
            return
        pairs, roots_now, cache_dir = message
        stats = RunStats()
        try:
            verdicts = engine(pairs, roots_now, cache_dir, stats)
        except Exception as exc:  # never leave the parent waiting
            verdicts = [Verdict(False, p.pasted, p.real, f"mypy could not run: {exc}", undecided=True)
                        for p in pairs]
        conn.send((verdicts, stats.mypy_runs, stats.mypy_seconds))


class ResidentProcess:
    """A `TypesJudge` asking a `ResidentJudge` in a child process; a one-off build in this process
    (`judge_types`) while there is none ready: not started yet, still building, or dead."""

    def __init__(self) -> None:
        self._lock = threading.Lock()  # one request on the pipe at a time
        self._process: Any = None
        self._conn: Any = None
        self._ready = False
        self._wanted: tuple[tuple[Path, ...], tuple[str, ...]] | None = None

    def _alive(self) -> bool:
        return self._process is not None and self._process.is_alive()

    def prepare(self, roots: Sequence[Path], modules: Iterable[str]) -> None:
        """Start the child (returns at once); again only when the roots or modules change."""
        wanted = (tuple(roots), tuple(sorted(set(modules))))
        if wanted == self._wanted and self._alive():
            return
        with self._lock:
            self._stop()
            self._wanted = wanted
            context = multiprocessing.get_context("spawn")  # no fork of a threaded server
            keep_project_off_child_paths()
            parent, child = context.Pipe()
            self._process = context.Process(target=_serve, args=(child, *wanted), daemon=True,
                                            name="type-equiv-mypy")
            self._process.start()
            child.close()
            self._conn, self._ready = parent, False

    def wait(self, timeout: float | None = None) -> bool:
        """Until the child's build is made (tests, the bench); whether it is."""
        with self._lock:
            if not self._alive():
                return False
            if not self._ready and self._conn.poll(timeout):
                self._ready = bool(self._conn.recv()[1])
            return self._ready

    def _stop(self) -> None:
        if self._conn is not None:
            with contextlib.suppress(OSError, ValueError):
                self._conn.send(None)
                self._conn.close()
        if self._process is not None:
            self._process.join(1)
            if self._process.is_alive():
                self._process.terminate()
        self._process = self._conn = None
        self._ready = False

    def close(self) -> None:
        with self._lock:
            self._stop()

    def __call__(self, pairs: Sequence[Pair], roots: Sequence[Path], cache_dir: Path | None,
                 stats: RunStats) -> list[Verdict]:
        if not pairs:
            return []
        with self._lock:
            if self._alive() and not self._ready and self._conn.poll():
                self._ready = bool(self._conn.recv()[1])
            if self._alive() and self._ready:
                try:
                    self._conn.send((list(pairs), list(roots), cache_dir))
                    verdicts, runs, seconds = self._conn.recv()
                except (EOFError, OSError):  # the child died: judge here, one-off
                    self._process = None
                else:
                    stats.mypy_runs += runs
                    stats.mypy_seconds.extend(seconds)
                    return list(verdicts)
            # no child yet, or still building (seconds): a one-off build here, as `type-equiv check`
            return judge_types(pairs, roots, cache_dir, stats)
