"""Spellings that mean what a rule already reads (principle 5), each on a real temporary project:
a lookup by data in a table annotated `dict[Kind, …]` tests the data against its keys, as `name in
TABLE` does; a function wrapped by a call (`run = wrap(run_async)`) takes its callers' arguments as
the function does, as `@wrap` would; a method that only keys by a parameter, besides spelling it into
a log line, consumes the member it is handed."""

from __future__ import annotations

from tests.harness import verdicts

MODE = """
from enum import Enum

class Mode(str, Enum):
    OFF = "off"
    ON = "on"
    AUTO = "auto"
"""


def found(use: str, symbol: str = "pkg.mode.Mode", extra: dict[str, str] | None = None) -> dict[str, str]:
    files = {"pkg/__init__.py": "", "pkg/mode.py": MODE, "pkg/use.py": use, **(extra or {})}
    return dict(verdicts(source=files, symbol=symbol))


def test_a_lookup_in_a_table_typed_by_the_enum_tests_its_keys() -> None:
    """A local table annotated `dict[Mode, str]`, looked up by a remote document's field: the data
    tested against the enum the annotation names, as `name in TABLE` of a module-level one is."""
    assert found("""
        from pkg.mode import Mode

        def preview(doc: dict) -> str:
            previews: dict[Mode, str] = {Mode.OFF: "none", Mode.ON: "full"}
            return previews.get(doc.get("mode")) or "none"
    """) == {"OFF": "wire", "ON": "wire", "AUTO": "wire"}


def test_a_function_wrapped_by_a_call_binds_its_callers_arguments() -> None:
    """`run = wrap(run_async)`: the keyword its callers give lands on `run_async`'s typed parameter."""
    assert found("""
        from typing import Literal

        Label = Literal["search", "browse", "unused"]

        def wrap(f):
            return f

        async def run_async(query: str, label: Label = "search") -> None:
            print(query, label)

        run = wrap(run_async)

        def page() -> None:
            run("q", label="browse")
    """, symbol="pkg.use.Label") == {"search": "producer", "browse": "producer", "unused": "none"}


def test_a_key_only_method_with_a_log_line_consumes() -> None:
    """`EventManager.done(Mode.ON)`: the method only keys its registry by the member and logs it."""
    assert found("""
        import logging

        from pkg.mode import Mode


        class EventManager:
            _EVENTS: dict = {}

            @classmethod
            def done(cls, event: Mode) -> None:
                cls._EVENTS.setdefault(event, []).append(True)
                logging.debug(f"Done operation {event}")


        def finish() -> None:
            EventManager.done(Mode.ON)


        def hand() -> Mode:
            return Mode.AUTO
    """) == {"OFF": "none", "ON": "consumer", "AUTO": "producer"}


def test_a_typed_table_looked_up_by_the_programs_own_members_opens_nothing() -> None:
    """By a member (`T[Mode.ON]`) or a loop's element over a typed parameter: the program's own."""
    assert found("""
        from collections.abc import Iterable

        from pkg.mode import Mode

        RANK: dict[Mode, int] = {Mode.OFF: 0, Mode.ON: 1}

        def lowest(levels: Iterable[Mode]) -> int:
            best = RANK[Mode.ON]
            for level in levels:
                best = min(best, RANK[level])
            return best
    """) == {"OFF": "consumer", "ON": "consumer", "AUTO": "none"}
