"""A table of displays read only as membership containers consumes (principle 5, the module-level
display rule one level down): `RESERVED = {"server": (Event.A.value, …), "http": (…)}` read only as
`parts[0] in RESERVED` and `event not in RESERVED[parts[0]]` hands none of its values out — indexing
the table by a key and testing membership in the result is the test a module-level tuple only tested
is — and the data tested against the result is a door to the members whose values the table holds
(sanic's `Event`, round 61). Read as a value anywhere (returned, iterated, handed on), it hands them
out. One real temporary project per case."""

from __future__ import annotations

from tests.harness import verdicts

EVENTS = """
import enum


class Event(enum.Enum):
    SERVER_START = "server.start"
    HTTP_BEGIN = "http.begin"
    HTTP_END = "http.end"
    OTHER = "other.thing"


RESERVED = {
    "server": (Event.SERVER_START.value,),
    "http": (Event.HTTP_BEGIN.value, Event.HTTP_END.value),
}


def other() -> Event:
    return Event.OTHER
"""

ROUTER = """
from pkg.events import RESERVED


class Router:
    def add(self, event: str) -> list[str]:
        parts = event.split(".")
        if (
            parts[0] in RESERVED
            and event not in RESERVED[parts[0]]
        ):
            raise ValueError(event)
        return parts
%s
"""


def found(extra: str = "") -> dict[str, str]:
    files = {"pkg/__init__.py": "", "pkg/events.py": EVENTS, "pkg/router.py": ROUTER % extra}
    return dict(verdicts(source=files, symbol="pkg.events.Event"))


def test_a_table_of_displays_only_tested_is_a_door_to_its_values() -> None:
    assert found() == {"SERVER_START": "wire", "HTTP_BEGIN": "wire", "HTTP_END": "wire",
                       "OTHER": "producer"}


def test_a_table_of_displays_read_as_a_value_stays_produced() -> None:
    assert found("""
    def reserved(self) -> tuple[str, ...]:
        return RESERVED["http"]
""") == {"SERVER_START": "producer", "HTTP_BEGIN": "producer", "HTTP_END": "producer",
         "OTHER": "producer"}


def test_a_table_of_displays_keyed_by_a_literal_then_tested_consumes() -> None:
    assert found("""
    def is_http(self, event: str) -> bool:
        return event in RESERVED["http"]
""") == {"SERVER_START": "wire", "HTTP_BEGIN": "wire", "HTTP_END": "wire", "OTHER": "producer"}


def test_a_plain_display_keyed_then_tested_stays_produced() -> None:
    """`x in KNOWN[0]` tests against one element of a list: the list is no table of containers."""
    files = {"pkg/__init__.py": "", "pkg/events.py": EVENTS.replace(
        "RESERVED = {", "KNOWN = [Event.HTTP_BEGIN.value, Event.HTTP_END.value]\nRESERVED = {"),
        "pkg/router.py": ROUTER % """
    def first(self, event: str) -> bool:
        from pkg.events import KNOWN
        return event in KNOWN[0]
"""}
    assert dict(verdicts(source=files, symbol="pkg.events.Event"))["HTTP_END"] == "producer"
