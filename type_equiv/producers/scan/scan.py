"""The producer scan's engine: each file read once, searched for the spellings, only candidates parsed.

`producers.Analysis` asks for scans as (files, filters, spellings): a file is a candidate when each
filter — a set of needles, substrings such as a class name or a quoted tag — occurs in its text, and
a candidate is parsed with stdlib `ast` by `sites.scan_module`. This module decides where that
work happens and what can be skipped:

- **The cache** (cache.py): per file, keyed by path, size and mtime_ns (and content hash while the
  mtime is recent), the filters' answers and the scan records, so an unchanged file is not even read.
- **Worker processes** when many files must be read and more than one core is free: each worker
  keeps the texts it read, so a later filter over the same files (the second phase, a subclass
  round) goes to the worker that holds them and nothing is read twice.
- **A progress bar** (rich) on long scans, only on a terminal and never in CI.
- **Probes** (a scan without spellings): which of a set of needles each file holds, no parse —
  what lets the producer check parse by demand (`producers.Analysis._by_demand`).

Everything a worker returns is plain data; the scan itself stays pure, so the answer is the same
with or without the cache, one process or several.
"""

from __future__ import annotations

import contextlib
import gc
import os
import time
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

from type_equiv.model.run import Progress, ProgressSink, no_progress
from type_equiv.producers.records import DECLARED, RECORDS
from type_equiv.producers.scan.needles import Needles, Tokens, text_of
from type_equiv.read.asts import RunMemo
from type_equiv.read.log import NO_LOG, ReadLog
from type_equiv.read.names import Bindings
from type_equiv.read.tree import SourceFile
from type_equiv.store.cache import Cache, Entry, FileTable, Stamp, digest, key_of, read_bytes
from type_equiv.store.safe import read_bounded

if TYPE_CHECKING:
    from multiprocessing.connection import Connection

    from type_equiv.producers.records import FileScan, Spellings
    from type_equiv.producers.walk.declarations import Declared

POOL_MIN_FILES = 400  # fewer files to read than this: one process (a fork costs more than it saves)
# the source characters whose `ast` trees a worker's memo keeps (read/asts.py; the run's keeps 2 M): the
# later scan rounds walk many of its files again, and a kept tree is a parse spared (docs/performance.md)
WORKER_MEMO_CHARS = 4_000_000
CHUNK_BYTES = 400_000  # work is handed to workers in chunks of about this much text
WORKERS_ENV = "TYPE_EQUIV_WORKERS"  # a number: how many worker processes (0 or 1: none)
@dataclass
class Outcome:
    """What one file gave one scan request (plain data: it crosses from a worker process)."""

    index: int
    hits: dict[str, bool] = field(default_factory=dict)
    scan: FileScan | None = None
    bindings: Bindings | None = None
    declared: Declared | None = None  # a file's declarations, walked for this request (to be cached)
    derived: bool = False  # `scan` answered from the declarations: not cached under its spellings
    words: tuple[str, ...] | None = None  # a probe's answer: the last filter's needles it holds
    read: bool = False  # the file was read from disk for this request
    readable: bool = True  # False: unreadable (never cached); text None but readable: undecodable
    decoded: bool = True
    stamp: Stamp | None = None
    digest: str = ""
    read_ns: int = 0


