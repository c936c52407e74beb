"""A lookup in a table keyed by members is a decode only where its key may be raw data. A local bound
to a call of the module's own function or the class's own method whose return annotation names the
vocabulary (`which = self._pick(m)`, `def _pick(…) -> Kind`) holds a member, as a local annotated
`which: Kind` does (principle 5): the lookup opens no door (input-remapper's `HandlerEnums`, the
sixty-seventh round). The same lookup by a local bound to data stays a door."""

from __future__ import annotations

from tests.harness import verdicts

HANDLERS = """
import enum
from typing import Dict, Type


class Handler(enum.Enum):
    key = enum.auto()
    macro = enum.auto()
    hierarchy = enum.auto()


class A: ...
class B: ...
class C: ...


CLASSES: Dict[Handler, Type[object]] = {Handler.key: A, Handler.macro: B, Handler.hierarchy: C}
"""

PARSER = """

class Parser:
    def parse(self, m: str) -> object:
        which = {pick}
        return CLASSES[which]

    def _pick(self, m: str) -> Handler:
        if m:
            return Handler.macro
        return Handler.key


def pick(m: str) -> Handler:
    return Handler.key if m else Handler.macro
"""


def found(pick: str) -> dict[str, str]:
    """The verdicts with the table and its lookup in one module (a typed table is read in its own)."""
    return dict(verdicts(source={"pkg/__init__.py": "", "pkg/handlers.py": HANDLERS + PARSER.replace(
        "{pick}", pick)}, symbol="pkg.handlers.Handler"))


def test_a_lookup_by_a_typed_methods_return_is_no_door() -> None:
    assert found("self._pick(m)") == {
        "key": "producer", "macro": "producer", "hierarchy": "consumer"}


def test_a_lookup_by_a_typed_functions_return_is_no_door() -> None:
    assert found("pick(m)") == {
        "key": "producer", "macro": "producer", "hierarchy": "consumer"}


def test_a_lookup_by_data_stays_a_door() -> None:
    assert found("m.strip()") == {
        "key": "producer", "macro": "producer", "hierarchy": "wire"}
