"""Warm checks: when nothing a check read has changed, the last check's events are replayed.

A run notes everything its result depends on as it reads it (`note_file`, `note_dir`): the manifest,
docs, modules, the lock file, each file of the producer scan, each folder it listed (a file added
or removed changes its folder's stamp), and the module paths it looked for and did not find. When
the run ends cleanly its events and those stamps are stored (cache store `run`). The next check with
the same options stats those paths; if every stamp is the same, it replays the events without
importing the pipeline — a warm check costs start-up and `stat` calls.

A stamp that moved while the size did not (`touch`, `git checkout` of the same bytes) is in doubt,
not changed: the file's content hash, kept per run in a side store (`digests`, read only then),
decides. A match replays, and the record takes the new stamp once it is old enough to trust.

What is never replayed, because its inputs are not files of the tree or are not this process's:
a run that started mypy or imported project code (`--schema`, `schema`/`fixtures` rows), `--base`
and retired spellings (git decides what is listed), file arguments (pre-commit), a run that failed,
and a run that read a file changed in the last `RACY_NS` (it may change again unseen by `stat`).
"""

from __future__ import annotations

import json
import os
import posixpath
import stat as stat_mod
import sys
import time
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from type_equiv import monitor
from type_equiv.cache import FORMAT, Cache, Stamp, digest, key_of
from type_equiv.monitor import Reply

if TYPE_CHECKING:
    from type_equiv.options import CheckOptions
    from type_equiv.session import SessionEvent

STORE = "run"
DIGESTS = "digests"  # content hashes of a run's files, read only when a stamp is in doubt
INTERNAL_ERROR_HOOK = "TYPE_EQUIV_INTERNAL_ERROR_TEST"


class Inputs:
    """What one run read, as stamps taken just before each read: paths under the root are kept
    relative to it (`inside`), others absolute (`outside`)."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.prefix = str(root).rstrip(os.sep) + os.sep
        self.inside: dict[str, Stamp | None] = {}
        self.outside: dict[str, Stamp | None] = {}
        self.digests: dict[str, str] = {}  # by slot key: the content hash under the noted stamp
        self.refused: str | None = None
        self.journal: str | None = None  # the monitor's position before the first read (monitor.py)

    def _slot(self, path: Path | str) -> tuple[dict[str, Stamp | None], str]:
        """`inside` holds only plain root-relative paths, as a monitor's journal names them; one
        spelled with `.`, `..` or `//` is kept absolute in `outside`, which is always stat'ed."""
        text = os.fspath(path)
        if text.startswith(self.prefix):
            rel = text[len(self.prefix):]
            if not ("//" in rel or "/." in "/" + rel) or posixpath.normpath(rel) == rel:
                return self.inside, rel
        return self.outside, text

    def file(self, path: Path | str, stamp: Stamp | None = None, known: bool = False) -> None:
        """A file (or folder: a folder's stamp moves when an entry is added or removed)."""
        slot, key = self._slot(path)
        if key in slot:
            return
        if not known:
            stamp = Stamp.of(path)
        slot[key] = stamp
        if stamp is not None and stamp.racy(time.time_ns()):
            self.refuse(f"{key} changed moments ago")

    def digest(self, path: Path | str, stamp: Stamp | None, dig: str) -> None:
        """`path` held content `dig` under `stamp`; kept only if that is the stamp this run noted."""
        slot, key = self._slot(path)
        if stamp is not None and dig and slot.get(key) == stamp:
            self.digests[self._marked(slot, key)] = dig

    def digest_key(self, path: Path | str) -> str:
        """Root-relative for paths under the root (the side store stays small), else `!` + path."""
        return self._marked(*self._slot(path))

    def _marked(self, slot: dict[str, Stamp | None], key: str) -> str:
        return key if slot is self.inside else "!" + key

    def refuse(self, why: str) -> None:
        self.refused = self.refused or why

    def all_digests(self) -> dict[str, str]:
        """Each noted regular file's content hash: as read by the run, else read now while its stamp
        still is the noted one (before and after the read: a file changing meanwhile gets none)."""
        out: dict[str, str] = {}
        for prefix, mark, slot in ((self.prefix, "", self.inside), ("", "!", self.outside)):
            for key, stamp in slot.items():
                known = self.digests.get(mark + key)
                if known is not None:
                    out[mark + key] = known
                elif stamp is not None and (dig := _stable_digest(prefix + key, stamp)) is not None:
                    out[mark + key] = dig
        return out

    def to_json(self) -> dict[str, Any]:
        """Paths under the root grouped by folder (`{"pkg/sub": {"mod.py": stamp}}`): a warm check
        loads this, so it is kept small."""
        inside: dict[str, dict[str, Any]] = {}
        for key, stamp in sorted(self.inside.items()):
            folder, _, name = key.rpartition("/")
            inside.setdefault(folder, {})[name] = stamp.to_json() if stamp else None
        return {"inside": inside,
                "outside": {k: s.to_json() if s else None for k, s in self.outside.items()}}

    def in_doubt(self, data: Any, journal: Reply | None = None
                 ) -> list[tuple[dict[str, Any], str, str, Stamp]] | None:
        """The recorded paths whose stamp moved while their size did not, each as (its group in
        `data`, its name there, its path, its stamp now); None when anything else changed (a size, a
        path appearing or vanishing). The loop a warm check spends its time in: on a large tree the
        `stat` calls are shared with a forked second process (`_stat_in_two`). A monitor's journal
        (monitor.py) narrows the paths under the root to those it saw change or cannot see."""
        inside: dict[str, dict[str, Any]] = data["inside"]
        chosen = (inside if journal is None or journal.changed is None
                  else _journaled(inside, journal.changed, journal.unwatched))
        owners = [inside[folder] for folder in chosen] + [data["outside"]]
        groups = [(self.prefix + folder + "/" if folder else self.prefix, names)
                  for folder, names in chosen.items()]
        groups.append(("", data["outside"]))
        found = _stat_in_two(groups)
        if found is None:
            return None
        return [(owners[g], name, groups[g][0] + name, stamp) for g, name, stamp in found]