class FileWork:
    """The work on one process's share of the files: read each at most once, keep its text; parse
    through `memo` (the run's in the main process, a worker's own in a worker)."""

    def __init__(self, files: Sequence[SourceFile], memo: RunMemo,
                 texts: dict[str, str | None] | None = None) -> None:
        self.files = files
        self.memo = memo
        self.texts: dict[str, str | None] = {} if texts is None else texts
        self.tokens: dict[int, Tokens] = {}
        self.declared: dict[int, tuple[Declared, Bindings | None]] = {}  # walked once per process
        self.read_info: dict[int, tuple[Stamp | None, str, int]] = {}

    def text(self, index: int) -> tuple[str | None, bool, bool]:
        """(text, read just now, readable)."""
        file = self.files[index]
        if file.rel in self.texts:
            return self.texts[file.rel], False, True
        read_ns = time.time_ns()
        stamp = Stamp.of(file.path)
        try:
            data = read_bounded(file.path)
        except OSError:
            self.texts[file.rel] = None
            return None, True, False
        text = text_of(data, file.path)
        self.texts[file.rel] = text
        self.read_info[index] = (stamp, digest(data), read_ns)
        return text, True, True

    def run(self, index: int, filters: Sequence[Needles], spellings: Spellings | None) -> Outcome:
        from type_equiv.producers.walk.sites import declared_module, scan_module

        text, read, readable = self.text(index)
        out = Outcome(index, read=read, readable=readable, decoded=text is not None)
        if index in self.read_info:
            out.stamp, out.digest, out.read_ns = self.read_info[index]
        if text is None:
            return out
        tokens = self.tokens.get(index)
        if tokens is None:
            tokens = self.tokens[index] = Tokens(text, self.files[index].module)
        for needles in filters:
            hit = needles.found_in(text, tokens)
            out.hits[needles.key] = hit
            if not hit:
                return out
        if spellings is None:  # a probe: which needles, no parse
            out.words = filters[-1].held(text, tokens) if filters else ()
            return out
        file = self.files[index]
        if spellings.declarations:  # a level of the carrier search: from the file's declarations
            found = self.declared.get(index)
            if found is None:
                found = self.declared[index] = declared_module(file.module, file.package, text, self.memo)
                out.declared = found[0]
            if not found[0].dependent:
                out.scan, out.bindings, out.derived = found[0].scan(spellings), found[1], True
                return out
        out.scan, out.bindings = scan_module(file.module, file.package, text, spellings, self.memo)
        return out


@dataclass
class Request:
    """One scan: which files, the filters each must pass, the spellings a candidate is scanned with
    (None: a probe, answering which of the last filter's needles each candidate holds)."""

    indexes: list[int]
    filters: tuple[Needles, ...]
    spellings: Spellings | None


@dataclass
class Result:
    scans: dict[str, FileScan]
    bindings: dict[str, Bindings]
    words: dict[str, tuple[str, ...]] = field(default_factory=dict)  # a probe's answers
    read: int = 0
    parsed: int = 0

    def add(self, rel: str, out: Outcome) -> None:
        """One file's outcome, read now or from the cache."""
        if out.scan is not None:
            self.scans[rel] = out.scan
        if out.bindings is not None:
            self.bindings[rel] = out.bindings
        if out.words is not None:
            self.words[rel] = out.words


