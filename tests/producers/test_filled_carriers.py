"""With callers outside, a public parameter typed by a carrier is a door through the carrier only where
a caller fills the carrier's field: a data class's or model's field, a TypedDict's key, an alias of such
classes (principles 1 and 5). An exception's class-level `description: Kind`, bound by each subclass's
body, is the class's own: a caller handing one in holds what the library's classes hold, as that
attribute of a public class is no door of its own (aioquic's `Alert`, round 82). One real temporary
project per case."""

from __future__ import annotations

from tests.harness import producer_case

KIND = """
from enum import IntEnum

class Kind(IntEnum):
    CLOSE = 0
    BAD = 10
    UNUSED = 20
"""


def found(use: str) -> dict[str, str]:
    files = {"pkg/__init__.py": "", "pkg/kind.py": KIND, "pkg/use.py": use}
    return dict(producer_case(source=files, symbol="pkg.kind.Kind", row={"callers": "outside"}).verdicts)


def test_an_exception_attribute_is_no_field_a_caller_fills() -> None:
    """`negotiate(…, exc: Alert | None)`: `BAD`, bound by a subclass's body, is produced; `CLOSE` and
    `UNUSED`, named nowhere, stay errors — no caller fills `Alert.description`."""
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
