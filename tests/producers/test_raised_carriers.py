"""With callers outside, a public parameter typed by an exception carrying the vocabulary is no door:
an exception is raised, its class-level `description: Kind` bound by the library's own subclasses'
bodies, and a caller hands on one the library raised (aioquic's `Alert`, round 82). A parameter typed
by a carrier a caller builds — a dataclass, a TypedDict, an alias of them — stays a door (principles 1
and 5). One real temporary project per case."""

from __future__ import annotations

from tests.harness import verdicts_beside

KIND = """
from enum import IntEnum

class Kind(IntEnum):
    CLOSE = 0
    BAD = 10
    UNUSED = 20
"""
found = verdicts_beside("pkg/kind.py", KIND, "pkg.kind.Kind", row={"callers": "outside"})


def test_an_exception_carrier_is_no_door() -> None:
    """`negotiate(…, exc: Alert | None)`: `BAD`, bound by a subclass's body, is produced; `CLOSE` and
    `UNUSED`, named nowhere, stay errors — `Alert` derives from `Exception`."""
    assert found("""
        from typing import Optional

        from pkg.kind import Kind

        class Alert(Exception):
            description: Kind

        class AlertBad(Alert):
            description = Kind.BAD

        def negotiate(offered: list[int], exc: Optional[Alert] = None) -> int:
            if not offered and exc is not None:
                raise exc
            return offered[0]
    """) == {"CLOSE": "none", "BAD": "producer", "UNUSED": "none"}


def test_a_data_class_a_caller_builds_is_still_a_door() -> None:
    """The same parameter typed by a public dataclass, a TypedDict and an alias of them: the caller
    builds each, so each unproduced member may arrive through it."""
    assert found("""
        from dataclasses import dataclass
        from typing import TypedDict, Union

        from pkg.kind import Kind

        @dataclass
        class Options:
            kind: Kind

        class Settings(TypedDict):
            kind: Kind

        Given = Union[Options, Settings]

        def configure(options: Options) -> int:
            return int(options.kind)

        def apply(settings: Settings) -> int:
            return int(settings["kind"])

        def either(given: Given) -> None:
            print(given)
    """) == {"CLOSE": "wire", "BAD": "wire", "UNUSED": "wire"}
