"""Which of a record's paths changed since it was stored: `stat` calls, fewer with a monitor.

A record keeps each path it read with its stamp (cache.Stamp), paths under the root grouped by
folder (`{"pkg/sub": {"mod.py": stamp}}`), others absolute. `moved` stats them and sorts the result:
nothing moved, some stamps moved (in doubt: the content hash decides, or for a file whose meaning
digest was kept, that digest: replay.py), or a path appeared or vanished. On a large tree the
`stat` calls are shared with a forked second process; a monitor's journal (monitor.py) narrows
them to the paths it saw change or cannot see (`journaled`).
"""

from __future__ import annotations

import json
import os
import stat as stat_mod
import sys
from collections.abc import Callable
from typing import Any

from type_equiv.store.cache import Stamp, digest
from type_equiv.store.safe import read_bounded

Folders = dict[str, dict[str, Any]]  # {"pkg/sub": {"mod.py": recorded stamp (JSON) or None}}
Moved = tuple[str | None, str, str, Stamp]  # (folder, None outside the root; name; path; stamp now)


def moved(prefix: str, inside: Folders, outside: dict[str, Any]) -> list[Moved] | None:
    """The recorded paths whose stamp moved; None when a path appeared or vanished. `inside` is
    under `prefix` (the root and a separator), `outside` holds absolute paths."""
    folders = list(inside)
    groups = [(prefix + folder + "/" if folder else prefix, inside[folder]) for folder in folders]
    groups.append(("", outside))
    found = _stat_in_two(groups)
    if found is None:
        return None
    return [(folders[g] if g < len(folders) else None, name, groups[g][0] + name, stamp)
            for g, name, stamp in found]


def journaled(inside: Folders, changed: list[str], unwatched: list[str]) -> Folders:
    """The recorded paths (by folder, as `inside`) a journal says to `stat`: those it saw change,
    and those it cannot see (each unwatched path, and everything recorded below one)."""
    chosen: Folders = {}
    for path in (*changed, *unwatched):
        folder, _, name = path.rpartition("/")
        names = inside.get(folder)
        if names is not None and name in names:
            chosen.setdefault(folder, {})[name] = names[name]
    for top in unwatched:
        below = top + "/"
        for folder, names in inside.items():
            if not top or folder == top or folder.startswith(below):  # "": the root, so all of it
                chosen.setdefault(folder, {}).update(names)
    return chosen


Groups = list[tuple[str, dict[str, Any]]]  # (path prefix, {name: recorded stamp or None})
Doubt = list[tuple[int, str, Stamp]]  # (group index, name, stamp now)
PARALLEL_MIN = 4000  # paths to stat before a second process pays for its fork


def _stat_groups(groups: Groups, first: int, last: int) -> Doubt | None:
    """`moved` for groups[first:last], by raw `stat` fields (a hot loop)."""
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
            if value is None:
                return None
            if st.st_size != value[0] or st.st_mtime_ns != value[1] or st.st_ctime_ns != value[2]:
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


def stable_digest(path: str, stamp: Stamp) -> str | None:
    """The content hash of the regular file at `path` if it has `stamp` before and after the read."""
    data = stable_bytes(path, stamp)
    return digest(data) if data is not None else None


def stable_bytes(path: str, stamp: Stamp) -> bytes | None:
    """The bytes of the regular file at `path` if it has `stamp` before and after the read."""
    try:
        before = os.stat(path)
        if not stat_mod.S_ISREG(before.st_mode) or Stamp.from_stat(before) != stamp:
            return None
        data = read_bounded(path)
    except (OSError, ValueError):
        return None
    return data if Stamp.of(path) == stamp else None


