"""A lookup table whose keys are raw values and whose values are members, looked up by data
(`_MODES.get(setting)`, `prefixes.get(line[0])`), means what `Mode(setting)` means (principle 5): a
door for the members it holds, not a producer of them (supervisor's NetworkManager mapping, borg's
pattern prefixes), and so does an index by data (`t[key]`). A table keyed by members, looked up by a
literal, or read any other way stays a producer. One real temporary project per case."""

from __future__ import annotations

from tests.harness import verdicts

MODE = """
from enum import Enum

class Mode(Enum):
    OFF = "off"
    ON = "on"
    AUTO = "auto"


class Setting(Enum):
    OFF = 0
    ON = 1
"""


def found(use: str) -> dict[str, str]:
    files = {"pkg/__init__.py": "", "pkg/mode.py": MODE, "pkg/use.py": use}
    return dict(verdicts(source=files, symbol="pkg.mode.Mode"))


def test_a_private_table_keyed_by_raw_values_decodes() -> None:
    """Keyed by another enum's `.value`s, read by `.get(data)`: `OFF` and `ON` arrive as data;
    `AUTO`, built by name, stays produced."""
    assert found("""
        from pkg.mode import Mode, Setting

        _BY_SETTING: dict[int, Mode] = {
            Setting.OFF.value: Mode.OFF,
            Setting.ON.value: Mode.ON,
        }

        def mode_of(setting: int) -> Mode | None:
            return _BY_SETTING.get(setting)

        def fallback() -> Mode:
            return Mode.AUTO
    """) == {"OFF": "wire", "ON": "wire", "AUTO": "producer"}


def test_a_local_table_looked_up_by_data_decodes() -> None:
    """A function's own table of prefixes looked up by a line's first character; its keys alone
    listed in a message and tested against."""
    assert found("""
        from pkg.mode import Mode

        def parse(line: str) -> Mode:
            prefixes = {"-": Mode.OFF, "+": Mode.ON, "a": Mode.AUTO}
            if line[0] not in prefixes:
                raise ValueError("must start with one of " + ", ".join(prefixes))
            found = prefixes.get(line[0])
            assert found is not None
            return found
    """) == {"OFF": "wire", "ON": "wire", "AUTO": "wire"}


def test_tables_that_hand_members_out_stay_producers() -> None:
    """Keyed by members (another enum's: the program's own values), indexed or looked up by a
    literal key, or read through `.values()`: each table hands its members out."""
    assert found("""
        from pkg.mode import Mode, Setting

        def translate(setting: Setting) -> Mode:
            modes = {Setting.OFF: Mode.OFF}
            return modes.get(setting, Mode.ON)

        def chosen() -> Mode:
            tones = {"off": Mode.OFF, "on": Mode.ON}
            return tones["off"]

        def first() -> Mode:
            table = {"on": Mode.ON}
            return table.get("on") or Mode.ON

        def every(key: str) -> list[Mode]:
            table = {"auto": Mode.AUTO}
            print(table.get(key))
            return list(table.values())
    """) == {"OFF": "producer", "ON": "producer", "AUTO": "producer"}


def test_a_table_indexed_by_data_decodes_as_its_get_does() -> None:
    """`tones[args.tone]` picks the member by what the user typed, raising where `.get` gives `None`:
    the same decode (principle 5), a door for the members it holds — argparse's `choices=` of the
    table's keys checks the command line's data, it does not make it the program's (gpt-researcher's
    `tone_map[args.tone]`, relabelled wire by a blind re-read). Indexed by a literal, it produces."""
    assert found("""
        import argparse

        from pkg.mode import Mode

        def main() -> Mode:
            tones = {"off": Mode.OFF, "on": Mode.ON}
            parser = argparse.ArgumentParser()
            parser.add_argument("--tone", choices=list(tones))
            args = parser.parse_args()
            return tones[args.tone]

        def fallback() -> Mode:
            table = {"auto": Mode.AUTO}
            return table["auto"]
    """) == {"OFF": "wire", "ON": "wire", "AUTO": "producer"}


def test_a_private_class_level_table_read_through_self_decodes() -> None:
    """The same table in a class body, read as `self._ERRORS.get(text)` in a method: raw texts of a
    remote service to members, a door to the members it holds (principle 5), as the module-level one;
    `AUTO` is built by name."""
    assert found("""
        from pkg.mode import Mode

        class Menu:
            _ERRORS = {
                "Host is down": Mode.OFF,
                "br-connection-page-timeout": Mode.OFF,
                "br-connection-unknown": Mode.ON,
            }

            def on_error(self, message: str) -> str:
                err = self._ERRORS.get(message.split(":", 3)[-1].strip())
                if err == Mode.OFF:
                    return "down"
                return "unknown" if err == Mode.ON else message

            def fallback(self) -> Mode:
                return Mode.AUTO
    """) == {"OFF": "wire", "ON": "wire", "AUTO": "producer"}


def test_a_public_class_level_table_stays_a_producer() -> None:
    """A public class attribute may be read anywhere (`Menu.ERRORS.values()` elsewhere): its
    members are handed out, as a public module-level table's are."""
    assert found("""
        from pkg.mode import Mode

        class Menu:
            ERRORS = {"Host is down": Mode.OFF, "br-connection-unknown": Mode.ON}

            def on_error(self, message: str) -> Mode | None:
                return self.ERRORS.get(message)

            def fallback(self) -> Mode:
                return Mode.AUTO
    """) == {"OFF": "producer", "ON": "producer", "AUTO": "producer"}
