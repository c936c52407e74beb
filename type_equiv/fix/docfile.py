"""A doc as raw lines, and how a changed doc is written: atomically, never over a newer one.

Why raw lines: markdown-it normalises newlines and strips container prefixes, but a rewrite must keep
every byte it does not change (CRLF, `> ` quotes, list indentation, trailing blanks). A write goes to a
temporary file beside the doc, keeps its mode, is fsynced and renamed over it; it is refused when the
doc changed since it was read (`Snapshot`), so an editor's save in between is never lost.
"""

from __future__ import annotations

import errno
import os
import stat
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from type_equiv.store.safe import UnsafeFile, read_with_stat, write_inside, write_problem


class Changed(Exception):
    """The file changed on disk between reading it and replacing it."""


# ---------------------------------------------------------------------------------------------------
# Files: raw lines, snapshots, atomic writes


def split_lines(text: str) -> tuple[list[str], list[str]]:
    """Lines and their endings, split exactly where CommonMark splits (`\\r\\n`, `\\r`, `\\n`)."""
    lines: list[str] = []
    eols: list[str] = []
    start = i = 0
    n = len(text)
    while i < n:
        c = text[i]
        if c == "\n" or c == "\r":
            eol = "\r\n" if c == "\r" and i + 1 < n and text[i + 1] == "\n" else c
            lines.append(text[start:i])
            eols.append(eol)
            i += len(eol)
            start = i
        else:
            i += 1
    if start < n:
        lines.append(text[start:])
        eols.append("")
    return lines, eols


@dataclass(frozen=True)
class Snapshot:
    """What a file held when it was read: its bytes and modification time, to detect a concurrent edit."""

    data: bytes
    mtime_ns: int
    mode: int

    @classmethod
    def take(cls, path: Path) -> Snapshot:
        data, info = read_with_stat(path)
        return cls(data, info.st_mtime_ns, info.st_mode)

    def same_file(self, other: Snapshot) -> bool:
        return self.data == other.data and self.mtime_ns == other.mtime_ns


def write_atomic(path: Path, data: bytes, read: Snapshot | None, root: Path) -> None:
    """Replace `path` with `data` through the one safe writer (store/safe.py: a temp file beside it,
    fsync, then os.replace; never through a link out of `root`, a dangling link or a special file).

    `read` is the snapshot taken when the content was read (None: the file did not exist); raises
    Changed, and leaves the file alone, when it no longer matches just before the replace.
    """
    if read is not None and (not read.mode & 0o222 or not os.access(path, os.W_OK)):
        problem = write_problem(root, path)
        if problem is not None:
            raise UnsafeFile(errno.EPERM, problem)
        raise PermissionError(errno.EACCES, "it is read-only")  # a rename would replace it regardless

    def unchanged(target: Path) -> None:
        try:
            now: Snapshot | None = Snapshot.take(target)
        except FileNotFoundError:
            now = None
        if (now is None) != (read is None) or (now is not None and read is not None
                                               and not now.same_file(read)):
            raise Changed(f"{path} changed since it was read; not written")

    write_inside(root, path, data, mode=None if read is None else stat.S_IMODE(read.mode),
                 before_replace=unchanged)


@dataclass
class RawDoc:
    """A doc as bytes on disk: lines without endings, their endings, and the BOM if any."""

    shown: str
    path: Path
    snapshot: Snapshot
    bom: str
    lines: list[str]
    eols: list[str]

    @classmethod
    def read(cls, root: Path, shown: str) -> RawDoc:
        path = root / shown
        snapshot = Snapshot.take(path)
        text = snapshot.data.decode("utf-8")
        bom = "\ufeff" if text.startswith("\ufeff") else ""
        lines, eols = split_lines(text[len(bom):])
        return cls(shown, path, snapshot, bom, lines, eols)

    @classmethod
    def of_text(cls, root: Path, shown: str, text: str) -> RawDoc:
        """An editor's buffer as a doc (type_equiv/lsp): planned like a file, never written (its
        snapshot matches no file, so `write_atomic` would refuse it)."""
        bom = "\ufeff" if text.startswith("\ufeff") else ""
        lines, eols = split_lines(text[len(bom):])
        return cls(shown, root / shown, Snapshot(text.encode("utf-8"), -1, 0), bom, lines, eols)

    def text(self, lines: Sequence[str] | None = None, eols: Sequence[str] | None = None) -> str:
        """The doc without its BOM, as markdown-it reads it."""
        return "".join(a + b for a, b in zip(lines or self.lines, eols or self.eols, strict=True))

    def default_eol(self) -> str:
        return next((e for e in self.eols if e), "\n")