def _journaled(inside: dict[str, dict[str, Any]], changed: list[str], unwatched: list[str]
               ) -> dict[str, dict[str, Any]]:
    """The recorded paths (by folder, as `inside`) a journal says to `stat`: those it saw change,
    and those it cannot see (each unwatched path, and everything recorded below one)."""
    chosen: dict[str, dict[str, Any]] = {}
    for path in (*changed, *unwatched):
        folder, _, name = path.rpartition("/")
        names = inside.get(folder)
        if names is not None and name in names:
            chosen.setdefault(folder, {})[name] = names[name]
    for top in unwatched:
        below = top + "/"
        for folder, names in inside.items():
            if folder == top or folder.startswith(below):
                chosen.setdefault(folder, {}).update(names)
    return chosen


Groups = list[tuple[str, dict[str, Any]]]  # (path prefix, {name: recorded stamp or None})
Doubt = list[tuple[int, str, Stamp]]  # (group index, name, stamp now)
PARALLEL_MIN = 4000  # paths to stat before a second process pays for its fork


def _stat_groups(groups: Groups, first: int, last: int) -> Doubt | None:
    """`Inputs.in_doubt` for groups[first:last], by raw `stat` fields (a hot loop)."""
    stat = os.stat
    doubt: Doubt = []
    for index in range(first, last):
        prefix, names = groups[index]
        for name, value in names.items():
            try:
                st = stat(prefix + name)
            except (OSError, ValueError):
                if value is not None:
                    return None
                continue
            if value is None or st.st_size != value[0]:
                return None
            if st.st_mtime_ns != value[1] or st.st_ctime_ns != value[2]:
                doubt.append((index, name, Stamp.from_stat(st)))
    return doubt


def _stat_in_two(groups: Groups) -> Doubt | None:
    """Stat the groups' paths, the second half in a forked process when there are many: a `stat`
    is a system call of a few microseconds, threads share one interpreter lock, two processes run on
    two cores. Linux only, and only while this process runs one thread (fork is cheap there, and
    safe); any failure of the child means this process stats its half itself."""
    sizes = [len(names) for _, names in groups]
    total = sum(sizes)
    threading = sys.modules.get("threading")
    if (total < PARALLEL_MIN or not sys.platform.startswith("linux") or not hasattr(os, "fork")
            or (threading is not None and threading.active_count() > 1)):
        return _stat_groups(groups, 0, len(groups))
    split, seen = 0, 0
    while split < len(groups) and seen < total // 2:
        seen += sizes[split]
        split += 1
    child = _forked(lambda: _stat_groups(groups, split, len(groups)))
    mine = _stat_groups(groups, 0, split)
    theirs = child() if child is not None else _stat_groups(groups, split, len(groups))
    if mine is None or theirs is None:
        return None
    return mine + theirs


