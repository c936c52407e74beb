"""With callers outside, a public parameter typed by a narrower alias of a literal vocabulary is a
door to the values that alias holds (principle 5, the same meaning): `mode: ReadMode` admits `"r"`
and `"rb"`, values of `Mode = Literal[ReadMode, WriteMode]` too, as a literal bound there is one of
them already (read/narrower.py). The values no such parameter admits stay errors. smbprotocol's
`OpenBinaryMode`, the eighty-third round. One real temporary project per case."""

from __future__ import annotations

from tests.harness import producer_case

MODES = """
from typing import Literal

ReadMode = Literal["r", "rb"]
WriteMode = Literal["w", "wb"]
Mode = Literal[ReadMode, WriteMode, "x"]
"""


def found(use: str, callers: str = "outside") -> dict[str, str]:
    files = {"pkg/__init__.py": "", "pkg/modes.py": MODES, "pkg/use.py": use}
    return dict(producer_case(source=files, symbol="pkg.modes.Mode", row={"callers": callers}).verdicts)


USE = """
from pkg.modes import ReadMode

def open_file(path: str, mode: ReadMode) -> str:
    return path + mode
"""


def test_a_parameter_typed_by_a_narrower_alias_admits_its_values() -> None:
    assert found(USE) == {"r": "wire", "rb": "wire", "w": "none", "wb": "none", "x": "none"}


def test_callers_inside_the_parameter_is_no_door() -> None:
    assert found(USE, callers="inside") == {"r": "none", "rb": "none", "w": "none", "wb": "none",
                                            "x": "none"}


def test_a_literal_the_package_binds_there_is_produced() -> None:
    """A value the package itself hands to the narrower parameter is produced, the others it admits wire."""
    assert found(USE + "\n\ndef head(path: str) -> str:\n    return open_file(path, \"rb\")\n") == {
        "r": "wire", "rb": "producer", "w": "none", "wb": "none", "x": "none"}
