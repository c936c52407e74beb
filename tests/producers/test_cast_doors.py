"""`cast(Mode, value)` (docs/producers.md, Wire): a value declared of the vocabulary without a check.
Data cast so is taken for a value of a literal alias or an enum, as `Mode(value)` takes it — a door
to every value; a literal cast so is that value, built in code; a cast to a class of a union narrows
a value the program already holds, and opens nothing."""

from __future__ import annotations

from tests.harness import producer_case

MODES = """
from typing import Literal

Mode = Literal["fast", "slow", "exact"]
"""


def test_data_cast_to_a_literal_alias_is_a_door_and_a_literal_cast_is_produced() -> None:
    case = producer_case(source={
        "pkg/__init__.py": "",
        "pkg/modes.py": MODES,
        "pkg/client.py": """
            from typing import cast

            from pkg.modes import Mode


            class Client:
                def __init__(self, config: dict[str, str]) -> None:
                    self.mode = cast(Mode, config["mode"]) if config else cast(Mode, "fast")
        """,
    }, symbol="pkg.modes.Mode")
    assert case.verdicts == {"fast": "producer", "slow": "wire", "exact": "wire"}
    assert case.doors("slow") == [("src/pkg/client.py", 8, "decode")]


def test_data_cast_to_a_forward_reference_is_the_same_door() -> None:
    """`typing.cast("Mode", name)` after `name not in {"fast", "slow"}` raised: the type named by a
    string is the same type (principle 5; cibuildwheel's container engine, the eighty-second round)."""
    case = producer_case(source={
        "pkg/__init__.py": "",
        "pkg/modes.py": MODES,
        "pkg/client.py": """
            import typing

            from pkg.modes import Mode


            def mode_of(config: dict[str, str]) -> "Mode":
                name = config["mode"]
                if name not in {"fast", "slow"}:
                    raise ValueError(name)
                return typing.cast("Mode", name)
        """,
    }, symbol="pkg.modes.Mode")
    assert case.verdicts == {"fast": "wire", "slow": "wire", "exact": "wire"}


def test_data_cast_to_a_class_of_a_union_narrows_and_opens_nothing() -> None:
    case = producer_case(source={
        "pkg/__init__.py": "",
        "pkg/events.py": """
            from typing import Literal, Union

            from pydantic import BaseModel


            class Start(BaseModel):
                type: Literal["start"] = "start"


            class Stop(BaseModel):
                type: Literal["stop"] = "stop"


            Event = Union[Start, Stop]
        """,
        "pkg/use.py": """
            from typing import cast

            from pkg.events import Event, Start, Stop


            def first(events: list[Event]) -> Start:
                return cast(Start, events[0])


            def make() -> Event:
                return Start()


            def last(events: list[Event]) -> Stop:
                return cast(Stop, events[-1])
        """,
    }, symbol="pkg.events.Event")
    assert case.verdicts == {"start": "producer", "stop": "none"}
    assert case.doors("stop") == []