def _forked(work: Callable[[], Doubt | None]) -> Callable[[], Doubt | None] | None:
    """Run `work` in a forked child; the returned function waits for its answer (None: no fork)."""
    try:
        read, write = os.pipe()
    except OSError:
        return None
    try:
        pid = os.fork()
    except OSError:
        os.close(read)
        os.close(write)
        return None
    if pid == 0:  # the child: answer through the pipe, then leave without any cleanup of the parent's
        code = 1
        try:
            os.close(read)
            found = work()
            answer = None if found is None else [[g, n, s.to_json()] for g, n, s in found]
            with os.fdopen(write, "w", encoding="utf-8") as out:
                json.dump({"doubt": answer}, out)
            code = 0
        finally:
            os._exit(code)
    os.close(write)

    def wait() -> Doubt | None:
        with os.fdopen(read, "r", encoding="utf-8") as answer_in:
            text = answer_in.read()
        _, status = os.waitpid(pid, 0)
        try:
            if status != 0:
                raise ValueError(f"the child exited with status {status}")
            answer = json.loads(text)["doubt"]
            return None if answer is None else [(int(g), str(n), Stamp(*s)) for g, n, s in answer]
        except (ValueError, KeyError, TypeError):
            return work()

    return wait


def _stable_digest(path: str, stamp: Stamp) -> str | None:
    """The content hash of the regular file at `path` if it has `stamp` before and after the read."""
    try:
        before = os.stat(path)
        if not stat_mod.S_ISREG(before.st_mode) or Stamp.from_stat(before) != stamp:
            return None
        with open(path, "rb") as handle:
            data = handle.read()
    except (OSError, ValueError):
        return None
    return digest(data) if Stamp.of(path) == stamp else None


CURRENT: Inputs | None = None  # the run being recorded (runs in one process follow each other)


def note_file(path: Path | str) -> None:
    """About to read `path` (or to find it absent): its stamp is part of the result."""
    if CURRENT is not None:
        CURRENT.file(path)


def note_stamp(path: Path | str, stamp: Stamp | None) -> None:
    """`path` was read when it had `stamp` (taken before the read, by the producer scan)."""
    if CURRENT is not None:
        CURRENT.file(path, stamp, known=True)


def note_digest(path: Path | str, stamp: Stamp | None, dig: str) -> None:
    """`path` had content hash `dig` when it had `stamp`: a later run in doubt compares it."""
    if CURRENT is not None:
        CURRENT.digest(path, stamp, dig)


def note_dir(path: Path | str) -> None:
    """About to list `path`: a file added to or removed from it changes its stamp."""
    if CURRENT is not None:
        CURRENT.file(path)


def refuse(why: str) -> None:
    """This run's result depends on more than files it noted: it is not stored for replay."""
    if CURRENT is not None:
        CURRENT.refuse(why)


def _replayable(options: CheckOptions) -> bool:
    return (options.cache_dir is not None and options.files is None and options.base is None
            and not options.schema and os.environ.get(INTERNAL_ERROR_HOOK) != "1")


def _key(options: CheckOptions) -> str:
    return key_of(FORMAT, str(options.root), str(options.manifest), list(options.symbols))


