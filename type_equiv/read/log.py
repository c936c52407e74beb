"""The one interface through which readers record what a run read (the warm layer listens).

A warm check replays the last result when nothing the last run read has changed (warm/replay.py).
For that, every reader says what it is about to read, through a `ReadLog` it is handed. Readers
never import the warm layer: the pipeline runs the same with `NO_LOG`, and a test can hand in a
plain recorder.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from type_equiv.store.cache import Stamp


class ReadLog(Protocol):
    """What a run depends on, noted as it reads: the paths, their stamps and content hashes."""

    def file(self, path: Path | str) -> None:
        """About to read `path` (or to find it absent): its stamp is part of the result."""

    def stamped(self, path: Path | str, stamp: Stamp | None) -> None:
        """`path` was read when it had `stamp` (taken before the read)."""

    def digest(self, path: Path | str, stamp: Stamp | None, dig: str) -> None:
        """`path` held content `dig` under `stamp`: a later run in doubt compares it."""

    def folder(self, path: Path | str) -> None:
        """About to list `path`: a file added to or removed from it changes its stamp."""

    def refuse(self, why: str) -> None:
        """This run's result depends on more than the files it noted: it must not be replayed."""

    def quoted(self, path: Path | str, first: int, last: int) -> None:
        """Lines `first`..`last` of the Python file `path` may reach the result as raw text."""

    def opaque(self, path: Path | str) -> None:
        """`path` was read in a way its tokens and quoted lines do not cover (imported, or parsed
        whole by libcst): any edit of it may change the result."""

    def spelled(self, words: Iterable[str]) -> None:
        """A comment spelling any of `words` counts (retired spellings), in any file read."""

    def defines(self, path: Path | str) -> None:
        """`path` holds a manifest row's definition: the file users edit while keeping docs in step."""

    def searched(self, path: Path | str) -> None:
        """As `file`, for a read that looks only for comments and words (suppressions, retired
        spellings): the lines a meaning digest keeps cover it, whatever else the file holds."""

    def names(self, path: Path | str, names: Iterable[str]) -> None:
        """A stage asked the module at `path` for these top-level names (found or not): a lookup, a
        definition read by name, a star import followed for them. A statement binding none of the
        names any stage asked cannot change an answer but through what the producer scan saw of it
        (warm/meaning.py `skeleton_digest`)."""

    def listed(self, path: Path | str) -> None:
        """A stage read the module at `path`'s top-level names as a whole (a suggestion listing, a
        table of its bindings handed on, mypy's build): any name it binds may change the answer."""

    def questions(self, table: dict[str, Any]) -> None:
        """The producer scan's questions (producers/scan/facts.py), by the keys `facts` lists."""

    def facts(self, path: Path | str, record: dict[str, Any]) -> None:
        """The digest of what the producer scan saw of `path` (its `view`, the keys it answered):
        an edit that keeps it changes no verdict."""


class NullLog:
    """A run nobody records (`--no-cache`, `producers`, `sync`, tests)."""

    def file(self, path: Path | str) -> None:
        return None

    def stamped(self, path: Path | str, stamp: Stamp | None) -> None:
        return None

    def digest(self, path: Path | str, stamp: Stamp | None, dig: str) -> None:
        return None

    def folder(self, path: Path | str) -> None:
        return None

    def refuse(self, why: str) -> None:
        return None

    def quoted(self, path: Path | str, first: int, last: int) -> None:
        return None

    def opaque(self, path: Path | str) -> None:
        return None

    def spelled(self, words: Iterable[str]) -> None:
        return None

    def defines(self, path: Path | str) -> None:
        return None

    def searched(self, path: Path | str) -> None:
        return None

    def names(self, path: Path | str, names: Iterable[str]) -> None:
        return None

    def listed(self, path: Path | str) -> None:
        return None

    def questions(self, table: dict[str, Any]) -> None:
        return None

    def facts(self, path: Path | str, record: dict[str, Any]) -> None:
        return None


NO_LOG: ReadLog = NullLog()
