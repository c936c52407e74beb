"""The cache folder: results of pure per-file work kept between runs, and never trusted blindly.

`<cache-dir>` (`--cache-dir`, default `<root>/.type-equiv-cache`; `--no-cache` turns it off) holds
one file per store, `<name>.json`, beside mypy's own `mypy/`. A store is two JSON lines: a header
(format, tool version, what the payload depends on, the payload's length and SHA-256), then the
payload. A store whose header, length or checksum does not match — another version of the tool,
other spellings, a truncated or corrupt file — is ignored and rebuilt; nothing is ever unpickled.
Writes go to a temporary file renamed over the old one, so a reader sees the old or the new store,
never half of one. A cache that cannot be written (a read-only checkout) only costs speed.

Per-file entries (`FileTable`) count while the file's size and `mtime_ns` are unchanged. A file
modified within `RACY_NS` of being read might change again without its mtime moving (coarse file
system clocks), so such an entry is confirmed by its content hash until its mtime is old enough. A
file whose stamp moved but whose size did not (`touch`, a checkout of the same bytes) is confirmed by
its content hash too, and keeps its entry.
"""

from __future__ import annotations

import functools
import hashlib
import json
import os
import stat
import sys
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from type_equiv import __version__
from type_equiv.store.memory import collector_paused
from type_equiv.store.safe import inside, read_bounded, write_inside

FORMAT = 4  # bump when any store's payload changes shape
GITIGNORE = b"# written by type-equiv: the cache is never committed\n*\n"
RACY_NS = 2_000_000_000  # an mtime this close to when the file was read proves nothing


def digest(data: bytes) -> str:
    """The content hash of a file's bytes (16 bytes of BLAKE2b: fast, and plenty for equality)."""
    return hashlib.blake2b(data, digest_size=16).hexdigest()


def key_of(*parts: object) -> str:
    """A short digest of JSON-able parts: what a store's payload depends on."""
    data = json.dumps(parts, sort_keys=True, separators=(",", ":"), default=str)
    return hashlib.sha256(data.encode()).hexdigest()[:24]


@functools.lru_cache(maxsize=1)
def tool_fingerprint() -> str:
    """This version of type-equiv: its version, its own files' stamps (an editable install changes
    without a version bump, and a cache written by other code must not be read) and the versions of
    the libraries its results depend on."""
    stamps: list[tuple[str, int, int]] = []
    folders = [os.path.dirname(os.path.dirname(os.path.abspath(__file__)))]  # the whole package
    while folders:
        folder = folders.pop()
        try:
            entries = list(os.scandir(folder))
        except OSError:
            continue
        for entry in entries:
            try:
                if entry.is_dir() and entry.name != "__pycache__":
                    folders.append(entry.path)
                elif entry.name.endswith(".py"):
                    st = entry.stat()
                    stamps.append((entry.path, st.st_size, st.st_mtime_ns))
            except OSError:
                continue
    return f"{__version__}+{key_of(sorted(stamps), sys.version_info[:2], _dependency_versions())}"


# What cached results are made of besides type-equiv's own code: parses (libcst), verdicts (mypy,
# pydantic's schemas), pastes (markdown-it-py), schema checks (jsonschema). An upgrade of any of them
# may change a result, so it invalidates every store.
DEPENDENCIES = ("libcst", "mypy", "pydantic", "pydantic-core", "markdown-it-py", "jsonschema", "pathspec",
                "mdit-py-plugins", "docutils", "nbformat", "msgspec", "attrs")


def _dependency_versions() -> list[str | None]:
    """The installed versions, read off the `<name>-<version>.dist-info` folders on `sys.path`
    (nothing imported; one listing per path entry, where `importlib.metadata` costs ~20 ms): a
    missing one is None."""
    wanted = {_normal(name): i for i, name in enumerate(DEPENDENCIES)}
    versions: list[str | None] = [None] * len(DEPENDENCIES)
    for entry in sys.path:
        try:
            names = os.listdir(entry or ".")
        except OSError:
            continue
        for name in names:
            if not name.endswith(".dist-info"):
                continue
            dist, _, version = name[: -len(".dist-info")].partition("-")
            index = wanted.get(_normal(dist))
            if index is not None and versions[index] is None:
                versions[index] = version
    return versions


def _normal(name: str) -> str:
    """A distribution name as its dist-info folder spells it (PEP 503 normalised, `_` for runs)."""
    return "".join("_" if c in "-_." else c for c in name.lower())


