"""Module texts as a run reads them: each file once, noted in the run's log, never outside the root.

Every stage that needs a module's text (definitions, the type judge's name lookups, the retired
scan) comes through `SourceFiles`, so a file is read once per run however many rows use it, and the
warm layer hears of each read (read/log.py).
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from type_equiv.model import messages
from type_equiv.model.findings import ParseError
from type_equiv.read.definitions import module_file, outside_root
from type_equiv.read.log import NO_LOG, ReadLog
from type_equiv.read.manifest import display_path
from type_equiv.read.text import decode_source
from type_equiv.store.cache import Stamp, digest
from type_equiv.store.safe import read_bounded


@dataclass(frozen=True)
class ReadInfo:
    """How a file was when it was read: its stamp (taken before the read), content hash, and when."""

    stamp: Stamp | None
    digest: str
    read_ns: int


@dataclass
class SourceFiles:
    """The texts of source modules under `root`, decoded as the interpreter decodes them."""

    root: Path
    source_roots: Sequence[str]
    log: ReadLog = NO_LOG
    texts: dict[Path, str | ParseError] = field(default_factory=dict)
    reads: dict[Path, ReadInfo] = field(default_factory=dict)
    scanned: dict[str, str | None] = field(default_factory=dict)  # the producer scan's texts, by rel

    def shown(self, path: Path) -> str:
        """`path` as findings show it: relative to the root as spelled, even through a symlink."""
        if outside_root(self.root, path):
            return path.relative_to(self.root).as_posix()
        return display_path(self.root, path)

    def text(self, path: Path) -> str | ParseError:
        """The module's text, or the finding that says why it cannot be read."""
        if path not in self.texts:
            shown = display_path(self.root, path)
            try:
                if outside_root(self.root, path):  # a symlink out of the root: its text never shows
                    shown = path.relative_to(self.root).as_posix()
                    raise OSError("resolves outside the project root (symlink?); not read")
                self.log.file(path)
                read_ns, stamp = time.time_ns(), Stamp.of(path)
                data = read_bounded(path, self.root)
                self.reads[path] = ReadInfo(stamp, dig := digest(data), read_ns)
                self.log.digest(path, stamp, dig)
                self.texts[path] = decode_source(data)
            except (OSError, UnicodeDecodeError, SyntaxError, LookupError) as exc:
                self.texts[path] = messages.file_unreadable(shown, exc)
        return self.texts[path]

    def module_path(self, module: str) -> Path | None:
        """`definitions.module_file`, noting each place looked at: a module file that appears where
        none was (or vanishes) changes the answer."""
        for source in self.source_roots:
            base = self.root.joinpath(source, *module.split("."))
            for candidate in (base.with_suffix(".py"), base / "__init__.py"):
                self.log.file(candidate)
        return module_file(self.root, self.source_roots, module)

    def overlay(self, path: Path, text: str) -> None:
        """Read `path` as `text` (an editor's unsaved buffer, type_equiv/lsp) until `forget`."""
        self.forget(path)
        self.texts[path] = text

    def forget(self, path: Path) -> None:
        """Drop what was read of `path` (by the stages and the producer scan), so the next read
        takes the disk again."""
        self.texts.pop(path, None)
        self.reads.pop(path, None)
        if not outside_root(self.root, path) and path.is_relative_to(self.root):
            self.scanned.pop(path.relative_to(self.root).as_posix(), None)
