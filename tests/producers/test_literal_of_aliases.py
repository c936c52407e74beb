"""`Literal[Reading, Writing]` of literal aliases is their union (PEP 586), a wider spelling of each
as `Reading | Writing` is (read/narrower.py): a value typed by it that is one of `Reading`'s values
is a value of `Reading` (principle 5), and with callers outside a public parameter typed by it is a
door to `Reading`'s values."""

from __future__ import annotations

from tests.harness import verdicts_beside

MODES = """
import typing as t

Reading: t.TypeAlias = t.Literal["r", "rt"]
Writing: t.TypeAlias = t.Literal["w", "wt"]
Mode: t.TypeAlias = t.Literal[Reading, Writing]
"""

found = verdicts_beside("pkg/modes.py", MODES, "pkg.modes.Reading")
outside = verdicts_beside("pkg/modes.py", MODES, "pkg.modes.Reading", row={"callers": "outside"})

USE = """
from pkg.modes import Mode


def _open(path: str, mode: Mode = "r") -> str:
    return path + mode
"""


def test_a_default_typed_by_the_literal_of_aliases_is_the_narrower_alias_value() -> None:
    assert found(USE) == {"r": "producer", "rt": "none"}


def test_the_same_union_spelled_with_a_bar_gives_the_same_verdicts() -> None:
    assert found(USE.replace("mode: Mode", "mode: Reading | Writing")
                 .replace("from pkg.modes import Mode", "from pkg.modes import Reading, Writing")
                 ) == {"r": "producer", "rt": "none"}


def test_with_callers_outside_a_public_parameter_typed_by_it_is_a_door() -> None:
    assert outside(USE.replace("def _open", "def open_file")) == {"r": "producer", "rt": "wire"}
