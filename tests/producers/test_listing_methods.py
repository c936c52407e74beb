"""A method of the enum returning every member's value (`return sorted([k.value for k in cls])`) is
the listing `[k.value for k in Kind]` spelled as a call (principle 5): a raw value tested against
`Kind.key_specs()` is tested against every value, a door to every member, as `x in [k.value for k in
Kind]` is (moto's `KeySpec.key_specs()`, round 73's first contact). A method returning some values,
or the members themselves, keeps its own reading."""

from __future__ import annotations

import pytest

from tests.harness import verdicts

KIND = """
from enum import Enum


class Kind(str, Enum):
    A = "a"
    B = "b"

    @classmethod
    def key_specs(cls) -> list[str]:
        return %s
"""

USE = """
from pkg.kinds import Kind


def ensure(spec: str) -> str:
    if spec not in Kind.key_specs():
        raise ValueError(spec)
    return spec
"""


def found(returned: str, use: str = USE) -> dict[str, str]:
    files = {"pkg/__init__.py": "", "pkg/kinds.py": KIND % returned, "pkg/use.py": use}
    return dict(verdicts(source=files, symbol="pkg.kinds.Kind"))


@pytest.mark.parametrize("returned", ["sorted([item.value for item in Kind])", "[k.value for k in cls]",
                                      "list(k.value for k in cls)"])
def test_a_raw_value_tested_against_every_value_a_method_returns_is_a_door(returned: str) -> None:
    assert found(returned) == {"A": "wire", "B": "wire"}


def test_a_method_returning_some_values_opens_nothing() -> None:
    assert found("[cls.A.value]") == {"A": "none", "B": "none"}


def test_a_literal_tested_against_the_listing_is_the_programs_own() -> None:
    """`"a" in Kind.key_specs()`: a literal of the program's own tested (a comparison), no data."""
    use = "from pkg.kinds import Kind\n\n\ndef known() -> bool:\n    return \"a\" in Kind.key_specs()\n"
    assert found("[k.value for k in cls]", use) == {"A": "consumer", "B": "none"}
