"""What mypy's build sees of the project's files: stamps keyed on content, special files absent.

Why: mypy trusts its cache for a module whose size and whole-second mtime are unchanged. A same-size
edit with the mtime put back (`touch -r`, `cp -p`, a checkout) or two saves within one second leave
both unchanged, so a warm run would judge the old text: a stale "same type". type-equiv itself sees
such edits (it stamps in nanoseconds and confirms by content), so here mypy is handed, for every
regular file under a source root, an mtime made from the file's content digest: unchanged bytes
keep it (the cache still counts), changed bytes move it, and mypy then hashes the file and rebuilds
what depends on it. Files outside the source roots (the standard library, installed packages) keep
their real stamps.

A FIFO or device under a source root would block or never end mypy's read: it is reported missing,
as the readers report it. A file past the read bound is reported missing too.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import shutil
import stat
from collections.abc import Sequence
from pathlib import Path

from mypy.fscache import FileSystemCache

from type_equiv.store.safe import MAX_BYTES, read_bounded


class ContentStampedFiles(FileSystemCache):
    """mypy's file-system cache, with content-derived mtimes for files under `roots`."""

    def __init__(self, roots: Sequence[Path]) -> None:
        super().__init__()
        self.roots = tuple(os.path.join(os.path.abspath(r), "") for r in roots)

    def _project(self, path: str) -> bool:
        return os.path.abspath(path).startswith(self.roots)

    def stat_or_none(self, path: str) -> os.stat_result | None:
        st = super().stat_or_none(path)
        if st is None or not self._project(path) or stat.S_ISDIR(st.st_mode):
            return st
        if not stat.S_ISREG(st.st_mode) or st.st_size > MAX_BYTES:
            self.stat_or_none_cache[path] = None
            return None
        try:  # not mypy's own read: that asks this method for the stamp first
            content = hashlib.blake2b(read_bounded(path), digest_size=8).digest()
        except OSError:
            return st
        fields = list(st)  # 52 bits below: exact as a float, as int(st_mtime) in mypy needs
        fields[8] = int.from_bytes(content, "big") >> 12
        faked = os.stat_result(fields)
        self.stat_or_none_cache[path] = faked
        return faked


def drop_mypy_cache(folder: Path) -> None:
    """Remove mypy's cache folder (never what a symlink there points to); quiet when it cannot."""
    if folder.is_symlink():
        with contextlib.suppress(OSError):
            folder.unlink()
    elif folder.is_dir():
        shutil.rmtree(folder, ignore_errors=True)
