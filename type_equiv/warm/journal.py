"""A change journal of the tree, so a warm check asks what changed instead of `stat`-ing every file.

`type-equiv monitor` watches every folder under the root with inotify and numbers what it sees.
A check stores the journal's position (`token:seq`) with its record before it reads a file
(replay.py); the next check asks for the paths changed since that position and `stat`s only
those, plus what the journal cannot see (`unwatched`: symlinks, `.git`, the cache folder). Git's
fsmonitor works the same way. No monitor, another monitor, a lost position: the check `stat`s
every path, as without one: the journal only ever narrows the `stat` calls, it never decides.

Why no cookie file (git needs one): inotify queues an event inside the system call that makes the
change, so every change finished before a client connects is in the queue the monitor drains before
it answers. What inotify never reports, and so neither does the journal: writes through a
memory map, or by another host on a network file system.

inotify names a change by the path it was made through, so the journal vouches for no file it cannot
see every change of: a regular file with more than one name (a hard link, inside the tree or out: an
edit through the other name raises no event for this one) is answered as `unwatched`, and so is
stat'ed by every check; a link made or removed later is an event on the file itself (its link count).
A root the monitor cannot watch itself (a symlink, no watch left) vouches for nothing: its answer
then says it cannot tell (`changed` None), and the check stats every path, as without a monitor.

The socket is in Linux's abstract namespace (no file to clean up, no path length limit) and named
after the root; each side checks that the other runs as the same user (`SO_PEERCRED`).
"""

from __future__ import annotations

import _socket  # the C module: a check asks through it, sparing its start-up socket.py's enums
import errno
import json
import os
import stat as stat_mod
import struct
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO

if TYPE_CHECKING:
    import socket

from type_equiv.store.cache import key_of

ASK_TIMEOUT = 2.0  # seconds a check waits for the monitor before it `stat`s everything itself
_CRED = struct.Struct("3i")  # struct ucred: pid, uid, gid


def address(root: Path) -> str:
    """The monitor's socket name for `root`: one monitor per root (as `Path.absolute` spells it)."""
    return "\0type-equiv-monitor-" + key_of(str(root))


def supported() -> bool:
    return sys.platform.startswith("linux") and hasattr(_socket, "SO_PEERCRED")


@dataclass(frozen=True)
class Reply:
    """The journal's answer: its position now; the root-relative paths changed since the asked
    position (None when it cannot tell: another monitor, events lost); folders it does not watch."""

    now: str
    changed: list[str] | None
    unwatched: list[str]

    @classmethod
    def from_json(cls, data: Any) -> Reply:
        now, changed, unwatched = data["now"], data["changed"], data["unwatched"]
        if not (isinstance(now, str) and isinstance(unwatched, list)
                and all(isinstance(p, str) for p in unwatched)
                and (changed is None or (isinstance(changed, list)
                                         and all(isinstance(p, str) for p in changed)))):
            raise ValueError("malformed reply")
        return cls(now, changed, unwatched)


def ask(root: Path, since: str | None) -> Reply | None:
    """The paths changed under `root` since position `since`; None when no monitor of this user
    answers in time (the caller then `stat`s everything)."""
    if not supported():
        return None
    try:
        conn = _socket.socket(_socket.AF_UNIX, _socket.SOCK_STREAM)
    except OSError:
        return None
    try:
        conn.settimeout(ASK_TIMEOUT)
        conn.connect(address(root))
        if not _same_user(conn):
            return None
        conn.sendall(json.dumps({"since": since}).encode() + b"\n")
        return Reply.from_json(json.loads(_read_all(conn)))
    except (OSError, ValueError, KeyError, TypeError):
        return None
    finally:
        conn.close()


def _same_user(conn: _socket.socket) -> bool:
    _, uid, _ = _CRED.unpack(conn.getsockopt(_socket.SOL_SOCKET, _socket.SO_PEERCRED, _CRED.size))
    return bool(uid == os.getuid())


def _read_all(conn: _socket.socket) -> bytes:
    parts = []
    while chunk := conn.recv(1 << 16):
        parts.append(chunk)
    return b"".join(parts)


