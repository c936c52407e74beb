"""A mapping's raw field tested against bare members, `status in [Termination.DRAW, …]` with `status =
state.get("status")`: for an enum whose members are their values (a `str` or `int` mixin, `StrEnum`,
`IntEnum`) the test is `status in [Termination.DRAW.value, …]` (principle 5), a door to those members
as that spelling is (lichess-bot's `Termination`, the sixty-eighth round). A plain enum's members equal
no raw value, and a value the program holds (`self.kind`) is no raw field: both stay consumers."""

from __future__ import annotations

from tests.harness import verdicts_beside


def termination(base: str) -> str:
    """The enum with these bases (`str, Enum`, `Enum`, `StrEnum`)."""
    return f"""
from enum import {base.rpartition(", ")[2]}


class Termination({base}):
    MATE = "mate"
    DRAW = "draw"
    TIMEOUT = "outoftime"
"""


USE = """
from pkg.kinds import Termination


def result(state: dict[str, str]) -> str:
    termination = state.get("status")
    if termination in [Termination.DRAW, Termination.TIMEOUT]:
        return "1/2-1/2"
    return "*"
"""


def test_a_raw_field_tested_against_members_of_a_str_enum_is_their_door() -> None:
    found = verdicts_beside("pkg/kinds.py", termination("str, Enum"), "pkg.kinds.Termination")
    assert found(USE) == {"MATE": "none", "DRAW": "wire", "TIMEOUT": "wire"}
    assert found(USE.replace('termination = state.get("status")\n    if termination',
                             'if state["status"]')) == {"MATE": "none", "DRAW": "wire", "TIMEOUT": "wire"}


def test_members_of_a_plain_enum_equal_no_raw_value() -> None:
    found = verdicts_beside("pkg/kinds.py", termination("Enum"), "pkg.kinds.Termination")
    assert found(USE) == {"MATE": "none", "DRAW": "consumer", "TIMEOUT": "consumer"}


def test_a_value_the_program_holds_tested_against_members_is_no_door() -> None:
    found = verdicts_beside("pkg/kinds.py", termination("StrEnum"), "pkg.kinds.Termination")
    assert found("""
        from pkg.kinds import Termination


        class Game:
            def __init__(self, termination: Termination) -> None:
                self.termination = termination

            def drawn(self) -> bool:
                return self.termination in [Termination.DRAW, Termination.TIMEOUT]
    """) == {"MATE": "none", "DRAW": "consumer", "TIMEOUT": "consumer"}