def cache_folder(root: Path, folder: Path) -> Path | None:
    """`folder`, or None when it lies in the root as spelled but a symlink leads it out.

    A `.type-equiv-cache` committed as a link to `/home/…` or `/etc` must not make a check write
    there: such a cache is not used (it only costs speed). A `--cache-dir` spelled outside the root is
    the user's own choice and is used as given, also when spelled through the root (`ROOT/../x`:
    `..` is read as spelled, before any link is followed).
    """
    spelled = Path(os.path.normpath(folder))
    if spelled.is_relative_to(os.path.normpath(root)) and not inside(root, folder):
        return None
    return folder


@dataclass(frozen=True)
class Stamp:
    """What `stat` says about a file: with its path, the key of every per-file entry.

    `ctime_ns` moves on any change to the inode (a `chmod` too), so it is compared as well.
    """

    size: int
    mtime_ns: int
    ctime_ns: int

    @classmethod
    def of(cls, path: Path | str) -> Stamp | None:
        try:
            return cls.from_stat(os.stat(path))
        except (OSError, ValueError):
            return None

    @classmethod
    def from_stat(cls, st: os.stat_result) -> Stamp:
        return cls(st.st_size, st.st_mtime_ns, st.st_ctime_ns)

    def to_json(self) -> list[int]:
        return [self.size, self.mtime_ns, self.ctime_ns]

    @classmethod
    def from_json(cls, value: Any) -> Stamp | None:
        if value is None:
            return None
        size, mtime_ns, ctime_ns = value
        if not all(isinstance(v, int) for v in (size, mtime_ns, ctime_ns)):
            raise ValueError("damaged stamp")
        return cls(size, mtime_ns, ctime_ns)

    def racy(self, now_ns: int) -> bool:
        """Modified so recently that a further change might leave the same stamp (file system clocks
        tick coarsely); a later write always moves the mtime past an older one."""
        return self.mtime_ns >= now_ns - RACY_NS


def read_bytes(path: Path) -> bytes | None:
    """A file's bytes, or None when it cannot be read (a content check then fails, never raises)."""
    try:
        return read_bounded(path)
    except OSError:
        return None


class Cache:
    """One run's view of the cache folder; `folder` None (`--no-cache`) reads and writes nothing."""

    def __init__(self, folder: Path | None, root: Path) -> None:
        self.folder = folder
        self.root = root

    @property
    def enabled(self) -> bool:
        return self.folder is not None

    def _path(self, name: str) -> Path:
        """`<name>-<root digest>.json`: roots sharing a `--cache-dir` keep their stores apart."""
        assert self.folder is not None
        return self.folder / f"{name}-{key_of(str(self.root))[:10]}.json"

    def _header(self, name: str, key: str) -> dict[str, Any]:
        return {"format": FORMAT, "tool": tool_fingerprint(), "store": name, "root": str(self.root),
                "key": key}

    def load(self, name: str, key: str) -> Any:
        """The payload of store `name` if it was written for `key` by this version, intact; else None."""
        if self.folder is None:
            return None
        try:
            inner = self.folder.is_relative_to(self.root)  # a link in a cache in the root stays in it
            data = read_bounded(self._path(name), self.root if inner else None)
            head, sep, payload = data.partition(b"\n")
            if not sep:
                return None
            header = json.loads(head)
            if not isinstance(header, dict):
                return None
            expected = self._header(name, key)
            if any(header.get(k) != v for k, v in expected.items()):
                return None
            payload = payload.removesuffix(b"\n")
            if header.get("length") != len(payload):
                return None
            if header.get("sha256") != hashlib.sha256(payload).hexdigest():
                return None
            with collector_paused():
                return json.loads(payload)
        except (OSError, ValueError, RecursionError, MemoryError):  # UnicodeDecodeError is a ValueError
            return None

    def save(self, name: str, key: str, payload: Any) -> bool:
        """Write store `name` atomically; False (and nothing changed) when the folder is not writable."""
        if self.folder is None:
            return False
        try:
            with collector_paused():
                body = json.dumps(payload, separators=(",", ":"), ensure_ascii=False).encode("utf-8")
        except (ValueError, TypeError, RecursionError):
            return False
        header = {**self._header(name, key), "length": len(body),
                  "sha256": hashlib.sha256(body).hexdigest()}
        data = json.dumps(header).encode() + b"\n" + body + b"\n"
        try:
            self._prepare()
            self._replace(name, self._path(name), data)
        except OSError:
            return False
        return True

    def _prepare(self) -> None:
        """Create the folder, with a `.gitignore` of `*` so git never lists what is in it.

        The `.gitignore` is written like a store (temp file, then rename), so a full disk leaves the
        old one or none, never an empty one; one that is not ours (empty, truncated, a symlink, a
        FIFO) is replaced — the rename replaces a link itself, never what it points to.
        """
        assert self.folder is not None
        self.folder.mkdir(parents=True, exist_ok=True)
        ignore = self.folder / ".gitignore"
        try:
            if stat.S_ISREG(os.lstat(ignore).st_mode) and read_bounded(ignore, limit=4096) == GITIGNORE:
                return
        except OSError:
            pass
        self._replace(".gitignore", ignore, GITIGNORE)

    def _replace(self, name: str, target: Path, data: bytes) -> None:
        """Write `target` atomically in the cache folder (store/safe.py; a link at its name is
        replaced, never followed); raises OSError, leaving no temp file."""
        assert self.folder is not None
        write_inside(self.folder, target, data, mode=0o600, replace_link=True, durable=False)