class TreeScanner:
    """Serves `producers.Analysis`'s scans over one tree: from the cache, in this process, or in workers.

    `texts` is the run's shared text store (rel → text): what this process reads lands there, so the
    resolver and the retired-spelling stage reuse it; `memo` the run's parses (read/asts.py).
    """

    def __init__(self, root: Path, files: Sequence[SourceFile], cache: Cache | None,
                 texts: dict[str, str | None], memo: RunMemo, log: ReadLog = NO_LOG,
                 progress: ProgressSink = no_progress) -> None:
        self.root = root
        self.log = log
        self.progress = progress
        self.files = list(files)
        self.by_rel = {f.rel: i for i, f in enumerate(self.files)}
        self.local = FileWork(self.files, memo, texts)
        self.table: FileTable | None = None
        if cache is not None and cache.enabled:
            self.table = FileTable(cache, "producers", key_of("producers-scan", RECORDS, str(root)))
        self.stamps: dict[int, Stamp | None] = {}
        self.valid: dict[int, Entry | None] = {}
        self.used_keys: set[str] = set()
        self.asked: list[tuple[tuple[Needles, ...], Spellings | None, str]] = []  # facts.py notes them
        self.pool: _Pool | None = None
        self.seconds = 0.0

    # the cache ----------------------------------------------------------------------------------

    def _entry(self, index: int) -> Entry | None:
        if self.table is None:
            return None
        if index not in self.valid:
            file = self.files[index]
            stamp = Stamp.of(file.path)
            self.stamps[index] = stamp
            self.log.stamped(file.path, stamp)  # taken before any read of this run
            entry = self.table.get(file.rel, stamp, lambda: read_bytes(file.path))
            if entry is not None and entry.data.get("m") != [file.module, file.package]:
                entry = None  # the module name moved (other source roots): records name it
            if entry is not None:
                self.log.digest(file.path, stamp, entry.digest)
            self.valid[index] = entry
        return self.valid[index]

    def cached_bindings(self, rel: str) -> Bindings | None:
        """A module's top-level bindings from the cache (a scan parsed it before), if still valid."""
        index = self.by_rel.get(rel)
        entry = self._entry(index) if index is not None else None
        bound = entry.data.get("b") if entry is not None else None
        if not (isinstance(bound, list) and len(bound) == 2 and isinstance(bound[0], dict)
                and isinstance(bound[1], list)):
            return None
        return Bindings(dict(bound[0]), list(bound[1]))

    def _remember(self, out: Outcome, skey: str) -> None:
        """Fold one outcome into the file's cache entry (a new one when the file was read now)."""
        if self.table is None or not out.readable:
            return
        file = self.files[out.index]
        entry = self.valid.get(out.index)
        if entry is None:
            if out.stamp is None or not out.digest:
                return  # read by an earlier request of this run, before it was known to be stale
            entry = self.table.put(file.rel, out.stamp, out.digest, out.read_ns,
                                   {"m": [file.module, file.package], "h": {}, "s": {}})
            self.log.digest(file.path, out.stamp, out.digest)
            if not out.decoded:
                entry.data["n"] = True
            self.valid[out.index] = entry
        data = entry.data
        hits = data.setdefault("h", {})
        for key, hit in out.hits.items():
            if hits.get(key) != hit:
                hits[key] = hit
                self.table.dirty = True
        if out.words is not None and data.get("w", {}).get(skey) != list(out.words):
            data.setdefault("w", {})[skey] = list(out.words)
            self.table.dirty = True
        if out.declared is not None:
            data[DECLARED] = out.declared  # a NamedTuple: JSON writes it as lists
            self.table.dirty = True
        if out.scan is not None:
            if not out.derived:
                data.setdefault("s", {})[skey] = out.scan
            if out.bindings is not None:
                data["b"] = [out.bindings.names, out.bindings.stars]
            self.table.dirty = True

    def save(self) -> None:
        """Write the cache: every file listed this run, each with only the keys this run used."""
        table = self.table
        if table is None:
            return
        keep = set()
        for index, entry in self.valid.items():
            if entry is None:
                continue
            keep.add(self.files[index].rel)
            data = entry.data
            for name in ("h", "s", "w"):
                part = data.get(name, {})
                stale = [k for k in part if k not in self.used_keys]
                for k in stale:
                    del part[k]
                    table.dirty = True
            if DECLARED not in self.used_keys and data.pop(DECLARED, None) is not None:
                table.dirty = True
        table.save(keep)

    # scanning -----------------------------------------------------------------------------------

    def scan(self, rels: Iterable[str] | None, filters: Sequence[Needles],
             spellings: Spellings | None) -> Result:
        """Records of every file among `rels` (all files when None) that passes every filter. With
        no spellings, a probe: which of the last filter's needles each such file holds, no parse."""
        start = time.perf_counter()
        skey = spellings.key() if spellings is not None else key_of("probe", filters[-1].key)
        self.used_keys.update(n.key for n in filters)
        self.used_keys.add(skey)
        if spellings is not None and spellings.declarations:
            self.used_keys.add(DECLARED)
        self.asked.append((tuple(filters), spellings, skey))
        indexes = range(len(self.files)) if rels is None else [self.by_rel[r] for r in rels]
        result = Result({}, {})
        todo: list[int] = []
        for index in indexes:
            cached = self._cached(index, filters, skey, spellings)
            if cached is None:
                todo.append(index)
            elif cached != "skip":
                result.add(self.files[index].rel, cached)
        for out in self._run(Request(todo, tuple(filters), spellings)):
            self._remember(out, skey)
            result.read += out.read
            if out.scan is not None:
                result.parsed += 1
            result.add(self.files[out.index].rel, out)
        # keep the tree order of the plain scan: findings that list files come out the same
        order = self.by_rel
        result.scans = dict(sorted(result.scans.items(), key=lambda kv: order[kv[0]]))
        self.seconds += time.perf_counter() - start
        return result

    def _cached(self, index: int, filters: Sequence[Needles], skey: str, spellings: Spellings | None
                ) -> Outcome | Literal["skip"] | None:
        """From the cache: "skip" (not a candidate), the file's outcome as a read would give it
        (records, or a probe's needles), or None (the file must be read)."""
        from type_equiv.producers.records import FileScan

        entry = self._entry(index)
        if entry is None:
            return None
        data = entry.data
        if data.get("n"):
            return "skip"
        hits = data.get("h", {})
        for needles in filters:
            hit = hits.get(needles.key)
            if hit is None:
                return None
            if not hit:
                return "skip"
        if spellings is None:
            words = data.get("w", {}).get(skey)
            if not (isinstance(words, list) and all(isinstance(w, str) for w in words)):
                return None
            return Outcome(index, words=tuple(words))
        try:
            declared = self._declared(index, data) if spellings.declarations else None
            if declared is not None and not declared.dependent:
                scan = declared.scan(spellings)
            else:
                stored = data.get("s", {}).get(skey)
                if stored is None:
                    return None
                scan = FileScan.from_data(stored)
            bound = data.get("b")
            bindings = Bindings(dict(bound[0]), list(bound[1])) if bound is not None else None
        except (ValueError, KeyError, TypeError, IndexError):
            self.valid[index] = None  # a damaged entry is read again, never trusted
            return None
        return Outcome(index, scan=scan, bindings=bindings)

    def _declared(self, index: int, data: dict[str, Any]) -> Declared | None:
        """A file's cached declarations (sites.declared_module), decoded once per run."""
        from type_equiv.producers.walk.declarations import Declared

        stored = data.get(DECLARED)
        if stored is None:
            return None
        if isinstance(stored, Declared):
            return stored
        data[DECLARED] = declared = Declared.from_data(stored)  # dumps as the same JSON
        return declared

    def _run(self, request: Request) -> Iterator[Outcome]:
        if not request.indexes:
            return
        workers = self._workers(request)
        if workers > 1 and self.pool is None:
            self.pool = _Pool.start(self.files, workers, self.local.memo)
        total, count = len(request.indexes), 0
        try:
            if self.pool is not None and self.pool.alive:
                done: set[int] = set()
                for out in self.pool.run(request, self.local):
                    done.add(out.index)
                    count += 1
                    self.progress(Progress(count, total))
                    yield out
                request = Request([i for i in request.indexes if i not in done], request.filters,
                                  request.spellings)  # what a failed worker left undone
            for index in request.indexes:
                count += 1
                self.progress(Progress(count, total))
                yield self.local.run(index, request.filters, request.spellings)
        finally:
            self.progress(Progress(count, total, finished=True))

    def _workers(self, request: Request) -> int:
        if self.pool is not None:
            return self.pool.size
        try:
            cores = len(os.sched_getaffinity(0))
        except (AttributeError, OSError):
            cores = os.cpu_count() or 1
        configured = os.environ.get(WORKERS_ENV)
        if configured is not None:  # capped: `=64` must not fork 64 processes for 4 files
            try:
                return max(0, min(int(configured), cores, len(request.indexes)))
            except ValueError:
                return 0
        unread = sum(1 for i in request.indexes if self.files[i].rel not in self.local.texts)
        if unread < POOL_MIN_FILES:
            return 0
        return min(cores, 8)

    def close(self) -> None:
        if self.pool is not None:
            self.pool.stop()
            self.pool = None


