"""The cyclic garbage collector, paused while a stage builds many objects that hold no cycles.

CPython runs a collection every 700 net allocations and, as the heap grows, full collections that
traverse every live object. Loading a cache store (JSON: dicts, lists, strings), parsing with `ast`
and recording sites (tuples) allocate millions of objects, none of them in a reference cycle, so
those collections find nothing and cost a third of an edited-file check on a large tree. Reference
counting still frees everything these stages drop; the collector runs again when the pause ends.
Code that does build cycles (mypy, libcst's metadata) runs outside a pause.
"""

from __future__ import annotations

import contextlib
import gc
from collections.abc import Iterator


@contextlib.contextmanager
def collector_paused() -> Iterator[None]:
    """No cyclic collection inside the block; the collector's state before it is restored after
    (pauses nest: an inner one leaves it paused)."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()