class Record:
    """A stored run: its inputs' stamps, its events, and its rendered output per view.

    A view is (format, quiet, colour): replaying a view already rendered once writes its bytes back
    without importing pydantic or the renderers. Colour is never stored (it depends on the terminal).
    """

    def __init__(self, options: CheckOptions, payload: dict[str, Any]) -> None:
        self.options = options
        self.payload = payload
        self.journal: Reply | None = None  # what the monitor answered when this record was opened

    @classmethod
    def open(cls, options: CheckOptions) -> Record | None:
        """The last run with these options, if nothing it read has changed since."""
        if not _replayable(options):
            return None
        assert options.cache_dir is not None
        cache = Cache(options.cache_dir, options.root)
        payload = cache.load(STORE, _key(options))
        try:
            if not isinstance(payload, dict):
                return None
            since = payload.get("monitor")
            journal = monitor.ask(options.root, since if isinstance(since, str) else None)
            doubt = Inputs(options.root).in_doubt(payload["inputs"], journal)
            taken = _same_content(cache, options, payload, doubt) if doubt else 0
            if doubt is None or taken is None:
                return None
        except (KeyError, TypeError, ValueError, AttributeError):
            return None
        _begin_counters()
        record = cls(options, payload)
        record.journal = journal
        fresh = journal is not None and journal.changed is None
        if journal is not None and fresh:  # every path was stat'ed: a safe start for the next
            payload["monitor"] = journal.now
        if taken or fresh:
            record.save()  # new stamps old enough to trust, or a new position, save the next run work
        return record

    def output(self, view: tuple[str, bool, bool]) -> tuple[str, str, int] | None:
        shown = self.payload.get("outputs", {}).get(_view(view))
        if not (isinstance(shown, list) and len(shown) == 3 and isinstance(shown[0], str)
                and isinstance(shown[1], str) and isinstance(shown[2], int)):
            return None
        return shown[0], shown[1], shown[2]

    def events(self) -> list[SessionEvent] | None:
        from pydantic import TypeAdapter

        from type_equiv.session import SessionEvent

        adapter: TypeAdapter[SessionEvent] = TypeAdapter(SessionEvent)
        try:
            return [adapter.validate_python(event) for event in self.payload["events"]]
        except (KeyError, TypeError, ValueError):  # pydantic's errors are ValueErrors
            return None

    def keep(self, view: tuple[str, bool, bool], out: str, err: str, code: int) -> None:
        """Store this view's rendered output with the record (a colour view never)."""
        if view[2]:
            return
        self.payload.setdefault("outputs", {})[_view(view)] = [out, err, code]
        self.save()

    def save(self) -> None:
        assert self.options.cache_dir is not None
        Cache(self.options.cache_dir, self.options.root).save(STORE, _key(self.options), self.payload)


def _same_content(cache: Cache, options: CheckOptions, payload: dict[str, Any],
                  doubt: list[tuple[dict[str, Any], str, str, Stamp]]) -> int | None:
    """None unless every file in doubt still holds the bytes the recorded run read (by content
    hash); else how many new stamps the record took: those old enough to be trusted by `stat` alone."""
    digests = cache.load(DIGESTS, key_of(_key(options), payload.get("id")))
    if not isinstance(digests, dict):
        return None
    now = time.time_ns()
    keys = Inputs(options.root)
    taken = 0
    for names, name, path, stamp in doubt:
        known = digests.get(keys.digest_key(path))
        if not isinstance(known, str) or _stable_digest(path, stamp) != known:
            return None
        if not stamp.racy(now):
            names[name] = stamp.to_json()
            taken += 1
    return taken


def _view(view: tuple[str, bool, bool]) -> str:
    fmt, quiet, colour = view
    return f"{fmt}/{'quiet' if quiet else 'full'}/{'colour' if colour else 'plain'}"


LAST: Record | None = None  # the record the last run in this process stored, for its output


def begin(options: CheckOptions) -> Inputs | None:
    """Start noting what this run reads (None when its result could not be replayed anyway)."""
    global CURRENT, LAST
    LAST = None
    CURRENT = Inputs(options.root) if _replayable(options) else None
    if CURRENT is not None:
        reply = monitor.ask(options.root, None)  # before any read: changes after it are journaled
        CURRENT.journal = reply.now if reply is not None else None
        CURRENT.file(options.manifest)
    return CURRENT


def finish(options: CheckOptions, inputs: Inputs | None, events: Iterable[SessionEvent],
           mypy_runs: int, imported: int) -> None:
    """Store the run for replay, unless something it depended on was not a noted file."""
    global CURRENT, LAST
    CURRENT = None
    if inputs is None or inputs.refused or mypy_runs or imported or options.cache_dir is None:
        return
    run_id = os.urandom(8).hex()  # ties the side store of content hashes to this record
    payload: dict[str, Any] = {"id": run_id, "inputs": inputs.to_json(),
                               "events": [event.model_dump(mode="json") for event in events]}
    if inputs.journal is not None:
        payload["monitor"] = inputs.journal
    cache = Cache(options.cache_dir, options.root)
    cache.save(DIGESTS, key_of(_key(options), run_id), inputs.all_digests())
    LAST = Record(options, payload)
    LAST.save()


def abandon() -> None:
    global CURRENT
    CURRENT = None


def last(options: CheckOptions) -> Record | None:
    """The record the run with these options just stored, if it stored one."""
    return LAST if LAST is not None and LAST.options == options else None


def _begin_counters() -> None:
    """What `judges.begin_run` does, without importing the judges: this run ran no mypy, imported
    nothing (the counters of an earlier run in this process must not show)."""
    types = sys.modules.get("type_equiv.judges.types")
    if types is not None:
        types.COUNTERS.reset()
    importing = sys.modules.get("type_equiv.importing")
    if importing is not None:
        importing.IMPORTED.clear()
