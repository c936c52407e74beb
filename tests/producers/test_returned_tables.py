"""A member keying a dict display the function hands out (`return {Setting.A: 1}`, a local returned,
or `settings[Setting.B] = 1` into one) is a value the program builds — the mapping is data leaving
the function, as aioquic's local settings are (principle 5: a display and a subscript assignment
build the same dict). A member keying a table the code only looks up stays a dispatch, consumed."""

from __future__ import annotations

from tests.harness import verdicts_beside

SETTING = """
import enum


class Setting(enum.IntEnum):
    TABLE = 1
    BLOCKED = 7
    DATAGRAM = 0x33
    DUMMY = 0x21
"""

found = verdicts_beside("pkg/setting.py", SETTING, "pkg.setting.Setting")


def test_keys_of_a_returned_settings_dict_are_produced() -> None:
    assert found("""
        from pkg.setting import Setting


        def local_settings(datagram: bool) -> dict[int, int]:
            settings: dict[int, int] = {Setting.TABLE: 4096, Setting.BLOCKED: 16}
            if datagram:
                settings[Setting.DATAGRAM] = 1
            return settings


        def dummy() -> dict[int, int]:
            return {Setting.DUMMY: 1}
    """) == {"TABLE": "producer", "BLOCKED": "producer", "DATAGRAM": "producer", "DUMMY": "producer"}


def test_keys_of_a_lookup_table_are_consumed() -> None:
    assert found("""
        from pkg.setting import Setting

        LIMITS = {Setting.TABLE: 4096, Setting.BLOCKED: 16}


        def limit(setting: int) -> int:
            table = {Setting.DATAGRAM: 1, Setting.DUMMY: 0}
            return table.get(setting, LIMITS[setting])
    """) == {"TABLE": "consumer", "BLOCKED": "consumer", "DATAGRAM": "consumer", "DUMMY": "consumer"}
