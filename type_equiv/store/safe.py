"""The one way type-equiv reads a file (a regular file, inside the root when one is given, bounded),
and the one way it writes one (`write_inside`: atomically, never through a link out of the root).

Why one helper: every reader (modules, docs, the manifest, the lock, cache stores, fixtures) faces the
same hostile tree. A FIFO blocks whoever opens it for reading without O_NONBLOCK; a link to
`/dev/zero` or an endless device reads until memory runs out; a symlink may point anywhere on the
machine. Here the file is opened non-blocking and without becoming a controlling terminal, checked
with `fstat` on the open descriptor (so a swap between a check and the open cannot fool it), and read
to at most `limit` bytes.

Every file type-equiv writes (docs and the lock by `sync`, the configuration by `init`, `schema --out`,
the cache's stores) goes through `write_inside`; a test enumerates the writers, so a new one cannot
bypass it. A symlink committed into a repository is as hostile as a FIFO: a linked manifest folder, a
dangling link at the manifest's name, a linked pyproject.toml must not make a write land elsewhere.
"""

from __future__ import annotations

import contextlib
import errno
import os
import stat
import tempfile
from collections.abc import Callable, Iterator
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


def write_problem(root: Path, path: Path, *, replace_link: bool = False) -> str | None:
    """Why `write_inside` would refuse `path`, or None.

    The folder that will hold the file must resolve inside `root` (its missing part is made as real
    folders). With `replace_link`, whatever sits at the name (a link, a FIFO) is replaced by the new
    file; without it, the name may be a symlink only to a regular file inside the root, which is then
    written (the link stays), and a dangling link or a special file is refused.
    """
    if not path.absolute().is_relative_to(root.absolute()):
        return OUTSIDE
    folder = path.parent
    while not os.path.lexists(folder) and folder != folder.parent:
        folder = folder.parent
    if not inside(root, folder):
        return OUTSIDE
    if not folder.is_dir():
        return f"{folder} is not a folder"
    if replace_link:
        return "is a directory, not a file" if path.is_dir() and not path.is_symlink() else None
    return regular_problem(path) or (None if inside(root, path) else OUTSIDE)


def write_inside(
    root: Path, path: Path, data: bytes, *, mode: int | None = None, replace_link: bool = False,
    durable: bool = True, before_replace: Callable[[Path], None] | None = None,
) -> None:
    """Replace `path` with `data` through a temporary file beside it, renamed over it; raises OSError
    (UnsafeFile for what `write_problem` names) and leaves no temporary file behind.

    `mode`: the new file's permission bits (default: the replaced file's, else what `open(..., "w")`
    gives). `durable` fsyncs the file and its folder. `before_replace(target)` runs just before the
    rename and may raise to leave the file alone (sync: the doc changed since it was read).
    """
    problem = write_problem(root, path, replace_link=replace_link)
    if problem is not None:
        raise UnsafeFile(errno.EPERM, problem)
    path.parent.mkdir(parents=True, exist_ok=True)
    target = path.parent.resolve() / path.name if replace_link else path.resolve()
    if not inside(root, target.parent):  # a folder swapped for a link since the check
        raise UnsafeFile(errno.EPERM, OUTSIDE)
    if mode is None:
        try:
            mode = stat.S_IMODE(os.stat(target).st_mode) if not replace_link else new_file_mode()
        except FileNotFoundError:
            mode = new_file_mode()
    fd, tmp = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            if durable:
                handle.flush()
                os.fsync(handle.fileno())
        if mode != 0o600:  # what mkstemp made
            os.chmod(tmp, mode)
        if before_replace is not None:
            before_replace(target)
        os.replace(tmp, target)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    if durable:
        _fsync_dir(target.parent)


def new_file_mode() -> int:
    """What `open(..., "w")` would give a new file: 0666 minus the umask (mkstemp makes 0600).

    The umask can only be read by setting it; the moment it is 0o022 harms no file: nothing else is
    created meanwhile by this single-threaded writer.
    """
    mask = os.umask(0o022)
    os.umask(mask)
    return 0o666 & ~mask


def _fsync_dir(directory: Path) -> None:
    try:
        fd = os.open(directory, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


@contextlib.contextmanager
def folder_locked(folder: Path) -> Iterator[bool]:
    """Hold an advisory lock (`flock`) on `folder` while the block runs: writers of files in it that
    read, merge and write (sync's docs and lock) take turns instead of losing each other's rows.

    The folder itself is locked, not a file in it: the files are replaced by rename, so a lock on one
    would stay with the replaced inode, and a separate lock file would be one more file in the
    project. Waits for the holder (a crashed one releases it); yields False, unlocked, where folders
    cannot be locked.
    """
    import fcntl

    try:
        fd = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0) | getattr(os, "O_CLOEXEC", 0))
    except OSError:
        yield False
        return
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX)
        except OSError:
            yield False
            return
        yield True
    finally:
        os.close(fd)  # releases the lock
