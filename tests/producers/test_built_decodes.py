"""A decoding method given an instance the call builds in place (`cls.validate_event(cls(0, code,
value))`): the value is built in code, so the decode opens no door to the class's fields
(principle 4; input-remapper's `InputEvent`, the sixty-sixth round). Given data it stays a door."""

from __future__ import annotations

from tests.harness import verdicts_beside

EVENT = """
import enum
from dataclasses import dataclass


class Action(enum.Enum):
    as_key = enum.auto()
    recenter = enum.auto()
    none = enum.auto()


@dataclass(frozen=True)
class Event:
    code: int
    actions: tuple[Action, ...] = ()

    @classmethod
    def validate_event(cls, event: "Event") -> "Event":
        if not isinstance(event.code, int):
            raise TypeError(event.code)
        return event
"""

found = verdicts_beside("pkg/event.py", EVENT, "pkg.event.Action")


def test_a_decode_of_an_instance_built_in_place_is_no_door() -> None:
    assert found("""
        from pkg.event import Action, Event


        def key(code: int) -> Event:
            return Event.validate_event(Event(code, actions=(Action.as_key,)))
    """) == {"as_key": "producer", "recenter": "none", "none": "none"}


def test_a_decode_of_data_stays_a_door() -> None:
    assert found("""
        from pkg.event import Action, Event


        def key(code: int, raw: object) -> Event:
            Event(code, actions=(Action.as_key,))
            return Event.validate_event(raw)
    """) == {"as_key": "producer", "recenter": "wire", "none": "wire"}
