"""A literal a production call gives to a parameter its callee decodes is that member built in code
(principle 4): `Field(…, "collect")` where `Field.__init__` runs `Strategy.from_string(strategy)`
builds `COLLECT`, though another call hands the user's configuration on (that call opens the door
for the rest), and a lookup's fallback given inline (`cfg.pop("strategy", "basic")`) builds `BASIC`
as `.get(key, "a")` does anywhere. A method of the enum given a literal builds the member it names
(by name, value, or the one name spelled in another case). One real temporary project per case."""

from __future__ import annotations

from tests.harness import producer_case

STRATEGY = """
from enum import Enum


class Extended(Enum):
    @classmethod
    def from_string(cls, enum_name: str):
        wanted = enum_name.upper()
        for name, member in cls.__members__.items():
            if name == wanted:
                return member
        raise ValueError(enum_name)


class Strategy(Extended):
    BASIC = 1
    COLLECT = 2
    DELTA = 3


class Field:
    def __init__(self, name: str, strategy: str) -> None:
        self.name = name
        self.strategy = Strategy.from_string(strategy)
"""


def verdicts(use: str) -> dict[str, str]:
    files = {"pkg/__init__.py": "", "pkg/strategy.py": STRATEGY, "pkg/use.py": use}
    return dict(producer_case(source=files, symbol="pkg.strategy.Strategy").verdicts)


def test_a_literal_passed_to_a_decoded_parameter_is_built_beside_the_door() -> None:
    found = verdicts("""
        from pkg.strategy import Field


        def spool() -> Field:
            return Field("spool_ids", "collect")


        def configured(cfg: dict[str, str]) -> Field:
            return Field(cfg.pop("name"), cfg.pop("strategy", "basic"))
    """)
    assert found == {"BASIC": "producer", "COLLECT": "producer", "DELTA": "wire"}


def test_every_call_a_literal_opens_no_door() -> None:
    found = verdicts("""
        from pkg.strategy import Field


        def spool() -> Field:
            return Field("spool_ids", "collect")
    """)
    assert found == {"BASIC": "none", "COLLECT": "producer", "DELTA": "none"}


def test_a_method_of_the_enum_given_a_literal_builds_its_member() -> None:
    """`Field` is never built here: its parameter, no call seen, stays a door to the rest."""
    found = verdicts("""
        from pkg.strategy import Strategy


        def default() -> Strategy:
            return Strategy.from_string("delta")
    """)
    assert found == {"BASIC": "wire", "COLLECT": "wire", "DELTA": "producer"}
