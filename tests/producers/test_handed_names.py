"""A display of members handed to a parameter its function only tests against is `x in display`
there, whether inline (`wait_for({State.INACTIVE})`), through a module-level name (`TERMINAL = {…}`;
`wait_for(TERMINAL)`) or through a local (`expected = {…}`; `wait_for(expected)`): the members are
consumed, not handed out (principle 5; supervisor's `wait_for_active_state`). Read or handed any
other way, the display hands its members out. One real temporary project per case."""

from __future__ import annotations

from tests.harness import verdicts

STATE = """
from enum import Enum


class State(Enum):
    ACTIVE = "active"
    FAILED = "failed"
    INACTIVE = "inactive"


def read(text: str) -> State:
    return State(text)
"""

UNIT = """
from pkg.state import State, read


class Unit:
    async def wait_for(self, targets: set[State]) -> State:
        state = read(await self.text())
        while state not in targets:
            state = read(await self.text())
        return state

    async def text(self) -> str:
        return "active"


def keep(states: set[State]) -> list[State]:
    return sorted(states, key=str)
"""


def found(use: str) -> dict[str, str]:
    files = {"pkg/__init__.py": "", "pkg/state.py": STATE, "pkg/unit.py": UNIT, "pkg/use.py": use}
    return dict(verdicts(source=files, symbol="pkg.state.State"))


WIRE = {"ACTIVE": "wire", "FAILED": "wire", "INACTIVE": "wire"}


def test_a_module_level_display_handed_to_a_parameter_only_tested_is_consumed() -> None:
    assert found("""
        from pkg.state import State
        from pkg.unit import Unit

        TERMINAL = {State.INACTIVE, State.FAILED}

        async def stop(unit: Unit) -> None:
            await unit.wait_for(TERMINAL)
    """) == WIRE


def test_a_local_display_handed_to_a_parameter_only_tested_is_consumed() -> None:
    """The local replaces a parameter's `None` default, then goes to the wait alone."""
    assert found("""
        from pkg.state import State
        from pkg.unit import Unit

        async def settle(unit: Unit, expected: set[State] | None = None) -> None:
            if expected is None:
                expected = {State.ACTIVE, State.FAILED, State.INACTIVE}
            await unit.wait_for(expected)
    """) == WIRE


def test_a_display_handed_to_a_parameter_that_keeps_it_hands_its_members_out() -> None:
    assert found("""
        from pkg.state import State
        from pkg.unit import keep

        TERMINAL = {State.INACTIVE, State.FAILED}

        def kept() -> list[State]:
            expected = {State.ACTIVE}
            return keep(TERMINAL) + keep(expected)
    """) == {"ACTIVE": "producer", "FAILED": "producer", "INACTIVE": "producer"}


def test_a_local_also_returned_hands_its_members_out() -> None:
    assert found("""
        from pkg.state import State
        from pkg.unit import Unit

        async def settle(unit: Unit) -> set[State]:
            expected = {State.ACTIVE, State.FAILED, State.INACTIVE}
            await unit.wait_for(expected)
            return expected
    """) == {"ACTIVE": "producer", "FAILED": "producer", "INACTIVE": "producer"}