@dataclass
class Entry:
    """One file's cached results: valid while the file's stamp (and, when racy, content) holds."""

    stamp: Stamp
    digest: str
    racy: bool
    data: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> list[Any]:
        return [self.stamp.to_json(), self.digest, self.racy, self.data]

    @classmethod
    def from_json(cls, value: Any) -> Entry:
        stamp, dig, racy, data = value
        stamp = Stamp.from_json(stamp)
        if stamp is None or not (isinstance(dig, str) and isinstance(racy, bool)
                                 and isinstance(data, dict)):
            raise ValueError("damaged cache entry")
        return cls(stamp, dig, racy, data)


class FileTable:
    """Per-file entries of one store, keyed by root-relative path; loaded once, saved when changed."""

    def __init__(self, cache: Cache, name: str, key: str) -> None:
        self.cache = cache
        self.name = name
        self.key = key
        self.entries: dict[str, Entry] = {}
        self.raw: dict[str, Any] = {}  # as loaded: an entry is checked when first asked for
        self.dirty = False
        self.used: set[str] = set()
        loaded = cache.load(name, key)
        if isinstance(loaded, dict):
            self.raw = loaded

    def _lookup(self, rel: str) -> Entry | None:
        entry = self.entries.get(rel)
        if entry is None and rel in self.raw:
            try:
                entry = Entry.from_json(self.raw.pop(rel))
            except (ValueError, TypeError):
                return None  # a damaged entry is dropped, never trusted
            self.entries[rel] = entry
        return entry

    def get(self, rel: str, stamp: Stamp | None, read: Callable[[], bytes | None]) -> Entry | None:
        """The entry of `rel` if the file still has its stamp (and content, while racy).

        A new stamp with the old size is "in doubt", not "changed": `touch`, `git checkout` of the
        same bytes, `chmod` — the content hash decides, and a match keeps the entry under the new stamp.
        """
        entry = self._lookup(rel)
        if entry is None or stamp is None or entry.stamp.size != stamp.size:
            return None
        if entry.racy or entry.stamp != stamp:
            data = read()
            if data is None or digest(data) != entry.digest:
                return None
            racy = stamp.racy(time.time_ns())  # not old enough yet: confirm by content next time too
            if entry.stamp != stamp or entry.racy != racy:
                entry.stamp, entry.racy = stamp, racy
                self.dirty = True
        self.used.add(rel)
        return entry

    def put(self, rel: str, stamp: Stamp, dig: str, read_ns: int, data: dict[str, Any]) -> Entry:
        entry = Entry(stamp, dig, stamp.racy(read_ns), data)
        self.raw.pop(rel, None)
        self.entries[rel] = entry
        self.used.add(rel)
        self.dirty = True
        return entry

    def save(self, keep: Iterable[str] | None = None) -> None:
        """Write the store if anything changed; entries of files not seen this run are dropped."""
        kept = set(self.used if keep is None else keep)
        if (set(self.entries) | set(self.raw)) - kept:
            self.dirty = True
        if not self.dirty:
            return
        with collector_paused():
            for rel in kept:
                self._lookup(rel)
            payload = {rel: e.to_json() for rel, e in sorted(self.entries.items()) if rel in kept}
        if self.cache.save(self.name, self.key, payload):
            self.dirty = False