class Journal:
    """inotify watches on every folder under the root, and the sequence number of each path's
    last change. A folder moved within the tree makes the watches' paths stale: the journal then
    starts over under a new token, and every earlier position reads as unknown."""

    def __init__(self, root: Path, skip: Path | None) -> None:
        self.root = root
        self.skip = skip  # the cache folder: a check's own writes are not changes of the tree
        self.seq = 0
        self.changed: dict[str, int] = {}
        self.unwatched: set[str] = set()
        self.linked: set[str] = set()  # regular files with another name: every check stats them
        self.token = ""
        self.folders: dict[int, str] = {}  # watch descriptor -> root-relative folder ("" = root)
        self.inotify: Any = None
        self.refused = ""  # the first folder inotify would not watch (fs.inotify.max_user_watches)
        self.restart()

    @property
    def now(self) -> str:
        return f"{self.token}:{self.seq}"

    def restart(self) -> None:
        from inotify_simple import INotify, flags

        if self.inotify is not None:
            self.inotify.close()
        self.mask = (flags.MODIFY | flags.ATTRIB | flags.CLOSE_WRITE | flags.CREATE | flags.DELETE
                     | flags.MOVED_FROM | flags.MOVED_TO | flags.DELETE_SELF | flags.MOVE_SELF
                     | flags.DONT_FOLLOW | flags.ONLYDIR)
        self.inotify = INotify(nonblocking=True)
        self.token = os.urandom(6).hex()
        self.seq = 0
        self.changed.clear()
        self.unwatched.clear()
        self.linked.clear()
        self.folders.clear()
        for _ in self._watch_tree(""):
            pass

    def fileno(self) -> int:
        return int(self.inotify.fileno())

    def _watch_tree(self, top: str) -> Iterator[str]:
        """Watch `top` and every folder below it; yield each path found there (a folder created
        while the monitor runs may have been filled before its watch was in place)."""
        stack = [top]
        while stack:
            rel = stack.pop()
            path = self._abs(rel)
            if self.skip is not None and Path(path) == self.skip:
                self.unwatched.add(rel)
                continue
            try:
                wd = self.inotify.add_watch(path, self.mask)
            except OSError as error:  # gone meanwhile, unreadable, out of watches: `stat` decides
                self.unwatched.add(rel)
                hint = " (raise fs.inotify.max_user_watches)" if error.errno == errno.ENOSPC else ""
                self.refused = self.refused or f"{path}: {error.strerror or error}{hint}"
                continue
            self.folders[wd] = rel
            try:
                entries = list(os.scandir(path))
            except OSError:
                self.unwatched.add(rel)
                continue
            for entry in entries:
                child = f"{rel}/{entry.name}" if rel else entry.name
                yield child
                if self._admit(child, entry.is_symlink(), entry.is_dir(follow_symlinks=False)):
                    stack.append(child)
                elif entry.is_file(follow_symlinks=False):
                    try:
                        self._count_links(child, entry.stat(follow_symlinks=False))
                    except OSError:
                        self.linked.discard(child)

    def _admit(self, rel: str, link: bool, folder: bool) -> bool:
        """Whether a folder found in the tree is to be watched. A symlink (its target's changes
        raise no event here) and `.git` stay unwatched: every check stats them."""
        if link or (folder and rel.rpartition("/")[2] == ".git"):
            self.unwatched.add(rel)
            return False
        return folder

    def _count_links(self, rel: str, st: os.stat_result | None) -> None:
        """Note whether `rel` is a regular file with another name (`st` its `lstat`, None: gone)."""
        if st is not None and stat_mod.S_ISREG(st.st_mode) and st.st_nlink > 1:
            self.linked.add(rel)
        else:
            self.linked.discard(rel)

    def _relinked(self, rel: str) -> None:
        try:
            st: os.stat_result | None = os.lstat(self._abs(rel))
        except OSError:
            st = None
        self._count_links(rel, st)

    def _abs(self, rel: str) -> str:
        return os.path.join(self.root, rel) if rel else str(self.root)

    def drain(self) -> None:
        """Take every queued event into the journal, under one new sequence number."""
        from inotify_simple import flags

        events = self.inotify.read(timeout=0)
        if not events:
            return
        self.seq += 1
        for event in events:
            if event.mask & flags.Q_OVERFLOW:
                self.restart()  # events were lost: no earlier position can be answered
                return
            folder = self.folders.get(event.wd)
            if folder is None:
                continue
            if event.mask & flags.IGNORED:
                del self.folders[event.wd]
                continue
            if event.mask & (flags.MOVE_SELF | flags.DELETE_SELF) and not folder:
                raise OSError(f"{self.root} was moved or deleted")
            if event.mask & flags.MOVED_FROM and event.mask & flags.ISDIR:
                self.restart()  # the moved folder's watches now carry a stale path
                return
            if not event.name:  # the folder itself (its mode, say)
                self._mark(folder)
                continue
            path = f"{folder}/{event.name}" if folder else event.name
            self._mark(path)
            if not event.mask & flags.ISDIR:
                self._relinked(path)  # a link made or removed, here or elsewhere: IN_ATTRIB here
            if event.mask & (flags.CREATE | flags.DELETE | flags.MOVED_FROM | flags.MOVED_TO):
                self._mark(folder)  # an entry added or removed moves the folder's stamp
            if event.mask & (flags.CREATE | flags.MOVED_TO) and self._admit(
                    path, os.path.islink(self._abs(path)), bool(event.mask & flags.ISDIR)):
                for inner in self._watch_tree(path):
                    self._mark(inner)

    def _mark(self, path: str) -> None:
        self.changed[path] = self.seq

    @property
    def blind(self) -> bool:
        """Whether the root itself is unwatched: a change anywhere under it may raise no event."""
        return "" in self.unwatched

    def answer(self, since: Any) -> dict[str, Any]:
        changed: list[str] | None = None
        if isinstance(since, str) and not self.blind:
            token, _, seq = since.partition(":")
            if token == self.token and seq.isdigit():
                after = int(seq)
                changed = [path for path, at in self.changed.items() if at > after]
        return {"now": self.now, "changed": changed, "unwatched": sorted(self.unwatched | self.linked)}


