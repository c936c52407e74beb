"""A loop over the enum returning the member that matches data is `Kind(value)` spelled as a loop
(principle 5, searches.py): `for state in State: if state.value in states: return state`, `states`
the device's reply, is a door to every member it can return (python-kasa's `ThermostatState`). A
loop returning the member once it matches a literal or a member, or one in a method of the enum itself,
stays no door. One real temporary project per case."""

from __future__ import annotations

import pytest

from tests.harness import verdicts

MODULE = """
from enum import Enum


class State(Enum):
    HEATING = "heating"
    IDLE = "idle"
    OFF = "off"
    HOLD = "hold"


class Thermostat:
    def __init__(self, device):
        self._device = device

    @property
    def states(self) -> set:
        return set(self._device.info["states"])

    @property
    def state(self) -> State:
        if self._device.info.get("frost"):
            return State.OFF
        states = self.states
        if not states:
            return State.IDLE
        for state in State:
            if {test}:
                return state
        return State.OFF
"""


def found(test: str) -> dict[str, str]:
    files = {"pkg/__init__.py": "", "pkg/thermo.py": MODULE.replace("{test}", test)}
    return dict(verdicts(source=files, symbol="pkg.thermo.State"))


DOORS = {"HEATING": "wire", "IDLE": "producer", "OFF": "producer", "HOLD": "wire"}
NO_DOOR = {"HEATING": "consumer", "IDLE": "producer", "OFF": "producer", "HOLD": "consumer"}


@pytest.mark.parametrize(("test", "expected"), [
    # `HEATING` and `HOLD` come only from the device: wire, not errors
    ("state.value in states", DOORS),
    ("self._device.info['mode'] == state.value", DOORS),
    # a member returned once it matches a literal, or a member, is picked by the code: no door
    ('state.value == "heating"', NO_DOOR),
    ("state is State.HOLD", NO_DOOR),
])
def test_a_member_returned_once_it_matches_data_is_a_decode(test: str, expected: dict[str, str]) -> None:
    assert found(test) == expected


def test_a_parameter_matched_is_data_as_in_a_call() -> None:
    """`def pick(self, text): for s in State: if s.value == text: return s` is `State(text)`: a door."""
    assert found_in("    def pick(self, text):\n        for s in State:\n"
                    "            if s.value == text:\n                return s\n") == DOORS


def test_a_search_in_a_method_of_the_enum_is_its_callers_decode() -> None:
    """`for m in cls` in a classmethod of the enum nothing calls: a method of the enum given data is
    a door where production code calls it (the Decisions), not in its body."""
    enum_method = ("\n    @classmethod\n    def pick(cls, text):\n        for m in cls:\n"
                   "            if m.value == text:\n                return m\n")
    source = MODULE.replace("{test}", "state is State.HOLD").replace(
        '    HOLD = "hold"\n', '    HOLD = "hold"\n' + enum_method, 1)
    files = {"pkg/__init__.py": "", "pkg/thermo.py": source}
    assert dict(verdicts(source=files, symbol="pkg.thermo.State")) == NO_DOOR


def found_in(method: str) -> dict[str, str]:
    """The verdicts with `method` added to `Thermostat` (its own loop testing a member)."""
    source = MODULE.replace("{test}", "state is State.HOLD").replace(
        "    @property\n    def state(self)", method + "\n    @property\n    def state(self)")
    files = {"pkg/__init__.py": "", "pkg/thermo.py": source}
    return dict(verdicts(source=files, symbol="pkg.thermo.State"))


BUTTONS = """
import enum


class Button(enum.Enum):
    unknown = None
    left = ((1, 2, 6), 0)
    right = ((3, 4, 7), 1)


class Listener:
    def handle(self, event_type, x, y):
        for button in Button:
            try:
                (press, release, drag), _ = button.value
            except TypeError:
                continue
            if {test}:
                {hand}
"""


def buttons(test: str, hand: str) -> dict[str, str]:
    source = BUTTONS.replace("{test}", test).replace("{hand}", hand)
    files = {"pkg/__init__.py": "", "pkg/mouse.py": source}
    return dict(verdicts(source=files, symbol="pkg.mouse.Button", runs=True))


@pytest.mark.parametrize("hand", ["self.on_click(x, y, button, event_type == press)",
                                  "return button", "self.on_click(button=button)"])
def test_a_member_handed_on_once_what_it_holds_matches_data_is_a_decode(hand: str) -> None:
    """Handed to a call, as returned, once the OS event's type is one of those the member holds
    (`(press, release, drag), _ = button.value`): `Button(event)` spelled as a loop, a door to the
    members data can match — not `unknown`, whose value `None` no event matches (pynput's
    `_darwin.Button`, round 85)."""
    assert buttons("event_type in (press, release)", hand) == {
        "unknown": "consumer", "left": "wire", "right": "wire"}


@pytest.mark.parametrize(("test", "hand"), [
    ("1 in (press, release)", "self.on_click(x, y, button)"),  # the code picks it: no data
    ("event_type in (press, release)", "self.on_click(x, y)"),  # the member is not handed on
    ("event_type in (press, release)", "self.on_click(x, y, str(button))"),
])
def test_no_door_where_no_data_picks_the_member_handed_on(test: str, hand: str) -> None:
    assert buttons(test, hand) == {"unknown": "consumer", "left": "consumer", "right": "consumer"}
