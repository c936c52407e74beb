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
