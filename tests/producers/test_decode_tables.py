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


def test_a_public_class_level_table_read_only_by_data_decodes() -> None:
    """A public class attribute is judged by its reads, as a public module-level table is (lists.py
    `DECODES`): read in its class only by a lookup by data, it is a door to its members."""
    assert found("""
        from pkg.mode import Mode

        class Menu:
            ERRORS = {"Host is down": Mode.OFF, "br-connection-unknown": Mode.ON}

            def on_error(self, message: str) -> Mode | None:
                return self.ERRORS.get(message)

            def fallback(self) -> Mode:
                return Mode.AUTO
    """) == {"OFF": "wire", "ON": "wire", "AUTO": "producer"}


def test_a_public_class_level_table_read_otherwise_stays_a_producer() -> None:
    assert found("""
        from pkg.mode import Mode

        class Menu:
            ERRORS = {"Host is down": Mode.OFF, "br-connection-unknown": Mode.ON}

            def on_error(self, message: str) -> Mode | None:
                return self.ERRORS.get(message)

            def every(self) -> list[Mode]:
                return list(self.ERRORS.values())
    """) == {"OFF": "producer", "ON": "producer", "AUTO": "none"}


OS_TABLES = """
    from pkg.mode import Mode

    class Listener:
        WM_DOWN = 0x0201
        WM_UP = 0x0202
        WM_X = 0x020B
        FIRST = 1
        SECOND = 2

        CLICKS = {
            WM_DOWN: (Mode.OFF, True),
            WM_UP: (Mode.OFF, False)}
        X_CLICKS = {
            WM_X: {FIRST: (Mode.ON, True), SECOND: (Mode.AUTO, True)}}

        def handle(self, msg, data):
            if msg in self.CLICKS:
                mode, pressed = self.CLICKS[msg]
                self.on_click(mode, pressed)
            elif msg in self.X_CLICKS:
                mode, pressed = self.X_CLICKS[msg][data >> 16]
                self.on_click(mode, pressed)

        def on_click(self, mode, pressed):
            pass
"""


def test_a_table_of_os_messages_to_members_decodes_however_its_keys_and_values_are_spelled() -> None:
    """Keys named by the class's constants (`WM_DOWN = 0x0201`: an OS message's number), members in
    tuples beside literals, a table of such tables one level down, looked up by the OS's message:
    `Mode(message)` spelled as tables (principle 5), a door to the members they hold (pynput's
    `_win32.Button`, round 85)."""
    assert found(OS_TABLES) == {"OFF": "wire", "ON": "wire", "AUTO": "wire"}


def test_keys_named_by_a_name_bound_twice_are_no_raw_values() -> None:
    """A key whose name the class binds twice is no constant: the table may be keyed by anything,
    and its members stay handed out."""
    use = OS_TABLES.replace("        SECOND = 2\n", "        SECOND = 2\n        WM_DOWN = Mode.AUTO\n")
    assert found(use)["OFF"] == "producer"


def test_a_table_of_the_members_values_looked_up_by_data_is_a_door_to_them() -> None:
    """`{1: Mode.OFF.value, …}.get(urgency)`: a feed's number turned into a member's value, as
    `Mode(…).value` would — a door to those members, not a loss of both producer and door."""
    assert found("""
        from pkg.mode import Mode

        class Parser:
            priority_map = {1: Mode.OFF.value, 2: Mode.ON.value}

            def parse(self, item: dict) -> str:
                return self.priority_map.get(item["urgency"], Mode.AUTO.value)
    """) == {"OFF": "wire", "ON": "wire", "AUTO": "producer"}


def test_a_table_keyed_by_a_library_enum_looked_up_by_data_decodes() -> None:
    """Keyed by `HTTPStatus`'s members — an enum no module of the project defines, so a value of it
    the program holds is one a library decoded (fpdf2's `CompositeMode` from a font file) — and looked
    up by data: a door to the members it holds, in a method or a function. Keyed by the project's own
    `Setting`, or looked up by a member spelled in code, it stays the program's own translation."""
    use = """
        from http import HTTPStatus

        from pkg.mode import Mode, Setting


        class Client:
            def mode_of(self, status: HTTPStatus) -> Mode | None:
                table = {{
                    {key}.OK: Mode.ON,
                    {key}.{other}: Mode.OFF,
                }}
                return table.get({lookup})


        def fallback() -> Mode:
            return Mode.AUTO
    """
    assert found(use.format(key="HTTPStatus", other="NOT_FOUND", lookup="status")) == {
        "OFF": "wire", "ON": "wire", "AUTO": "producer"}
    assert found(use.format(key="Setting", other="OFF", lookup="status")) == {
        "OFF": "producer", "ON": "producer", "AUTO": "producer"}
    assert found(use.format(key="HTTPStatus", other="NOT_FOUND", lookup="HTTPStatus.OK")) == {
        "OFF": "producer", "ON": "producer", "AUTO": "producer"}