def serve(root: Path, cache_dir: Path | None, err: TextIO) -> int:
    """Run the monitor of `root` until a signal stops it: 0 when stopped, 2 when it cannot run."""
    import signal

    if not supported():
        err.write("type-equiv monitor: needs Linux (inotify); checks stat the tree instead\n")
        return 2
    if not root.is_dir():
        err.write(f"type-equiv monitor: {root}: not a folder\n")
        return 2
    import socket

    listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    try:
        listener.bind(address(root))
    except OSError:
        err.write(f"type-equiv monitor: a monitor of {root} already runs\n")
        listener.close()
        return 2
    try:
        journal = Journal(root, cache_dir)
    except OSError as error:
        err.write(f"type-equiv monitor: cannot watch {root}: {error}\n")
        listener.close()
        return 2
    listener.listen(16)
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
    err.write(f"type-equiv monitor: watching {len(journal.folders):,} folders under {root}"
              " (Ctrl-C stops)\n")
    if journal.blind:  # every check stats every path, as without a monitor
        err.write(f"type-equiv monitor: cannot watch the root itself, so it vouches for nothing and"
                  f" checks stat every file: {journal.refused}\n")
    elif journal.refused:  # those folders are stat'ed by every check, as without a monitor
        err.write(f"type-equiv monitor: some folders are not watched, checks stat them: first"
                  f" {journal.refused}\n")
    err.flush()
    try:
        _loop(listener, journal)
    except KeyboardInterrupt:
        pass
    except OSError as error:
        err.write(f"type-equiv monitor: stopped: {error}\n")
        return 2
    finally:
        listener.close()
    return 0


def _loop(listener: socket.socket, journal: Journal) -> None:
    import selectors

    with selectors.DefaultSelector() as selector:
        selector.register(listener, selectors.EVENT_READ, "ask")
        selector.register(journal.fileno(), selectors.EVENT_READ, "events")
        token, watched = journal.token, journal.fileno()
        while True:
            for key, _ in selector.select():
                journal.drain()  # also before an answer: every finished change is queued by now
                if journal.token != token:  # restarted: a new inotify descriptor (maybe same number)
                    selector.unregister(watched)
                    token, watched = journal.token, journal.fileno()
                    selector.register(watched, selectors.EVENT_READ, "events")
                if key.data == "ask":
                    _answer(listener, journal)


def _answer(listener: socket.socket, journal: Journal) -> None:
    try:
        conn, _ = listener.accept()
    except OSError:  # the client gave up before it was served
        return
    with conn:
        try:
            conn.settimeout(ASK_TIMEOUT)
            if not _same_user(conn):
                return
            with conn.makefile("rb") as request:
                line = request.readline(1 << 16)
            since = json.loads(line).get("since") if line else None
            conn.sendall(json.dumps(journal.answer(since)).encode())
        except (OSError, ValueError, AttributeError):
            return  # a client that went away or spoke nonsense: the next one is served
