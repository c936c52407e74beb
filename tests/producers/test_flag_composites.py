"""A Flag's composite member holds its bits (flags.py): `ALL = CONFIG | DEVICES` in the enum's body,
and a value built as `Keys.ALL` holds `CONFIG` and `DEVICES`, each produced where `ALL` is — though
the code only ever tests them (`Keys.CONFIG in keys`). One real temporary project."""

from __future__ import annotations

from tests.harness import producer_case

KEYS = """
from enum import Flag, auto


class Keys(Flag):
    NONE = auto()
    CONFIG = auto()
    DEVICES = auto()
    ALL = CONFIG | DEVICES


def read(keys: Keys = Keys.ALL) -> dict[str, str]:
    out = {}
    if Keys.CONFIG in keys:
        out["config"] = "c"
    if Keys.DEVICES in keys:
        out["devices"] = "d"
    return out
"""


def test_a_composite_member_built_builds_its_bits() -> None:
    files = {"pkg/__init__.py": "", "pkg/keys.py": KEYS}
    found = dict(producer_case(source=files, symbol="pkg.keys.Keys").verdicts)
    assert found == {"NONE": "none", "CONFIG": "producer", "DEVICES": "producer", "ALL": "producer"}


CHECKS = """
from enum import {base}


class Checks({base}):
    NONE = 0
    TOPIC = 1
    SIGNATURE = 2
    CERTIFICATE = 4
    ALL = 7


def check(message: dict[str, str], checks: Checks = Checks.ALL) -> bool:
    if Checks.TOPIC in checks and not message.get("topic"):
        return False
    if Checks.SIGNATURE in checks and not message.get("signature"):
        return False
    return Checks.CERTIFICATE not in checks or bool(message.get("certificate"))
"""


def test_a_flag_member_written_as_one_integer_holds_its_bits() -> None:
    """`ALL = 7` is `TOPIC | SIGNATURE | CERTIFICATE` (Python builds the same value): built as the
    default, it builds each bit, as the spelled composite does (principle 5)."""
    for base in ("Flag", "IntFlag"):
        files = {"pkg/__init__.py": "", "pkg/keys.py": CHECKS.format(base=base)}
        found = dict(producer_case(source=files, symbol="pkg.keys.Checks").verdicts)
        assert found == {"NONE": "none", "TOPIC": "producer", "SIGNATURE": "producer",
                         "CERTIFICATE": "producer", "ALL": "producer"}, base


def test_a_flag_through_a_project_base_combines_bits_too() -> None:
    source = CHECKS.format(base="IntFlag").replace("class Checks(IntFlag)", "class Base(IntFlag):\n"
                                                     "    pass\n\n\nclass Checks(Base)")
    files = {"pkg/__init__.py": "", "pkg/keys.py": source}
    found = dict(producer_case(source=files, symbol="pkg.keys.Checks").verdicts)
    assert found["TOPIC"] == found["CERTIFICATE"] == "producer"


def test_an_int_enum_member_holds_no_other_member() -> None:
    """In an `IntEnum`, `ALL = 7` is a member of its own: building it builds no other."""
    files = {"pkg/__init__.py": "", "pkg/keys.py": CHECKS.format(base="IntEnum")}
    found = dict(producer_case(source=files, symbol="pkg.keys.Checks").verdicts)
    assert found["ALL"] == "producer"
    assert found["TOPIC"] == found["SIGNATURE"] == found["CERTIFICATE"] == "consumer"
