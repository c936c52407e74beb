"""A method called on an object whose class an annotation names (attributes.py): `self.bus.fire(Kind.A)`
where `__init__(self, bus: Bus)` did `self.bus = bus`, or `bus.fire(Kind.A)` where `bus: Bus` is the
function's parameter, calls `Bus.fire`, so what `Bus.fire` does with its parameter decides the member
(principle 5): only a key of its handler table, the member is consumed, as `fire(Kind.A)` with a
module-level `fire` is (roles.py). One real temporary project per case."""

from __future__ import annotations

from tests.harness import producer_case

BUS = """
from enum import Enum


class Kind(Enum):
    START = 1
    STOP = 2
    EXIT = 3


class Bus:
    def __init__(self) -> None:
        self.handlers: dict[Kind, list] = {}

    def fire(self, ty: Kind) -> None:
        if ty not in self.handlers:
            return
        for handler in self.handlers[ty]:
            handler()
"""


def verdicts(use: str) -> dict[str, str]:
    files = {"pkg/__init__.py": "", "pkg/bus.py": BUS, "pkg/relay.py": use}
    return dict(producer_case(source=files, symbol="pkg.bus.Kind").verdicts)


def test_a_member_keying_a_typed_receivers_table_is_consumed() -> None:
    """`self.bus.fire(Kind.START)` and `bus.fire(Kind.STOP)` only key `Bus.handlers`: consumed;
    `EXIT`, kept by a class whose attribute is typed by nothing, stays produced."""
    found = verdicts("""
        from pkg.bus import Bus, Kind


        class Relay:
            def __init__(self, bus: Bus) -> None:
                self.bus = bus

            def started(self) -> None:
                self.bus.fire(Kind.START)


        def stop(bus: Bus) -> None:
            bus.fire(Kind.STOP)


        def leave(sink) -> None:
            sink.fire(Kind.EXIT)
    """)
    assert found == {"START": "consumer", "STOP": "consumer", "EXIT": "producer"}


def test_an_attribute_set_twice_stays_unknown() -> None:
    """`self.bus` rebound by another method may hold anything: the call's argument keeps its reading."""
    found = verdicts("""
        from pkg.bus import Bus, Kind


        class Relay:
            def __init__(self, bus: Bus) -> None:
                self.bus = bus

            def swap(self, other) -> None:
                self.bus = other

            def started(self) -> None:
                self.bus.fire(Kind.START)
    """)
    assert found["START"] == "producer"
