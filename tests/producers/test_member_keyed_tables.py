"""A table keyed by members' values and looked up by data means what `Kind(value)` then a lookup
means (principle 5): a door to the members keying it. Its keys spelled as the members, where the
table is declared keyed by raw values (`_REQUEST_MAP: Dict[int, Handler] = {Req.OPEN: …}`: an int
enum's member is its value), or as their `.value`s; in a module, a function or a class body read
through `self` (pyOCD's semihosting requests, the target's raw request number looked up). A table
keyed by members with no such declaration is the program's own dispatch: its keys are consumed.
One real temporary project per case."""

from __future__ import annotations

from tests.harness import verdicts_beside

found = verdicts_beside("pkg/req.py", "from enum import IntEnum\n\n\nclass Req(IntEnum):\n"
                        "    OPEN = 1\n    CLOSE = 2\n    WRITE = 3\n", "pkg.req.Req")


def test_a_class_table_declared_keyed_by_ints_is_looked_up_by_the_raw_request() -> None:
    """`self._MAP.get(op)` with `op` read from the target: `OPEN` and `CLOSE` arrive as its data;
    `WRITE` keys nothing and nothing builds it."""
    assert found("""
        from typing import Callable, Dict
        from pkg.req import Req

        class Agent:
            def __init__(self, core):
                self.core = core

            def handle(self) -> int:
                op = self.core.read_register("r0")
                handler = self._MAP.get(op, None)
                return handler(self) if handler else -1

            def open(self) -> int:
                return 0

            def close(self) -> int:
                return 0

            _MAP: Dict[int, Callable[["Agent"], int]] = {
                Req.OPEN: open,
                Req.CLOSE: close,
            }
    """) == {"OPEN": "wire", "CLOSE": "wire", "WRITE": "none"}


def test_a_module_table_declared_keyed_by_ints_decodes_as_its_values_do() -> None:
    """The same table at module level, indexed by a function's data: the members keying it are a
    door, as `{Req.OPEN.value: …}` keyed by their values is."""
    assert found("""
        from pkg.req import Req

        def _open(args: bytes) -> int:
            return 0

        _HANDLERS: dict[int, object] = {Req.OPEN: _open, Req.WRITE: _open}

        def dispatch(op, args: bytes) -> object:
            return _HANDLERS[op]
    """) == {"OPEN": "wire", "CLOSE": "none", "WRITE": "wire"}


def test_a_class_table_keyed_by_values_read_through_self_decodes() -> None:
    """Keyed by `.value`s in a class body and read as `self._BY_CODE.get(code)`: the class-level
    spelling of the module's value-keyed table."""
    assert found("""
        from pkg.req import Req

        class Agent:
            _BY_CODE = {Req.CLOSE.value: "close", Req.WRITE.value: "write"}

            def name(self, code) -> str:
                return self._BY_CODE.get(code, "?")
    """) == {"OPEN": "none", "CLOSE": "wire", "WRITE": "wire"}


def test_member_keyed_tables_without_a_raw_declaration_stay_dispatch() -> None:
    """No declaration says the keys are raw (`{Req.OPEN: …}` alone), or the table is read some
    other way (`.items()`): the program's own members key it, none arrives as data."""
    assert found("""
        from typing import Dict
        from pkg.req import Req

        class Agent:
            _MAP = {Req.OPEN: "open", Req.CLOSE: "close"}
            _NAMES: Dict[int, str] = {Req.WRITE: "write"}

            def handle(self, op) -> str:
                return self._MAP.get(op, "?")

            def names(self) -> list[str]:
                return [n for _, n in self._NAMES.items()]
    """) == {"OPEN": "consumer", "CLOSE": "consumer", "WRITE": "consumer"}
