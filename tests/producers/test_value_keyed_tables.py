"""A table keyed by members' values (`{Kind.A.value: Plain, Kind.B.value: Rich}`) looked up by data —
`T.get(name)`, `T[name]`, `name in T` — tests the data against those values, as `name in
[Kind.A.value, Kind.B.value]` does (principle 5: a lookup by key is a membership test): a door to the
members whose values key it, and to no other. Looked up by the program's own values — a literal, a
member's `.value`, a key of the table itself — it opens nothing. One real temporary project per case."""

from __future__ import annotations

from tests.harness import verdicts

MODE = """
from enum import Enum

class Mode(str, Enum):
    OFF = "off"
    ON = "on"
    AUTO = "auto"
"""


def found(use: str) -> dict[str, str]:
    files = {"pkg/__init__.py": "", "pkg/mode.py": MODE, "pkg/use.py": use}
    return dict(verdicts(source=files, symbol="pkg.mode.Mode"))


def test_a_module_table_looked_up_by_a_parameter_admitting_text() -> None:
    """gpt-researcher's `prompt_family_mapping.get(name)`, `name: Kind | str`: a door to the keyed."""
    assert found("""
        from pkg.mode import Mode

        class Plain: ...
        class Rich: ...

        FAMILIES = {Mode.OFF.value: Plain, Mode.ON.value: Rich}

        def family(name: Mode | str):
            if isinstance(name, Mode):
                name = name.value
            if (made := FAMILIES.get(name)) is not None:
                return made()
            return Plain()
    """) == {"OFF": "wire", "ON": "wire", "AUTO": "none"}


def test_an_index_and_a_membership_test_mean_the_lookup() -> None:
    """`T[name]` of a local table, and `name not in T` of a module-level one, each with data."""
    assert found("""
        from pkg.mode import Mode

        LEVELS = {Mode.OFF.value: 0, Mode.AUTO.value: 2}

        def level(name):
            if name not in LEVELS:
                raise ValueError(name)
            return LEVELS[name]

        def colour(text: str) -> str:
            colours = {Mode.ON.value: "green"}
            return colours[text]
    """) == {"OFF": "wire", "ON": "wire", "AUTO": "wire"}


def test_lookups_by_the_programs_own_values_open_nothing() -> None:
    """By a member's `.value`, a literal, a name annotated by the enum alone, or a key of the table
    itself (`for k in T`, `.items()`): the program's own values."""
    assert found("""
        from pkg.mode import Mode

        LEVELS = {Mode.OFF.value: 0, Mode.ON.value: 1}

        def level(mode: Mode) -> int:
            return LEVELS[mode.value] + LEVELS["off"] + LEVELS.get(mode, 0)

        def every() -> list[int]:
            return [LEVELS[k] for k in LEVELS] + [LEVELS[k] for k, _ in LEVELS.items()]
    """) == {"OFF": "consumer", "ON": "consumer", "AUTO": "none"}


def test_a_table_keyed_by_two_enums_values_is_no_test_of_either() -> None:
    """Keys from two enums: which one the data names is not the table's to say (as a list of two
    enums' values, `tested_in`)."""
    assert found("""
        from enum import Enum
        from pkg.mode import Mode

        class Other(str, Enum):
            X = "x"

        MIXED = {Mode.OFF.value: 0, Other.X.value: 1}

        def level(name: str) -> int:
            return MIXED[name]
    """) == {"OFF": "consumer", "ON": "none", "AUTO": "none"}
