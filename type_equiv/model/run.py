"""What a run did beyond reading files, and how it reports progress: passed in, never global.

The JSON summary reports `mypy_runs` and `imported_modules` (0 and 0 for a clean check), and a run
that did either is not stored for replay. A long producer scan reports its progress through a
callback the CLI draws; no stage prints.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field


@dataclass
class RunStats:
    """Counted by the judges and the import door while the run goes; read when it ends."""

    mypy_runs: int = 0
    mypy_seconds: list[float] = field(default_factory=list)
    imported: list[str] = field(default_factory=list)  # modules imported through importing.py


@dataclass(frozen=True)
class Progress:
    """`done` of `total` files scanned; `finished` once the scan is over (a bar then goes away)."""

    done: int
    total: int
    finished: bool = False


ProgressSink = Callable[[Progress], None]


def no_progress(progress: Progress) -> None:
    """The sink of a run nobody watches (CI, a pipe, tests)."""
