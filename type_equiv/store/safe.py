"""The one way type-equiv reads a file: a regular file, inside the root when one is given, bounded.

Why one helper: every reader (modules, docs, the manifest, the lock, cache stores, fixtures) faces the
same hostile tree. A FIFO blocks whoever opens it for reading without O_NONBLOCK; a link to
`/dev/zero` or an endless device reads until memory runs out; a symlink may point anywhere on the
machine. Here the file is opened non-blocking and without becoming a controlling terminal, checked
with `fstat` on the open descriptor (so a swap between a check and the open cannot fool it), and read
to at most `limit` bytes. Writers use `inside` for the same root test.
"""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path

MAX_BYTES = 256 * 1024 * 1024  # far above any doc or module a person writes, far below a memory cap
_FLAGS = os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_NOCTTY", 0) | getattr(os, "O_CLOEXEC", 0)


class UnsafeFile(OSError):
    """A file type-equiv will not read: its message is the whole reason, without an `[Errno n]`."""

    def __str__(self) -> str:
        return self.strerror or super().__str__()


OUTSIDE = "resolves outside the project root (symlink?)"
NOT_REGULAR = "is not a regular file (a FIFO, socket or device)"


def inside(root: Path, path: Path) -> bool:
    """Whether `path`, every symlink followed, is `root` or under it (False when it cannot resolve)."""
    try:
        path.resolve().relative_to(root.resolve())
    except (ValueError, OSError, RuntimeError):
        return False
    return True


def read_bounded(path: Path | str, root: Path | None = None, limit: int = MAX_BYTES) -> bytes:
    """The bytes of a regular file, at most `limit` of them; raises OSError saying why not.

    With `root`, a file that resolves outside it is refused before it is opened: its bytes never
    reach a finding or a log.
    """
    return read_with_stat(path, root, limit)[0]


def read_with_stat(
    path: Path | str, root: Path | None = None, limit: int = MAX_BYTES
) -> tuple[bytes, os.stat_result]:
    """`read_bounded`, with the `fstat` of the descriptor read: what a later replace compares against."""
    if root is not None and not inside(root, Path(path)):
        raise UnsafeFile(errno.EXDEV, OUTSIDE)
    fd = os.open(path, _FLAGS)
    try:
        info = os.fstat(fd)
        if stat.S_ISDIR(info.st_mode):
            raise UnsafeFile(errno.EISDIR, "is a directory, not a file")
        if not stat.S_ISREG(info.st_mode):
            raise UnsafeFile(errno.EINVAL, NOT_REGULAR)
        if info.st_size > limit:
            raise UnsafeFile(errno.EFBIG, f"larger than {limit} bytes; not read")
        os.set_blocking(fd, True)
        chunks: list[bytes] = []
        total = 0
        while True:
            chunk = os.read(fd, min(1 << 20, limit + 1 - total))
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
            if total > limit:  # grew while being read
                raise UnsafeFile(errno.EFBIG, f"larger than {limit} bytes; not read")
        return b"".join(chunks), info
    finally:
        os.close(fd)


def regular_problem(path: Path) -> str | None:
    """Why `path` (symlinks followed) is not a regular file to read or replace, None when it is one
    or does not exist at all; `lstat` first, so a dangling link is a problem, not an absence."""
    try:
        os.lstat(path)
    except FileNotFoundError:
        return None
    except OSError as exc:
        return exc.strerror or str(exc)
    try:
        mode = os.stat(path).st_mode
    except FileNotFoundError:
        return "is a dangling symlink"
    except OSError as exc:
        return exc.strerror or str(exc)
    if stat.S_ISDIR(mode):
        return "is a directory, not a file"
    return None if stat.S_ISREG(mode) else NOT_REGULAR
