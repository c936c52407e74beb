"""A library's public module-level setting (`LOADING_STRATEGY = LoadingStrategy.RGB_AFTER_FIRST`, compared
with members where the package works) is where its callers choose a member, as a public function's
parameter is (principles 1 and 5): with callers outside, the members no code writes are wire through it.
Whoever the callers are, a variable the module tests for its member holds what it is bound to (produced).
Callers inside, a private name, a name its module never reads, or a constant data is compared with
open nothing.
One real temporary project per case (tests/harness.py); each fails on the rules before them."""

from __future__ import annotations

import pytest

from tests.harness import producer_case

SYMBOL = "pkg.loading.Strategy"
ENUM = """
    from enum import IntEnum

    class Strategy(IntEnum):
        FIRST = 0
        PALETTE = 1
        ALWAYS = 2

    {binding}

    def load(frame):
        if {read} == Strategy.ALWAYS:
            return "rgb"
        if {read} != Strategy.PALETTE:
            return "first"
        return frame
"""


def _case(binding: str, read: str, callers: bool = True) -> dict[str, str]:
    source = {"pkg/__init__.py": "", "pkg/loading.py": ENUM.format(binding=binding, read=read)}
    return producer_case(source=source, symbol=SYMBOL,
                         row={"callers": "outside"} if callers else None).verdicts


def test_a_public_setting_is_a_door_and_its_value_produced() -> None:
    """The setting's default is what the program runs with; the other members enter by callers."""
    source = {"pkg/__init__.py": "",
              "pkg/loading.py": ENUM.format(binding="STRATEGY = Strategy.FIRST", read="STRATEGY")}
    case = producer_case(source=source, symbol=SYMBOL, row={"callers": "outside"})
    assert case.verdicts == {"FIRST": "producer", "PALETTE": "wire", "ALWAYS": "wire"}
    assert case.doors("ALWAYS") == [("src/pkg/loading.py", 8, "setting (callers outside)")]


@pytest.mark.parametrize(("binding", "read", "callers"), [
    ("STRATEGY = Strategy.FIRST", "STRATEGY", False),  # callers inside: the module's own state
    ("_STRATEGY = Strategy.FIRST", "_STRATEGY", True),  # private: no caller reaches it
])
def test_no_setting_without_callers_reaching_it(binding: str, read: str, callers: bool) -> None:
    """A variable the module tests for its member holds what it is bound to (produced); no caller
    can bind it another, so the other members are only compared."""
    assert _case(binding, read, callers) == {"FIRST": "producer", "PALETTE": "consumer", "ALWAYS": "consumer"}


def test_a_name_its_module_never_reads_is_no_setting() -> None:
    """`FIRST = Strategy.FIRST` only re-exported: assigning it changes nothing the package does."""
    verdicts = _case("FIRST_ALIAS = Strategy.FIRST", "frame.strategy")
    assert (verdicts["PALETTE"], verdicts["ALWAYS"]) == ("consumer", "consumer")


def test_a_constant_data_is_compared_with_is_no_setting() -> None:
    """`ERR_AUTH = Code.AUTH` read as `rc == ERR_AUTH` names the member for data to be tested against;
    the module never tests which member the name holds, so callers assigning it change no choice."""
    source = {"pkg/__init__.py": "", "pkg/loading.py": """
        from enum import IntEnum

        class Code(IntEnum):
            OK = 0
            AUTH = 1

        ERR_AUTH = Code.AUTH

        def describe(rc):
            if rc == ERR_AUTH:
                return "auth"
            return "?"
    """}
    case = producer_case(source=source, symbol="pkg.loading.Code", row={"callers": "outside"})
    assert case.verdicts == {"OK": "none", "AUTH": "consumer"}


def test_a_state_variable_holds_each_member_bound_to_it() -> None:
    """`STATE = State.START`, rebound `STATE = State.CHILD` where the program forks, and tested
    `State.CHILD == STATE` in a signal handler: each binding is a value the program holds (produced),
    `State.DONE`, only compared, is not."""
    source = {"pkg/__init__.py": "", "pkg/loading.py": """
        from enum import Enum, auto

        class State(Enum):
            START = auto()
            CHILD = auto()
            DONE = auto()

        STATE = State.START

        def on_signal():
            if State.CHILD == STATE or STATE == State.DONE:
                return 1
            return 0

        if __name__ == "__main__":
            STATE = State.CHILD
            on_signal()
    """}
    case = producer_case(source=source, symbol="pkg.loading.State")
    assert case.verdicts == {"START": "producer", "CHILD": "producer", "DONE": "consumer"}