# --- worker processes ----------------------------------------------------------------------------


def _worker(conn: Connection, files: Sequence[SourceFile], memo: RunMemo | None) -> None:
    """A worker's loop: ("job", filters, spellings), then ("files", [index, …]) → ("done", outcomes).

    A worker only reads, parses and records — texts, `ast` trees and tuples, none in a cycle — so it
    runs without the cyclic collector (store/memory.py), whatever it inherited. Its parses are its
    own, up to `WORKER_MEMO_CHARS`: the files it read, walked again by the later rounds; forked, its
    memo starts as its copy of the run's (None: spawned, a new one)."""
    gc.disable()
    memo = RunMemo(WORKER_MEMO_CHARS) if memo is None else memo
    memo.hold(WORKER_MEMO_CHARS)
    work = FileWork(files, memo)
    filters: tuple[Needles, ...] = ()
    spellings: Spellings | None = None
    try:
        while True:
            message = conn.recv()
            if message[0] == "stop":
                break
            if message[0] == "job":
                filters, spellings = message[1], message[2]
                continue
            conn.send(("done", [work.run(i, filters, spellings) for i in message[1]]))
    except (KeyboardInterrupt, Exception):  # the main process redoes the work, and meets the error
        pass
    finally:
        conn.close()


class _Pool:
    """Worker processes, each owning the files it read: later requests for them go to it."""

    def __init__(self, processes: list[Any], conns: list[Connection]) -> None:
        self.processes = processes
        self.conns = conns
        self.size = len(conns)
        self.owner: dict[int, int] = {}
        self.alive = True

    @classmethod
    def start(cls, files: Sequence[SourceFile], size: int, memo: RunMemo) -> _Pool:
        """`size` workers; forked, each starts from its copy of the run's `memo` (the trees and answers
        the main process holds, as a fork gives them: never shared back), spawned from a new one."""
        import multiprocessing

        methods = multiprocessing.get_all_start_methods()
        forked = "fork" in methods
        context: Any = multiprocessing.get_context("fork" if forked else "spawn")
        processes, conns = [], []
        for _ in range(size):
            mine, theirs = context.Pipe()
            process = context.Process(target=_worker, args=(theirs, files, memo if forked else None),
                                      daemon=True)
            process.start()
            theirs.close()
            processes.append(process)
            conns.append(mine)
        return cls(processes, conns)

    def run(self, request: Request, local: FileWork) -> Iterator[Outcome]:
        """Hand out the request in chunks: a file already read goes to its owner, the rest to whoever
        is free (largest files first, so no worker is left with a long tail)."""
        from multiprocessing.connection import wait

        files = local.files
        sizes = {i: file_size(files[i].path) for i in request.indexes if i not in self.owner}
        free = sorted(sizes, key=lambda i: sizes[i])  # popped from the end: largest first
        owned: list[list[int]] = [[] for _ in range(self.size)]
        for index in request.indexes:
            if index in self.owner:
                owned[self.owner[index]].append(index)
        try:
            for conn in self.conns:
                conn.send(("job", request.filters, request.spellings))
            busy: dict[int, int] = {}  # worker → chunks in flight
            for worker in range(self.size):
                for _ in range(2):
                    if self._give(worker, owned, free, sizes):
                        busy[worker] = busy.get(worker, 0) + 1
            while busy:
                for ready in wait([self.conns[w] for w in busy]):
                    worker = next(w for w in busy if self.conns[w] is ready)
                    _, outcomes = self.conns[worker].recv()
                    busy[worker] -= 1
                    yield from outcomes
                    if self._give(worker, owned, free, sizes):
                        busy[worker] += 1
                    if not busy[worker]:
                        del busy[worker]
        except (EOFError, OSError):
            self.stop()  # a worker died: the caller does the rest in this process

    def _give(self, worker: int, owned: list[list[int]], free: list[int], sizes: dict[int, int]) -> bool:
        chunk: list[int] = []
        total = 0
        mine = owned[worker]
        while mine and total < CHUNK_BYTES:
            index = mine.pop()
            chunk.append(index)
            total += 1 + sizes.get(index, 4096)
        while free and total < CHUNK_BYTES:
            index = free.pop()
            self.owner[index] = worker
            chunk.append(index)
            total += 1 + sizes[index]
        if not chunk:
            return False
        self.conns[worker].send(("files", chunk))
        return True

    def stop(self) -> None:
        if not self.alive:
            return
        self.alive = False
        for conn in self.conns:
            with contextlib.suppress(OSError, ValueError):
                conn.send(("stop",))
        for process in self.processes:
            process.join(timeout=2)
            if process.is_alive():
                process.terminate()
        for conn in self.conns:
            conn.close()


def file_size(path: Path) -> int:
    """A file's size in bytes for ordering work (0 when it cannot be stat'ed: read it last)."""
    try:
        return os.stat(path).st_size
    except OSError:
        return 0
